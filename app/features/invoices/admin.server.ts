/**
 * Staff's invoice actions on a quote's admin page (one form per action, `intent` invoice-*):
 * make the final invoice, type an invoice's lines, send, void, record a payment, refund. Each returns a toast or the
 * message for the form; the rules live in invoices.server.ts and payments.server.ts.
 */
import { denverDate } from "~/lib/dates";
import { isId } from "~/lib/ids";
import type { InvoiceView } from "./customer.server";
import { invoiceView } from "./customer.server";
import { createFinalInvoice, invoicesOfQuote, sendInvoice, voidInvoice } from "./invoices.server";
import { formatCents } from "./money";
import {
  recordStaffPayment,
  refundPayment,
  refundSchema,
  staffPaymentSchema,
} from "./payments.server";
import { createTypedInvoice, readTypedInvoice } from "./typed.server";

/** The intents of the invoices card's forms. */
export const INVOICE_INTENTS = [
  "invoice-final",
  "invoice-typed",
  "invoice-send",
  "invoice-void",
  "invoice-payment",
  "invoice-refund",
] as const;

/** True for a post of the invoices card. */
export function isInvoicePost(form: FormData): boolean {
  return (INVOICE_INTENTS as readonly string[]).includes(String(form.get("intent")));
}

export type InvoicePostOutcome =
  | { ok: true; title: string; description: string }
  | { ok: false; status: number; message: string; invoiceId: string | null };

const fields = (form: FormData) =>
  Object.fromEntries([...form.entries()].map(([k, v]) => [k, typeof v === "string" ? v : ""]));

/** Runs the invoices card's post `form` on quote `quoteId` for staff member `adminId`. */
export async function invoicePost(
  adminId: string,
  quoteId: string,
  form: FormData,
): Promise<InvoicePostOutcome> {
  const intent = String(form.get("intent"));
  const invoiceId = String(form.get("invoiceId") ?? "");
  const mine = (await invoicesOfQuote(quoteId)).find((i) => i.id === invoiceId);
  const fail = (status: number, message: string): InvoicePostOutcome => ({
    ok: false,
    status,
    message,
    invoiceId: isId(invoiceId) ? invoiceId : null,
  });
  if (intent === "invoice-final") {
    const outcome = await createFinalInvoice(quoteId, adminId);
    if (!outcome.ok) return fail(outcome.status, outcome.message);
    return {
      ok: true,
      title: outcome.already ? "Final invoice exists" : `Invoice ${outcome.invoice.number} made`,
      description: outcome.already
        ? `${outcome.invoice.number} is this request's final invoice.`
        : "It is a draft: send it to email the customer its link and PDF.",
    };
  }
  if (intent === "invoice-typed") {
    const typed = readTypedInvoice(form);
    if (!typed.ok) return fail(400, typed.message);
    const outcome = await createTypedInvoice(quoteId, typed.value, adminId);
    if (!outcome.ok) return fail(outcome.status, outcome.message);
    return {
      ok: true,
      title: `Invoice ${outcome.invoice.number} made`,
      description: `${formatCents(outcome.invoice.total_cents)}. It is a draft: send it to email the customer its link and PDF.`,
    };
  }
  if (!mine) return fail(404, "This invoice was not found on this request.");
  if (intent === "invoice-send") {
    const outcome = await sendInvoice(mine.id, adminId);
    if (!outcome.ok) return fail(outcome.status, outcome.message);
    return {
      ok: true,
      title: `Invoice ${mine.number} sent`,
      description: `${mine.customer_email} is being emailed its link and PDF.`,
    };
  }
  if (intent === "invoice-void") {
    const outcome = await voidInvoice(mine.id, adminId);
    if (!outcome.ok) return fail(outcome.status, outcome.message);
    return {
      ok: true,
      title: `Invoice ${mine.number} voided`,
      description: "It keeps its number.",
    };
  }
  if (intent === "invoice-payment") {
    const parsed = staffPaymentSchema.safeParse({
      receivedOn: denverDate(new Date()),
      ...fields(form),
    });
    if (!parsed.success) return fail(400, parsed.error.issues[0]?.message ?? "Check the form.");
    const outcome = await recordStaffPayment(mine.id, parsed.data, adminId);
    if (!outcome.ok) return fail(outcome.status, outcome.message);
    return {
      ok: true,
      title: `Payment of ${formatCents(parsed.data.amount)} recorded`,
      description: `On ${mine.number}; the customer is being emailed a receipt.`,
    };
  }
  const parsed = refundSchema.safeParse(fields(form));
  if (!parsed.success) return fail(400, parsed.error.issues[0]?.message ?? "Check the form.");
  const outcome = await refundPayment(parsed.data, adminId);
  if (!outcome.ok) return fail(outcome.status, outcome.message);
  return {
    ok: true,
    title: `Refund of ${formatCents(parsed.data.amount)} recorded`,
    description: `On ${mine.number}.`,
  };
}

/** The invoices card's data: each invoice of quote `quoteId` as shown, oldest first. */
export async function loadQuoteInvoices(quoteId: string): Promise<InvoiceView[]> {
  const rows = await invoicesOfQuote(quoteId);
  return Promise.all(rows.map((row) => invoiceView(row, null)));
}
