/**
 * The estimate on the back office's quote page (admin only; the route guards with requireAdmin):
 * what the builder and the estimate's record show, and the builder's 'Save draft' and 'Send'.
 * Everything priced or stored goes through estimates.server.ts; this module only reads the form
 * and shapes the page's data (times in America/Denver with the zone).
 */

import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { eq } from "drizzle-orm";
import { estimate_acceptances } from "~/db/schema";
import { type EstimateStatus, estimateUnit } from "~/features/catalog/estimate-enums";
import { formatDateTime } from "~/lib/dates";
import { db } from "~/lib/db.server";
import { isId } from "~/lib/ids";
import type { SessionUser } from "~/lib/session.server";
import { estimateFor, estimateQuoteInfo, partyOf } from "./access.server";
import {
  type BuilderValues,
  builderValuesOf,
  SAVE_ESTIMATE,
  SEND_ANYWAY,
  SEND_ESTIMATE,
  withoutEmptyRows,
} from "./builder-form";
import {
  estimateForAdmin,
  newEstimateDefaults,
  sampleLinesOf,
  saveEstimateDraft,
  sendEstimate,
} from "./estimates.server";
import { quoteFollowUps } from "./follow-ups.server";
import { formatUsd } from "./money";
import { listPriceBook } from "./price-book.server";
import { samplePricesWarning } from "./sample-prices";
import { estimateDraftSchema } from "./schemas";
import { isEstimable } from "./statuses";
import type { EstimateViewModel } from "./view-model";

/** A price book item as the builder's select offers it. */
export interface PriceBookChoice {
  value: string;
  label: string;
}

/** A view model without the signature image (the page loads it from the admin-only route). */
function withoutSignature(view: EstimateViewModel): EstimateViewModel {
  return view.acceptance
    ? { ...view, acceptance: { ...view.acceptance, signatureDataUrl: null } }
    : view;
}

const when = (at: Date | null) => (at ? formatDateTime(at) : null);

/**
 * The quote page's estimate data for quote `quoteId`: the builder's values (the draft, else the
 * newest sent version to start the next one from, else the defaults), the price book items of
 * the quote's service, the draft's server-computed totals and the estimate's record.
 * @returns null for an unknown or malformed quote id.
 */
export async function loadQuoteEstimate(admin: SessionUser, quoteId: string, now = new Date()) {
  if (!isId(quoteId)) return null;
  const quote = await estimateQuoteInfo(quoteId);
  if (!quote) return null;
  const [estimate, items] = await Promise.all([
    estimateForAdmin(partyOf(admin), quoteId, now),
    listPriceBook({ service: quote.service }),
  ]);
  const newest = estimate?.versions[0];
  const start = estimate?.draft?.input ?? newest?.input ?? newEstimateDefaults(now);
  const acceptance = estimate?.acceptance ?? null;
  const sampleLines = await sampleLinesOf(start);
  const followUps = estimate ? await quoteFollowUps(estimate.estimateId) : null;
  return {
    status: (estimate?.status ?? null) as EstimateStatus | null,
    /** the request's status allows sending */
    sendable: isEstimable(quote.status),
    requesterEmail: quote.contact_email,
    editable: !acceptance,
    values: builderValuesOf(start) as BuilderValues,
    /** the warning beside 'Send' while the builder's lines come from sample items, else null */
    samplePrices: sampleLines.length > 0 ? samplePricesWarning(sampleLines) : null,
    /** the version that 'Save draft' writes */
    draftVersion: estimate?.draft?.version ?? (newest ? newest.version + 1 : 1),
    draft: estimate?.draft ? withoutSignature(estimate.draft.view) : null,
    priceBook: items.map(
      (item): PriceBookChoice => ({
        value: item.id,
        label: `${item.name} (${formatUsd(item.unit_price_cents)} / ${estimateUnit.label(item.unit)})`,
      }),
    ),
    record: estimate
      ? {
          /** the next planned follow-up ('Next follow-up: Wed, Dec 9, 10:00 AM MST') and those sent */
          followUps: followUps ?? { next: null, sent: [] },
          createdAt: formatDateTime(estimate.createdAt),
          firstViewedAt: when(estimate.firstViewedAt),
          versions: estimate.versions.map((v) => ({
            id: v.id,
            version: v.version,
            sentAt: when(v.sentAt),
            firstViewedAt: when(v.firstViewedAt),
            contentSha256: v.contentSha256,
            intact: v.intact,
            view: withoutSignature(v.view),
          })),
          acceptance: acceptance && {
            version: acceptance.version,
            optionName: acceptance.optionName,
            total: formatUsd(acceptance.totalCents),
            signerName: acceptance.signerName,
            hasSignature: acceptance.signatureDataUrl !== null,
            acceptedAt: formatDateTime(acceptance.acceptedAt),
            clientIp: acceptance.clientIp,
            userAgent: acceptance.userAgent,
            consentText: acceptance.consentText,
            contentSha256: acceptance.contentSha256,
          },
          declines: estimate.declines.map((d) => ({
            version: d.version,
            reason: d.reason,
            declinedAt: formatDateTime(d.declinedAt),
            clientIp: d.clientIp,
            userAgent: d.userAgent,
          })),
        }
      : null,
  };
}

export type QuoteEstimateView = NonNullable<Awaited<ReturnType<typeof loadQuoteEstimate>>>;

/** Whether a post to the quote page is the estimate builder's ('Save draft' or 'Send'). */
export function isEstimatePost(form: FormData): boolean {
  const intent = form.get("intent");
  return intent === SAVE_ESTIMATE || intent === SEND_ESTIMATE;
}

export type EstimatePostOutcome =
  | { ok: true; sent: false; version: number }
  | { ok: true; sent: true; version: number; email: string }
  | { ok: false; status: 400 | 403 | 404 | 409 | 410; result: SubmissionResult<string[]> };

/**
 * The builder's post: its empty rows dropped, validated (estimateDraftSchema), saved as the draft
 * and, for 'Send', sent (the requester is mailed by sendEstimate). While a line still comes from
 * a sample price book item, 'Send' is refused with those lines named (409, a field error on
 * SEND_ANYWAY; nothing saved) until the post ticks SEND_ANYWAY.
 * @returns the refused form with its messages (nothing saved when the draft is invalid; the draft
 *   stays saved when only sending was refused), or what was saved or sent.
 */
export async function estimatePost(
  admin: SessionUser,
  quoteId: string,
  form: FormData,
  now = new Date(),
): Promise<EstimatePostOutcome> {
  const submission = parseWithZod(withoutEmptyRows(form), { schema: estimateDraftSchema });
  if (submission.status !== "success") {
    return { ok: false, status: 400, result: submission.reply() };
  }
  const sending = form.get("intent") === SEND_ESTIMATE;
  // refused before anything is written: a save would refresh the page (live updates) and
  // take the warning with it
  if (sending && form.get(SEND_ANYWAY) !== "on") {
    const samples = await sampleLinesOf(submission.value);
    if (samples.length > 0) {
      return {
        ok: false,
        status: 409,
        result: submission.reply({
          formErrors: [
            "Nothing was saved or sent: some lines still use sample prices from the price book.",
          ],
          fieldErrors: {
            [SEND_ANYWAY]: [samplePricesWarning(samples)],
          },
        }),
      };
    }
  }
  const party = partyOf(admin);
  const saved = await saveEstimateDraft(party, quoteId, submission.value, now);
  if (!saved.ok) {
    return {
      ok: false,
      status: saved.status,
      result: submission.reply({ formErrors: [saved.message], fieldErrors: saved.fieldErrors }),
    };
  }
  if (!sending) return { ok: true, sent: false, version: saved.version };
  const sent = await sendEstimate(party, quoteId, now);
  if (!sent.ok) {
    const message = `The draft was saved but not sent: ${sent.message}`;
    return { ok: false, status: sent.status, result: submission.reply({ formErrors: [message] }) };
  }
  const quote = await estimateQuoteInfo(quoteId);
  return { ok: true, sent: true, version: sent.version, email: quote?.contact_email ?? "" };
}

/**
 * The signature drawn on quote `quoteId`'s accepted estimate, as PNG bytes, for staff only (the
 * admin route serves it; no public address ever does).
 * @returns null for anyone but an admin, without an acceptance, or when only a name was typed.
 */
export async function acceptedSignaturePng(
  admin: SessionUser,
  quoteId: string,
): Promise<Buffer | null> {
  const ref = await estimateFor(partyOf(admin), quoteId);
  if (!ref?.staff) return null;
  const [row] = await db
    .select({ png: estimate_acceptances.signature_png })
    .from(estimate_acceptances)
    .where(eq(estimate_acceptances.estimate_id, ref.estimateId));
  return row?.png ?? null;
}
