/**
 * The homeowner's answer to an estimate. Accepting is ONE transaction (DESIGN section 4): the
 * acceptance record (option, signer, signature, time, address, agent, consent text, SHA-256 of
 * the version shown), the quote's move to 'approved' with its history row, the cancellation of the
 * follow-ups not sent yet (follow-ups.server.ts), the job (features/jobs,
 * its lines frozen from the accepted option), the homeowner's mail
 * with the signed PDF and the company's alert; the estimate's trigger NOTIFYs the admin pages.
 * The estimate row is locked first, so two tabs or a double click accept once and the second
 * is shown what the first accepted; UNIQUE(estimate_id) holds it even so.
 */
import { eq } from "drizzle-orm";
import {
  estimate_acceptances,
  estimate_declines,
  estimate_versions,
  estimates,
  quote_status_history,
  quotes,
} from "~/db/schema";
import { jobNumberLabel } from "~/features/catalog/jobs";
import { createDepositInvoice, sendInvoice } from "~/features/invoices/invoices.server";
import { jobForAcceptance } from "~/features/jobs/create.server";
import { formatDate } from "~/lib/dates";
import { db } from "~/lib/db.server";
import { isId } from "~/lib/ids";
import { logger } from "~/lib/logger.server";
import { kickOutbox, queueMail } from "~/lib/outbox.server";
import { refusal } from "~/lib/refusal.server";
import {
  type EstimateParty,
  estimateFor,
  estimateQuoteInfo,
  estimateRecord,
  newestSentVersion,
  parseContent,
  recordState,
} from "./access.server";
import { ESIGN_CONSENT_TEXT } from "./consent";
import { sha256Hex } from "./content";
import { estimatePdfFilename, renderEstimatePdf } from "./estimate-pdf.server";
import type { EstimateOutcome } from "./estimates.server";
import { cancelFollowUps } from "./follow-ups.server";
import { estimateAcceptedAlert, estimateAcceptedMail, estimateDeclinedAlert } from "./mail.server";
import { formatUsd } from "./money";
import type { AcceptEstimateInput, DeclineEstimateInput } from "./schemas";
import {
  type ClientInfo,
  signatureImage,
  signerAudit,
  unreadableSignature,
} from "./signing.server";
import { isEstimable } from "./statuses";
import { estimateViewModel, isExpired } from "./view-model";

export type { ClientInfo };

/** What was accepted: returned to the signer, and to a second attempt. */
export interface AcceptedEstimate {
  version: number;
  optionIndex: number;
  optionName: string;
  totalCents: number;
  total: string;
  signerName: string;
  acceptedAt: Date;
}

const NOT_FOUND = refusal(404, "This estimate is not available.");
const SUPERSEDED = refusal(
  409,
  "This estimate has been updated since you opened it. Please review the new version.",
);
const DECLINED = refusal(
  409,
  "You declined this estimate. Contact us if you have changed your mind.",
);
const CLOSED = refusal(
  409,
  "This request is closed and its estimate can no longer be accepted or declined. Please contact us.",
);
const expired = (validUntil: string) =>
  refusal(410, `This estimate expired on ${formatDate(validUntil)}. Contact us for a new one.`);

type Transaction = Parameters<Parameters<typeof db.transaction>[0]>[0];

/** Marks the estimate `status` and cancels its follow-ups: the customer has answered it. */
async function settleEstimate(
  tx: Transaction,
  ref: { estimateId: string; quoteId: string },
  status: "accepted" | "declined",
  now: Date,
): Promise<void> {
  await tx
    .update(estimates)
    .set({ status, updated_at: now })
    .where(eq(estimates.id, ref.estimateId));
  await cancelFollowUps(tx, {
    estimateId: ref.estimateId,
    quoteId: ref.quoteId,
    reason: `the estimate was ${status}`,
    now,
  });
}

/**
 * Locks estimate `estimateId` until transaction `tx` ends (a second accept or decline waits here)
 * and reads, as committed by then, its acceptance and newest sent version.
 */
async function lockEstimate(tx: Transaction, estimateId: string) {
  await tx
    .select({ id: estimates.id })
    .from(estimates)
    .where(eq(estimates.id, estimateId))
    .for("update");
  const [acceptance] = await tx
    .select()
    .from(estimate_acceptances)
    .where(eq(estimate_acceptances.estimate_id, estimateId));
  return { acceptance, newest: await newestSentVersion(estimateId, tx) };
}

const homeowner = (party: EstimateParty) => party.role === "customer" || party.role === "link";

const acceptedSummary = (
  row: typeof estimate_acceptances.$inferSelect,
  version: number,
): AcceptedEstimate => ({
  version,
  optionIndex: row.option_index,
  optionName: row.option_name,
  totalCents: row.total_cents,
  total: formatUsd(row.total_cents),
  signerName: row.signer_name,
  acceptedAt: row.accepted_at,
});

/**
 * Accepts the newest version of the estimate `party` may answer (see `estimateFor`): the quote's
 * owner names it by `quoteId`, a link holder by the link.
 * @param input validated by `acceptEstimateSchema`: the version id and hash the page showed,
 *   the option, the consent, the typed name and an optional drawn signature (PNG data URL)
 * @returns ok with what was accepted (`already` when an earlier request accepted it: two tabs,
 *   a double click); 400 for an unreadable signature or an option the version lacks; 404 for
 *   a party that may not see it; 409 when the version shown was superseded or declined, or the
 *   request was closed; 410 once expired. Nothing is written then.
 * @throws the database's error (nothing is written either).
 */
export async function acceptEstimate(
  party: EstimateParty,
  quoteId: string | undefined,
  input: AcceptEstimateInput,
  client: ClientInfo,
  now: Date = new Date(),
): Promise<EstimateOutcome<{ accepted: AcceptedEstimate; already: boolean }>> {
  if (!homeowner(party)) return NOT_FOUND;
  const ref = await estimateFor(party, quoteId);
  if (!ref) return NOT_FOUND;
  const record = await estimateRecord(ref.estimateId);
  const versionNumber = (id: string) => record.versions.find((v) => v.id === id)?.version ?? 0;
  if (record.acceptance) {
    const accepted = acceptedSummary(
      record.acceptance,
      versionNumber(record.acceptance.version_id),
    );
    return { ok: true, accepted, already: true };
  }
  const version = record.newest;
  if (!version) return NOT_FOUND;
  if (input.versionId !== version.id || input.contentSha256 !== version.content_sha256) {
    return SUPERSEDED;
  }
  if (isExpired(version.valid_until, now)) return expired(version.valid_until);
  if (record.declinedNewest) return DECLINED;
  const content = parseContent(version);
  const option = content.options[input.option - 1];
  if (!option) {
    return {
      ok: false,
      status: 400,
      message: "Choose an option.",
      fieldErrors: { option: ["Choose one of the options shown"] },
    };
  }
  const signature = await signatureImage(input.signature);
  if (signature === undefined) return unreadableSignature();
  const quote = await estimateQuoteInfo(ref.quoteId);
  if (!quote || !isEstimable(quote.status)) return CLOSED;

  // the signed PDF is drawn before the transaction (a PGlite transaction stops every other query)
  const acceptedAt = now;
  const signedView = estimateViewModel(
    content,
    {
      status: "accepted",
      contentSha256: version.content_sha256,
      acceptance: {
        optionIndex: input.option,
        signerName: input.signerName,
        signaturePng: signature,
        acceptedAt,
        contentSha256: version.content_sha256 as string,
      },
      decline: null,
    },
    now,
  );
  const pdf = await renderEstimatePdf(signedView);
  const historyNote = `Estimate v${version.version} accepted: ${option.name}, ${formatUsd(option.totals.totalCents)}`;

  let depositInvoiceId: string | null = null;
  const outcome = await db.transaction(
    async (tx): Promise<EstimateOutcome<{ accepted: AcceptedEstimate; already: boolean }>> => {
      const locked = await lockEstimate(tx, ref.estimateId);
      if (locked.acceptance) {
        const earlier = locked.acceptance;
        const [v] = await tx
          .select({ version: estimate_versions.version })
          .from(estimate_versions)
          .where(eq(estimate_versions.id, earlier.version_id));
        return { ok: true, accepted: acceptedSummary(earlier, v?.version ?? 0), already: true };
      }
      const newest = locked.newest;
      if (newest?.id !== version.id || newest.content_sha256 !== version.content_sha256) {
        return SUPERSEDED;
      }
      const [declined] = await tx
        .select({ id: estimate_declines.id })
        .from(estimate_declines)
        .where(eq(estimate_declines.version_id, version.id));
      if (declined) return DECLINED;
      const [current] = await tx
        .select({ status: quotes.current_status })
        .from(quotes)
        .where(eq(quotes.id, ref.quoteId))
        .for("update");
      if (!current || !isEstimable(current.status)) {
        return CLOSED;
      }
      const [row] = await tx
        .insert(estimate_acceptances)
        .values({
          estimate_id: ref.estimateId,
          version_id: version.id,
          content_sha256: version.content_sha256 as string,
          option_index: input.option,
          option_name: option.name,
          total_cents: option.totals.totalCents,
          signer_name: input.signerName,
          signature_png: signature,
          accepted_by: party.role === "customer" ? party.userId : null,
          accepted_at: acceptedAt,
          ...signerAudit(client),
          consent_text: ESIGN_CONSENT_TEXT,
        })
        .returning();
      await settleEstimate(tx, ref, "accepted", now);
      if (current.status !== "approved") {
        await tx
          .update(quotes)
          .set({ current_status: "approved" })
          .where(eq(quotes.id, ref.quoteId));
      }
      const job = await jobForAcceptance(tx, {
        quoteId: ref.quoteId,
        service: quote.service,
        acceptanceId: (row as typeof estimate_acceptances.$inferSelect).id,
        optionName: option.name,
        totalCents: option.totals.totalCents,
        lines: option.lines,
        createdBy: party.role === "customer" ? party.userId : null,
        note: `Made from the acceptance of estimate v${version.version}: ${option.name}`,
        now,
      });
      await tx.insert(quote_status_history).values({
        quote_id: ref.quoteId,
        status: "approved",
        changed_by: party.role === "customer" ? party.userId : null,
        notes: `${historyNote}; job ${jobNumberLabel(job.number)}`,
        created_at: now,
      });
      const deposit = await createDepositInvoice(
        tx,
        ref.quoteId,
        { name: option.name, totalCents: option.totals.totalCents },
        party.role === "customer" ? party.userId : null,
        now,
      );
      depositInvoiceId = deposit?.id ?? null;
      await queueMail(tx, [
        estimateAcceptedMail(quote, signedView, {
          filename: estimatePdfFilename(signedView),
          contentType: "application/pdf",
          content: pdf,
        }),
        estimateAcceptedAlert(ref.quoteId, signedView),
      ]);
      return {
        ok: true,
        accepted: acceptedSummary(row as typeof estimate_acceptances.$inferSelect, version.version),
        already: false,
      };
    },
  );
  if (outcome.ok && !outcome.already) kickOutbox();
  if (outcome.ok && depositInvoiceId) {
    // the invoice exists with the acceptance; its mail (PDF drawn now that it has a number) may
    // fail on its own: staff then send it from the quote's page
    await sendInvoice(depositInvoiceId, null, now).catch((error: unknown) => {
      logger().error({ err: error, invoiceId: depositInvoiceId }, "deposit invoice not sent");
    });
  }
  return outcome;
}

/**
 * Declines the newest version of the estimate `party` may answer, with an optional reason: the
 * record and the company's alert in one transaction; the quote's status is left to staff.
 * Declining twice records one decline.
 * @returns ok (`already` for a repeat); 404 for a party that may not see it; 409 once accepted,
 *   when the version shown was superseded or the request is closed; 410 once expired.
 */
export async function declineEstimate(
  party: EstimateParty,
  quoteId: string | undefined,
  input: DeclineEstimateInput,
  client: ClientInfo,
  now: Date = new Date(),
): Promise<EstimateOutcome<{ already: boolean }>> {
  if (!homeowner(party)) return NOT_FOUND;
  const ref = await estimateFor(party, quoteId);
  if (!ref) return NOT_FOUND;
  const record = await estimateRecord(ref.estimateId);
  const version = record.newest;
  if (!version) return NOT_FOUND;
  if (record.acceptance) {
    return { ok: false, status: 409, message: "This estimate was already accepted." };
  }
  if (input.versionId !== version.id || input.contentSha256 !== version.content_sha256) {
    return SUPERSEDED;
  }
  if (record.declinedNewest) return { ok: true, already: true };
  if (isExpired(version.valid_until, now)) return expired(version.valid_until);
  // a closed request (rejected, completed, archived) takes no answer, as for accepting
  const quote = await estimateQuoteInfo(ref.quoteId);
  if (!quote || !isEstimable(quote.status)) return CLOSED;
  const content = parseContent(version);
  const reason = input.reason?.trim() || null;
  const outcome = await db.transaction(
    async (tx): Promise<EstimateOutcome<{ already: boolean }>> => {
      const locked = await lockEstimate(tx, ref.estimateId);
      if (locked.acceptance) {
        return { ok: false, status: 409, message: "This estimate was already accepted." };
      }
      if (locked.newest?.id !== version.id) return SUPERSEDED;
      const inserted = await tx
        .insert(estimate_declines)
        .values({
          estimate_id: ref.estimateId,
          version_id: version.id,
          reason,
          declined_by: party.role === "customer" ? party.userId : null,
          declined_at: now,
          ...signerAudit(client),
        })
        .onConflictDoNothing({ target: estimate_declines.version_id })
        .returning({ id: estimate_declines.id });
      if (inserted.length === 0) return { ok: true, already: true };
      await settleEstimate(tx, ref, "declined", now);
      await queueMail(tx, [estimateDeclinedAlert(ref.quoteId, content, reason)]);
      return { ok: true, already: false };
    },
  );
  if (outcome.ok && !outcome.already) kickOutbox();
  return outcome;
}

/**
 * The estimate as a PDF for `party`: the homeowner gets the newest sent version (signed, once
 * accepted), while it is open or after acceptance; an admin gets version `version` (default: the
 * newest, draft included).
 * @returns the file name and bytes, or null when `party` may not see it or it expired.
 */
export async function estimatePdf(
  party: EstimateParty,
  options: { quoteId?: string; version?: number } = {},
  now: Date = new Date(),
): Promise<{ filename: string; pdf: Buffer } | null> {
  const ref = await estimateFor(party, options.quoteId);
  if (!ref) return null;
  const record = await estimateRecord(ref.estimateId);
  const version = ref.staff
    ? options.version === undefined
      ? record.versions[0]
      : record.versions.find((v) => v.version === options.version)
    : record.newest;
  if (!version) return null;
  if (!ref.staff && !record.acceptance && isExpired(version.valid_until, now)) return null;
  const view = estimateViewModel(parseContent(version), recordState(record, version), now);
  return { filename: estimatePdfFilename(view), pdf: await renderEstimatePdf(view) };
}

/**
 * Checks a sent version against its stored hash, and its acceptance (if any) against both: the
 * proof that a signed version never changed.
 * @returns null for an unknown or unsent version.
 */
export async function verifyEstimateVersion(versionId: string): Promise<{
  storedSha256: string;
  computedSha256: string;
  intact: boolean;
  /** the acceptance's hash equals the version's (null: not the accepted version) */
  acceptanceMatches: boolean | null;
} | null> {
  if (!isId(versionId)) return null;
  const [row] = await db
    .select({
      content: estimate_versions.content,
      stored: estimate_versions.content_sha256,
      accepted: estimate_acceptances.content_sha256,
    })
    .from(estimate_versions)
    .leftJoin(estimate_acceptances, eq(estimate_acceptances.version_id, estimate_versions.id))
    .where(eq(estimate_versions.id, versionId));
  if (!row?.stored) return null;
  const computedSha256 = sha256Hex(row.content);
  return {
    storedSha256: row.stored,
    computedSha256,
    intact: computedSha256 === row.stored,
    acceptanceMatches: row.accepted === null ? null : row.accepted === computedSha256,
  };
}
