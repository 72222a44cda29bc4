/**
 * Invoices typed by staff (a final invoice by hand, or any other invoice): lines of description,
 * quantity, unit price in dollars and taxable, read from the quote page's form into integer cents
 * and thousandths, totalled as on the estimate (each line rounded half up, the tax of the taxable
 * lines once at the estimate's rate). Refused with a message naming the line; nothing written.
 */
import { and, desc, eq, ne } from "drizzle-orm";
import { estimate_versions, estimates, invoices } from "~/db/schema";
import * as limits from "~/features/catalog/estimate-limits";
import { TYPED_INVOICE_KINDS } from "~/features/catalog/invoice-enums";
import {
  lineAmountCents,
  optionTotals,
  parseDollars,
  parseQuantity,
} from "~/features/estimates/money";
import { db } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { isId } from "~/lib/ids";
import {
  type InvoiceOutcome,
  type InvoiceRow,
  insertInvoice,
  lockQuote,
  QUOTE_NOT_FOUND,
  type Transaction,
} from "./invoices.server";
import type { InvoiceLine } from "./money";

export type TypedKind = (typeof TYPED_INVOICE_KINDS)[number];

/** The fields of the quote page's invoice forms that a refusal gives back (not the ids). */
const ANSWER_FIELD = /^(kind|method|amount|receivedOn|reference|reason|lines\[\d+\]\.\w+)$/;

/**
 * What staff typed into one of the quote page's invoice forms (typed invoice, payment, refund),
 * as text by field name (`kind`, `lines[0].description`, `amount`, ...) with the form's `intent`,
 * `invoiceId` and `paymentId`, to give back to that form with a refusal: without JavaScript the
 * page is drawn again from the server, and nothing typed may be lost.
 */
export function invoiceFormAnswers(form: FormData): Record<string, string> {
  const answers: Record<string, string> = {};
  for (const [name, value] of form) {
    if (typeof value !== "string") continue;
    if (name === "intent" || name === "invoiceId" || name === "paymentId") {
      answers[name] = value;
    } else if (ANSWER_FIELD.test(name)) {
      answers[name] = value.slice(0, 2_000);
    }
  }
  return answers;
}

/** A typed invoice, read: its kind and its lines (cents, thousandths). */
export interface TypedInvoice {
  kind: TypedKind;
  lines: InvoiceLine[];
}

type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };

/** Reads a typed amount: `what` names it in the message ("unit price", "quantity"). */
function readDecimal(
  text: string,
  what: string,
  decimals: number,
  parse: (text: string) => number | null,
  example: string,
): Parsed<number> {
  const trimmed = text.trim();
  if (trimmed === "") return { ok: false, message: `enter the ${what}` };
  if (/^-/.test(trimmed)) return { ok: false, message: `the ${what} cannot be negative` };
  const fraction = /\.(\d*)$/.exec(trimmed)?.[1] ?? "";
  if (/^\$?[\d,]*\.\d+$/.test(trimmed) && fraction.length > decimals) {
    return { ok: false, message: `enter the ${what} with at most ${decimals} decimals` };
  }
  const value = parse(trimmed);
  if (value === null)
    return { ok: false, message: `enter the ${what} as a number, e.g. ${example}` };
  return { ok: true, value };
}

/**
 * The typed-invoice form `form` (fields `kind`, `lines[i].description`, `lines[i].quantity`,
 * `lines[i].unitPrice` in dollars, `lines[i].taxable` "on"), with rows left wholly empty skipped.
 * @returns the invoice's kind and lines, or the first problem as a sentence naming its line
 */
export function readTypedInvoice(form: FormData): Parsed<TypedInvoice> {
  const kind = String(form.get("kind") ?? "");
  if (!(TYPED_INVOICE_KINDS as readonly string[]).includes(kind)) {
    return { ok: false, message: "Choose what kind of invoice this is." };
  }
  const lines: InvoiceLine[] = [];
  for (let i = 0; i < limits.MAX_LINES; i++) {
    const field = (name: string) => String(form.get(`lines[${i}].${name}`) ?? "");
    const description = field("description").trim();
    const quantityText = field("quantity");
    const priceText = field("unitPrice");
    if (description === "" && quantityText.trim() === "" && priceText.trim() === "") continue;
    const fail = (message: string): Parsed<TypedInvoice> => ({
      ok: false,
      message: `Line ${i + 1}: ${message}.`,
    });
    if (description === "") return fail("enter a description");
    if (description.length > limits.MAX_NAME_LENGTH) {
      return fail(`keep the description under ${limits.MAX_NAME_LENGTH} characters`);
    }
    const quantity = readDecimal(quantityText, "quantity", 3, parseQuantity, "1 or 2.5");
    if (!quantity.ok) return fail(quantity.message);
    if (quantity.value === 0) return fail("enter a quantity greater than 0");
    if (quantity.value > limits.MAX_QUANTITY_THOUSANDTHS) {
      return fail("enter a quantity of at most 100,000");
    }
    const price = readDecimal(priceText, "unit price", 2, parseDollars, "1250.00");
    if (!price.ok) return fail(price.message);
    if (price.value > limits.MAX_UNIT_PRICE_CENTS) return fail("enter at most $100,000.00");
    lines.push({
      name: description,
      description: "",
      quantityThousandths: quantity.value,
      unitPriceCents: price.value,
      amountCents: lineAmountCents(quantity.value, price.value),
      taxable: field("taxable") === "on",
    });
  }
  if (lines.length === 0) return { ok: false, message: "Add at least one line." };
  return { ok: true, value: { kind: kind as TypedKind, lines } };
}

/** The tax rate (basis points) of quote `quoteId`'s newest estimate version, else the default. */
async function estimateTaxRate(tx: Transaction, quoteId: string): Promise<number> {
  const [row] = await tx
    .select({ content: estimate_versions.content })
    .from(estimate_versions)
    .innerJoin(estimates, eq(estimates.id, estimate_versions.estimate_id))
    .where(eq(estimates.quote_id, quoteId))
    .orderBy(desc(estimate_versions.version))
    .limit(1);
  const rate = row
    ? (JSON.parse(row.content) as { taxRateBasisPoints?: number }).taxRateBasisPoints
    : undefined;
  return typeof rate === "number" ? rate : env().estimateTaxRateBasisPoints;
}

/**
 * Writes typed invoice `input` on quote `quoteId` as a draft: tax on the taxable lines at the
 * estimate's rate (rounded half up once), the next number, an event and a quote history row.
 * @returns ok with the invoice; 404 unknown quote; 409 a final invoice when the quote has a live
 *   one; 400 a total of $0.00
 */
export async function createTypedInvoice(
  quoteId: string,
  input: TypedInvoice,
  createdBy: string | null,
  now: Date = new Date(),
): Promise<InvoiceOutcome<{ invoice: InvoiceRow }>> {
  if (!isId(quoteId)) return QUOTE_NOT_FOUND;
  return db.transaction(async (tx) => {
    if (!(await lockQuote(tx, quoteId))) return QUOTE_NOT_FOUND;
    if (input.kind === "final") {
      const [final] = await tx
        .select({ number: invoices.number })
        .from(invoices)
        .where(
          and(
            eq(invoices.quote_id, quoteId),
            eq(invoices.kind, "final"),
            ne(invoices.status, "void"),
          ),
        );
      if (final) {
        return {
          ok: false,
          status: 409,
          message: `This request already has a final invoice (${final.number}): void it first.`,
        };
      }
    }
    const totals = optionTotals(input.lines, { kind: "none" }, await estimateTaxRate(tx, quoteId));
    if (totals.totalCents <= 0) {
      return { ok: false, status: 400, message: "The invoice total must be more than $0.00." };
    }
    const invoice = await insertInvoice(
      tx,
      { quoteId, kind: input.kind, lines: input.lines, taxCents: totals.taxCents, createdBy },
      now,
    );
    return { ok: true, invoice };
  });
}
