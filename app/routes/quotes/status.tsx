import { data, href, Link, useParams } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardContent, TitledCard } from "~/components/ui/card";
import { quoteStatus } from "~/features/catalog/enums";
import { estimateStatus } from "~/features/catalog/estimate-enums";
import { serviceById } from "~/features/catalog/services";
import { VISIT_STATUSES } from "~/features/catalog/visits";
import { estimateNotice } from "~/features/estimates/homeowner.server";
import { invoicesOfQuotes } from "~/features/invoices/customer.server";
import { QuoteInvoicesList } from "~/features/invoices/quote-invoices";
import { jobOfQuote } from "~/features/jobs/summary.server";
import { MessageBox } from "~/features/messages/message-box";
import { customerMessageAction, customerThreadOfQuote } from "~/features/messages/thread.server";
import { filesOfQuote } from "~/features/quotes/files.server";
import { QuoteFilesList } from "~/features/quotes/files-list";
import { referenceNumber } from "~/features/quotes/reference";
import { estimateStage, statusMeaning } from "~/features/quotes/status";
import { quoteIdByStatusToken, quoteStatusByToken } from "~/features/quotes/status-link.server";
import { StatusLinkErrorPage } from "~/features/quotes/status-link-error";
import { QuoteStatusProgress } from "~/features/quotes/status-progress";
import { bookedVisits } from "~/features/visits/booking.server";
import { VisitList } from "~/features/visits/booking-page";
import { remindersSummary } from "~/features/visits/reminders.server";
import { formatDateTime } from "~/lib/dates";
import { tokenParam } from "~/lib/ids";
import { PRIVATE_PAGE_HEADERS, privatePage } from "~/lib/private-page";
import { requestInfo } from "~/lib/request-context";
import { privatePageMeta } from "~/lib/seo";
import type { Route } from "./+types/status";

export const headers = privatePage;

/** The requester's status page: reference, service, dates and status only (no notes, no names). */
export async function loader({ params }: Route.LoaderArgs) {
  const token = tokenParam(params.token);
  const quote = await quoteStatusByToken(token);
  if (!quote) throw data(null, { status: 404, headers: PRIVATE_PAGE_HEADERS });
  const [estimate, files, visits, reminders, job, invoices, messages] = await Promise.all([
    estimateNotice(quote.id),
    filesOfQuote(quote.id),
    bookedVisits(quote.id),
    remindersSummary(quote.id),
    jobOfQuote(quote.id),
    invoicesOfQuotes([quote.id]),
    customerThreadOfQuote(quote.id, (fileId) =>
      href("/quotes/status/:token/message-files/:fileId", { token, fileId }),
    ),
  ]);
  return {
    job: job && { number: job.number, status: job.statusLabel },
    messages,
    reminders,
    invoices: invoices[quote.id] ?? [],
    files,
    visits,
    filesBase: `/quotes/status/${token}/files`,
    estimate: estimate && { status: estimate.status, sentAt: formatDateTime(estimate.sentAt) },
    reference: referenceNumber(quote.id),
    service: serviceById(quote.service).title,
    submittedAt: formatDateTime(quote.created_at),
    status: quote.current_status,
    meaning: statusMeaning(quote.current_status, estimateStage(estimate?.status)),
    bookable: VISIT_STATUSES.has(quote.current_status),
    history: quote.history.map((h) => ({ status: h.status, at: formatDateTime(h.created_at) })),
  };
}

/** 'Message the company': the status link is the authority, as for the page itself. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const quoteId = await quoteIdByStatusToken(tokenParam(params.token));
  if (!quoteId) throw data(null, { status: 404, headers: PRIVATE_PAGE_HEADERS });
  const outcome = await customerMessageAction(
    quoteId,
    await request.formData(),
    requestInfo(context)?.clientIp,
  );
  return data(outcome, {
    status: outcome.ok ? 200 : outcome.status,
    headers: PRIVATE_PAGE_HEADERS,
  });
}

export function meta(args: Route.MetaArgs) {
  return privatePageMeta(args, "Your Quote Status", "The status of your quote request.");
}

export default function QuoteStatusPage({ loaderData: q, actionData }: Route.ComponentProps) {
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
            {q.job && (
              <>
                <dt className="font-medium text-slate-700">Job</dt>
                <dd>
                  {q.job.number}: {q.job.status}
                </dd>
              </>
            )}
          </dl>
          <div className="mt-6">
            <QuoteStatusProgress status={q.status} />
          </div>
          <p className="mt-3">{q.meaning}</p>
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
        <TitledCard
          className="mt-6"
          title={<>Your {q.visits.length > 1 ? "Visits" : "Visit"}</>}
          as="h2"
        >
          <VisitList visits={q.visits} />
          <Link
            to={href("/quotes/status/:token/visit", { token })}
            className="mt-4 inline-block font-medium text-brand-800 underline"
          >
            Change or cancel {q.visits.length > 1 ? "your visits" : "your visit"}
          </Link>
        </TitledCard>
      )}
      <TitledCard className="mt-6" title="Reminders" as="h2">
        <p>{q.reminders}</p>
        <Link
          to={href("/quotes/status/:token/reminders", { token })}
          className="mt-2 inline-block font-medium text-brand-800 underline"
        >
          Choose your reminders
        </Link>
      </TitledCard>
      {q.estimate ? (
        <TitledCard className="mt-6" title="Estimate" as="h2">
          <p>
            We emailed you an estimate on {q.estimate.sentAt} (
            {estimateStatus.label(q.estimate.status).toLowerCase()}). Open it with the link in that
            email, where you can also download it and accept it.
          </p>
        </TitledCard>
      ) : null}
      {q.invoices.length > 0 && (
        <TitledCard className="mt-6" title="Invoices" as="h2">
          <QuoteInvoicesList invoices={q.invoices} />
          <p className="mt-2 text-sm text-slate-700">
            Open an invoice, pay it and download its receipts with the link in our email.
          </p>
        </TitledCard>
      )}
      <MessageBox
        key={q.messages.length}
        entries={q.messages}
        errors={actionData && !actionData.ok ? actionData.errors : undefined}
        fileErrors={actionData && !actionData.ok ? actionData.fileErrors : undefined}
        typed={actionData && !actionData.ok ? actionData.typed : undefined}
        sent={actionData?.ok === true}
      />
      {q.files.length > 0 && (
        <TitledCard className="mt-6" title="Your Photos and Lab Reports" as="h2">
          <QuoteFilesList files={q.files} base={q.filesBase} />
        </TitledCard>
      )}
      <TitledCard className="mt-6" title="History" as="h2">
        <ol className="space-y-2">
          {q.history.map((h) => (
            <li key={`${h.status}-${h.at}`}>
              <span className="font-medium">{quoteStatus.label(h.status)}</span>{" "}
              <span className="text-slate-700">{h.at}</span>
            </li>
          ))}
        </ol>
      </TitledCard>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <StatusLinkErrorPage
      error={error}
      failed="We could not load your quote's status. Please try again in a moment."
    />
  );
}
