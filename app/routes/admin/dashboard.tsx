import { href, Link } from "react-router";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { dashboardCounts } from "~/features/admin/analytics.server";
import { waitingFor } from "~/features/admin/format";
import { formatDateTime } from "~/lib/dates";
import { pageMeta } from "~/lib/seo";
import { requireAdmin } from "~/lib/session.server";
import type { Route } from "./+types/dashboard";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const counts = await dashboardCounts();
  return {
    pending: counts.pending,
    oldestWaiting: counts.oldestPendingAt ? waitingFor(counts.oldestPendingAt) : null,
    oldestAt: counts.oldestPendingAt ? formatDateTime(counts.oldestPendingAt) : null,
    thisMonth: counts.thisMonth,
  };
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { title: "Admin Dashboard", description: "Back office.", noIndex: true });
}

export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
  const cards = [
    {
      title: "New requests waiting",
      value: String(loaderData.pending),
      description: "Pending quotes nobody has answered yet.",
      href: `${href("/admin/quotes")}?status=pending&sort=urgency`,
      link: "Work the pending requests",
    },
    {
      title: "Oldest waiting",
      value: loaderData.oldestWaiting ?? "None",
      description: loaderData.oldestAt
        ? `Requested ${loaderData.oldestAt}.`
        : "No request is waiting.",
      href: `${href("/admin/quotes")}?status=pending`,
      link: "See pending requests",
    },
    {
      title: "Quotes This Month",
      value: String(loaderData.thisMonth),
      description: "Requests since the 1st, Mountain Time.",
      href: href("/admin/analytics"),
      link: "Open analytics",
    },
  ];
  return (
    <section aria-labelledby="overview-title">
      <h2 id="overview-title" className="text-lg font-semibold">
        Overview
      </h2>
      <div className="mt-4 grid gap-4 md:grid-cols-3">
        {cards.map((card) => (
          <Card key={card.title}>
            <CardHeader>
              <CardTitle as="h3" small>
                {card.title}
              </CardTitle>
              <p className="text-3xl font-bold">{card.value}</p>
              <CardDescription>{card.description}</CardDescription>
            </CardHeader>
            <CardContent>
              <Link to={card.href} className="text-sm font-medium text-brand-800 underline">
                {card.link}
              </Link>
            </CardContent>
          </Card>
        ))}
      </div>
    </section>
  );
}
