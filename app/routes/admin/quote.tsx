import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, href, Link } from "react-router";
import { BackLink } from "~/components/ui/back-link";
import { TitledCard } from "~/components/ui/card";
import {
  QuoteAnswersCard,
  QuoteContactCard,
  QuoteHistoryCard,
  QuoteRequestCard,
  QuoteTriageCard,
} from "~/features/admin/quote-detail";
import { loadQuoteDetail } from "~/features/admin/quote-detail.server";
import { SERVICE_ADDRESS_INTENT, ServiceAddressForm } from "~/features/admin/service-address-form";
import { StatusChangeForm } from "~/features/admin/status-change-form";
import { quoteStatus } from "~/features/catalog/enums";
import { testResultKind } from "~/features/catalog/reference-levels";
import { EstimateCard } from "~/features/estimates/estimate-card";
import {
  estimatePost,
  isEstimatePost,
  loadQuoteEstimate,
} from "~/features/estimates/quote-estimate.server";
import { invoicePost, isInvoicePost, loadQuoteInvoices } from "~/features/invoices/admin.server";
import { InvoicesCard } from "~/features/invoices/quote-invoices";
import { invoiceFormAnswers } from "~/features/invoices/typed.server";
import { JobCard } from "~/features/jobs/job-card";
import { jobOfQuote } from "~/features/jobs/summary.server";
import { QuoteFilesList } from "~/features/quotes/files-list";
import { postServiceAddress, serviceAddressOf } from "~/features/quotes/service-address.server";
import { QuoteStatusBadge } from "~/features/quotes/status-badge";
import { changeQuoteStatus, statusChangeSchema } from "~/features/quotes/status-change.server";
import { RecordResults } from "~/features/records/record-view";
import { MoldResultForm, RadonResultForm, WaterResultForm } from "~/features/records/result-forms";
import { isResultPost, recordTestResult, resultsOf } from "~/features/records/results.server";
import { RESULT_INTENTS } from "~/features/records/schemas";
import { bookedVisits } from "~/features/visits/booking.server";
import { idParam } from "~/lib/ids";
import { pageMeta } from "~/lib/seo";
import { requireAdmin } from "~/lib/session.server";
import { redirectWithToast } from "~/lib/toast.server";
import type { Route } from "./+types/quote";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, context);
  const id = idParam(params.id);
  const [detail, estimate] = await Promise.all([loadQuoteDetail(id), loadQuoteEstimate(admin, id)]);
  if (!detail || !estimate) throw data(null, { status: 404 });
  const [results, serviceAddress, visits, job, invoices] = await Promise.all([
    resultsOf(
      { quoteId: detail.id },
      ({ quoteId, fileId }) => `/admin/quotes/${quoteId}/files/${fileId}`,
    ),
    serviceAddressOf(detail.id),
    bookedVisits(detail.id),
    jobOfQuote(detail.id),
    loadQuoteInvoices(detail.id),
  ]);
  if (!serviceAddress) throw data(null, { status: 404 });
  return { ...detail, estimate, results, serviceAddress, visits, job, invoices };
}

/** The action's replies, one per form of the page; each refusal fills its own form's. */
const noReplies = {
  result: undefined as SubmissionResult<string[]> | undefined,
  estimateResult: undefined as SubmissionResult<string[]> | undefined,
  recordResult: undefined as { intent: string; result: SubmissionResult<string[]> } | undefined,
  addressResult: undefined as SubmissionResult<string[]> | null | undefined,
  invoiceError: undefined as string | undefined,
  /** what was typed into a refused typed invoice, given back to its form */
  invoiceAnswers: undefined as Record<string, string> | undefined,
};

export async function action({ request, params, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const id = idParam(params.id);
  const form = await request.formData();
  const page = href("/admin/quotes/:id", { id });
  if (form.get("intent") === SERVICE_ADDRESS_INTENT) {
    const outcome = await postServiceAddress(id, form);
    if (!outcome.ok) {
      if (outcome.status === 404) throw data(null, { status: 404 });
      return data({ ...noReplies, addressResult: outcome.result }, 400);
    }
    return redirectWithToast(`${page}#service-address`, {
      type: "success",
      title: "Service address saved",
      description: "Visits and test results of this request use it.",
    });
  }
  if (isResultPost(form)) {
    const outcome = await recordTestResult(id, form, admin.id);
    if (!outcome.ok) {
      if (outcome.status === 404) throw data(null, { status: 404 });
      return data(
        { ...noReplies, recordResult: { intent: outcome.intent, result: outcome.result } },
        outcome.status,
      );
    }
    return redirectWithToast(`${page}#results`, {
      type: "success",
      title: `${testResultKind.label(outcome.kind)} result saved`,
      description: "It is on the property's record, which the homeowner can see.",
    });
  }
  if (isInvoicePost(form)) {
    const outcome = await invoicePost(admin.id, id, form);
    if (!outcome.ok) {
      const invoiceAnswers = invoiceFormAnswers(form);
      return data({ ...noReplies, invoiceError: outcome.message, invoiceAnswers }, outcome.status);
    }
    return redirectWithToast(`${page}#invoices`, {
      type: "success",
      title: outcome.title,
      description: outcome.description,
    });
  }
  if (isEstimatePost(form)) {
    const outcome = await estimatePost(admin, id, form);
    if (!outcome.ok) {
      if (outcome.status === 404) throw data(null, { status: 404 });
      return data({ ...noReplies, estimateResult: outcome.result }, outcome.status);
    }
    return redirectWithToast(`${page}#estimate`, {
      type: "success",
      title: outcome.sent ? `Estimate v${outcome.version} sent` : "Draft saved",
      description: outcome.sent
        ? `${outcome.email} is being emailed a link to it.`
        : `Version ${outcome.version} is saved; the totals below are the server's.`,
    });
  }
  const submission = parseWithZod(form, { schema: statusChangeSchema });
  if (submission.status !== "success") {
    return data({ ...noReplies, result: submission.reply() }, 400);
  }
  const outcome = await changeQuoteStatus(id, submission.value, admin.id);
  if (!outcome.ok) {
    if (outcome.status === 404) throw data(null, { status: 404 });
    return data(
      { ...noReplies, result: submission.reply({ formErrors: [outcome.message] }) },
      outcome.status,
    );
  }
  return redirectWithToast(page, {
    type: "success",
    title: "Status updated",
    description: `The quote is now ${quoteStatus.label(submission.value.status)}; the requester is being emailed.`,
  });
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: `Quote ${args.loaderData?.reference ?? ""}`.trim(),
    description: "One quote request.",
    noIndex: true,
  });
}

export default function AdminQuote({ loaderData: q, actionData }: Route.ComponentProps) {
  const recordResult = (intent: string) =>
    actionData?.recordResult?.intent === intent ? actionData.recordResult.result : undefined;
  return (
    <div className="space-y-6">
      <BackLink to={href("/admin/quotes")}>Back to quotes</BackLink>
      <div className="flex flex-wrap items-center gap-3">
        <h2 className="text-xl font-semibold">Quote {q.reference}</h2>
        <QuoteStatusBadge status={q.status} />
      </div>
      <QuoteRequestCard q={q} />
      <TitledCard id="service-address" title="Service address" as="h3">
        <ServiceAddressForm current={q.serviceAddress} result={actionData?.addressResult} />
      </TitledCard>
      <QuoteContactCard q={q} />
      <QuoteTriageCard q={q} />
      <TitledCard title="Visits" as="h3">
        {q.visits.length === 0 ? (
          <p className="text-sm text-slate-700">No visit booked.</p>
        ) : (
          <ul className="space-y-2">
            {q.visits.map((v) => (
              <li key={v.id}>
                <span className="font-medium">{v.kind}</span>: {v.day}, {v.time}, with {v.staff}.{" "}
                <Link
                  to={href("/admin/schedule/visits/:id", { id: v.id })}
                  className="text-brand-800 underline"
                >
                  Move or cancel<span className="sr-only"> the {v.kind.toLowerCase()}</span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </TitledCard>
      <QuoteAnswersCard q={q} />
      <TitledCard title="Photos and lab reports" as="h3">
        <QuoteFilesList files={q.files} base={`/admin/quotes/${q.id}/files`} />
      </TitledCard>
      <TitledCard id="results" title="Test results" as="h3" bodyClassName="space-y-6">
        {q.property ? (
          <p className="text-sm text-slate-700">
            Results are kept with this request at {q.property}. Its requester sees them on the
            record of their saved property at this address.
          </p>
        ) : (
          <p className="text-sm text-slate-700">
            This request has no street address yet: set its service address above to record results.
          </p>
        )}
        {q.results.radon.length + q.results.water.length + q.results.mold.length > 0 && (
          <RecordResults results={q.results} headingLevel="h4" />
        )}
        {q.property && (
          <div className="space-y-4">
            <h4 className="font-semibold">Record a test result</h4>
            <RadonResultForm result={recordResult(RESULT_INTENTS.radon)} />
            <WaterResultForm result={recordResult(RESULT_INTENTS.water)} />
            <MoldResultForm result={recordResult(RESULT_INTENTS.mold)} />
          </div>
        )}
      </TitledCard>
      <EstimateCard quoteId={q.id} estimate={q.estimate} result={actionData?.estimateResult} />
      <JobCard quoteId={q.id} quoteStatus={q.status} job={q.job} />
      <InvoicesCard
        invoices={q.invoices}
        error={actionData?.invoiceError}
        answers={actionData?.invoiceAnswers}
      />
      <TitledCard title="Change status" as="h3">
        <StatusChangeForm
          status={q.status}
          nextStatuses={q.nextStatuses}
          result={actionData?.result}
        />
      </TitledCard>
      <QuoteHistoryCard q={q} />
    </div>
  );
}
