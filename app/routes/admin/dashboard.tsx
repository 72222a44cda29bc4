import { href, Link } from "react-router";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { dashboardCounts } from "~/features/admin/analytics.server";
import { waitingFor } from "~/features/admin/format";
import { visitsToday } from "~/features/visits/today.server";
import { formatDateTime } from "~/lib/dates";
import { pageMeta } from "~/lib/seo";
import { requireAdmin } from "~/lib/session.server";
import type { Route } from "./+types/dashboard";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const [counts, today] = await Promise.all([dashboardCounts(), visitsToday()]);
  return {
    visitsToday: today,
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
      <Card className="mt-4">
        <CardHeader>
          <CardTitle as="h3" small>
            Visits today
          </CardTitle>
          <p className="text-3xl font-bold">{loaderData.visitsToday.length}</p>
          <CardDescription>Assessment visits starting today, Mountain Time.</CardDescription>
        </CardHeader>
        <CardContent>
          {loaderData.visitsToday.length === 0 ? (
            <p className="text-sm text-slate-700">No visits today.</p>
          ) : (
            <ul className="divide-y divide-slate-200 text-sm">
              {loaderData.visitsToday.map((visit) => (
                <li key={`${visit.quoteId}-${visit.kind}`} className="flex flex-wrap gap-x-3 py-2">
                  <span className="font-medium">{visit.time}</span>
                  <Link
                    to={href("/admin/quotes/:id", { id: visit.quoteId })}
                    className="text-brand-800 underline"
                  >
                    {visit.kind}: {visit.customer}
                  </Link>
                  <span className="text-slate-700">with {visit.staff}</span>
                </li>
              ))}
            </ul>
          )}
          <Link
            to={href("/admin/visits")}
            className="mt-3 inline-block text-sm font-medium text-brand-800 underline"
          >
            See the week
          </Link>
        </CardContent>
      </Card>
    </section>
  );
}
