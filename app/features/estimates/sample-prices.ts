/**
 * The sample price book's note (seed.server.ts): every seeded item's description starts with it,
 * and an item stays a sample until staff edit the note away (or retire the item). It is staff's
 * reminder, never the homeowner's: estimate lines copy an item's description without it, the
 * estimate's page, PDF and mail never show it, and 'Send' asks staff to confirm while a line
 * still comes from a sample item (docs/decisions/0166-sample-prices.md).
 */

/** The note, as the seed writes it. */
export const SAMPLE_PRICE_NOTE = "Sample price: edit or retire before use.";

/** Whether a price book item's `description` still marks it as a sample. */
export function isSamplePrice(description: string): boolean {
  return description.includes(SAMPLE_PRICE_NOTE);
}

/** `description` without the sample note (and the space after it), trimmed. */
export function withoutSampleNote(description: string): string {
  if (!isSamplePrice(description)) return description;
  return description
    .replaceAll(`${SAMPLE_PRICE_NOTE} `, "")
    .replaceAll(SAMPLE_PRICE_NOTE, "")
    .trim();
}

/**
 * The warning beside 'Send' for `lines` ("Option 1, line 2: Passive radon vent system", ...):
 * shown while the builder's lines come from sample items, and with a refused 'Send'.
 */
export function samplePricesWarning(lines: string[]): string {
  return `${lines.join("; ")}. These are sample figures, not your prices: change the lines or the price book items, or tick 'Send anyway' and send.`;
}
