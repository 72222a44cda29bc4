/**
 * Payments flagged to staff (Stripe reported another amount than asked, money on a void invoice,
 * more than the balance): the list staff work through at /admin/invoices/flags, and marking one
 * reviewed with a note of what was done, written to the invoice's events and the quote's history.
 */
import { and, asc, count, desc, eq, isNotNull, isNull } from "drizzle-orm";
import { invoices, payments, user } from "~/db/schema";
import { MAX_REVIEW_NOTE_LENGTH, paymentMethod } from "~/features/catalog/invoice-enums";
import { formatDate, formatDateTime } from "~/lib/dates";
import { db } from "~/lib/db.server";
import { isId } from "~/lib/ids";
import { type InvoiceOutcome, recordInvoiceEvent } from "./invoices.server";
import { formatCents } from "./money";

/** A flagged payment as the screen shows it. */
export interface FlaggedPayment {
  id: string;
  invoiceNumber: string;
  quoteId: string | null;
  customer: string;
  method: string;
  amount: string;
  requested: string | null;
  receivedOn: string;
  flag: string;
  reviewed: { at: string; by: string | null; note: string } | null;
}

/**
 * The flagged payments: those still to review (oldest first), then the `reviewedLimit` reviewed
 * most recently.
 */
export async function flaggedPayments(
  reviewedLimit = 20,
): Promise<{ open: FlaggedPayment[]; reviewed: FlaggedPayment[] }> {
  const columns = {
    id: payments.id,
    number: invoices.number,
    quoteId: invoices.quote_id,
    customer: invoices.customer_name,
    method: payments.method,
    amount: payments.amount_cents,
    requested: payments.requested_cents,
    receivedOn: payments.received_on,
    flag: payments.flag,
    reviewedAt: payments.flag_reviewed_at,
    reviewer: user.name,
    note: payments.flag_review_note,
  };
  const base = () =>
    db
      .select(columns)
      .from(payments)
      .innerJoin(invoices, eq(invoices.id, payments.invoice_id))
      .leftJoin(user, eq(user.id, payments.flag_reviewed_by));
  const [open, reviewed] = await Promise.all([
    base()
      .where(and(isNotNull(payments.flag), isNull(payments.flag_reviewed_at)))
      .orderBy(asc(payments.created_at), asc(payments.id)),
    base()
      .where(and(isNotNull(payments.flag), isNotNull(payments.flag_reviewed_at)))
      .orderBy(desc(payments.flag_reviewed_at))
      .limit(reviewedLimit),
  ]);
  const shown = (r: (typeof open)[number]): FlaggedPayment => ({
    id: r.id,
    invoiceNumber: r.number,
    quoteId: r.quoteId,
    customer: r.customer,
    method: paymentMethod.label(r.method),
    amount: formatCents(r.amount),
    requested: r.requested === null ? null : formatCents(r.requested),
    receivedOn: formatDate(r.receivedOn),
    flag: r.flag ?? "",
    reviewed: r.reviewedAt
      ? { at: formatDateTime(r.reviewedAt), by: r.reviewer, note: r.note ?? "" }
      : null,
  });
  return { open: open.map(shown), reviewed: reviewed.map(shown) };
}

/** How many flagged payments are still to review (the invoices page's link). */
export async function openFlagCount(): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(payments)
    .where(and(isNotNull(payments.flag), isNull(payments.flag_reviewed_at)));
  return row?.n ?? 0;
}

/**
 * Marks payment `paymentId`'s flag reviewed by staff member `by` with `note` (what was done, e.g.
 * "refunded $10.00"): in one transaction with an invoice event and a quote history row. Twice at
 * once: one wins, the other is told.
 * @returns ok with the invoice number; 400 an empty or too long note; 404 no flagged payment;
 *   409 already reviewed
 */
export async function reviewPaymentFlag(
  paymentId: string,
  note: string,
  by: string,
  now: Date = new Date(),
): Promise<InvoiceOutcome<{ invoiceNumber: string }>> {
  const text = note.trim();
  if (text === "") {
    return { ok: false, status: 400, message: "Enter a note: what was done about this payment." };
  }
  if (text.length > MAX_REVIEW_NOTE_LENGTH) {
    return {
      ok: false,
      status: 400,
      message: `Please keep the note under ${MAX_REVIEW_NOTE_LENGTH} characters.`,
    };
  }
  const missing = {
    ok: false,
    status: 404,
    message: "This flagged payment was not found.",
  } as const;
  if (!isId(paymentId)) return missing;
  return db.transaction(async (tx) => {
    const [marked] = await tx
      .update(payments)
      .set({ flag_reviewed_at: now, flag_reviewed_by: by, flag_review_note: text, updated_at: now })
      .where(
        and(
          eq(payments.id, paymentId),
          isNotNull(payments.flag),
          isNull(payments.flag_reviewed_at),
        ),
      )
      .returning({ invoiceId: payments.invoice_id, amount: payments.amount_cents });
    if (!marked) {
      const [row] = await tx
        .select({ reviewed: payments.flag_reviewed_at })
        .from(payments)
        .where(and(eq(payments.id, paymentId), isNotNull(payments.flag)));
      if (!row) return missing;
      return { ok: false, status: 409, message: "This payment was already marked reviewed." };
    }
    const [invoice] = await tx
      .select({ id: invoices.id, quote_id: invoices.quote_id, number: invoices.number })
      .from(invoices)
      .where(eq(invoices.id, marked.invoiceId));
    if (!invoice) throw new Error("payment without its invoice");
    await recordInvoiceEvent(
      tx,
      invoice,
      "flag_reviewed",
      `Flagged payment of ${formatCents(marked.amount)} on ${invoice.number} reviewed: ${text}`,
      null,
      by,
      now,
    );
    return { ok: true, invoiceNumber: invoice.number };
  });
}
