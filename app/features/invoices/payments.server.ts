/**
 * Payments and refunds: staff record cash, checks, card on site and transfers; refunds of online
 * payments go through the Stripe Refunds API, others are recorded. The invoice's paid total and
 * status are kept by the database (drizzle/0019 triggers) and bounded by its CHECKs, so no code
 * path can take it below zero or above the total. Each change writes an invoice event and a quote
 * history row; a succeeded payment mails a receipt once, queued in the transaction that records
 * it, its PDF drawn when the outbox sends it (docs/decisions/0265-receipt-pdf-drawn-at-sending.md).
 */
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import { invoices, payments, refunds } from "~/db/schema";
import {
  type PaymentMethod,
  paymentMethod,
  STAFF_PAYMENT_METHODS,
} from "~/features/catalog/invoice-enums";
import { denverDate } from "~/lib/dates";
import { db } from "~/lib/db.server";
import { isId } from "~/lib/ids";
import { logger } from "~/lib/logger.server";
import { kickOutbox, queueMail, registerAttachmentDrawer } from "~/lib/outbox.server";
import {
  INVOICE_NOT_FOUND,
  type InvoiceOutcome,
  type InvoiceRow,
  invoiceById,
  lockInvoice,
  recordInvoiceEvent,
  type Transaction,
} from "./invoices.server";
import { RECEIPT_DRAWER, receiptMail, receiptPdfFilename } from "./mail.server";
import { formatCents, parseDollars } from "./money";
import { renderReceiptPdf } from "./pdf.server";
import { stripe } from "./stripe.server";

export type PaymentRow = typeof payments.$inferSelect;
export type RefundRow = typeof refunds.$inferSelect;

const dollars = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .transform((text, ctx) => {
      const cents = parseDollars(text);
      if (cents === null || cents <= 0) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return cents;
    });

/** The staff's payment form. */
export const staffPaymentSchema = z.object({
  method: z.enum(STAFF_PAYMENT_METHODS, { error: "Choose how it was paid" }),
  amount: dollars("Enter the amount received, e.g. 250.00"),
  receivedOn: z.iso
    .date({ error: "Enter the date it was received" })
    // a payment is recorded once it arrived: a later date is a typing slip (Utah's today)
    .refine((day) => day <= denverDate(new Date()), "The date received cannot be in the future"),
  reference: z.string().trim().max(100, "At most 100 characters").optional(),
});
export type StaffPaymentInput = z.infer<typeof staffPaymentSchema>;

/** The staff's refund form. */
export const refundSchema = z.object({
  paymentId: z.uuid({ error: "Reload the page and try again" }),
  amount: dollars("Enter the amount to refund, e.g. 50.00"),
  reason: z.string().trim().max(200, "At most 200 characters").optional(),
});
export type RefundInput = z.infer<typeof refundSchema>;

/**
 * Records a payment staff received on invoice `invoiceId` (cash, check with its number, card on
 * site, bank transfer), then mails the receipt.
 * @returns ok with the payment; 404 unknown invoice; 409 void or paid; 400 for an amount above
 *   the balance or a check without its number
 */
export async function recordStaffPayment(
  invoiceId: string,
  input: StaffPaymentInput,
  by: string | null,
  now: Date = new Date(),
): Promise<InvoiceOutcome<{ payment: PaymentRow }>> {
  if (!isId(invoiceId)) return INVOICE_NOT_FOUND;
  if (input.method === "check" && !input.reference) {
    return {
      ok: false,
      status: 400,
      message: "Enter the check number.",
      fieldErrors: { reference: ["Enter the check number"] },
    };
  }
  const outcome = await db.transaction(
    async (tx): Promise<InvoiceOutcome<{ payment: PaymentRow }>> => {
      const invoice = await lockInvoice(tx, invoiceId);
      if (!invoice) return INVOICE_NOT_FOUND;
      if (invoice.status === "void") {
        return { ok: false, status: 409, message: "This invoice is void." };
      }
      const balance = invoice.total_cents - invoice.paid_cents;
      if (balance <= 0) return { ok: false, status: 409, message: "This invoice is paid." };
      if (input.amount > balance) {
        const message = `The balance is ${formatCents(balance)}: record at most that.`;
        return { ok: false, status: 400, message, fieldErrors: { amount: [message] } };
      }
      const [payment] = await tx
        .insert(payments)
        .values({
          invoice_id: invoice.id,
          method: input.method,
          status: "succeeded",
          amount_cents: input.amount,
          applied_cents: input.amount,
          received_on: input.receivedOn,
          reference: input.reference || null,
          recorded_by: by,
          created_at: now,
          updated_at: now,
        })
        .returning();
      await recordInvoiceEvent(
        tx,
        invoice,
        "payment",
        `Payment of ${formatCents(input.amount)} on ${invoice.number} recorded (${paymentMethod.label(input.method)}${input.reference ? ` ${input.reference}` : ""})`,
        input.amount,
        by,
        now,
      );
      await queueReceipt(tx, (payment as PaymentRow).id, now);
      return { ok: true, payment: payment as PaymentRow };
    },
  );
  if (outcome.ok) kickOutbox();
  return outcome;
}

/**
 * Queues the receipt mail of payment `paymentId` inside `tx`, the transaction that made it
 * succeed (its invoice locked by the caller): the payment's receipt is claimed (receipt_queued_at,
 * set once) and the mail queued with it, so the receipt exists exactly when the payment does and
 * goes once however many events or processes see it succeed. The PDF is not drawn here: the
 * outbox draws it when it sends the mail (RECEIPT_DRAWER, below). Call `kickOutbox()` after the
 * commit when it returns true.
 * @returns whether a receipt was queued (false: not succeeded, unknown, or queued before)
 */
export async function queueReceipt(
  tx: Transaction,
  paymentId: string,
  now: Date = new Date(),
): Promise<boolean> {
  // one statement: the claim, the invoice as the payment's write left it (its trigger has moved
  // the paid total) and the payment's receipt number (its place among the invoice's succeeded)
  const [claimed] = await tx
    .update(payments)
    .set({ receipt_queued_at: now })
    .from(invoices)
    .where(
      and(
        eq(payments.id, paymentId),
        eq(payments.status, "succeeded"),
        isNull(payments.receipt_queued_at),
        eq(invoices.id, payments.invoice_id),
      ),
    )
    .returning({
      amount: payments.amount_cents,
      receiptNumber: sql<number>`(select count(*)::int from ${payments} as earlier
        where earlier.invoice_id = ${payments.invoice_id} and earlier.status = 'succeeded'
          and (earlier.created_at, earlier.id) <= (${payments.created_at}, ${payments.id}))`,
      id: invoices.id,
      number: invoices.number,
      quote_id: invoices.quote_id,
      customer_name: invoices.customer_name,
      customer_email: invoices.customer_email,
      total_cents: invoices.total_cents,
      paid_cents: invoices.paid_cents,
      due_on: invoices.due_on,
      kind: invoices.kind,
    });
  if (!claimed) return false;
  const { amount, receiptNumber, ...invoice } = claimed;
  await queueMail(tx, [receiptMail(invoice, paymentId, amount, Number(receiptNumber))]);
  return true;
}

/** Payment `paymentId`'s receipt number on invoice `invoiceId`: 1 for its first succeeded. */
async function receiptNumberOf(
  invoiceId: string,
  paymentId: string,
  executor: Pick<typeof db, "select"> = db,
): Promise<number> {
  const succeeded = await executor
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.invoice_id, invoiceId), eq(payments.status, "succeeded")))
    .orderBy(asc(payments.created_at), asc(payments.id));
  return succeeded.findIndex((p) => p.id === paymentId) + 1;
}

/**
 * The receipt of payment `paymentId` as a PDF with its invoice and number (1 for the invoice's
 * first succeeded payment), or null when the payment is unknown or did not succeed.
 */
export async function receiptOf(paymentId: string): Promise<{
  invoice: InvoiceRow;
  payment: PaymentRow;
  receiptNumber: number;
  pdf: Buffer;
  filename: string;
} | null> {
  if (!isId(paymentId)) return null;
  const [payment] = await db.select().from(payments).where(eq(payments.id, paymentId));
  if (payment?.status !== "succeeded") return null;
  const invoice = await invoiceById(payment.invoice_id);
  if (!invoice) return null;
  const receiptNumber = await receiptNumberOf(invoice.id, payment.id);
  const pdf = await renderReceiptPdf(invoice, {
    receiptNumber,
    amountCents: payment.amount_cents,
    method: payment.method,
    reference: payment.reference,
    receivedOn: payment.received_on,
  });
  return {
    invoice,
    payment,
    receiptNumber,
    pdf,
    filename: receiptPdfFilename(invoice.number, receiptNumber),
  };
}

// the receipt mail's PDF, drawn when the outbox sends it (the same file a download gives)
registerAttachmentDrawer(
  RECEIPT_DRAWER,
  async (paymentId) => (await receiptOf(paymentId))?.pdf ?? null,
);

const isOnline = (method: PaymentMethod) => method === "stripe_card" || method === "stripe_bank";

/**
 * Refunds `input.amount` of a payment: an online one through the Stripe Refunds API (its refund
 * id stored, so Stripe's `charge.refunded` event for it adds nothing), another by recording it.
 * The payment's refunded total never passes its amount (CHECK), and the invoice's paid total
 * follows (trigger).
 * @returns ok with the refund; 404 unknown payment; 400 more than is left to refund; 502 when
 *   Stripe refused or could not be reached (nothing recorded)
 */
export async function refundPayment(
  input: RefundInput,
  by: string | null,
  now: Date = new Date(),
): Promise<InvoiceOutcome<{ refund: RefundRow }>> {
  const [payment] = await db.select().from(payments).where(eq(payments.id, input.paymentId));
  if (payment?.status !== "succeeded") {
    return { ok: false, status: 404, message: "This payment was not found." };
  }
  const left = payment.amount_cents - payment.refunded_cents;
  if (input.amount > left) {
    const message = `At most ${formatCents(left)} of this payment can be refunded.`;
    return { ok: false, status: 400, message, fieldErrors: { amount: [message] } };
  }
  let stripeRefundId: string | null = null;
  if (isOnline(payment.method)) {
    try {
      const refund = await stripe().refunds.create(
        {
          payment_intent: payment.stripe_payment_intent_id as string,
          amount: input.amount,
          metadata: { invoice_id: payment.invoice_id, payment_id: payment.id },
        },
        // a retried click (or a retry after a timeout) refunds once
        { idempotencyKey: `refund-${payment.id}-${payment.refunded_cents}-${input.amount}` },
      );
      stripeRefundId = refund.id;
    } catch (error) {
      logger().warn({ err: error, paymentId: payment.id }, "Stripe refund refused");
      return {
        ok: false,
        status: 502,
        message: "The card processor did not accept the refund. Nothing was refunded; try again.",
      };
    }
  }
  return db.transaction(async (tx): Promise<InvoiceOutcome<{ refund: RefundRow }>> => {
    const invoice = await lockInvoice(tx, payment.invoice_id);
    if (!invoice) return INVOICE_NOT_FOUND;
    const inserted = await tx
      .insert(refunds)
      .values({
        payment_id: payment.id,
        amount_cents: input.amount,
        stripe_refund_id: stripeRefundId,
        reason: input.reason || null,
        refunded_on: denverDate(now),
        recorded_by: by,
        created_at: now,
      })
      .onConflictDoNothing({ target: refunds.stripe_refund_id })
      .returning();
    const refund =
      inserted[0] ??
      (
        await tx
          .select()
          .from(refunds)
          .where(eq(refunds.stripe_refund_id, stripeRefundId as string))
      )[0];
    if (inserted[0]) {
      await recordInvoiceEvent(
        tx,
        invoice,
        "refund",
        `Refund of ${formatCents(input.amount)} on ${invoice.number} (${paymentMethod.label(payment.method)})${input.reason ? `: ${input.reason}` : ""}`,
        -input.amount,
        by,
        now,
      );
    }
    return { ok: true, refund: refund as RefundRow };
  });
}

/**
 * The cents of `rows` (one invoice's payments) still processing: taken online, not yet settled by
 * Stripe (a US bank debit takes days). They are not paid, but asking for them again would have
 * the customer pay twice.
 */
export function processingCents(rows: Pick<PaymentRow, "status" | "amount_cents">[]): number {
  return rows
    .filter((row) => row.status === "pending")
    .reduce((sum, row) => sum + row.amount_cents, 0);
}

/** The payments of invoice `invoiceId` with their refunds, oldest first. */
export async function paymentsOfInvoice(
  invoiceId: string,
): Promise<(PaymentRow & { refunds: RefundRow[] })[]> {
  if (!isId(invoiceId)) return [];
  const rows = await db
    .select()
    .from(payments)
    .where(eq(payments.invoice_id, invoiceId))
    .orderBy(asc(payments.created_at), asc(payments.id));
  if (rows.length === 0) return [];
  const refundRows = await db
    .select()
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.payment_id))
    .where(eq(payments.invoice_id, invoiceId))
    .orderBy(asc(refunds.created_at));
  return rows.map((p) => ({
    ...p,
    refunds: refundRows.filter((r) => r.refunds.payment_id === p.id).map((r) => r.refunds),
  }));
}

/** Sums of `invoiceId`'s succeeded payments and refunds (cents), read for checks and tests. */
export async function paymentTotals(invoiceId: string): Promise<{
  received: number;
  refunded: number;
}> {
  const [row] = await db
    .select({
      received: sql<number>`coalesce(sum(${payments.amount_cents}), 0)::int`,
      refunded: sql<number>`coalesce(sum(${payments.refunded_cents}), 0)::int`,
    })
    .from(payments)
    .where(and(eq(payments.invoice_id, invoiceId), eq(payments.status, "succeeded")));
  return { received: row?.received ?? 0, refunded: row?.refunded ?? 0 };
}
