import { data, href, Link, useParams } from "react-router";
import { ErrorPage } from "~/components/layout/error-page";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { quoteStatus } from "~/features/catalog/enums";
import { serviceById } from "~/features/catalog/services";
import { VISIT_STATUSES } from "~/features/catalog/visits";
import { estimateStatus } from "~/features/estimates/enums";
import { estimateNotice } from "~/features/estimates/homeowner.server";
import { filesOfQuote } from "~/features/quotes/files.server";
import { QuoteFilesList } from "~/features/quotes/files-list";
import { referenceNumber } from "~/features/quotes/reference";
import { STATUS_MEANING } from "~/features/quotes/status";
import { quoteStatusByToken } from "~/features/quotes/status-link.server";
import { QuoteStatusProgress } from "~/features/quotes/status-progress";
import { bookedVisits } from "~/features/visits/booking.server";
import { VisitList } from "~/features/visits/booking-page";
import { formatDateTime } from "~/lib/dates";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/status";

// Referrer-Policy: no-referrer comes from server.ts for every token path (lib/token-paths.ts)
const PRIVATE = {
  "Cache-Control": "private, no-store",
  "X-Robots-Tag": "noindex, nofollow",
};

export function headers() {
  return PRIVATE;
}

/** The requester's status page: reference, service, dates and status only (no notes, no names). */
export async function loader({ params }: Route.LoaderArgs) {
  const quote = await quoteStatusByToken(params.token);
  if (!quote) throw data(null, { status: 404, headers: PRIVATE });
  const [estimate, files, visits] = await Promise.all([
    estimateNotice(quote.id),
    filesOfQuote(quote.id),
    bookedVisits(quote.id),
  ]);
  return {
    files,
    visits,
    filesBase: `/quotes/status/${params.token}/files`,
    estimate: estimate && { status: estimate.status, sentAt: formatDateTime(estimate.sentAt) },
    reference: referenceNumber(quote.id),
    service: serviceById(quote.service).title,
    submittedAt: formatDateTime(quote.created_at),
    status: quote.current_status,
    bookable: VISIT_STATUSES.has(quote.current_status),
    history: quote.history.map((h) => ({ status: h.status, at: formatDateTime(h.created_at) })),
  };
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: "Your Quote Status",
    description: "The status of your quote request.",
    noIndex: true,
  });
}

export default function QuoteStatusPage({ loaderData: q }: Route.ComponentProps) {
  const { token = "" } = useParams();
  return (
    <div className="mx-auto max-w-2xl px-4 py-12">
      <h1 className="text-3xl font-bold tracking-tight">Your Quote Status</h1>
      <Card className="mt-6">
        <CardContent className="pt-6">
          <dl className="grid grid-cols-[10rem_1fr] gap-y-2">
            <dt className="font-medium text-slate-700">Reference Number</dt>
            <dd>{q.reference}</dd>
            <dt className="font-medium text-slate-700">Service</dt>
            <dd>{q.service}</dd>
            <dt className="font-medium text-slate-700">Submitted</dt>
            <dd>{q.submittedAt}</dd>
          </dl>
          <div className="mt-6">
            <QuoteStatusProgress status={q.status} />
          </div>
          <p className="mt-3">{STATUS_MEANING[q.status]}</p>
          {q.bookable && q.visits.length === 0 && (
            <Button asChild className="mt-4">
              <Link to={href("/quotes/status/:token/visit", { token })}>
                Book your assessment visit
              </Link>
            </Button>
          )}
        </CardContent>
      </Card>
      {q.visits.length > 0 && (
        <Card className="mt-6">
          <CardHeader>
            <CardTitle as="h2">Your {q.visits.length > 1 ? "Visits" : "Visit"}</CardTitle>
          </CardHeader>
          <CardContent>
            <VisitList visits={q.visits} />
            <Link
              to={href("/quotes/status/:token/visit", { token })}
              className="mt-4 inline-block font-medium text-brand-800 underline"
            >
              Change or cancel {q.visits.length > 1 ? "your visits" : "your visit"}
            </Link>
          </CardContent>
        </Card>
      )}
      <Card className="mt-6">
        <CardHeader>
          <CardTitle as="h2">Reminders</CardTitle>
        </CardHeader>
        <CardContent>
          <p>
            Get a reminder before your visit, and opt into follow-ups such as a radon retest, a
            yearly well test or a filter change.
          </p>
          <Link
            to={href("/quotes/status/:token/reminders", { token })}
            className="mt-2 inline-block font-medium text-brand-800 underline"
          >
            Choose your reminders
          </Link>
        </CardContent>
      </Card>
      {q.estimate ? (
        <Card className="mt-6">
          <CardHeader>
            <CardTitle as="h2">Estimate</CardTitle>
          </CardHeader>
          <CardContent>
            <p>
              We emailed you an estimate on {q.estimate.sentAt} (
              {estimateStatus.label(q.estimate.status).toLowerCase()}). Open it with the link in
              that email, where you can also download it and accept it.
            </p>
          </CardContent>
        </Card>
      ) : null}
      {q.files.length > 0 && (
        <Card className="mt-6">
          <CardHeader>
            <CardTitle as="h2">Your Photos and Lab Reports</CardTitle>
          </CardHeader>
          <CardContent>
            <QuoteFilesList files={q.files} base={q.filesBase} />
          </CardContent>
        </Card>
      )}
      <Card className="mt-6">
        <CardHeader>
          <CardTitle as="h2">History</CardTitle>
        </CardHeader>
        <CardContent>
          <ol className="space-y-2">
            {q.history.map((h) => (
              <li key={`${h.status}-${h.at}`}>
                <span className="font-medium">{quoteStatus.label(h.status)}</span>{" "}
                <span className="text-slate-700">{h.at}</span>
              </li>
            ))}
          </ol>
        </CardContent>
      </Card>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <ErrorPage
      error={error}
      notFound={{
        title: "Status link not found",
        message:
          "This link does not match a quote request. Please use the newest link from our emails.",
      }}
      failed={{
        title: "Something went wrong",
        message: "We could not load your quote's status. Please try again in a moment.",
      }}
      back={{ to: "/", label: "Return Home" }}
    />
  );
}
