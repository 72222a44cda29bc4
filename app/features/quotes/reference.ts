/**
 * How a quote is shown to its requester (SPEC sections 2, 4 and 9).
 */
import type { EnumValue, quoteStatus } from "~/features/catalog/enums";

export type QuoteStatus = EnumValue<typeof quoteStatus>;

/** The 8-character reference number (first 8 characters of the id), or 'Processing'. */
export function referenceNumber(quoteId: string | null | undefined): string {
  return quoteId ? quoteId.slice(0, 8) : "Processing";
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
