/**
 * The invoices' and payments' enumerations with their labels, defined once: the database enums
 * (app/db/schema.ts), validation, the invoice pages, PDFs and CSV exports read them.
 */
import { defineEnum, type EnumValue } from "./define-enum";

/** Why an invoice was made: the deposit asked at acceptance, the balance at completion, or typed. */
export const invoiceKind = defineEnum({
  deposit: "Deposit",
  final: "Final",
  manual: "Invoice",
});
export type InvoiceKind = EnumValue<typeof invoiceKind>;

/**
 * Where an invoice stands: a draft (not yet mailed), sent, partly paid, paid or void. "Overdue" is
 * not stored: it is a sent or partly paid invoice past its due date (America/Denver).
 */
export const invoiceStatus = defineEnum({
  draft: "Draft",
  sent: "Sent",
  partly_paid: "Partly paid",
  paid: "Paid",
  void: "Void",
});
export type InvoiceStatus = EnumValue<typeof invoiceStatus>;

/** How a payment arrived: online through Stripe Checkout, or recorded by staff. */
export const paymentMethod = defineEnum({
  stripe_card: "Card (online)",
  stripe_bank: "US bank account (online)",
  cash: "Cash",
  check: "Check",
  card_on_site: "Card on site",
  bank_transfer: "Bank transfer",
});
export type PaymentMethod = EnumValue<typeof paymentMethod>;

/** The methods staff record by hand (the online ones come from Stripe only). */
export const STAFF_PAYMENT_METHODS = ["cash", "check", "card_on_site", "bank_transfer"] as const;

/** A payment's state: a bank payment is pending until Stripe reports it settled or failed. */
export const paymentStatus = defineEnum({
  pending: "Processing",
  succeeded: "Received",
  failed: "Failed",
});
export type PaymentStatus = EnumValue<typeof paymentStatus>;

/** Days from the issue date to the due date unless staff choose otherwise (net 15). */
export const DEFAULT_NET_DAYS = 15;
/** The least amount a homeowner may pay online, in cents (Stripe's USD minimum is 50 cents). */
export const MIN_ONLINE_PAYMENT_CENTS = 100;
/** Overdue reminders go this many days after the due date. */
export const OVERDUE_REMINDER_DAYS = [3, 10] as const;

/** The kinds of invoice staff may type line by line: a final invoice by hand, or a plain one. */
export const TYPED_INVOICE_KINDS = ["final", "manual"] as const;
/** How many line rows the typed-invoice form offers (empty rows are left out). */
export const TYPED_LINE_ROWS = 5;
/** The longest note kept when staff mark a flagged payment reviewed. */
export const MAX_REVIEW_NOTE_LENGTH = 500;
