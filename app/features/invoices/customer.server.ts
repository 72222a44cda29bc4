/**
 * What the customer sees of invoices: the invoice page behind its mailed link (/invoices/{token}),
 * its PDF and receipts, the 'Pay' form's action, the return page after Stripe; and the invoices
 * of a quote for the account's quote list and the status link. Rate-limited per client.
 */
import { and, asc, eq, inArray, notInArray } from "drizzle-orm";
import { data, type RouterContextProvider, redirect } from "react-router";
import { invoices, payments, quotes } from "~/db/schema";
import { company } from "~/features/catalog/company";
import {
  invoiceKind,
  invoiceStatus,
  paymentMethod,
  paymentStatus,
} from "~/features/catalog/invoice-enums";
import { denverDate, formatDate } from "~/lib/dates";
import { db } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { isId } from "~/lib/ids";
import { PRIVATE_PAGE_HEADERS } from "~/lib/private-page";
import { createRateLimit, type RateLimit } from "~/lib/rate-limit.server";
import { requestInfo } from "~/lib/request-context";
import { checkoutOutcome, payableRange, startCheckout } from "./checkout.server";
import {
  type InvoiceRow,
  invoiceById,
  invoiceIdByToken,
  invoiceLines,
  isOverdue,
} from "./invoices.server";
import { invoicePdfFilename } from "./mail.server";
import { formatCents, formatQuantity, parseDollars } from "./money";
import { paymentsOfInvoice, processingCents, receiptOf } from "./payments.server";
import { renderInvoicePdf } from "./pdf.server";
import { onlinePaymentsEnabled } from "./stripe.server";

type Context = Readonly<RouterContextProvider>;

let viewLimit: RateLimit | undefined;
let payLimit: RateLimit | undefined;
const TOO_MANY = "Too many requests from your network. Please wait a few minutes and try again.";

async function count(limit: RateLimit, context: Context): Promise<void> {
  const outcome = await limit.consume(requestInfo(context)?.clientIp ?? "unknown");
  if (!outcome.ok) {
    throw data(TOO_MANY, {
      status: 429,
      headers: { ...PRIVATE_PAGE_HEADERS, "Retry-After": String(outcome.retryAfterSeconds) },
    });
  }
}

const views = () => {
  viewLimit ??= createRateLimit("invoice-view", 120, 10 * 60);
  return viewLimit;
};
const pays = () => {
  payLimit ??= createRateLimit("invoice-pay", 30, 60 * 60);
  return payLimit;
};

function notFound(): never {
  throw data(null, { status: 404, headers: PRIVATE_PAGE_HEADERS });
}

/** An invoice as the customer's pages show it: every amount and date already written out. */
export interface InvoiceView {
  id: string;
  number: string;
  kind: string;
  status: string;
  statusLabel: string;
  overdue: boolean;
  customerName: string;
  reference: string;
  issuedOn: string;
  dueOn: string;
  lines: { name: string; description: string; quantity: string; rate: string; amount: string }[];
  subtotal: string;
  tax: string | null;
  total: string;
  paid: string;
  balanceCents: number;
  balance: string;
  /** online payments Stripe has not settled yet (a US bank debit takes days), or null */
  processing: string | null;
  /** what may still be paid now: the balance less what is processing, in cents */
  payableCents: number;
  payments: {
    id: string;
    date: string;
    method: string;
    status: string;
    amount: string;
    refunded: string | null;
    receiptHref: string | null;
  }[];
}

/** `invoice` (with its payments) as the pages show it; `receiptHref` builds a receipt's address. */
export async function invoiceView(
  invoice: InvoiceRow,
  receiptHref: ((paymentId: string) => string) | null,
  today: string = denverDate(new Date()),
): Promise<InvoiceView> {
  const paid = await paymentsOfInvoice(invoice.id);
  const balance = invoice.status === "void" ? 0 : invoice.total_cents - invoice.paid_cents;
  const processing = processingCents(paid);
  return {
    id: invoice.id,
    number: invoice.number,
    kind: invoiceKind.label(invoice.kind),
    status: invoice.status,
    statusLabel: isOverdue(invoice, today) ? "Overdue" : invoiceStatus.label(invoice.status),
    overdue: isOverdue(invoice, today),
    customerName: invoice.customer_name,
    reference: invoice.quote_reference,
    issuedOn: formatDate(invoice.issued_on),
    dueOn: formatDate(invoice.due_on),
    lines: invoiceLines(invoice).map((line) => ({
      name: line.name,
      description: line.description,
      quantity: formatQuantity(line.quantityThousandths),
      rate: formatCents(line.unitPriceCents),
      amount: formatCents(line.amountCents),
    })),
    subtotal: formatCents(invoice.subtotal_cents),
    tax: invoice.tax_cents > 0 ? formatCents(invoice.tax_cents) : null,
    total: formatCents(invoice.total_cents),
    paid: formatCents(invoice.paid_cents),
    balanceCents: balance,
    balance: formatCents(balance),
    processing: processing > 0 ? formatCents(processing) : null,
    payableCents: Math.max(0, balance - processing),
    payments: paid.map((p) => ({
      id: p.id,
      date: formatDate(p.received_on),
      method: paymentMethod.label(p.method),
      status: paymentStatus.label(p.status),
      amount: formatCents(p.amount_cents),
      refunded: p.refunded_cents > 0 ? formatCents(p.refunded_cents) : null,
      receiptHref: p.status === "succeeded" && receiptHref ? receiptHref(p.id) : null,
    })),
  };
}

/** How the customer can pay: online (with the amounts allowed) or by check and phone. */
export interface PayOptions {
  online: boolean;
  minimum: string;
  maximum: string;
  /** the default amount in the form: the balance, as "1234.50" */
  defaultAmount: string;
  phone: string;
  payee: string;
}

function payOptions(balanceCents: number): PayOptions {
  const range = payableRange(balanceCents);
  return {
    online: onlinePaymentsEnabled() && balanceCents > 0,
    minimum: formatCents(range.min),
    maximum: formatCents(range.max),
    defaultAmount: (balanceCents / 100).toFixed(2),
    phone: env().COMPANY_PHONE.display,
    payee: company.name,
  };
}

const tokenHref = (token: string, rest = "") => `/invoices/${token}${rest}`;

async function invoiceOfToken(token: string): Promise<InvoiceRow> {
  const id = await invoiceIdByToken(token);
  const invoice = id ? await invoiceById(id) : undefined;
  if (!invoice) notFound();
  return invoice;
}

/** The invoice page's data for link `token`. @throws 404 or 429 Responses */
export async function loadInvoicePage(token: string, context: Context) {
  await count(views(), context);
  const invoice = await invoiceOfToken(token);
  const view = await invoiceView(invoice, (id) => tokenHref(token, `/receipts/${id}`));
  return data(
    { view, pay: payOptions(view.payableCents), pdfHref: tokenHref(token, "/pdf") },
    { headers: PRIVATE_PAGE_HEADERS },
  );
}

/**
 * The 'Pay' form's action: opens a Checkout Session for the amount typed (default the balance)
 * and redirects to Stripe's page.
 * @returns the redirect, or the form's error (status 400, 409, 502, 503)
 */
export async function payInvoice(token: string, request: Request, context: Context) {
  await count(pays(), context);
  const invoice = await invoiceOfToken(token);
  return checkoutFor(invoice, request, tokenHref(token, "/return"));
}

/** Opens Stripe's page for the amount posted in `request`; Stripe sends the payer to `returnPath`. */
async function checkoutFor(invoice: InvoiceRow, request: Request, returnPath: string) {
  const form = await request.formData();
  // a refused amount comes back as typed (without JavaScript the page is drawn anew)
  const amount = String(form.get("amount") ?? "").slice(0, 40);
  const cents = parseDollars(amount);
  if (cents === null) {
    return data(
      { error: "Enter the amount to pay, e.g. 250.00", amount },
      { status: 400, headers: PRIVATE_PAGE_HEADERS },
    );
  }
  const returnUrl = new URL(returnPath, env().PUBLIC_URL).href;
  const outcome = await startCheckout(invoice.id, cents, returnUrl);
  if (!outcome.ok) {
    return data(
      { error: outcome.message, amount },
      { status: outcome.status, headers: PRIVATE_PAGE_HEADERS },
    );
  }
  return redirect(outcome.url, { status: 303, headers: PRIVATE_PAGE_HEADERS });
}

/**
 * The return page's data: what Stripe says of session `sessionId` (retrieved, and applied as its
 * event would be): received, processing or none, with the invoice.
 */
export async function loadReturnPage(token: string, sessionId: string, context: Context) {
  await count(views(), context);
  const invoice = await invoiceOfToken(token);
  return returnPage(invoice, sessionId, tokenHref(token));
}

async function returnPage(invoice: InvoiceRow, sessionId: string, invoiceHref: string) {
  const outcome = await checkoutOutcome(invoice.id, sessionId);
  const fresh = (await invoiceById(invoice.id)) as InvoiceRow;
  return data(
    {
      outcome,
      number: fresh.number,
      paid: formatCents(fresh.paid_cents),
      balance: formatCents(Math.max(0, fresh.total_cents - fresh.paid_cents)),
      invoiceHref,
    },
    { headers: PRIVATE_PAGE_HEADERS },
  );
}

const accountHref = (invoiceId: string, rest = "") => `/account/invoices/${invoiceId}${rest}`;

/**
 * The signed-in customer's invoice page (/account/invoices/:id): the same invoice, PDF, receipts
 * and 'Pay' form as the mailed link, for an invoice of one of their quotes.
 * @throws the private 404 when it is not theirs
 */
export async function loadCustomerInvoicePage(userId: string, invoiceId: string) {
  const invoice = await customerInvoice(userId, invoiceId);
  const view = await invoiceView(invoice, (id) => accountHref(invoice.id, `/receipts/${id}`));
  return data(
    { view, pay: payOptions(view.payableCents), pdfHref: accountHref(invoice.id, "/pdf") },
    { headers: PRIVATE_PAGE_HEADERS },
  );
}

/**
 * 'Pay' on the signed-in customer's invoice page: as `payInvoice`, back to
 * /account/invoices/:id/return. Rate-limited per client like the link's form.
 * @throws the private 404 when it is not theirs
 */
export async function payCustomerInvoice(
  userId: string,
  invoiceId: string,
  request: Request,
  context: Context,
) {
  await count(pays(), context);
  const invoice = await customerInvoice(userId, invoiceId);
  return checkoutFor(invoice, request, accountHref(invoice.id, "/return"));
}

/** The signed-in customer's return page after Stripe's (see `loadReturnPage`). */
export async function loadCustomerReturnPage(userId: string, invoiceId: string, sessionId: string) {
  const invoice = await customerInvoice(userId, invoiceId);
  return returnPage(invoice, sessionId, accountHref(invoice.id));
}

const pdfResponse = (filename: string, pdf: Buffer) =>
  new Response(new Uint8Array(pdf), {
    headers: {
      ...PRIVATE_PAGE_HEADERS,
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${filename}"`,
    },
  });

/** The invoice behind link `token` as a PDF download. */
export async function invoicePdfResponse(token: string, context: Context): Promise<Response> {
  await count(views(), context);
  const invoice = await invoiceOfToken(token);
  return pdfResponse(invoicePdfFilename(invoice.number), await renderInvoicePdf(invoice));
}

/**
 * A receipt of a payment on invoice `invoiceId` as a PDF download (any time again).
 * @throws 404 when the payment is not one of the invoice's succeeded payments
 */
export async function receiptResponse(invoiceId: string, paymentId: string): Promise<Response> {
  const receipt = await receiptOf(paymentId);
  if (!receipt || receipt.invoice.id !== invoiceId) notFound();
  return pdfResponse(receipt.filename, receipt.pdf);
}

/** The receipt route behind link `token`. */
export async function receiptByToken(token: string, paymentId: string, context: Context) {
  await count(views(), context);
  const invoice = await invoiceOfToken(token);
  return receiptResponse(invoice.id, paymentId);
}

/** One invoice of a quote in the customer's lists. */
export interface QuoteInvoiceSummary {
  id: string;
  number: string;
  kind: string;
  statusLabel: string;
  overdue: boolean;
  total: string;
  paid: string;
  balance: string;
  dueOn: string;
  /** what is left to pay, in cents (0 when paid) */
  balanceCents: number;
  /** the receipts of its payments received, oldest first */
  receipts: { id: string; label: string }[];
}

/**
 * The invoices of quotes `quoteIds` that the customer was sent (not drafts, which staff are still
 * reviewing, nor void ones), by quote, oldest first: what was invoiced, paid and is due, for the
 * account's quote list and the status link.
 */
export async function invoicesOfQuotes(
  quoteIds: string[],
): Promise<Record<string, QuoteInvoiceSummary[]>> {
  const ids = quoteIds.filter(isId);
  if (ids.length === 0) return {};
  const rows = await db
    .select()
    .from(invoices)
    .where(and(inArray(invoices.quote_id, ids), notInArray(invoices.status, ["draft", "void"])))
    .orderBy(asc(invoices.created_at), asc(invoices.sequence));
  const today = denverDate(new Date());
  const received =
    rows.length === 0
      ? []
      : await db
          .select({
            id: payments.id,
            invoiceId: payments.invoice_id,
            amount: payments.amount_cents,
            on: payments.received_on,
          })
          .from(payments)
          .where(
            and(
              inArray(
                payments.invoice_id,
                rows.map((r) => r.id),
              ),
              eq(payments.status, "succeeded"),
            ),
          )
          .orderBy(asc(payments.created_at), asc(payments.id));
  const result: Record<string, QuoteInvoiceSummary[]> = {};
  for (const row of rows) {
    const quoteId = row.quote_id as string;
    result[quoteId] ??= [];
    result[quoteId].push({
      id: row.id,
      number: row.number,
      kind: invoiceKind.label(row.kind),
      statusLabel: isOverdue(row, today) ? "Overdue" : invoiceStatus.label(row.status),
      overdue: isOverdue(row, today),
      total: formatCents(row.total_cents),
      paid: formatCents(row.paid_cents),
      balance: formatCents(row.total_cents - row.paid_cents),
      balanceCents: row.total_cents - row.paid_cents,
      dueOn: formatDate(row.due_on),
      receipts: received
        .filter((p) => p.invoiceId === row.id)
        .map((p, i) => ({
          id: p.id,
          label: `Receipt ${i + 1}: ${formatCents(p.amount)} on ${formatDate(p.on)}`,
        })),
    });
  }
  return result;
}

/**
 * Invoice `invoiceId` when signed-in customer `userId` may see it: theirs by account, or of one
 * of their quotes, once sent (a draft is not theirs to see yet). @throws the private 404 otherwise
 */
export async function customerInvoice(userId: string, invoiceId: string): Promise<InvoiceRow> {
  const invoice = await invoiceById(invoiceId);
  // a draft is staff's until they send it: its amount may still change
  if (!invoice || invoice.status === "draft") notFound();
  if (invoice.customer_id === userId) return invoice;
  if (invoice.quote_id) {
    const [quote] = await db
      .select({ id: quotes.id })
      .from(quotes)
      .where(and(eq(quotes.id, invoice.quote_id), eq(quotes.user_id, userId)));
    if (quote) return invoice;
  }
  notFound();
}

/** The customer's invoice PDF (signed in). */
export async function customerInvoicePdf(userId: string, invoiceId: string): Promise<Response> {
  const invoice = await customerInvoice(userId, invoiceId);
  return pdfResponse(invoicePdfFilename(invoice.number), await renderInvoicePdf(invoice));
}

/** A receipt of the customer's invoice (signed in), any time again. */
export async function customerReceipt(
  userId: string,
  invoiceId: string,
  paymentId: string,
): Promise<Response> {
  const invoice = await customerInvoice(userId, invoiceId);
  return receiptResponse(invoice.id, paymentId);
}
