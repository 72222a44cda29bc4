/**
 * Staff's side of an estimate (admin only; routes guard with requireAdmin and pass the admin as
 * an EstimateParty): the editor's draft, sending (which freezes a version), and the full record.
 * Totals are computed here, on the server only (content.ts, money.ts); the browser never sends
 * an amount that is trusted.
 */
import { and, eq, inArray, isNull, max } from "drizzle-orm";
import { estimate_links, estimate_versions, estimates, price_book_items } from "~/db/schema";
import { quoteStatus } from "~/features/catalog/enums";
import type { EstimateStatus } from "~/features/catalog/estimate-enums";
import { denverDate, formatDate } from "~/lib/dates";
import { db } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { isId } from "~/lib/ids";
import { kickOutbox, queueMail } from "~/lib/outbox.server";
import { refusal } from "~/lib/refusal.server";
import {
  type EstimateParty,
  estimateQuoteInfo,
  estimateRecord,
  newEstimateLink,
  parseContent,
  recordState,
} from "./access.server";
import { DEFAULT_TERMS } from "./consent";
import {
  draftOf,
  type EstimateDraft,
  type EstimateLine,
  estimateContent,
  serializeContent,
  sha256Hex,
} from "./content";
import { planFollowUps } from "./follow-ups.server";
import { estimateSentMail } from "./mail.server";
import { activePriceBookItems } from "./price-book.server";
import { isSamplePrice, withoutSampleNote } from "./sample-prices";
import type { EstimateDraftInput } from "./schemas";
import { isEstimable } from "./statuses";
import { defaultValidUntil, type EstimateViewModel, estimateViewModel } from "./view-model";

export type EstimateOutcome<T = object> =
  | ({ ok: true } & T)
  | {
      ok: false;
      status: 400 | 403 | 404 | 409 | 410;
      message: string;
      /** messages by form field path, e.g. "options[0].lines[2].priceBookItemId" */
      fieldErrors?: Record<string, string[]>;
    };

const NOT_FOUND = refusal(404, "No such quote.");
const STAFF_ONLY = refusal(403, "Only staff can change an estimate.");
const ACCEPTED = refusal(409, "This estimate was accepted and signed; it can no longer change.");

/** A new estimate's starting point: one empty option, ESTIMATE_TAX_RATE, standard terms, 30 days. */
export function newEstimateDefaults(now: Date = new Date()): EstimateDraft {
  return {
    options: [{ name: "Recommended", lines: [] }],
    discount: { kind: "none" },
    taxRateBasisPoints: env().estimateTaxRateBasisPoints,
    terms: DEFAULT_TERMS,
    validUntil: defaultValidUntil(now),
  };
}

/**
 * The lines of `input` with price book items filled in: a line naming an item and leaving out
 * its name or price takes every untyped field (and its taxability) from the item.
 */
async function resolveDraft(
  input: EstimateDraftInput,
  now: Date,
): Promise<{ draft: EstimateDraft } | { fieldErrors: Record<string, string[]> }> {
  const ids = input.options.flatMap((o) =>
    o.lines.flatMap((l) => (l.priceBookItemId ? [l.priceBookItemId] : [])),
  );
  const items = await activePriceBookItems([...new Set(ids)]);
  const fieldErrors: Record<string, string[]> = {};
  const options = input.options.map((option, i) => ({
    name: option.name,
    lines: option.lines.map((line, j): EstimateLine => {
      const typed = line.name !== undefined && line.unitPrice !== undefined;
      const item = line.priceBookItemId ? items.get(line.priceBookItemId) : undefined;
      if (!typed && !item) {
        fieldErrors[`options[${i}].lines[${j}].priceBookItemId`] = [
          "This item is no longer in the price book: choose another or type the line",
        ];
      }
      return {
        priceBookItemId: line.priceBookItemId ?? null,
        name: line.name ?? item?.name ?? "",
        description: line.description ?? (typed ? "" : withoutSampleNote(item?.description ?? "")),
        unit: line.unit ?? item?.unit ?? "each",
        quantityThousandths: line.quantity,
        unitPriceCents: line.unitPrice ?? item?.unit_price_cents ?? 0,
        taxable: typed ? line.taxable : (item?.taxable ?? false),
      };
    }),
  }));
  if (input.validUntil && input.validUntil < denverDate(now)) {
    fieldErrors.validUntil = ["Choose today or a later date"];
  }
  if (Object.keys(fieldErrors).length > 0) return { fieldErrors };
  return {
    draft: {
      options,
      discount: input.discount,
      taxRateBasisPoints: input.taxRate ?? env().estimateTaxRateBasisPoints,
      terms: input.terms ?? DEFAULT_TERMS,
      validUntil: input.validUntil ?? defaultValidUntil(now),
    },
  };
}

/**
 * Saves the draft of quote `quoteId`'s estimate (creating the estimate on first save), priced on
 * the server. A sent estimate keeps its sent versions: the draft becomes the next version when
 * sent, and until then the version sent last can still be accepted.
 * @param input validated by `estimateDraftSchema`
 * @returns the estimate and the draft's version number; 400 with `fieldErrors` (a retired price
 *   book item, a past date), 403 for anyone but an admin, 404 for an unknown quote, 409 once
 *   accepted. Nothing is written on failure.
 */
export async function saveEstimateDraft(
  party: EstimateParty,
  quoteId: string,
  input: EstimateDraftInput,
  now: Date = new Date(),
): Promise<EstimateOutcome<{ estimateId: string; version: number }>> {
  if (party.role !== "admin") return STAFF_ONLY;
  if (!isId(quoteId)) return NOT_FOUND;
  const quote = await estimateQuoteInfo(quoteId);
  if (!quote) return NOT_FOUND;
  const resolved = await resolveDraft(input, now);
  if ("fieldErrors" in resolved) {
    return {
      ok: false,
      status: 400,
      message: "Please correct the highlighted fields.",
      fieldErrors: resolved.fieldErrors,
    };
  }
  return db.transaction(async (tx) => {
    await tx
      .insert(estimates)
      .values({ quote_id: quoteId, created_by: party.userId })
      .onConflictDoNothing({ target: estimates.quote_id });
    const [estimate] = await tx
      .select({ id: estimates.id, status: estimates.status })
      .from(estimates)
      .where(eq(estimates.quote_id, quoteId))
      .for("update");
    if (!estimate) throw new Error("estimate row missing after insert");
    if (estimate.status === "accepted") return ACCEPTED;
    const [draftRow] = await tx
      .select({ id: estimate_versions.id, version: estimate_versions.version })
      .from(estimate_versions)
      .where(
        and(eq(estimate_versions.estimate_id, estimate.id), isNull(estimate_versions.sent_at)),
      );
    const [{ newest } = { newest: null }] = await tx
      .select({ newest: max(estimate_versions.version) })
      .from(estimate_versions)
      .where(eq(estimate_versions.estimate_id, estimate.id));
    const version = draftRow?.version ?? (newest ?? 0) + 1;
    const content = serializeContent(estimateContent(resolved.draft, quote, version, null));
    if (draftRow) {
      await tx
        .update(estimate_versions)
        .set({ content, valid_until: resolved.draft.validUntil, updated_at: now })
        .where(eq(estimate_versions.id, draftRow.id));
    } else {
      await tx.insert(estimate_versions).values({
        estimate_id: estimate.id,
        version,
        content,
        valid_until: resolved.draft.validUntil,
      });
    }
    await tx.update(estimates).set({ updated_at: now }).where(eq(estimates.id, estimate.id));
    return { ok: true as const, estimateId: estimate.id, version };
  });
}

/**
 * The lines of a builder post that still come from a sample price book item (its description
 * still carries the sample note, sample-prices.ts; retired items count too), as "Option 1, line
 * 2: Passive radon vent system" (the typed name, else the item's), in the form's order.
 * @param input a post validated by `estimateDraftSchema`, or a saved draft
 */
export async function sampleLinesOf(input: {
  options: { lines: { priceBookItemId?: string | null; name?: string }[] }[];
}): Promise<string[]> {
  const ids = [
    ...new Set(input.options.flatMap((o) => o.lines.flatMap((l) => l.priceBookItemId ?? []))),
  ];
  if (ids.length === 0) return [];
  const items = await db
    .select({
      id: price_book_items.id,
      name: price_book_items.name,
      description: price_book_items.description,
    })
    .from(price_book_items)
    .where(inArray(price_book_items.id, ids));
  const samples = new Map(
    items.filter((i) => isSamplePrice(i.description)).map((i) => [i.id, i.name]),
  );
  return input.options.flatMap((option, i) =>
    option.lines.flatMap((line, j) => {
      const sample = line.priceBookItemId ? samples.get(line.priceBookItemId) : undefined;
      return sample === undefined ? [] : [`Option ${i + 1}, line ${j + 1}: ${line.name ?? sample}`];
    }),
  );
}

/**
 * Sends the draft of quote `quoteId`'s estimate: freezes it as the newest version (content with
 * the request's current details and the time, its SHA-256; a trigger refuses any later change),
 * supersedes every earlier version, and queues the requester's mail with a fresh link
 * (/estimates/{token}) and plans its two follow-ups (follow-ups.server.ts, cancelling those of
 * the earlier version) in the same transaction.
 * @returns the version sent and the link (for tests; the mail carries it); 400 when the draft's
 *   valid-until day has passed, 403 for anyone but an admin, 404 without a quote or estimate,
 *   409 when there is no draft to send, the estimate was accepted, or the request is no longer
 *   pending or approved. Nothing is written on failure.
 */
export async function sendEstimate(
  party: EstimateParty,
  quoteId: string,
  now: Date = new Date(),
): Promise<EstimateOutcome<{ version: number; url: string }>> {
  if (party.role !== "admin") return STAFF_ONLY;
  if (!isId(quoteId)) return NOT_FOUND;
  const outcome = await db.transaction(
    async (tx): Promise<EstimateOutcome<{ version: number; url: string }>> => {
      const [estimate] = await tx
        .select({ id: estimates.id, status: estimates.status })
        .from(estimates)
        .where(eq(estimates.quote_id, quoteId))
        .for("update");
      if (!estimate) return { ok: false, status: 404, message: "There is no estimate to send." };
      if (estimate.status === "accepted") return ACCEPTED;
      const [draftRow] = await tx
        .select()
        .from(estimate_versions)
        .where(
          and(eq(estimate_versions.estimate_id, estimate.id), isNull(estimate_versions.sent_at)),
        );
      if (!draftRow) {
        return {
          ok: false,
          status: 409,
          message: "Nothing new to send: the estimate has not changed since it was last sent.",
        };
      }
      const quote = await estimateQuoteInfo(quoteId, tx);
      if (!quote) return NOT_FOUND;
      if (!isEstimable(quote.status)) {
        return {
          ok: false,
          status: 409,
          message: `This request is ${quoteStatus.label(quote.status)}: an estimate can be sent only for a pending or approved request.`,
        };
      }
      const draft = draftOf(parseContent(draftRow));
      if (draft.validUntil < denverDate(now)) {
        return {
          ok: false,
          status: 400,
          message: "The valid-until date has passed: choose a later date and save first.",
        };
      }
      const content = estimateContent(draft, quote, draftRow.version, now);
      const text = serializeContent(content);
      await tx
        .update(estimate_versions)
        .set({ content: text, content_sha256: sha256Hex(text), sent_at: now, updated_at: now })
        .where(eq(estimate_versions.id, draftRow.id));
      await tx
        .update(estimates)
        .set({ status: "sent", updated_at: now })
        .where(eq(estimates.id, estimate.id));
      const link = newEstimateLink(estimate.id);
      await tx.insert(estimate_links).values(link.row);
      await queueMail(tx, [
        estimateSentMail(quote, content, formatDate(content.validUntil), link.url),
      ]);
      await planFollowUps(tx, {
        estimateId: estimate.id,
        quoteId,
        versionId: draftRow.id,
        validUntil: content.validUntil,
        sentAt: now,
      });
      return { ok: true, version: draftRow.version, url: link.url };
    },
  );
  if (outcome.ok) kickOutbox();
  return outcome;
}

export interface AdminEstimateVersion {
  id: string;
  version: number;
  sentAt: Date | null;
  firstViewedAt: Date | null;
  contentSha256: string | null;
  /** the stored hash matches the stored content (always true unless the database was tampered with) */
  intact: boolean;
  view: EstimateViewModel;
  /** the version as an editable draft (the editor starts the next version from the newest) */
  input: EstimateDraft;
}

export interface AdminEstimate {
  estimateId: string;
  status: EstimateStatus;
  createdAt: Date;
  firstViewedAt: Date | null;
  /** the editable draft (unsent changes), if any */
  draft: { version: number; input: EstimateDraft; view: EstimateViewModel } | null;
  /** sent versions, newest first */
  versions: AdminEstimateVersion[];
  /** the audit record of the signature */
  acceptance: {
    version: number;
    optionIndex: number;
    optionName: string;
    totalCents: number;
    signerName: string;
    signatureDataUrl: string | null;
    acceptedAt: Date;
    acceptedBy: string | null;
    clientIp: string;
    userAgent: string;
    consentText: string;
    contentSha256: string;
  } | null;
  declines: {
    version: number;
    reason: string | null;
    declinedAt: Date;
    clientIp: string;
    userAgent: string;
  }[];
}

/**
 * Quote `quoteId`'s estimate as staff see it: the draft, every sent version (with its hash
 * checked), the acceptance's audit record and the declines.
 * @returns null for anyone but an admin, and when the quote has no estimate yet.
 */
export async function estimateForAdmin(
  party: EstimateParty,
  quoteId: string,
  now: Date = new Date(),
): Promise<AdminEstimate | null> {
  if (party.role !== "admin" || !isId(quoteId)) return null;
  const [estimate] = await db
    .select({ id: estimates.id })
    .from(estimates)
    .where(eq(estimates.quote_id, quoteId));
  if (!estimate) return null;
  const record = await estimateRecord(estimate.id);
  const versionNumber = new Map(record.versions.map((v) => [v.id, v.version]));
  const draftRow = record.versions.find((v) => v.sent_at === null);
  const acceptance = record.acceptance;
  return {
    estimateId: estimate.id,
    status: record.status,
    createdAt: record.createdAt,
    firstViewedAt: record.firstViewedAt,
    draft: draftRow
      ? {
          version: draftRow.version,
          input: draftOf(parseContent(draftRow)),
          view: estimateViewModel(parseContent(draftRow), recordState(record, draftRow), now),
        }
      : null,
    versions: record.versions
      .filter((v) => v.sent_at !== null)
      .map((v) => ({
        id: v.id,
        version: v.version,
        sentAt: v.sent_at,
        firstViewedAt: v.first_viewed_at,
        contentSha256: v.content_sha256,
        intact: sha256Hex(v.content) === v.content_sha256,
        view: estimateViewModel(parseContent(v), recordState(record, v), now),
        input: draftOf(parseContent(v)),
      })),
    acceptance: acceptance
      ? {
          version: versionNumber.get(acceptance.version_id) ?? 0,
          optionIndex: acceptance.option_index,
          optionName: acceptance.option_name,
          totalCents: acceptance.total_cents,
          signerName: acceptance.signer_name,
          signatureDataUrl: acceptance.signature_png
            ? `data:image/png;base64,${acceptance.signature_png.toString("base64")}`
            : null,
          acceptedAt: acceptance.accepted_at,
          acceptedBy: acceptance.accepted_by,
          clientIp: acceptance.client_ip,
          userAgent: acceptance.user_agent,
          consentText: acceptance.consent_text,
          contentSha256: acceptance.content_sha256,
        }
      : null,
    declines: record.declines.map((d) => ({
      version: versionNumber.get(d.version_id) ?? 0,
      reason: d.reason,
      declinedAt: d.declined_at,
      clientIp: d.client_ip,
      userAgent: d.user_agent,
    })),
  };
}
