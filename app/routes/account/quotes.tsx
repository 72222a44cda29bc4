import { href, Link } from "react-router";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { ServiceCards } from "~/features/catalog/service-cards";
import { serviceById } from "~/features/catalog/services";
import { VISIT_STATUSES } from "~/features/catalog/visits";
import { customerEstimateStatuses } from "~/features/estimates/homeowner.server";
import { invoicesOfQuotes } from "~/features/invoices/customer.server";
import { QuoteInvoicesList } from "~/features/invoices/quote-invoices";
import { jobsOfQuotes } from "~/features/jobs/summary.server";
import { filesOfQuotes } from "~/features/quotes/files.server";
import { QuoteFilesList } from "~/features/quotes/files-list";
import { listQuotesForUser } from "~/features/quotes/history.server";
import { referenceNumber } from "~/features/quotes/reference";
import { QuoteStatusBadge } from "~/features/quotes/status-badge";
import { bookedVisitsOf } from "~/features/visits/booking.server";
import { formatDateTime } from "~/lib/dates";
import { privatePageMeta } from "~/lib/seo";
import { requireUser } from "~/lib/session.server";
import type { Route } from "./+types/quotes";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(request, context);
  const [quotes, estimates] = await Promise.all([
    listQuotesForUser(user.id),
    customerEstimateStatuses(user.id),
  ]);
  const ids = quotes.map((q) => q.id);
  const [files, visits, jobs, invoices] = await Promise.all([
    filesOfQuotes(ids),
    bookedVisitsOf(ids),
    jobsOfQuotes(ids),
    invoicesOfQuotes(ids),
  ]);
  return {
    quotes: quotes.map((q) => ({
      id: q.id,
      reference: referenceNumber(q.id),
      service: serviceById(q.service).title,
      description: q.description,
      status: q.current_status,
      createdAt: formatDateTime(q.created_at),
      estimate: estimates.get(q.id) ?? null,
      files: files.get(q.id) ?? [],
      visits: visits.get(q.id) ?? [],
      job: jobs.get(q.id) ?? null,
      invoices: invoices[q.id] ?? [],
    })),
  };
}

const INVOICE_HREFS = {
  page: (id: string) => href("/account/invoices/:id", { id }),
  pdf: (id: string) => href("/account/invoices/:id/pdf", { id }),
  receipt: (id: string, fileId: string) =>
    href("/account/invoices/:id/receipts/:fileId", { id, fileId }),
};

export function meta(args: Route.MetaArgs) {
  return privatePageMeta(args, "Your Quotes", "Your quote history.");
}

export default function QuotesPage({ loaderData }: Route.ComponentProps) {
  return (
    <div className="space-y-8">
      <section aria-labelledby="new-quote-title">
        <h2 id="new-quote-title" className="text-lg font-semibold">
          Request a New Quote
        </h2>
        <div className="mt-4">
          <ServiceCards actionLabel="Get Quote" compact />
        </div>
      </section>

      <Card>
        <CardHeader>
          <CardTitle as="h2">Quote History</CardTitle>
          <CardDescription>View and track all your service quotes</CardDescription>
        </CardHeader>
        <CardContent>
          {loaderData.quotes.length === 0 ? (
            <p className="text-sm text-slate-700">You have not requested any quotes yet.</p>
          ) : (
            <ul className="divide-y divide-slate-200">
              {loaderData.quotes.map((quote) => (
                <li
                  key={quote.id}
                  className="flex flex-wrap items-center justify-between gap-3 py-4"
                >
                  <div>
                    <p className="font-medium">{quote.description}</p>
                    <p className="text-sm text-slate-600">
                      {quote.service} · Ref. {quote.reference} · {quote.createdAt}
                    </p>
                    {quote.job && (
                      <p className="mt-1 text-sm">
                        Job {quote.job.number}: {quote.job.statusLabel}
                      </p>
                    )}
                    {quote.visits.length > 0 && (
                      <ul className="mt-1 text-sm">
                        {quote.visits.map((v) => (
                          <li key={v.id}>
                            <span className="font-medium">{v.kind}</span>: {v.day}, {v.time}
                          </li>
                        ))}
                      </ul>
                    )}
                    {quote.files.length > 0 && (
                      <details className="mt-2">
                        <summary className="cursor-pointer text-sm font-medium text-brand-800">
                          {quote.files.length} attached file{quote.files.length === 1 ? "" : "s"}
                          <span className="sr-only"> of Ref. {quote.reference}</span>
                        </summary>
                        <div className="mt-2">
                          <QuoteFilesList
                            files={quote.files}
                            base={`/account/quotes/${quote.id}/files`}
                          />
                        </div>
                      </details>
                    )}
                    <QuoteInvoicesList invoices={quote.invoices} hrefs={INVOICE_HREFS} />
                  </div>
                  <div className="flex flex-wrap items-center gap-3">
                    {quote.estimate ? (
                      <Link
                        to={href("/account/quotes/:id/estimate", { id: quote.id })}
                        className="text-sm font-medium text-brand-800 underline"
                      >
                        {quote.estimate === "accepted" ? "View signed estimate" : "View estimate"}
                        <span className="sr-only"> for Ref. {quote.reference}</span>
                      </Link>
                    ) : null}
                    {(quote.visits.length > 0 || VISIT_STATUSES.has(quote.status)) && (
                      <Link
                        to={href("/account/quotes/:id/visit", { id: quote.id })}
                        className="text-sm font-medium text-brand-800 underline"
                      >
                        {quote.visits.length > 0
                          ? "Change or cancel your visit"
                          : "Book your assessment visit"}
                        <span className="sr-only"> for Ref. {quote.reference}</span>
                      </Link>
                    )}
                    <Link
                      to={href("/account/quotes/:id/reminders", { id: quote.id })}
                      className="text-sm font-medium text-brand-800 underline"
                    >
                      Reminders
                      <span className="sr-only"> for Ref. {quote.reference}</span>
                    </Link>
                    <Link
                      to={href("/account/quotes/:id/messages", { id: quote.id })}
                      className="text-sm font-medium text-brand-800 underline"
                    >
                      Message the company
                      <span className="sr-only"> about Ref. {quote.reference}</span>
                    </Link>
                    <QuoteStatusBadge status={quote.status} />
                  </div>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
