/**
 * Changing a quote's status (admin): one transaction updates current_status, appends the history
 * row (who, notes) and queues the requester's mail with a fresh status link (DESIGN section 4).
 */
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import {
  estimates,
  mail_outbox,
  quote_status_history,
  quote_status_links,
  quotes,
} from "~/db/schema";
import { quoteStatus } from "~/features/catalog/enums";
import { quoteTextNumber } from "~/features/messages/consent.server";
import { nextTextingTime } from "~/features/messages/quiet-hours";
import { requestReview } from "~/features/messages/review-requests.server";
import { db } from "~/lib/db.server";
import { isId } from "~/lib/ids";
import { kickOutbox, type OutboxMessage, outboxRows } from "~/lib/outbox.server";
import { statusChangeMail, statusChangeText } from "./quote-mail.server";
import type { QuoteStatus } from "./reference";
import { canTransition, estimateStage } from "./status";
import { newStatusLink } from "./status-link.server";

/** The Change status form: the new status, the status the admin saw, optional notes. */
export const statusChangeSchema = z.object({
  status: z.enum(quoteStatus.values, { error: "Choose a new status" }),
  expectedStatus: z.enum(quoteStatus.values, { error: "Reload the page and try again" }),
  notes: z
    .string()
    .trim()
    .max(2000, "Notes can be at most 2000 characters")
    .optional()
    .transform((v) => v || null),
});

export const STALE_STATUS_MESSAGE = "This quote was changed by someone else; reload to see it";

export type StatusChangeOutcome =
  | { ok: true }
  | { ok: false; status: 400 | 404 | 409; message: string };

class StaleStatus extends Error {}

type Transaction = Parameters<Parameters<typeof db.transaction>[0]>[0];

/**
 * Inside transaction `tx`: moves quote `quoteId` from `from` to `to` if it is still in `from`,
 * appends the history row and queues the requester's status mail with a fresh status link (the
 * same three writes as a change by hand), and a text with the link when the request's number has
 * consent (features/messages; held to 08:00-21:00 Utah time from `now`). The caller checks the move is allowed and kicks the
 * outbox after its commit.
 * @returns false (nothing written) when the quote is not in `from` (or does not exist)
 */
export async function moveQuoteStatus(
  tx: Transaction,
  quoteId: string,
  from: QuoteStatus,
  to: QuoteStatus,
  by: { changedBy: string | null; notes: string | null },
  now: Date = new Date(),
): Promise<boolean> {
  const [quote] = await tx
    .update(quotes)
    .set({ current_status: to })
    .where(and(eq(quotes.id, quoteId), eq(quotes.current_status, from)))
    .returning({
      id: quotes.id,
      service: quotes.service,
      contact_email: quotes.contact_email,
      contact_first_name: quotes.contact_first_name,
    });
  if (!quote) return false;
  const [estimate] = await tx
    .select({ status: estimates.status })
    .from(estimates)
    .where(eq(estimates.quote_id, quote.id))
    .limit(1);
  const link = newStatusLink(quote.id);
  await tx.insert(quote_status_history).values({
    quote_id: quote.id,
    status: to,
    changed_by: by.changedBy,
    notes: by.notes,
  });
  await tx.insert(quote_status_links).values(link.row);
  const messages: OutboxMessage[] = [
    statusChangeMail(quote, to, link.url, estimateStage(estimate?.status)),
  ];
  // and a text to the request's number while its owner agrees (STOP ends it), held to 08:00-21:00
  const number = await quoteTextNumber(quote.id, tx);
  if (number) {
    messages.push({
      kind: "status_change",
      channel: "sms",
      quoteId: quote.id,
      to: number,
      subject: "",
      text: statusChangeText(quote.id, to, link.url),
      notBefore: nextTextingTime(now),
    });
  }
  await tx.insert(mail_outbox).values(outboxRows(messages));
  // every customer, not only the happy ones, is asked once for a review (by staff or by the job)
  if (to === "completed") await requestReview(tx, { quoteId: quote.id });
  return true;
}

/**
 * Moves quote `quoteId` from `expectedStatus` (what the admin saw) to `status`, on behalf of
 * admin `changedBy`. Applies only if the quote is still in `expectedStatus` (optimistic
 * concurrency: of two admins acting at once, one succeeds and the other gets 409).
 * @returns 400 for a transition STATUS_TRANSITIONS does not allow, 404 for an unknown quote,
 *   409 when the status changed meanwhile; nothing is written then.
 */
export async function changeQuoteStatus(
  quoteId: string,
  change: { status: QuoteStatus; expectedStatus: QuoteStatus; notes: string | null },
  changedBy: string,
  now: Date = new Date(),
): Promise<StatusChangeOutcome> {
  if (!isId(quoteId)) return { ok: false, status: 404, message: "No such quote." };
  if (!canTransition(change.expectedStatus, change.status)) {
    return {
      ok: false,
      status: 400,
      message: `A quote that is ${quoteStatus.label(change.expectedStatus)} cannot become ${quoteStatus.label(change.status)}.`,
    };
  }
  try {
    await db.transaction(async (tx) => {
      const moved = await moveQuoteStatus(
        tx,
        quoteId,
        change.expectedStatus,
        change.status,
        { changedBy, notes: change.notes },
        now,
      );
      if (!moved) throw new StaleStatus();
    });
  } catch (error) {
    if (!(error instanceof StaleStatus)) throw error;
    const [exists] = await db
      .select({ id: quotes.id })
      .from(quotes)
      .where(eq(quotes.id, quoteId))
      .limit(1);
    return exists
      ? { ok: false, status: 409, message: STALE_STATUS_MESSAGE }
      : { ok: false, status: 404, message: "No such quote." };
  }
  kickOutbox();
  return { ok: true };
}
