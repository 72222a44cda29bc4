/**
 * Invoices: numbering without gaps per year, the deposit invoice written in the acceptance's
 * transaction, the final invoice for the balance, sending (a private link and the PDF), voiding.
 * Money is integer cents; dates are America/Denver calendar dates.
 * docs/decisions/0230-invoice-numbers-and-totals.md
 */
import { randomBytes } from "node:crypto";
import { and, asc, eq, ne, sql } from "drizzle-orm";
import {
  deposit_settings,
  estimate_acceptances,
  estimate_versions,
  estimates,
  invoice_counters,
  invoice_events,
  invoice_links,
  invoices,
  quote_status_history,
  quotes,
} from "~/db/schema";
import { DEFAULT_NET_DAYS, type InvoiceKind } from "~/features/catalog/invoice-enums";
import type { ServiceId } from "~/features/catalog/services";
import { referenceNumber } from "~/features/quotes/reference";
import { addDays, denverDate } from "~/lib/dates";
import { type Database, db } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { isId } from "~/lib/ids";
import { kickOutbox, queueMail } from "~/lib/outbox.server";
import { refusal } from "~/lib/refusal.server";
import { sha256Hex } from "./hash";
import { invoiceSentMail } from "./mail.server";
import { formatCents, type InvoiceLine } from "./money";
import { renderInvoicePdf } from "./pdf.server";

export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
export type InvoiceRow = typeof invoices.$inferSelect;

/** An action's outcome: ok with its data, or a message for the person (nothing written). */
export type InvoiceOutcome<T = object> =
  | ({ ok: true } & T)
  | { ok: false; status: number; message: string; fieldErrors?: Record<string, string[]> };

/** The answer for a request that is not there (an unknown or malformed quote id). */
export const QUOTE_NOT_FOUND = refusal(404, "This request was not found.");

/** The answer for an unknown or malformed invoice id. */
export const INVOICE_NOT_FOUND = refusal(404, "This invoice was not found.");

/** Invoice `invoiceId`, locked until `tx` ends (its payments and state change one at a time). */
export async function lockInvoice(
  tx: Transaction,
  invoiceId: string,
): Promise<InvoiceRow | undefined> {
  const [invoice] = await tx
    .select()
    .from(invoices)
    .where(eq(invoices.id, invoiceId))
    .for("update");
  return invoice;
}

/** Locks quote `quoteId` until `tx` ends (its invoices are written one at a time); false if none. */
export async function lockQuote(tx: Transaction, quoteId: string): Promise<boolean> {
  const [quote] = await tx
    .select({ id: quotes.id })
    .from(quotes)
    .where(eq(quotes.id, quoteId))
    .for("update");
  return quote !== undefined;
}

/**
 * The next number of `year` (America/Denver year of the issue date), taken in transaction `tx`:
 * the year's counter row is created or bumped by one statement, whose row lock holds any other
 * transaction numbering in that year until `tx` ends. A rolled back invoice gives its number back,
 * so the numbers have no gaps. A void invoice keeps its number.
 * @returns the sequence (1, 2, ...) and the number `INV-2026-0001`
 * @throws when the year passes 9,999 invoices (the CHECK on invoices refuses it)
 */
export async function nextInvoiceNumber(
  tx: Transaction,
  year: number,
): Promise<{ sequence: number; number: string }> {
  const [row] = await tx
    .insert(invoice_counters)
    .values({ year, last_number: 1 })
    .onConflictDoUpdate({
      target: invoice_counters.year,
      set: { last_number: sql`${invoice_counters.last_number} + 1` },
    })
    .returning({ sequence: invoice_counters.last_number });
  const sequence = row?.sequence as number;
  return { sequence, number: `INV-${year}-${String(sequence).padStart(4, "0")}` };
}

/** What an invoice is made of; totals are computed here from the lines. */
export interface NewInvoice {
  quoteId: string;
  kind: InvoiceKind;
  lines: InvoiceLine[];
  taxCents: number;
  memo?: string | null;
  createdBy?: string | null;
  /** default: today in America/Denver */
  issuedOn?: string;
  /** default: net 15 */
  netDays?: number;
}

/**
 * Writes invoice `input` as a draft in transaction `tx`: the next number, the quote's customer
 * copied (name, email, account, reference), the lines frozen, its first event and a history row
 * on the quote. The quote's row is read, not locked.
 * @returns the invoice row
 * @throws Error for an unknown quote or a negative subtotal (the database refuses it too)
 */
export async function insertInvoice(
  tx: Transaction,
  input: NewInvoice,
  now: Date = new Date(),
): Promise<InvoiceRow> {
  const [quote] = await tx
    .select({
      id: quotes.id,
      user_id: quotes.user_id,
      status: quotes.current_status,
      first: quotes.contact_first_name,
      last: quotes.contact_last_name,
      email: quotes.contact_email,
    })
    .from(quotes)
    .where(eq(quotes.id, input.quoteId));
  if (!quote) throw new Error("no such quote");
  const issuedOn = input.issuedOn ?? denverDate(now);
  const year = Number(issuedOn.slice(0, 4));
  const { sequence, number } = await nextInvoiceNumber(tx, year);
  const subtotal = input.lines.reduce((sum, line) => sum + line.amountCents, 0);
  const [row] = await tx
    .insert(invoices)
    .values({
      number,
      year,
      sequence,
      quote_id: quote.id,
      customer_id: quote.user_id,
      customer_name: `${quote.first} ${quote.last}`.trim(),
      customer_email: quote.email,
      quote_reference: referenceNumber(quote.id),
      kind: input.kind,
      lines: JSON.stringify(input.lines),
      subtotal_cents: subtotal,
      tax_cents: input.taxCents,
      total_cents: subtotal + input.taxCents,
      issued_on: issuedOn,
      due_on: addDays(issuedOn, input.netDays ?? DEFAULT_NET_DAYS),
      memo: input.memo ?? null,
      created_by: input.createdBy ?? null,
      created_at: now,
    })
    .returning();
  const invoice = row as InvoiceRow;
  const note = `Invoice ${number} (${input.kind}) made: ${formatCents(invoice.total_cents)}`;
  await recordInvoiceEvent(
    tx,
    invoice,
    "created",
    note,
    invoice.total_cents,
    input.createdBy ?? null,
    now,
  );
  return invoice;
}

/**
 * The deposit of service `service`, in basis points of an accepted option's total (5000 = 50 %);
 * 0 when none is asked (no row, or staff set 0 on /admin/settings).
 */
export async function depositBasisPoints(
  service: ServiceId,
  executor: Pick<Database, "select"> = db,
): Promise<number> {
  const [row] = await executor
    .select({ bp: deposit_settings.basis_points })
    .from(deposit_settings)
    .where(eq(deposit_settings.service, service));
  return row?.bp ?? 0;
}

/** `totalCents` x `basisPoints` / 10,000, rounded half up (integer cents). */
export function depositCents(totalCents: number, basisPoints: number): number {
  return Number((2n * BigInt(totalCents) * BigInt(basisPoints) + 10_000n) / 20_000n);
}

/**
 * Called inside the acceptance's transaction `tx`: when the quote's service asks for a deposit,
 * writes the deposit invoice (a draft; staff send it, or the acceptance page offers to pay it)
 * for that share of the accepted option's total, tax included. At most one live deposit
 * invoice per quote (a partial UNIQUE index).
 * @param option the accepted option's name and total in cents
 * @returns the invoice, or null when no deposit is asked
 */
export async function createDepositInvoice(
  tx: Transaction,
  quoteId: string,
  option: { name: string; totalCents: number },
  acceptedBy: string | null,
  now: Date = new Date(),
): Promise<InvoiceRow | null> {
  const [quote] = await tx
    .select({ service: quotes.service })
    .from(quotes)
    .where(eq(quotes.id, quoteId));
  if (!quote) return null;
  const bp = await depositBasisPoints(quote.service, tx);
  const amount = depositCents(option.totalCents, bp);
  if (bp === 0 || amount === 0) return null;
  const percent = `${bp / 100}%`;
  return insertInvoice(
    tx,
    {
      quoteId,
      kind: "deposit",
      lines: [
        {
          name: `Deposit: ${percent} of ${option.name}`,
          description: `${percent} of the accepted total of ${formatCents(option.totalCents)}, tax included`,
          quantityThousandths: 1000,
          unitPriceCents: amount,
          amountCents: amount,
          taxable: false,
        },
      ],
      taxCents: 0,
      createdBy: acceptedBy,
    },
    now,
  );
}

interface AcceptedOption {
  name: string;
  lines: InvoiceLine[];
  totals: { subtotalCents: number; discountCents: number; taxCents: number; totalCents: number };
}

/** The option the homeowner accepted on quote `quoteId`, as frozen in the signed version. */
async function acceptedOption(
  executor: Pick<Database, "select">,
  quoteId: string,
): Promise<AcceptedOption | null> {
  const [row] = await executor
    .select({ content: estimate_versions.content, index: estimate_acceptances.option_index })
    .from(estimate_acceptances)
    .innerJoin(estimates, eq(estimates.id, estimate_acceptances.estimate_id))
    .innerJoin(estimate_versions, eq(estimate_versions.id, estimate_acceptances.version_id))
    .where(eq(estimates.quote_id, quoteId));
  if (!row) return null;
  const content = JSON.parse(row.content) as { options: AcceptedOption[] };
  return content.options[row.index - 1] ?? null;
}

/**
 * The final invoice of quote `quoteId`, for the balance of the accepted option: its lines as
 * frozen in the signed version, its discount as a line, its tax, less the deposit invoiced (the
 * live deposit invoice's total). Meant for the job's completion (or staff, by hand); a second call
 * returns the first final invoice (one live final invoice per quote).
 * @returns ok with the invoice (`already` when one existed); 404 for an unknown quote; 409 when no
 *   estimate was accepted or nothing is left to invoice
 */
export async function createFinalInvoice(
  quoteId: string,
  createdBy: string | null,
  now: Date = new Date(),
): Promise<InvoiceOutcome<{ invoice: InvoiceRow; already: boolean }>> {
  if (!isId(quoteId)) return QUOTE_NOT_FOUND;
  return db.transaction((tx) => finalInvoiceIn(tx, quoteId, createdBy, now));
}

/**
 * `createFinalInvoice` inside the caller's transaction `tx` (the job's completion: the final
 * invoice exists exactly when the completed job does). Same outcomes.
 */
export async function finalInvoiceIn(
  tx: Transaction,
  quoteId: string,
  createdBy: string | null,
  now: Date,
): Promise<InvoiceOutcome<{ invoice: InvoiceRow; already: boolean }>> {
  if (!(await lockQuote(tx, quoteId))) return QUOTE_NOT_FOUND;
  const existing = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.quote_id, quoteId), ne(invoices.status, "void")))
    .orderBy(asc(invoices.created_at));
  const final = existing.find((i) => i.kind === "final");
  if (final) return { ok: true, invoice: final, already: true };
  const option = await acceptedOption(tx, quoteId);
  if (!option) {
    return { ok: false, status: 409, message: "No estimate was accepted for this request." };
  }
  const lines: InvoiceLine[] = option.lines.map((line) => ({
    name: line.name,
    description: line.description,
    quantityThousandths: line.quantityThousandths,
    unitPriceCents: line.unitPriceCents,
    amountCents: line.amountCents,
    taxable: line.taxable,
  }));
  if (option.totals.discountCents > 0) {
    lines.push(creditLine("Discount", option.totals.discountCents));
  }
  const deposit = existing.find((i) => i.kind === "deposit");
  if (deposit) lines.push(creditLine(`Less deposit ${deposit.number}`, deposit.total_cents));
  const subtotal = lines.reduce((sum, line) => sum + line.amountCents, 0);
  if (subtotal + option.totals.taxCents <= 0 || subtotal < 0) {
    return { ok: false, status: 409, message: "Nothing is left to invoice on this request." };
  }
  const invoice = await insertInvoice(
    tx,
    { quoteId, kind: "final", lines, taxCents: option.totals.taxCents, createdBy },
    now,
  );
  return { ok: true, invoice, already: false };
}

function creditLine(name: string, cents: number): InvoiceLine {
  return {
    name,
    description: "",
    quantityThousandths: 1000,
    unitPriceCents: -cents,
    amountCents: -cents,
    taxable: false,
  };
}

/** A fresh private link to invoice `invoiceId` (256 random bits, stored hashed). */
export function newInvoiceLink(invoiceId: string): {
  row: typeof invoice_links.$inferInsert;
  url: string;
  token: string;
} {
  const token = randomBytes(32).toString("base64url");
  return {
    row: { token_hash: sha256Hex(token), invoice_id: invoiceId },
    url: new URL(`/invoices/${token}`, env().PUBLIC_URL).href,
    token,
  };
}

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** The invoice behind link `token`, or null (malformed, unknown). */
export async function invoiceIdByToken(token: string): Promise<string | null> {
  if (!TOKEN_PATTERN.test(token)) return null;
  const [row] = await db
    .select({ id: invoice_links.invoice_id })
    .from(invoice_links)
    .where(eq(invoice_links.token_hash, sha256Hex(token)));
  return row?.id ?? null;
}

/**
 * Sends invoice `invoiceId`: a fresh private link and the invoice PDF mailed to its customer, the
 * status moved from draft to sent (a partly paid or paid invoice keeps its status), an event and
 * a quote history row; all in one transaction. Sending again mails a new link.
 * @returns ok with the link's URL; 404 unknown; 409 void
 */
export async function sendInvoice(
  invoiceId: string,
  by: string | null,
  now: Date = new Date(),
): Promise<InvoiceOutcome<{ url: string }>> {
  const invoice = await invoiceById(invoiceId);
  if (!invoice) return { ok: false, status: 404, message: "This invoice was not found." };
  if (invoice.status === "void") {
    return { ok: false, status: 409, message: "A void invoice cannot be sent." };
  }
  const pdf = await renderInvoicePdf(invoice, now);
  const link = newInvoiceLink(invoice.id);
  await db.transaction(async (tx) => {
    await tx.insert(invoice_links).values(link.row);
    await tx
      .update(invoices)
      .set({
        sent_at: sql`coalesce(${invoices.sent_at}, ${now.toISOString()}::timestamptz)`,
        status: sql`case when ${invoices.status} = 'draft' then 'sent'::invoice_status else ${invoices.status} end`,
      })
      .where(eq(invoices.id, invoice.id));
    await recordInvoiceEvent(tx, invoice, "sent", `Invoice ${invoice.number} sent`, null, by, now);
    await queueMail(tx, [invoiceSentMail(invoice, link.url, pdf)]);
  });
  kickOutbox();
  return { ok: true, url: link.url };
}

/**
 * Voids invoice `invoiceId`: it keeps its number, shows as void and is never paid or reminded.
 * @returns ok; 404 unknown; 409 when money was received on it (refund it first)
 */
export async function voidInvoice(
  invoiceId: string,
  by: string | null,
  now: Date = new Date(),
): Promise<InvoiceOutcome> {
  if (!isId(invoiceId)) return INVOICE_NOT_FOUND;
  return db.transaction(async (tx) => {
    const invoice = await lockInvoice(tx, invoiceId);
    if (!invoice) return INVOICE_NOT_FOUND;
    if (invoice.status === "void") return { ok: true };
    if (invoice.paid_cents > 0) {
      return {
        ok: false,
        status: 409,
        message: "This invoice has payments: refund them before voiding it.",
      };
    }
    await tx
      .update(invoices)
      .set({ status: "void", voided_at: now })
      .where(eq(invoices.id, invoiceId));
    await recordInvoiceEvent(
      tx,
      invoice,
      "voided",
      `Invoice ${invoice.number} voided`,
      null,
      by,
      now,
    );
    return { ok: true };
  });
}

/**
 * Writes what happened to `invoice` twice, in transaction `tx`: an invoice event and a row in its
 * quote's history (with the quote's current status, so the status does not change).
 */
export async function recordInvoiceEvent(
  tx: Transaction,
  invoice: Pick<InvoiceRow, "id" | "quote_id">,
  kind: string,
  note: string,
  amountCents: number | null,
  by: string | null,
  now: Date = new Date(),
): Promise<void> {
  await tx.insert(invoice_events).values({
    invoice_id: invoice.id,
    kind,
    note,
    amount_cents: amountCents,
    by,
    created_at: now,
  });
  if (!invoice.quote_id) return;
  const [quote] = await tx
    .select({ status: quotes.current_status })
    .from(quotes)
    .where(eq(quotes.id, invoice.quote_id));
  if (!quote) return;
  await tx.insert(quote_status_history).values({
    quote_id: invoice.quote_id,
    status: quote.status,
    changed_by: by,
    notes: note,
    created_at: now,
  });
}

/** Invoice `invoiceId`, or undefined (also for a malformed id). */
export async function invoiceById(
  invoiceId: string,
  executor: Pick<Database, "select"> = db,
): Promise<InvoiceRow | undefined> {
  if (!isId(invoiceId)) return undefined;
  const [row] = await executor.select().from(invoices).where(eq(invoices.id, invoiceId));
  return row;
}

/** The invoices of quote `quoteId`, oldest first. */
export async function invoicesOfQuote(quoteId: string): Promise<InvoiceRow[]> {
  if (!isId(quoteId)) return [];
  return db
    .select()
    .from(invoices)
    .where(eq(invoices.quote_id, quoteId))
    .orderBy(asc(invoices.created_at), asc(invoices.sequence));
}

/** The frozen lines of `invoice`. */
export function invoiceLines(invoice: Pick<InvoiceRow, "lines">): InvoiceLine[] {
  return JSON.parse(invoice.lines) as InvoiceLine[];
}

/** True when `invoice` is unpaid (sent or partly paid) past its due date, on `today` (Denver). */
export function isOverdue(
  invoice: Pick<InvoiceRow, "status" | "due_on">,
  today: string = denverDate(new Date()),
): boolean {
  return (invoice.status === "sent" || invoice.status === "partly_paid") && invoice.due_on < today;
}
