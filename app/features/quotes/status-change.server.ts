/**
 * Changing a quote's status (admin): one transaction updates current_status, appends the history
 * row (who, notes) and queues the requester's mail with a fresh status link (DESIGN section 4).
 */
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { mail_outbox, quote_status_history, quote_status_links, quotes } from "~/db/schema";
import { quoteStatus } from "~/features/catalog/enums";
import { db } from "~/lib/db.server";
import { kickOutbox, outboxRows } from "~/lib/outbox.server";
import { statusChangeMail } from "./quote-mail.server";
import type { QuoteStatus } from "./reference";
import { canTransition } from "./status";
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
): Promise<StatusChangeOutcome> {
  if (!z.uuid().safeParse(quoteId).success)
    return { ok: false, status: 404, message: "No such quote." };
  if (!canTransition(change.expectedStatus, change.status)) {
    return {
      ok: false,
      status: 400,
      message: `A quote that is ${quoteStatus.label(change.expectedStatus)} cannot become ${quoteStatus.label(change.status)}.`,
    };
  }
  try {
    await db.transaction(async (tx) => {
      const [quote] = await tx
        .update(quotes)
        .set({ current_status: change.status })
        .where(and(eq(quotes.id, quoteId), eq(quotes.current_status, change.expectedStatus)))
        .returning({
          id: quotes.id,
          service: quotes.service,
          contact_email: quotes.contact_email,
          contact_first_name: quotes.contact_first_name,
        });
      if (!quote) throw new StaleStatus();
      const link = newStatusLink(quote.id);
      await tx.insert(quote_status_history).values({
        quote_id: quote.id,
        status: change.status,
        changed_by: changedBy,
        notes: change.notes,
      });
      await tx.insert(quote_status_links).values(link.row);
      await tx
        .insert(mail_outbox)
        .values(outboxRows([statusChangeMail(quote, change.status, link.url)]));
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
