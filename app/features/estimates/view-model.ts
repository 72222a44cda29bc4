/**
 * The one view of an estimate version that both the page and its PDF draw: every amount, date and
 * label already formatted (US dollars, America/Denver), so the two can never show different
 * figures. Built from the version's stored content alone.
 */

import { type EstimateStatus, estimateUnit } from "~/features/catalog/estimate-enums";
import { addDays, denverDate, formatDate } from "~/lib/dates";
import type { EstimateContent } from "./content";
import { formatPercent, formatQuantity, formatUsd } from "./money";
import { withoutSampleNote } from "./sample-prices";

export interface EstimateLineView {
  name: string;
  description: string;
  /** "1.5 Hour", "850 Sq ft" */
  quantity: string;
  unitPrice: string;
  amount: string;
  taxable: boolean;
}

export interface EstimateOptionView {
  /** 1-based, as the accept form posts it */
  index: number;
  name: string;
  lines: EstimateLineView[];
  subtotal: string;
  /** "-$245.00", or null without a discount */
  discount: string | null;
  /** null when the rate is 0 */
  tax: string | null;
  total: string;
  totalCents: number;
  /** the option the homeowner accepted */
  chosen: boolean;
}

export interface EstimateAcceptanceView {
  optionIndex: number;
  optionName: string;
  total: string;
  signerName: string;
  signedAt: string;
  /** data:image/png;base64,... or null when only the name was typed */
  signatureDataUrl: string | null;
  contentSha256: string;
}

export interface EstimateViewModel {
  title: string;
  version: number;
  company: { name: string; tagline: string };
  reference: string;
  serviceTitle: string;
  requesterName: string;
  propertyLines: string[];
  /** "November 25, 2026", or null for a draft */
  issuedOn: string | null;
  validUntil: string;
  status: EstimateStatus;
  /** past its valid-until day in Utah and not accepted */
  expired: boolean;
  options: EstimateOptionView[];
  /** "Discount (10%)" or "Discount"; null without one */
  discountLabel: string | null;
  /** "Sales tax (7.25%)"; null when the rate is 0 */
  taxLabel: string | null;
  /** the "* taxable item" key is shown: a tax rate is set and some line is taxable */
  taxableKey: boolean;
  /** paragraphs */
  terms: string[];
  acceptance: EstimateAcceptanceView | null;
  decline: { declinedAt: string; reason: string | null } | null;
  /** the SHA-256 of the content shown (null for a draft): printed on the PDF, posted on accept */
  contentSha256: string | null;
}

const signedTime = new Intl.DateTimeFormat("en-US", {
  dateStyle: "long",
  timeStyle: "long",
  timeZone: "America/Denver",
});

/** "November 25, 2026 at 3:04:05 PM MST": a signature's time, to the second, with the zone. */
function formatSignedTime(at: Date): string {
  return signedTime.format(at);
}

/** One line under an option's items: its label, the amount as shown, and whether it is the total. */
export interface OptionSum {
  label: string;
  value: string;
  strong?: boolean;
}

/**
 * The sums under an option, as the page and the PDF both show them: subtotal, the discount and
 * the tax only when the estimate has one and it comes to something, then the total.
 */
export function optionSums(view: EstimateViewModel, option: EstimateOptionView): OptionSum[] {
  const sums: OptionSum[] = [{ label: "Subtotal", value: option.subtotal }];
  if (view.discountLabel && option.discount)
    sums.push({ label: view.discountLabel, value: option.discount });
  if (view.taxLabel && option.tax) sums.push({ label: view.taxLabel, value: option.tax });
  sums.push({ label: "Total", value: option.total, strong: true });
  return sums;
}

/** Whether a version valid through `validUntil` (YYYY-MM-DD, Utah) has expired at `now`. */
export function isExpired(validUntil: string, now: Date): boolean {
  return denverDate(now) > validUntil;
}

/** The default valid-until date: 30 days after `now`'s date in Utah. */
export function defaultValidUntil(now: Date): string {
  return addDays(denverDate(now), 30);
}

export interface EstimateRecordState {
  status: EstimateStatus;
  contentSha256: string | null;
  acceptance: {
    optionIndex: number;
    signerName: string;
    signaturePng: Buffer | null;
    acceptedAt: Date;
    contentSha256: string;
  } | null;
  decline: { declinedAt: Date; reason: string | null } | null;
}

/**
 * The view of `content` in the state `record` at `now`.
 * @param content a version's stored content (content.ts)
 */
export function estimateViewModel(
  content: EstimateContent,
  record: EstimateRecordState,
  now: Date,
): EstimateViewModel {
  const { discount } = content;
  const acceptance = record.acceptance;
  const chosen = acceptance ? content.options[acceptance.optionIndex - 1] : undefined;
  return {
    title: `Estimate ${content.quote.reference}`,
    version: content.version,
    company: content.company,
    reference: content.quote.reference,
    serviceTitle: content.quote.serviceTitle,
    requesterName: content.quote.requesterName,
    propertyLines: content.quote.propertyLines,
    issuedOn: content.issuedAt ? formatDate(denverDate(new Date(content.issuedAt))) : null,
    validUntil: formatDate(content.validUntil),
    status: record.status,
    expired: !acceptance && isExpired(content.validUntil, now),
    options: content.options.map((option, i) => ({
      index: i + 1,
      name: option.name,
      lines: option.lines.map((line) => ({
        name: line.name,
        // versions written before lines dropped the note may still carry it
        description: withoutSampleNote(line.description),
        quantity: `${formatQuantity(line.quantityThousandths)} ${estimateUnit.label(line.unit)}`,
        unitPrice: formatUsd(line.unitPriceCents),
        amount: formatUsd(line.amountCents),
        taxable: line.taxable,
      })),
      subtotal: formatUsd(option.totals.subtotalCents),
      discount: discount.kind === "none" ? null : formatUsd(-option.totals.discountCents),
      tax: content.taxRateBasisPoints === 0 ? null : formatUsd(option.totals.taxCents),
      total: formatUsd(option.totals.totalCents),
      totalCents: option.totals.totalCents,
      chosen: acceptance?.optionIndex === i + 1,
    })),
    discountLabel:
      discount.kind === "none"
        ? null
        : discount.kind === "percent"
          ? `Discount (${formatPercent(discount.basisPoints)})`
          : "Discount",
    taxLabel:
      content.taxRateBasisPoints === 0
        ? null
        : `Sales tax (${formatPercent(content.taxRateBasisPoints)})`,
    taxableKey:
      content.taxRateBasisPoints !== 0 &&
      content.options.some((option) => option.lines.some((line) => line.taxable)),
    terms: content.terms
      .split(/\n\s*\n/)
      .map((p) => p.trim())
      .filter(Boolean),
    acceptance:
      acceptance && chosen
        ? {
            optionIndex: acceptance.optionIndex,
            optionName: chosen.name,
            total: formatUsd(chosen.totals.totalCents),
            signerName: acceptance.signerName,
            signedAt: formatSignedTime(acceptance.acceptedAt),
            signatureDataUrl: acceptance.signaturePng
              ? `data:image/png;base64,${acceptance.signaturePng.toString("base64")}`
              : null,
            contentSha256: acceptance.contentSha256,
          }
        : null,
    decline: record.decline
      ? { declinedAt: formatSignedTime(record.decline.declinedAt), reason: record.decline.reason }
      : null,
    contentSha256: record.contentSha256,
  };
}
