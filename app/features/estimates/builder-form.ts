/**
 * The estimate builder's form values (browser and server): what its fields show, as text, and
 * how a post is read. The form has a fixed number of rows (three options, each with its lines
 * and a few empty rows), so it works without JavaScript; rows left empty are dropped before
 * validation, and the rows kept are numbered again, so error paths match the form shown next.
 */

import { MAX_LINES, MAX_OPTIONS } from "~/features/catalog/estimate-limits";
import type { EstimateDraft } from "./content";
import { basisPointsToInput, centsToInput, quantityToInput } from "./money";

/** One line row as its fields show it (all text; "" for empty). */
export interface LineValues {
  priceBookItemId: string;
  name: string;
  description: string;
  quantity: string;
  unit: string;
  unitPrice: string;
  taxable: boolean;
}

/** The builder's fields as text. */
export interface BuilderValues {
  options: { name: string; lines: LineValues[] }[];
  discountKind: "none" | "amount" | "percent";
  discountAmount: string;
  discountPercent: string;
  taxRate: string;
  terms: string;
  validUntil: string;
}

/** Empty rows shown under each option's lines (save to get more). */
export const BLANK_LINE_ROWS = 3;
/** An option shows at least this many line rows. */
export const MIN_LINE_ROWS = 4;

/** The builder's submit buttons' `intent` values. */
export const SAVE_ESTIMATE = "save-estimate";
export const SEND_ESTIMATE = "send-estimate";
/**
 * The checkbox that confirms sending lines that still come from sample price book items; shown
 * after 'Send' was refused for them (its field error carries the warning).
 */
export const SEND_ANYWAY = "sendAnyway";

export const blankLine = (): LineValues => ({
  priceBookItemId: "",
  name: "",
  description: "",
  quantity: "1",
  unit: "",
  unitPrice: "",
  taxable: false,
});

/** The fields of a saved draft (or of a sent version, to start the next one from). */
export function builderValuesOf(draft: EstimateDraft): BuilderValues {
  const { discount } = draft;
  return {
    options: draft.options.map((option) => ({
      name: option.name,
      lines: option.lines.map((line) => ({
        priceBookItemId: line.priceBookItemId ?? "",
        name: line.name,
        description: line.description,
        quantity: quantityToInput(line.quantityThousandths),
        unit: line.unit,
        unitPrice: centsToInput(line.unitPriceCents),
        taxable: line.taxable,
      })),
    })),
    discountKind: discount.kind,
    discountAmount: discount.kind === "amount" ? centsToInput(discount.cents) : "",
    discountPercent: discount.kind === "percent" ? basisPointsToInput(discount.basisPoints) : "",
    taxRate: basisPointsToInput(draft.taxRateBasisPoints),
    terms: draft.terms,
    validUntil: draft.validUntil,
  };
}

const text = (value: unknown) => (typeof value === "string" ? value : "");
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/**
 * The fields of a refused post, from Conform's `initialValue` (the post as nested objects), so
 * the form shows what was typed with the errors beside it.
 */
export function builderValuesFromPost(
  posted: Record<string, unknown>,
  fallback: BuilderValues,
): BuilderValues {
  const kind = text(posted.discountKind);
  return {
    options: list(posted.options).map((o) => {
      const option = (o ?? {}) as Record<string, unknown>;
      return {
        name: text(option.name),
        lines: list(option.lines).map((l) => {
          const line = (l ?? {}) as Record<string, unknown>;
          return {
            priceBookItemId: text(line.priceBookItemId),
            name: text(line.name),
            description: text(line.description),
            quantity: text(line.quantity),
            unit: text(line.unit),
            unitPrice: text(line.unitPrice),
            taxable: line.taxable === "on",
          };
        }),
      };
    }),
    discountKind: kind === "amount" || kind === "percent" ? kind : "none",
    discountAmount: text(posted.discountAmount),
    discountPercent: text(posted.discountPercent),
    taxRate: text(posted.taxRate),
    terms: posted.terms === undefined ? fallback.terms : text(posted.terms),
    validUntil: text(posted.validUntil),
  };
}

/**
 * The values padded to the rows the form shows: three options, each with its lines and
 * BLANK_LINE_ROWS empty rows (at least MIN_LINE_ROWS, at most MAX_LINES).
 */
export function builderRows(values: BuilderValues): BuilderValues {
  const options = Array.from({ length: MAX_OPTIONS }, (_, i) => {
    const option = values.options[i] ?? { name: "", lines: [] };
    const rows = Math.min(
      MAX_LINES,
      Math.max(MIN_LINE_ROWS, option.lines.length + BLANK_LINE_ROWS),
    );
    return {
      name: option.name,
      lines: Array.from({ length: rows }, (_, j) => option.lines[j] ?? blankLine()),
    };
  });
  return { ...values, options };
}

const LINE_FIELD = /^options\[(\d+)\]\.lines\[(\d+)\]\.(\w+)$/;
const OPTION_NAME = /^options\[(\d+)\]\.name$/;

/**
 * The builder's post without its empty rows: a line row is empty when it names no price book
 * item, no name and no price (its default quantity and unit do not count); an option is empty
 * when its name and all its rows are. What stays is numbered again from 0, in order.
 */
export function withoutEmptyRows(form: FormData): FormData {
  const options = new Map<number, { name: string; lines: Map<number, [string, string][]> }>();
  const rest: [string, FormDataEntryValue][] = [];
  const optionAt = (i: number) => {
    let option = options.get(i);
    if (!option) {
      option = { name: "", lines: new Map() };
      options.set(i, option);
    }
    return option;
  };
  for (const [key, value] of form.entries()) {
    const line = LINE_FIELD.exec(key);
    const name = OPTION_NAME.exec(key);
    if (line && typeof value === "string") {
      const fields = optionAt(Number(line[1])).lines;
      const j = Number(line[2]);
      fields.set(j, [...(fields.get(j) ?? []), [line[3] as string, value]]);
    } else if (name && typeof value === "string") {
      optionAt(Number(name[1])).name = value;
    } else {
      rest.push([key, value]);
    }
  }
  const filled = (fields: [string, string][]) =>
    fields.some(
      ([field, value]) =>
        ["priceBookItemId", "name", "unitPrice"].includes(field) && value.trim() !== "",
    );
  const compact = new FormData();
  for (const [key, value] of rest) compact.append(key, value);
  let i = 0;
  for (const [, option] of [...options.entries()].sort(([a], [b]) => a - b)) {
    const lines = [...option.lines.entries()]
      .sort(([a], [b]) => a - b)
      .map(([, fields]) => fields)
      .filter(filled);
    if (option.name.trim() === "" && lines.length === 0) continue;
    compact.append(`options[${i}].name`, option.name);
    lines.forEach((fields, j) => {
      for (const [field, value] of fields)
        compact.append(`options[${i}].lines[${j}].${field}`, value);
    });
    i += 1;
  }
  return compact;
}
