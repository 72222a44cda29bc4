/**
 * Overdue reminders: a mail 3 and 10 days after an invoice's due date (America/Denver) while it
 * is sent or partly paid, with a fresh private link; payment or void stops them (they are no
 * longer open). Each is claimed once (invoice_reminder_sends) whichever process finds it due, and
 * an invoice first found 10 or more days late gets the 10-day reminder only. Run before each
 * round of the outbox worker (entry.server.tsx).
 */
import { and, inArray, isNotNull, lte, notExists, sql } from "drizzle-orm";
import { invoice_links, invoice_reminder_sends, invoices } from "~/db/schema";
import { OVERDUE_REMINDER_DAYS } from "~/features/catalog/invoice-enums";
import { addDays, denverDate } from "~/lib/dates";
import { db } from "~/lib/db.server";
import { queueMail } from "~/lib/outbox.server";
import { newInvoiceLink, recordInvoiceEvent } from "./invoices.server";
import { overdueReminderMail } from "./mail.server";

const BATCH = 50;

/**
 * Queues the overdue reminders due at `now` (at most 50 per kind a call).
 * @returns how many were queued
 */
export async function queueOverdueReminders(now: Date): Promise<number> {
  const today = denverDate(now);
  let queued = 0;
  const days = [...OVERDUE_REMINDER_DAYS].sort((a, b) => b - a);
  for (const [i, d] of days.entries()) {
    const later = days[i - 1];
    const conditions = [
      inArray(invoices.status, ["sent", "partly_paid"]),
      isNotNull(invoices.sent_at),
      lte(invoices.due_on, addDays(today, -d)),
      notExists(
        db
          .select({ one: sql`1` })
          .from(invoice_reminder_sends)
          .where(
            sql`${invoice_reminder_sends.invoice_id} = ${invoices.id} AND ${invoice_reminder_sends.days_overdue} >= ${d}`,
          ),
      ),
    ];
    // not yet at the next reminder's day: one reminder at a time
    if (later !== undefined) conditions.push(sql`${invoices.due_on} > ${addDays(today, -later)}`);
    const due = await db
      .select()
      .from(invoices)
      .where(and(...conditions))
      .limit(BATCH);
    for (const invoice of due) {
      const sent = await db.transaction(async (tx) => {
        const claimed = await tx
          .insert(invoice_reminder_sends)
          .values({ invoice_id: invoice.id, days_overdue: d, queued_at: now })
          .onConflictDoNothing()
          .returning({ id: invoice_reminder_sends.invoice_id });
        if (claimed.length === 0) return false;
        const link = newInvoiceLink(invoice.id);
        await tx.insert(invoice_links).values(link.row);
        await queueMail(tx, [overdueReminderMail(invoice, d, link.url)]);
        await recordInvoiceEvent(
          tx,
          invoice,
          "reminder",
          `Overdue reminder (${d} days) for ${invoice.number} sent`,
          null,
          null,
          now,
        );
        return true;
      });
      if (sent) queued += 1;
    }
  }
  return queued;
}
