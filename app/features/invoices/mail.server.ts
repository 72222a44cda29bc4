/**
 * Invoice mail: the invoice with its private link and PDF, the receipt of a payment (PDF), the
 * overdue reminders, and the company's alert when an online payment needs a look. Plain text.
 */

import type { invoices } from "~/db/schema";
import { company } from "~/features/catalog/company";
import { formatDate } from "~/lib/dates";
import { env } from "~/lib/env.server";
import type { OutboxMessage } from "~/lib/outbox.server";
import { formatCents } from "./money";

/** What the invoice mails show of an invoice. */
export type MailInvoice = Pick<
  typeof invoices.$inferSelect,
  | "id"
  | "number"
  | "quote_id"
  | "customer_name"
  | "customer_email"
  | "total_cents"
  | "paid_cents"
  | "due_on"
  | "kind"
>;

const pdfAttachment = (filename: string, content: Buffer) => ({
  filename,
  contentType: "application/pdf",
  content,
});

/** A plain-text mail to `invoice`'s customer: a greeting, the lines `body`, the company's name. */
function customerMail(
  invoice: MailInvoice,
  kind: string,
  subject: string,
  body: string[],
): OutboxMessage {
  return {
    kind,
    quoteId: invoice.quote_id,
    to: invoice.customer_email,
    subject,
    text: [`Hello ${invoice.customer_name},`, "", ...body, "", company.name].join("\n"),
  };
}

/** The file name of invoice `number`'s PDF. */
export const invoicePdfFilename = (number: string) => `${number}.pdf`;
/** The file name of the receipt of a payment on invoice `number`. */
export const receiptPdfFilename = (number: string, receiptNumber: number) =>
  `${number}-receipt-${receiptNumber}.pdf`;

/** The customer's mail for a sent invoice, with its link `url` and PDF. */
export function invoiceSentMail(invoice: MailInvoice, url: string, pdf: Buffer): OutboxMessage {
  const balance = invoice.total_cents - invoice.paid_cents;
  return {
    ...customerMail(
      invoice,
      "invoice_sent",
      `Invoice ${invoice.number} from ${company.name}: ${formatCents(balance)} due ${formatDate(invoice.due_on)}`,
      [
        `Here is invoice ${invoice.number}${invoice.kind === "deposit" ? " for the deposit on your accepted estimate" : ""}: ${formatCents(invoice.total_cents)}, ${formatCents(balance)} due by ${formatDate(invoice.due_on)}.`,
        "",
        "View it and pay by card or bank account online:",
        url,
        "",
        `You may also pay by check or call us at ${env().COMPANY_PHONE.display}. The invoice is attached as a PDF.`,
        "",
        "The link is yours alone: please do not forward it.",
      ],
    ),
    attachments: [pdfAttachment(invoicePdfFilename(invoice.number), pdf)],
  };
}

/** The outbox drawer that draws a receipt's PDF from its payment's id (payments.server.ts). */
export const RECEIPT_DRAWER = "payment_receipt";

/**
 * The customer's receipt of payment `paymentId` of `amountCents` on `invoice` (its totals after
 * the payment): its PDF is attached, drawn by the outbox when it sends the mail (RECEIPT_DRAWER).
 */
export function receiptMail(
  invoice: MailInvoice,
  paymentId: string,
  amountCents: number,
  receiptNumber: number,
): OutboxMessage {
  const balance = invoice.total_cents - invoice.paid_cents;
  return {
    ...customerMail(
      invoice,
      "payment_receipt",
      `Receipt: ${formatCents(amountCents)} received on invoice ${invoice.number}`,
      [
        `Thank you: we received ${formatCents(amountCents)} on invoice ${invoice.number}.`,
        balance > 0
          ? `${formatCents(balance)} remains due by ${formatDate(invoice.due_on)}.`
          : "The invoice is paid in full.",
        "",
        "Your receipt is attached as a PDF.",
      ],
    ),
    attachments: [
      {
        filename: receiptPdfFilename(invoice.number, receiptNumber),
        contentType: "application/pdf",
        drawer: RECEIPT_DRAWER,
        key: paymentId,
      },
    ],
  };
}

/** The reminder `days` after the due date of `invoice`, with a fresh link `url`. */
export function overdueReminderMail(
  invoice: MailInvoice,
  days: number,
  url: string,
): OutboxMessage {
  const balance = invoice.total_cents - invoice.paid_cents;
  return customerMail(
    invoice,
    "invoice_overdue",
    `Reminder: invoice ${invoice.number} was due ${formatDate(invoice.due_on)}`,
    [
      `Invoice ${invoice.number} was due on ${formatDate(invoice.due_on)}, ${days} days ago, and ${formatCents(balance)} is still open.`,
      "",
      "Pay it online:",
      url,
      "",
      `Or pay by check, or call us at ${env().COMPANY_PHONE.display}. If you have already paid, thank you, and please ignore this message.`,
    ],
  );
}

/** The company's alert about an online payment staff should look at (`reason`). */
export function paymentFlagAlert(invoice: MailInvoice, reason: string): OutboxMessage {
  return {
    kind: "payment_flag_alert",
    quoteId: invoice.quote_id,
    to: env().COMPANY_EMAIL,
    subject: `Payment to check on invoice ${invoice.number}`,
    text: [
      `A payment on invoice ${invoice.number} (${invoice.customer_name}) needs a look: ${reason}.`,
      "",
      new URL("/admin/invoices/flags", env().PUBLIC_URL).href,
    ].join("\n"),
  };
}
