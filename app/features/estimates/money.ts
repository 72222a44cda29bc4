/**
 * Money for estimates: integer cents throughout, never floating point (docs/decisions/
 * 0122-estimate-money.md). Quantities are integer thousandths (1.5 hours = 1500), tax rates and
 * percentage discounts integer basis points (7.25 % = 725). Products are taken in BigInt and
 * rounded half up, once per line amount, once for the discount's taxable share and once for an
 * option's tax.
 */
import { QUANTITY_SCALE } from "~/features/catalog/estimate-limits";

/**
 * `numerator / denominator` rounded to the nearest integer, halves away from zero (both
 * non-negative here, so "half up").
 * @throws RangeError for a negative operand or a zero denominator.
 */
export function divideRoundHalfUp(numerator: bigint, denominator: bigint): bigint {
  if (numerator < 0n || denominator <= 0n) throw new RangeError("non-negative operands only");
  return (2n * numerator + denominator) / (2n * denominator);
}

function toSafeNumber(value: bigint): number {
  const result = Number(value);
  if (!Number.isSafeInteger(result)) throw new RangeError("amount out of range");
  return result;
}

/** A line's amount in cents: quantity (thousandths) x unit price (cents), rounded half up. */
export function lineAmountCents(quantityThousandths: number, unitPriceCents: number): number {
  return toSafeNumber(
    divideRoundHalfUp(BigInt(quantityThousandths) * BigInt(unitPriceCents), BigInt(QUANTITY_SCALE)),
  );
}

/** The estimate's discount, applied to each option's subtotal. */
export type Discount =
  | { kind: "none" }
  | { kind: "amount"; cents: number }
  | { kind: "percent"; basisPoints: number };

export interface OptionTotals {
  /** sum of the line amounts */
  subtotalCents: number;
  /** the discount taken off the subtotal (never more than the subtotal) */
  discountCents: number;
  /** taxable lines' sum less their proportional share of the discount */
  taxableBaseCents: number;
  /** taxableBase x rate, rounded half up once per option */
  taxCents: number;
  /** subtotal - discount + tax */
  totalCents: number;
}

/**
 * An option's totals from its lines' amounts (cents) and taxability, the estimate's discount and
 * the tax rate (basis points). The discount is spread over taxable and untaxed lines in
 * proportion to their sums, so a discount lowers the tax as a price cut would.
 * @throws RangeError when an amount leaves the safe integer range (limits.ts keeps inputs inside).
 */
export function optionTotals(
  lines: readonly { amountCents: number; taxable: boolean }[],
  discount: Discount,
  taxRateBasisPoints: number,
): OptionTotals {
  let subtotal = 0n;
  let taxableSubtotal = 0n;
  for (const line of lines) {
    subtotal += BigInt(line.amountCents);
    if (line.taxable) taxableSubtotal += BigInt(line.amountCents);
  }
  let discountCents = 0n;
  if (discount.kind === "amount") discountCents = BigInt(discount.cents);
  if (discount.kind === "percent") {
    discountCents = divideRoundHalfUp(subtotal * BigInt(discount.basisPoints), 10_000n);
  }
  if (discountCents > subtotal) discountCents = subtotal;
  const taxableDiscount =
    subtotal === 0n ? 0n : divideRoundHalfUp(discountCents * taxableSubtotal, subtotal);
  const taxableBase = taxableSubtotal - taxableDiscount;
  const tax = divideRoundHalfUp(taxableBase * BigInt(taxRateBasisPoints), 10_000n);
  return {
    subtotalCents: toSafeNumber(subtotal),
    discountCents: toSafeNumber(discountCents),
    taxableBaseCents: toSafeNumber(taxableBase),
    taxCents: toSafeNumber(tax),
    totalCents: toSafeNumber(subtotal - discountCents + tax),
  };
}

/**
 * Reads a decimal written by a person ("1,234.5", "$12", " 0.125 ") as an integer count of
 * 1/10^`decimals` units, without floating point. Thousands separators are accepted only in
 * groups of three.
 * @returns null for anything else (a sign, letters, more decimals than allowed).
 */
export function parseDecimal(text: string, decimals: number): number | null {
  const match = /^(\d{1,3}(?:,\d{3})+|\d+)?(?:\.(\d*))?$/.exec(text.trim().replace(/^\$/, ""));
  if (!match || (match[1] === undefined && !match[2])) return null;
  const whole = (match[1] ?? "0").replaceAll(",", "");
  const fraction = match[2] ?? "";
  if (fraction.length > decimals) return null;
  const value = Number(whole + fraction.padEnd(decimals, "0"));
  return Number.isSafeInteger(value) ? value : null;
}

/** "2,450.5" or "$2450.50" -> 245050 cents; null when not a non-negative amount with <= 2 decimals. */
export const parseDollars = (text: string): number | null => parseDecimal(text, 2);
/** "1.5" -> 1500 thousandths; null when not a non-negative number with <= 3 decimals. */
export const parseQuantity = (text: string): number | null => parseDecimal(text, 3);
/** "7.25" (percent) -> 725 basis points; null when not a non-negative number with <= 2 decimals. */
export const parsePercent = (text: string): number | null => parseDecimal(text, 2);

/** An integer count of 1/10^`decimals` units as an exact decimal string: (1500, 3) -> "1.500". */
function decimalString(units: number, decimals: number): string {
  const sign = units < 0 ? "-" : "";
  const digits = String(Math.abs(units)).padStart(decimals + 1, "0");
  return `${sign}${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`;
}

const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

/** 245000 -> "$2,450.00"; -1500 -> "-$15.00". Formats the exact decimal (no division by 100). */
export function formatUsd(cents: number): string {
  return usd.format(decimalString(cents, 2) as `${number}`);
}

const plain = new Intl.NumberFormat("en-US", { maximumFractionDigits: 3 });

/** 1500 thousandths -> "1.5"; 850000 -> "850"; 1234500 -> "1,234.5". */
export function formatQuantity(thousandths: number): string {
  return plain.format(decimalString(thousandths, 3) as `${number}`);
}

/** 725 basis points -> "7.25%"; 700 -> "7%". */
export function formatPercent(basisPoints: number): string {
  return `${plain.format(decimalString(basisPoints, 2) as `${number}`)}%`;
}

/** Cents as the plain decimal a form field shows: 245050 -> "2450.50". */
export function centsToInput(cents: number): string {
  return decimalString(cents, 2);
}

/** Thousandths as a form field shows them: 1500 -> "1.5", 2000 -> "2". */
export function quantityToInput(thousandths: number): string {
  return decimalString(thousandths, 3).replace(/\.?0+$/, "");
}

/** Basis points as a percentage field shows them: 725 -> "7.25", 700 -> "7". */
export function basisPointsToInput(basisPoints: number): string {
  return decimalString(basisPoints, 2).replace(/\.?0+$/, "");
}
