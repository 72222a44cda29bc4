import { Card, CardHeader, CardTitle, TitledCard } from "~/components/ui/card";
import { analytics } from "~/features/admin/analytics.server";
import { StatusChart } from "~/features/admin/status-chart";
import { privatePageMeta } from "~/lib/seo";
import { requireAdmin } from "~/lib/session.server";
import type { Route } from "./+types/analytics";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return analytics();
}

export function meta(args: Route.MetaArgs) {
  return privatePageMeta(args, "Analytics", "Quote analytics.");
}

function formatHours(hours: number | null): string {
  if (hours === null) return "N/A";
  if (hours < 1) return `${Math.round(hours * 60)} min`;
  if (hours < 48) return `${hours.toFixed(1)} h`;
  return `${(hours / 24).toFixed(1)} d`;
}

function CountTable({
  caption,
  head,
  rows,
}: {
  caption: string;
  head: string;
  rows: { label: string; count: number }[];
}) {
  return (
    <table className="mt-4 w-full max-w-md text-left text-sm">
      <caption className="text-left font-medium">{caption}</caption>
      <thead>
        <tr>
          <th scope="col" className="py-1">
            {head}
          </th>
          <th scope="col" className="py-1 text-right">
            Quotes
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.label} className="border-t border-slate-200">
            <th scope="row" className="py-1 font-normal">
              {r.label}
            </th>
            <td className="py-1 text-right">{r.count}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export default function AdminAnalytics({ loaderData: a }: Route.ComponentProps) {
  const cards = [
    ["Total Quotes", String(a.total)],
    ["Quotes This Month", String(a.thisMonth)],
    ["Median time to first response (30 days)", formatHours(a.medianHoursToFirstChange)],
  ];
  return (
    <section aria-labelledby="analytics-title" className="space-y-6">
      <h2 id="analytics-title" className="text-lg font-semibold">
        Analytics
      </h2>
      <div className="grid gap-4 md:grid-cols-3">
        {cards.map(([title, value]) => (
          <Card key={title}>
            <CardHeader>
              <CardTitle as="h3" small>
                {title}
              </CardTitle>
              <p className="text-3xl font-bold">{value}</p>
            </CardHeader>
          </Card>
        ))}
      </div>
      <TitledCard title="Status distribution" as="h3">
        <StatusChart data={a.byStatus} />
        <CountTable caption="Quotes by status" head="Status" rows={a.byStatus} />
      </TitledCard>
      <TitledCard title="Requests per service" as="h3">
        <CountTable caption="Quotes by service" head="Service" rows={a.byService} />
      </TitledCard>
    </section>
  );
}
