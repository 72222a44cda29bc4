/**
 * The homeowner's estimate page, its PDF and its two forms (accept, decline), for both ways in:
 * the mailed link `/estimates/{token}` and a signed-in customer's `/account/quotes/{id}/estimate`.
 * Routes pass the party (access.server.ts) and turn the results below into answers; every check
 * is the domain's (acceptance.server.ts), this file only adds the rate limits per client, the
 * form parsing and the page's data.
 */

import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { and, eq, max, ne } from "drizzle-orm";
import { data, type RouterContextProvider } from "react-router";
import { estimate_versions, estimates, quotes } from "~/db/schema";
import type { EstimateStatus } from "~/features/catalog/estimate-enums";
import { db } from "~/lib/db.server";
import { PRIVATE_PAGE_HEADERS } from "~/lib/private-page";
import { requestInfo } from "~/lib/request-context";
import type { FlashToast } from "~/lib/toast.server";
import { acceptEstimate, declineEstimate, estimatePdf } from "./acceptance.server";
import { type EstimateParty, homeownerEstimate } from "./access.server";
import { ESIGN_CONSENT_LABEL, ESIGN_CONSENT_TEXT } from "./consent";
import { estimateRespondLimit, estimateViewLimit } from "./rate-limits.server";
import {
  type AcceptEstimateInput,
  acceptEstimateSchema,
  type DeclineEstimateInput,
  declineEstimateSchema,
} from "./schemas";

/** Headers of every answer about a homeowner's estimate: a private page's (lib/private-page.ts). */
export const PRIVATE_HEADERS = PRIVATE_PAGE_HEADERS;

const TOO_MANY = "Too many requests from your network. Please wait a few minutes and try again.";

type Context = Readonly<RouterContextProvider>;

const clientIp = (context: Context) => requestInfo(context)?.clientIp ?? "unknown";

/** Nothing to show: the same 404 for an unknown link, another customer and a crawler. */
function notFound(): never {
  throw data(null, { status: 404, headers: PRIVATE_HEADERS });
}

/** Counts a view of the page or the PDF; past the limit the answer is a plain 429. */
async function countView(context: Context): Promise<void> {
  const limit = await estimateViewLimit().consume(clientIp(context));
  if (!limit.ok) {
    throw data(TOO_MANY, {
      status: 429,
      headers: { ...PRIVATE_HEADERS, "Retry-After": String(limit.retryAfterSeconds) },
    });
  }
}

/**
 * The page's data for `party` (`quoteId` for a customer): the estimate's view, whether it can
 * still be answered, the disclosure, or only that it expired (status 410).
 * @throws a 404 (nobody may learn an estimate exists) or a 429 Response.
 */
export async function loadEstimatePage(
  party: EstimateParty,
  quoteId: string | undefined,
  context: Context,
  pdfHref: string,
) {
  await countView(context);
  const shown = await homeownerEstimate(party, quoteId);
  if (!shown) notFound();
  if (shown.state === "expired") {
    return data(
      { state: "expired" as const, reference: shown.reference, validUntil: shown.validUntil },
      { status: 410, headers: PRIVATE_HEADERS },
    );
  }
  return data(
    {
      state: "open" as const,
      view: shown.view,
      versionId: shown.versionId,
      canRespond: shown.canRespond,
      consent: { label: ESIGN_CONSENT_LABEL, text: ESIGN_CONSENT_TEXT.split("\n\n") },
      pdfHref,
    },
    { headers: PRIVATE_HEADERS },
  );
}

/**
 * The PDF of exactly what the page shows (the signed copy once accepted), as a download.
 * @throws the page's 404 or 429.
 */
export async function estimatePdfResponse(
  party: EstimateParty,
  quoteId: string | undefined,
  context: Context,
): Promise<Response> {
  await countView(context);
  // the homeowner's copy only: for staff estimatePdf would give the newest version, a draft
  // included (staff download versions from the quote's admin page)
  if (party.role !== "link" && party.role !== "customer") notFound();
  const file = await estimatePdf(party, { quoteId });
  if (!file) notFound();
  return new Response(new Uint8Array(file.pdf), {
    headers: {
      ...PRIVATE_HEADERS,
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${file.filename}"`,
      "Content-Length": String(file.pdf.length),
    },
  });
}

/** What the forms post as `intent`. */
export type EstimateIntent = "accept" | "decline";

export type RespondResult =
  | { ok: true; intent: EstimateIntent; already: boolean }
  | { ok: false; intent: EstimateIntent; status: number; result: SubmissionResult<string[]> };

/**
 * Accepts or declines (the form's `intent`) the estimate `party` may answer, after counting the
 * post against the client's limit (valid or not).
 * @returns ok (`already`: an earlier request did it: another tab, a double click) or the form's
 *   reply with the HTTP status (400 input, 409 superseded/declined/closed, 410 expired, 429).
 * @throws a 404 Response for a party that may not see the estimate.
 */
export async function respondToEstimate(
  party: EstimateParty,
  quoteId: string | undefined,
  request: Request,
  context: Context,
): Promise<RespondResult> {
  const formData = await request.formData();
  const intent: EstimateIntent = formData.get("intent") === "decline" ? "decline" : "accept";
  // the schema follows the intent, so the value's type does too (the casts below)
  const schema = intent === "accept" ? acceptEstimateSchema : declineEstimateSchema;
  const submission = parseWithZod(formData, { schema });
  const limit = await estimateRespondLimit().consume(clientIp(context));
  if (!limit.ok) {
    return { ok: false, intent, status: 429, result: submission.reply({ formErrors: [TOO_MANY] }) };
  }
  if (submission.status !== "success") {
    return { ok: false, intent, status: 400, result: submission.reply() };
  }
  const client = {
    ip: clientIp(context),
    userAgent: request.headers.get("User-Agent") ?? "",
  };
  const outcome =
    intent === "accept"
      ? await acceptEstimate(party, quoteId, submission.value as AcceptEstimateInput, client)
      : await declineEstimate(party, quoteId, submission.value as DeclineEstimateInput, client);
  if (outcome.ok) return { ok: true, intent, already: outcome.already };
  if (outcome.status === 404) notFound();
  return {
    ok: false,
    intent,
    status: outcome.status,
    result: submission.reply({
      formErrors: [outcome.message],
      fieldErrors: outcome.fieldErrors,
    }),
  };
}

/** The notification shown on the page after an answer went through. */
export function estimateAnswerToast(outcome: Extract<RespondResult, { ok: true }>): FlashToast {
  if (outcome.intent === "decline") {
    return {
      type: "success",
      title: "Estimate declined",
      description: "We have let our team know.",
    };
  }
  return outcome.already
    ? {
        type: "success",
        title: "Already accepted",
        description: "This estimate was accepted earlier; here is what was signed.",
      }
    : {
        type: "success",
        title: "Estimate accepted",
        description: "Thank you. We have emailed you the signed estimate.",
      };
}

/**
 * Where the estimates of customer `userId`'s quotes stand, for their quote list: quote id to
 * status, sent estimates only (a draft is staff's until it is sent).
 */
export async function customerEstimateStatuses(
  userId: string,
): Promise<Map<string, EstimateStatus>> {
  const rows = await db
    .select({ quoteId: estimates.quote_id, status: estimates.status })
    .from(estimates)
    .innerJoin(quotes, eq(quotes.id, estimates.quote_id))
    .where(and(eq(quotes.user_id, userId), ne(estimates.status, "draft")));
  return new Map(rows.map((r) => [r.quoteId, r.status]));
}

/**
 * What a quote's status page (`/quotes/status/{token}`) says about its estimate: only that one
 * was sent and where it stands, never a link. Its holder is not one of the estimate's parties
 * (access.server.ts): estimate links are stored as hashes and only the mailed link opens it.
 * @returns null before the first send.
 */
export async function estimateNotice(
  quoteId: string,
): Promise<{ status: EstimateStatus; sentAt: Date } | null> {
  const [row] = await db
    .select({ status: estimates.status, sentAt: max(estimate_versions.sent_at) })
    .from(estimates)
    .innerJoin(estimate_versions, eq(estimate_versions.estimate_id, estimates.id))
    .where(and(eq(estimates.quote_id, quoteId), ne(estimates.status, "draft")))
    .groupBy(estimates.status);
  return row?.sentAt ? { status: row.status, sentAt: row.sentAt } : null;
}
