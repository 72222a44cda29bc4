/**
 * How a quote is shown to its requester (SPEC sections 2, 4 and 9).
 */
import type { EnumValue, quoteStatus } from "~/features/catalog/enums";

export type QuoteStatus = EnumValue<typeof quoteStatus>;

/** The 8-character reference number (first 8 characters of the id), or 'Processing'. */
export function referenceNumber(quoteId: string | null | undefined): string {
  return quoteId ? quoteId.slice(0, 8) : "Processing";
}

/**
 * The quote ids a typed reference (or a longer start of an id, hyphens or not) can stand for, as
 * the lowest and highest id: ids are random uuids, so a prefix is a range the primary key serves
 * (`id BETWEEN low AND high`), where `id::text LIKE 'prefix%'` reads every quote.
 * @returns null unless `text` is 1 to 32 hex digits once hyphens are dropped
 */
export function referenceIdRange(text: string): { low: string; high: string } | null {
  const hex = text.trim().toLowerCase().replaceAll("-", "");
  if (!/^[0-9a-f]{1,32}$/.test(hex)) return null;
  const uuid = (digits: string) =>
    `${digits.slice(0, 8)}-${digits.slice(8, 12)}-${digits.slice(12, 16)}-${digits.slice(16, 20)}-${digits.slice(20)}`;
  return { low: uuid(hex.padEnd(32, "0")), high: uuid(hex.padEnd(32, "f")) };
}

const PROGRESS: Record<QuoteStatus, number> = {
  pending: 20,
  approved: 40,
  in_progress: 60,
  completed: 100,
  rejected: 100,
};

/** Progress percentage for a status: pending 20, approved 40, in_progress 60, completed and rejected 100, other 0. */
export function statusProgress(status: string | null | undefined): number {
  return (status && PROGRESS[status as QuoteStatus]) || 0;
}
