/**
 * An estimate version's content: everything the homeowner sees (company, request, property,
 * options, lines, totals, discount, tax rate, terms, valid-until), as the JSON that is frozen and
 * hashed when the version is sent. The page and the PDF are drawn from it alone (view-model.ts),
 * so what was signed can always be shown again exactly.
 */
import { createHash } from "node:crypto";
import { company } from "~/features/catalog/company";
import type { EstimateUnit } from "~/features/catalog/estimate-enums";
import { type ServiceId, serviceById } from "~/features/catalog/services";
import { type Discount, lineAmountCents, type OptionTotals, optionTotals } from "./money";

/** A line as priced: copied from the price book or typed, never looked up again. */
export interface EstimateLine {
  /** the price book item it was copied from, if any (provenance only) */
  priceBookItemId: string | null;
  name: string;
  description: string;
  unit: EstimateUnit;
  quantityThousandths: number;
  unitPriceCents: number;
  taxable: boolean;
}

/** What staff edit: the draft before it is priced and frozen. */
export interface EstimateDraft {
  options: { name: string; lines: EstimateLine[] }[];
  discount: Discount;
  taxRateBasisPoints: number;
  terms: string;
  /** YYYY-MM-DD, the last day (America/Denver) the version can be accepted */
  validUntil: string;
}

/** The request the estimate answers, as shown on it. */
export interface EstimateQuoteInfo {
  id: string;
  reference: string;
  service: ServiceId;
  requesterName: string;
  /** the property's address lines; a guest request has only its ZIP code */
  propertyLines: string[];
}

export interface EstimateContent {
  /** the shape of this JSON; bump when it changes so old versions stay readable */
  format: 1;
  version: number;
  /** when this version was sent (ISO 8601, UTC); null while it is a draft */
  issuedAt: string | null;
  validUntil: string;
  company: { name: string; tagline: string };
  quote: EstimateQuoteInfo & { serviceTitle: string };
  options: {
    name: string;
    lines: (EstimateLine & { amountCents: number })[];
    totals: OptionTotals;
  }[];
  discount: Discount;
  taxRateBasisPoints: number;
  terms: string;
}

/**
 * Prices `draft` for `quote`: each line's amount and each option's totals, computed here on the
 * server only (money.ts), in a fixed key order so that the same estimate always gives the same
 * JSON and hash.
 */
export function estimateContent(
  draft: EstimateDraft,
  quote: EstimateQuoteInfo,
  version: number,
  issuedAt: Date | null,
): EstimateContent {
  return {
    format: 1,
    version,
    issuedAt: issuedAt ? issuedAt.toISOString() : null,
    validUntil: draft.validUntil,
    company: { name: company.name, tagline: company.tagline },
    quote: {
      id: quote.id,
      reference: quote.reference,
      service: quote.service,
      serviceTitle: serviceById(quote.service).title,
      requesterName: quote.requesterName,
      propertyLines: [...quote.propertyLines],
    },
    options: draft.options.map((option) => {
      const lines = option.lines.map((line) => ({
        priceBookItemId: line.priceBookItemId,
        name: line.name,
        description: line.description,
        unit: line.unit,
        quantityThousandths: line.quantityThousandths,
        unitPriceCents: line.unitPriceCents,
        taxable: line.taxable,
        amountCents: lineAmountCents(line.quantityThousandths, line.unitPriceCents),
      }));
      return {
        name: option.name,
        lines,
        totals: optionTotals(lines, draft.discount, draft.taxRateBasisPoints),
      };
    }),
    discount: draft.discount,
    taxRateBasisPoints: draft.taxRateBasisPoints,
    terms: draft.terms,
  };
}

/** The editable draft inside `content` (for the editor, and to make the next version from). */
export function draftOf(content: EstimateContent): EstimateDraft {
  return {
    options: content.options.map((option) => ({
      name: option.name,
      lines: option.lines.map(({ amountCents: _, ...line }) => line),
    })),
    discount: content.discount,
    taxRateBasisPoints: content.taxRateBasisPoints,
    terms: content.terms,
    validUntil: content.validUntil,
  };
}

/** The exact text stored and hashed for `content`. */
export function serializeContent(content: EstimateContent): string {
  return JSON.stringify(content);
}

/** Hex SHA-256 of `text` as UTF-8: what estimate_versions.content_sha256 holds for its content. */
export function sha256Hex(text: string): string {
  return createHash("sha256").update(text, "utf8").digest("hex");
}
