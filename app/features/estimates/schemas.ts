/**
 * The estimate forms' schemas, shared by the browser (Conform) and, authoritatively, the server.
 * Conform coerces form values first: empty strings become undefined, checkboxes "on" become true.
 * Money and quantities are typed as decimal text and leave here as integers (money.ts).
 */
import "~/lib/zod-browser";
import { z } from "zod";
import { estimateUnit } from "~/features/catalog/estimate-enums";
import * as limits from "~/features/catalog/estimate-limits";
import { serviceId } from "~/features/catalog/services";
import { idField } from "~/lib/ids";
import { type Discount, parseDollars, parsePercent, parseQuantity } from "./money";

const requiredText = (message: string, max: number) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(max, `Please keep this under ${max} characters`);
const optionalText = (max: number) =>
  z.string().trim().max(max, `Please keep this under ${max} characters`).optional();

/** A decimal typed by a person, as an integer via `parse`, within [0, max]. */
const decimalField = (
  parse: (text: string) => number | null,
  required: string,
  invalid: string,
  max: number,
  tooLarge: string,
) =>
  z.string({ error: required }).transform((value, ctx) => {
    const parsed = parse(value);
    if (parsed === null) {
      ctx.addIssue({ code: "custom", message: invalid });
      return z.NEVER;
    }
    if (parsed > max) {
      ctx.addIssue({ code: "custom", message: tooLarge });
      return z.NEVER;
    }
    return parsed;
  });

/** A price in dollars ("1,250.00") -> cents. */
export const dollarsField = (required = "Enter a price") =>
  decimalField(
    parseDollars,
    required,
    "Enter an amount in dollars and cents, e.g. 1250.00",
    limits.MAX_UNIT_PRICE_CENTS,
    "Enter at most $100,000.00",
  );

const quantityField = decimalField(
  parseQuantity,
  "Enter a quantity",
  "Enter a quantity such as 1, 1.5 or 850 (at most 3 decimals)",
  limits.MAX_QUANTITY_THOUSANDTHS,
  "Enter a quantity of at most 100,000",
).refine((q) => q > 0, "Enter a quantity greater than 0");

const percentField = (max: number) =>
  decimalField(
    parsePercent,
    "Enter a percentage",
    "Enter a percentage such as 7.25 (at most 2 decimals)",
    max,
    `Enter at most ${max / 100}%`,
  );

/** A price book item as the price book's add and edit forms post it. */
export const priceBookItemSchema = z.object({
  service: z.enum(serviceId.values, { error: "Choose a service" }),
  name: requiredText("Enter a name", limits.MAX_NAME_LENGTH),
  description: optionalText(limits.MAX_DESCRIPTION_LENGTH).transform((v) => v ?? ""),
  unit: z.enum(estimateUnit.values, { error: "Choose a unit" }),
  unitPrice: dollarsField(),
  taxable: z.boolean().default(false),
});
export type PriceBookItemInput = z.output<typeof priceBookItemSchema>;

/**
 * One estimate line. With `priceBookItemId` and no name or price, the server copies the item's
 * name, description, unit, price and taxability; anything typed overrides the item (a free line
 * types them all).
 */
const lineSchema = z
  .object({
    priceBookItemId: idField("Choose an item from the price book").optional(),
    name: optionalText(limits.MAX_NAME_LENGTH),
    description: optionalText(limits.MAX_DESCRIPTION_LENGTH),
    quantity: quantityField,
    unit: z.enum(estimateUnit.values, { error: "Choose a unit" }).optional(),
    unitPrice: dollarsField().optional(),
    taxable: z.boolean().default(false),
  })
  .superRefine((line, ctx) => {
    if (line.priceBookItemId) return;
    if (!line.name) ctx.addIssue({ code: "custom", path: ["name"], message: "Enter a name" });
    if (line.unitPrice === undefined) {
      ctx.addIssue({ code: "custom", path: ["unitPrice"], message: "Enter a price" });
    }
  });
export type DraftLineInput = z.output<typeof lineSchema>;

const optionSchema = z.object({
  name: requiredText("Name this option", 80),
  lines: z
    .array(lineSchema, { error: "Add at least one line" })
    .min(1, "Add at least one line")
    .max(limits.MAX_LINES, `An option can have at most ${limits.MAX_LINES} lines`),
});

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The estimate editor: up to three options, the discount (none, an amount or a percentage of
 * each option's subtotal; an amount or percentage typed with "none" is refused, not dropped), the tax rate (percent; absent: ESTIMATE_TAX_RATE), terms (absent: the
 * standard terms) and the valid-until date (absent: 30 days from today in Utah).
 */
export const estimateDraftSchema = z
  .object({
    options: z
      .array(optionSchema, { error: "Add at least one option" })
      .min(1, "Add at least one option")
      .max(limits.MAX_OPTIONS, `An estimate can offer at most ${limits.MAX_OPTIONS} options`),
    discountKind: z.enum(["none", "amount", "percent"]).default("none"),
    discountAmount: dollarsField("Enter the discount").optional(),
    discountPercent: percentField(10_000).optional(),
    taxRate: percentField(limits.MAX_TAX_RATE_BASIS_POINTS).optional(),
    terms: optionalText(limits.MAX_TERMS_LENGTH),
    validUntil: z
      .string()
      .regex(ISO_DATE, "Enter a date")
      .refine((v) => !Number.isNaN(Date.parse(v)), "Enter a real date")
      .optional(),
  })
  .superRefine((draft, ctx) => {
    // a typed discount is never dropped silently: staff say which kind it is
    if (
      draft.discountKind === "none" &&
      (draft.discountAmount !== undefined || draft.discountPercent !== undefined)
    ) {
      ctx.addIssue({
        code: "custom",
        path: ["discountKind"],
        message:
          "You typed a discount: choose 'An amount' or 'A percentage' here, or clear the discount",
      });
    }
    if (draft.discountKind === "amount" && draft.discountAmount === undefined) {
      ctx.addIssue({ code: "custom", path: ["discountAmount"], message: "Enter the discount" });
    }
    if (draft.discountKind === "percent" && draft.discountPercent === undefined) {
      ctx.addIssue({ code: "custom", path: ["discountPercent"], message: "Enter the discount" });
    }
  })
  .transform(({ discountKind, discountAmount, discountPercent, ...rest }) => {
    const discount: Discount =
      discountKind === "amount"
        ? { kind: "amount", cents: discountAmount ?? 0 }
        : discountKind === "percent"
          ? { kind: "percent", basisPoints: discountPercent ?? 0 }
          : { kind: "none" };
    return { ...rest, discount };
  });
export type EstimateDraftInput = z.output<typeof estimateDraftSchema>;

const PNG_DATA_URL = /^data:image\/png;base64,([A-Za-z0-9+/]+={0,2})$/;

/**
 * The accept form: the version and hash the page showed, the chosen option, the consent box, the
 * typed full name and, when drawn (signature_pad), the signature as a PNG data URL (decoded and
 * checked on the server by `acceptEstimate`).
 */
export const acceptEstimateSchema = z.object({
  versionId: idField(),
  contentSha256: z
    .string({ error: "Reload the page and try again" })
    .regex(/^[0-9a-f]{64}$/, "Reload the page and try again"),
  option: z.coerce
    .number({ error: "Choose an option" })
    .int("Choose an option")
    .min(1, "Choose an option")
    .max(limits.MAX_OPTIONS, "Choose an option"),
  consent: z.literal(true, { error: "Tick the box to agree to sign electronically" }),
  signerName: requiredText("Type your full name", limits.MAX_SIGNER_NAME_LENGTH),
  signature: z
    .string()
    .max(limits.MAX_SIGNATURE_DATA_URL_CHARS, "The signature is too large; clear it and sign again")
    .regex(PNG_DATA_URL, "The signature could not be read; clear it and sign again")
    .optional(),
});
export type AcceptEstimateInput = z.output<typeof acceptEstimateSchema>;

/** The decline form: the version and hash shown, and an optional reason. */
export const declineEstimateSchema = z.object({
  versionId: acceptEstimateSchema.shape.versionId,
  contentSha256: acceptEstimateSchema.shape.contentSha256,
  reason: optionalText(limits.MAX_REASON_LENGTH),
});
export type DeclineEstimateInput = z.output<typeof declineEstimateSchema>;
