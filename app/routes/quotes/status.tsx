import { data } from "react-router";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { quoteStatus } from "~/features/catalog/enums";
import { serviceById } from "~/features/catalog/services";
import { referenceNumber, statusProgress } from "~/features/quotes/reference";
import { STATUS_MEANING } from "~/features/quotes/status";
import { quoteStatusByToken } from "~/features/quotes/status-link.server";
import { formatDateTime } from "~/lib/dates";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/status";

const PRIVATE = {
  "Cache-Control": "private, no-store",
  "X-Robots-Tag": "noindex, nofollow",
  "Referrer-Policy": "no-referrer",
};

export function headers() {
  return PRIVATE;
}

/** The requester's status page: reference, service, dates and status only (no notes, no names). */
export async function loader({ params }: Route.LoaderArgs) {
  const quote = await quoteStatusByToken(params.token);
  if (!quote) throw data(null, { status: 404, headers: PRIVATE });
  return {
    reference: referenceNumber(quote.id),
    service: serviceById(quote.service).title,
    submittedAt: formatDateTime(quote.created_at),
    status: quote.current_status,
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
  const progress = statusProgress(q.status);
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
          <p className="mt-6 text-sm text-slate-600" id="quote-status-label">
            Status:{" "}
            <span className="font-semibold text-slate-900">{quoteStatus.label(q.status)}</span>
          </p>
          <div
            role="progressbar"
            aria-labelledby="quote-status-label"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={progress}
            className="mt-2 h-3 w-full overflow-hidden rounded-full bg-slate-200"
          >
            <div className="h-full bg-brand-700" style={{ width: `${progress}%` }} />
          </div>
          <p className="mt-3">{STATUS_MEANING[q.status]}</p>
        </CardContent>
      </Card>
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

export function ErrorBoundary() {
  return (
    <div className="mx-auto max-w-2xl px-4 py-16 text-center">
      <h1 className="text-2xl font-bold">Status link not found</h1>
      <p className="mt-4 text-slate-700">
        This link does not match a quote request. Please use the newest link from our emails.
      </p>
    </div>
  );
}
