import { parseWithZod } from "@conform-to/zod/v4";
import { data, href, Link } from "react-router";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import {
  QuoteAnswersCard,
  QuoteContactCard,
  QuoteHistoryCard,
  QuoteRequestCard,
  QuoteTriageCard,
} from "~/features/admin/quote-detail";
import { loadQuoteDetail } from "~/features/admin/quote-detail.server";
import { StatusChangeForm } from "~/features/admin/status-change-form";
import { quoteStatus } from "~/features/catalog/enums";
import { testResultKind } from "~/features/catalog/reference-levels";
import { EstimateCard } from "~/features/estimates/estimate-card";
import {
  estimatePost,
  isEstimatePost,
  loadQuoteEstimate,
} from "~/features/estimates/quote-estimate.server";
import { QuoteFilesList } from "~/features/quotes/files-list";
import { QuoteStatusBadge } from "~/features/quotes/status-badge";
import { changeQuoteStatus, statusChangeSchema } from "~/features/quotes/status-change.server";
import { RecordResults } from "~/features/records/record-view";
import { MoldResultForm, RadonResultForm, WaterResultForm } from "~/features/records/result-forms";
import { isResultPost, recordTestResult, resultsOf } from "~/features/records/results.server";
import { RESULT_INTENTS } from "~/features/records/schemas";
import { bookedVisits } from "~/features/visits/booking.server";
import { pageMeta } from "~/lib/seo";
import { requireAdmin } from "~/lib/session.server";
import { redirectWithToast } from "~/lib/toast.server";
import type { Route } from "./+types/quote";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, context);
  const [detail, estimate] = await Promise.all([
    loadQuoteDetail(params.id),
    loadQuoteEstimate(admin, params.id),
  ]);
  if (!detail || !estimate) throw data(null, { status: 404 });
  const results = await resultsOf(
    { quoteId: detail.id },
    ({ quoteId, fileId }) => `/admin/quotes/${quoteId}/files/${fileId}`,
  );
  return { ...detail, estimate, results, visits: await bookedVisits(detail.id) };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const form = await request.formData();
  const page = href("/admin/quotes/:id", { id: params.id });
  if (isResultPost(form)) {
    const outcome = await recordTestResult(params.id, form, admin.id);
    if (!outcome.ok) {
      if (outcome.status === 404) throw data(null, { status: 404 });
      return data(
        {
          result: undefined,
          estimateResult: undefined,
          recordResult: { intent: outcome.intent, result: outcome.result },
        },
        outcome.status,
      );
    }
    return redirectWithToast(`${page}#results`, {
      type: "success",
      title: `${testResultKind.label(outcome.kind)} result saved`,
      description: "It is on the property's record, which the homeowner can see.",
    });
  }
  if (isEstimatePost(form)) {
    const outcome = await estimatePost(admin, params.id, form);
    if (!outcome.ok) {
      if (outcome.status === 404) throw data(null, { status: 404 });
      return data(
        { result: undefined, estimateResult: outcome.result, recordResult: undefined },
        outcome.status,
      );
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
    return data(
      { result: submission.reply(), estimateResult: undefined, recordResult: undefined },
      400,
    );
  }
  const outcome = await changeQuoteStatus(params.id, submission.value, admin.id);
  if (!outcome.ok) {
    if (outcome.status === 404) throw data(null, { status: 404 });
    return data(
      {
        result: submission.reply({ formErrors: [outcome.message] }),
        estimateResult: undefined,
        recordResult: undefined,
      },
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
      <p>
        <Link to={href("/admin/quotes")} className="text-sm text-brand-800 underline">
          Back to quotes
        </Link>
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <h2 className="text-xl font-semibold">Quote {q.reference}</h2>
        <QuoteStatusBadge status={q.status} />
      </div>
      <QuoteRequestCard q={q} />
      <QuoteContactCard q={q} />
      <QuoteTriageCard q={q} />
      <Card>
        <CardHeader>
          <CardTitle as="h3">Visits</CardTitle>
        </CardHeader>
        <CardContent>
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
        </CardContent>
      </Card>
      <QuoteAnswersCard q={q} />
      <Card>
        <CardHeader>
          <CardTitle as="h3">Photos and lab reports</CardTitle>
        </CardHeader>
        <CardContent>
          <QuoteFilesList files={q.files} base={`/admin/quotes/${q.id}/files`} />
        </CardContent>
      </Card>
      <Card id="results">
        <CardHeader>
          <CardTitle as="h3">Test results</CardTitle>
        </CardHeader>
        <CardContent className="space-y-6">
          {q.property ? (
            <p className="text-sm text-slate-700">
              Results are kept on the record of {q.property}, which its owner sees in their account.
            </p>
          ) : (
            <p className="text-sm text-slate-700">
              This request has no saved property (a guest's request, or the property was removed):
              results cannot be recorded for it.
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
        </CardContent>
      </Card>
      <EstimateCard quoteId={q.id} estimate={q.estimate} result={actionData?.estimateResult} />
      <Card>
        <CardHeader>
          <CardTitle as="h3">Change status</CardTitle>
        </CardHeader>
        <CardContent>
          <StatusChangeForm
            status={q.status}
            nextStatuses={q.nextStatuses}
            result={actionData?.result}
          />
        </CardContent>
      </Card>
      <QuoteHistoryCard q={q} />
    </div>
  );
}
