import { Circle, CircleCheck } from "lucide-react";
import { href, Link } from "react-router";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { dashboardCounts } from "~/features/admin/analytics.server";
import { waitingFor } from "~/features/admin/format";
import { type SetupStep, setupChecklist } from "~/features/admin/setup-checklist.server";
import { jobsThisWeek } from "~/features/jobs/list.server";
import { waitingForSignOff } from "~/features/jobs/sign-off.server";
import { visitsToday } from "~/features/visits/today.server";
import { formatDateTime } from "~/lib/dates";
import { privatePageMeta } from "~/lib/seo";
import { requireAdmin } from "~/lib/session.server";
import type { Route } from "./+types/dashboard";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const [counts, today, setup, jobs, waiting] = await Promise.all([
    dashboardCounts(),
    visitsToday(),
    setupChecklist(),
    jobsThisWeek(),
    waitingForSignOff(),
  ]);
  return {
    /** shown until every step is done */
    setup: setup.every((step) => step.done) ? null : setup,
    visitsToday: today,
    pending: counts.pending,
    oldestWaiting: counts.oldestPendingAt ? waitingFor(counts.oldestPendingAt) : null,
    oldestAt: counts.oldestPendingAt ? formatDateTime(counts.oldestPendingAt) : null,
    thisMonth: counts.thisMonth,
    jobsThisWeek: jobs,
    waitingForSignOff: waiting,
  };
}

export function meta(args: Route.MetaArgs) {
  return privatePageMeta(args, "Admin Dashboard", "Back office.");
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
      title: "Jobs this week",
      value: String(loaderData.jobsThisWeek.count),
      description: "Jobs with a work visit this week, Monday to Sunday, Mountain Time.",
      href: `${href("/admin/jobs")}?week=${loaderData.jobsThisWeek.week}`,
      link: "See this week's jobs",
    },
    {
      title: "Waiting for sign-off",
      value: String(loaderData.waitingForSignOff),
      description: "Completed jobs the homeowner has not signed off yet.",
      href: `${href("/admin/jobs")}?signOff=waiting`,
      link: "See the jobs waiting for sign-off",
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
    <>
      {loaderData.setup && <SetupChecklist steps={loaderData.setup} />}
      <Overview loaderData={loaderData} cards={cards} />
    </>
  );
}

/** The set-up steps still to do, and those done, until all are (features/admin/setup-checklist). */
function SetupChecklist({ steps }: { steps: SetupStep[] }) {
  const left = steps.filter((step) => !step.done).length;
  return (
    <section
      aria-labelledby="setup-title"
      className="mb-8 rounded-xl border border-amber-300 bg-amber-50 p-4"
    >
      <h2 id="setup-title" className="text-lg font-semibold">
        Set-up checklist
      </h2>
      <p className="mt-1 text-sm text-slate-800">
        {`${left} of ${steps.length} steps left before homeowners get the full service.`} This list
        goes away once all are done.
      </p>
      <ol className="mt-4 space-y-3">
        {steps.map((step) => (
          <li key={step.id} className="flex gap-3">
            {step.done ? (
              <CircleCheck className="mt-0.5 size-5 shrink-0 text-green-700" aria-hidden="true" />
            ) : (
              <Circle className="mt-0.5 size-5 shrink-0 text-amber-800" aria-hidden="true" />
            )}
            <div>
              <h3 className="font-medium">
                {step.title} <span className="sr-only">{step.done ? "(done)" : "(to do)"}</span>
              </h3>
              <p className="text-sm text-slate-800">{step.detail}</p>
              {!step.done && step.href && (
                <Link to={step.href} className="text-sm font-medium text-brand-800 underline">
                  {step.linkLabel}
                </Link>
              )}
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}

function Overview({
  loaderData,
  cards,
}: {
  loaderData: Route.ComponentProps["loaderData"];
  cards: { title: string; value: string; description: string; href: string; link: string }[];
}) {
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
