/**
 * The back office's books (/admin/invoices): the invoice list (status, overdue, search by number
 * or name), the aging of what is open (America/Denver days past due), payments by month, and the
 * rows of the CSV exports an accountant imports into QuickBooks Online.
 */
import { and, asc, desc, eq, gte, ilike, inArray, lt, type SQL, sql } from "drizzle-orm";
import { invoices, payments, refunds } from "~/db/schema";
import { invoiceStatus, paymentMethod } from "~/features/catalog/invoice-enums";
import { denverDate } from "~/lib/dates";
import { db } from "~/lib/db.server";
import { invoiceLines } from "./invoices.server";

/** The list's filters, as read from the URL. */
export interface InvoiceListQuery {
  /** a stored status, "overdue", or "" for all */
  status: string;
  q: string;
}

/** Reads the list's filters from `params` (unknown values are ignored). */
export function parseInvoiceListQuery(params: URLSearchParams): InvoiceListQuery {
  const status = params.get("status") ?? "";
  return {
    status:
      status === "overdue" || (invoiceStatus.values as string[]).includes(status) ? status : "",
    q: (params.get("q") ?? "").trim().slice(0, 100),
  };
}

const OPEN = ["sent", "partly_paid"] as const;

function listWhere(query: InvoiceListQuery, today: string): SQL | undefined {
  const conditions: SQL[] = [];
  if (query.status === "overdue") {
    conditions.push(inArray(invoices.status, [...OPEN]), lt(invoices.due_on, today));
  } else if (query.status) {
    conditions.push(eq(invoices.status, query.status as (typeof invoiceStatus.values)[number]));
  }
  if (query.q) {
    const escaped = query.q.replace(/[\\%_]/g, (c) => `\\${c}`);
    // the very expression of the trigram index invoices_search_trgm_idx
    conditions.push(
      ilike(sql`${invoices.number} || ' ' || ${invoices.customer_name}`, `%${escaped}%`),
    );
  }
  return conditions.length ? and(...conditions) : undefined;
}

/** Newest first, then by number: the order of invoices_issued_idx, so a page reads only its rows. */
const NEWEST = [desc(invoices.issued_on), desc(invoices.year), desc(invoices.sequence)];

/** What a row of the list shows (not the frozen lines, the heaviest column). */
const LIST_COLUMNS = {
  id: invoices.id,
  quote_id: invoices.quote_id,
  number: invoices.number,
  customer_name: invoices.customer_name,
  status: invoices.status,
  issued_on: invoices.issued_on,
  due_on: invoices.due_on,
  total_cents: invoices.total_cents,
  paid_cents: invoices.paid_cents,
};

/** At most `limit` invoices matching `query`, newest first: the list's columns. */
export async function listInvoices(
  query: InvoiceListQuery,
  today: string = denverDate(new Date()),
  limit = 50,
) {
  return db
    .select(LIST_COLUMNS)
    .from(invoices)
    .where(listWhere(query, today))
    .orderBy(...NEWEST)
    .limit(limit);
}

/** The aging buckets, in order. */
export const AGING_BUCKETS = [
  "Current",
  "1-30 days",
  "31-60 days",
  "61-90 days",
  "Over 90 days",
] as const;

/**
 * What is open (sent or partly paid) by days past its due date on `today` (America/Denver):
 * not yet due or due today is current. Count and balance (cents) per bucket, every bucket listed.
 */
export async function agingSummary(
  today: string = denverDate(new Date()),
): Promise<{ bucket: (typeof AGING_BUCKETS)[number]; count: number; balanceCents: number }[]> {
  const late = sql`(${today}::date - ${invoices.due_on})`;
  const bucket = sql<number>`case when ${late} <= 0 then 0 when ${late} <= 30 then 1 when ${late} <= 60 then 2 when ${late} <= 90 then 3 else 4 end`;
  const rows = await db
    .select({
      bucket,
      count: sql<number>`count(*)::int`,
      balance: sql<number>`coalesce(sum(${invoices.total_cents} - ${invoices.paid_cents}), 0)::int`,
    })
    .from(invoices)
    .where(inArray(invoices.status, [...OPEN]))
    // by position: the bucket expression binds `today`, and a repeated parameter is another expression
    .groupBy(sql`1`);
  return AGING_BUCKETS.map((name, i) => {
    const row = rows.find((r) => Number(r.bucket) === i);
    return { bucket: name, count: row?.count ?? 0, balanceCents: row?.balance ?? 0 };
  });
}

/**
 * Money received (succeeded payments, by the day received) and refunded (by the day refunded)
 * per month (YYYY-MM), the last `months` months up to `today`'s, newest first.
 */
export async function paymentsByMonth(
  today: string = denverDate(new Date()),
  months = 12,
): Promise<{ month: string; receivedCents: number; refundedCents: number }[]> {
  const [y, m] = today.split("-").map(Number) as [number, number];
  const first = new Date(Date.UTC(y, m - months, 1)).toISOString().slice(0, 10);
  const month = (column: SQL | typeof payments.received_on) =>
    sql<string>`to_char(${column}, 'YYYY-MM')`;
  const received = await db
    .select({
      month: month(payments.received_on),
      cents: sql<number>`sum(${payments.amount_cents})::int`,
    })
    .from(payments)
    .where(and(eq(payments.status, "succeeded"), gte(payments.received_on, first)))
    .groupBy(month(payments.received_on));
  const refunded = await db
    .select({
      month: month(sql`${refunds.refunded_on}`),
      cents: sql<number>`sum(${refunds.amount_cents})::int`,
    })
    .from(refunds)
    .where(gte(refunds.refunded_on, first))
    .groupBy(month(sql`${refunds.refunded_on}`));
  const result = [];
  for (let i = 0; i < months; i++) {
    const key = new Date(Date.UTC(y, m - 1 - i, 1)).toISOString().slice(0, 7);
    result.push({
      month: key,
      receivedCents: received.find((r) => r.month === key)?.cents ?? 0,
      refundedCents: refunded.find((r) => r.month === key)?.cents ?? 0,
    });
  }
  return result;
}

/** QuickBooks Online's invoice import columns (one row per line). */
export const INVOICE_CSV_COLUMNS = [
  "InvoiceNo",
  "Customer",
  "InvoiceDate",
  "DueDate",
  "Item(Product/Service)",
  "ItemDescription",
  "ItemQuantity",
  "ItemRate",
  "ItemAmount",
  "Taxable",
  "TaxAmount",
  "Status",
];

const dollars = (cents: number) => (cents / 100).toFixed(2);
const quantity = (thousandths: number) => String(thousandths / 1000);

/** The invoice export's rows for `query` (void invoices included, marked): one per line. */
export async function invoiceCsvRows(query: InvoiceListQuery): Promise<string[][]> {
  const rows = await db
    .select()
    .from(invoices)
    .where(listWhere(query, denverDate(new Date())))
    .orderBy(...NEWEST);
  return rows.flatMap((invoice) =>
    invoiceLines(invoice).map((line, i) => [
      invoice.number,
      invoice.customer_name,
      invoice.issued_on,
      invoice.due_on,
      line.name,
      line.description,
      quantity(line.quantityThousandths),
      dollars(line.unitPriceCents),
      dollars(line.amountCents),
      line.taxable ? "Y" : "N",
      i === 0 ? dollars(invoice.tax_cents) : "",
      invoiceStatus.label(invoice.status),
    ]),
  );
}

/** QuickBooks Online's payment import columns; a refund is a row with a negative amount. */
export const PAYMENT_CSV_COLUMNS = [
  "Date",
  "Customer",
  "InvoiceNo",
  "Amount",
  "PaymentMethod",
  "ReferenceNo",
  "Type",
];

/** The payment export's rows, oldest first: succeeded payments and refunds. */
export async function paymentCsvRows(): Promise<string[][]> {
  const received = await db
    .select({ p: payments, number: invoices.number, customer: invoices.customer_name })
    .from(payments)
    .innerJoin(invoices, eq(invoices.id, payments.invoice_id))
    .where(eq(payments.status, "succeeded"))
    .orderBy(asc(payments.received_on), asc(payments.created_at));
  const returned = await db
    .select({
      r: refunds,
      method: payments.method,
      number: invoices.number,
      customer: invoices.customer_name,
    })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.payment_id))
    .innerJoin(invoices, eq(invoices.id, payments.invoice_id))
    .orderBy(asc(refunds.refunded_on), asc(refunds.created_at));
  const rows = [
    ...received.map(({ p, number, customer }) => [
      p.received_on,
      customer,
      number,
      dollars(p.amount_cents),
      paymentMethod.label(p.method),
      p.reference ?? "",
      "Payment",
    ]),
    ...returned.map(({ r, method, number, customer }) => [
      r.refunded_on,
      customer,
      number,
      dollars(-r.amount_cents),
      paymentMethod.label(method),
      r.stripe_refund_id ?? "",
      "Refund",
    ]),
  ];
  return rows.sort((a, b) => (a[0] as string).localeCompare(b[0] as string));
}
