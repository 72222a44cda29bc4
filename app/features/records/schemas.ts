/**
 * The three "record a test result" forms of a quote's admin page: field names,
 * row counts and the server's zod schemas with their messages. Conform's parser has already turned
 * empty fields into `undefined`. Decimal values stay strings (features/records/levels.ts).
 */
import { z } from "zod";
import {
  radonPhase,
  radonTestKind,
  type WaterAnalyteId,
  type WaterUnit,
  waterAnalyteIds,
  waterAnalytes,
  waterUnit,
} from "~/features/catalog/reference-levels";
import { parseDecimal } from "./levels";

/** The `intent` of each form (the quote page's action also takes the status and estimate forms). */
export const RESULT_INTENTS = {
  radon: "record-radon",
  water: "record-water",
  mold: "record-mold",
} as const;

/** The lab report's file field (optional, one PDF). */
export const REPORT_FIELD = "report";

/** How many sample rows the mold form has (blank rows are skipped; no JavaScript needed). */
export const MOLD_SAMPLE_ROWS = 5;

export const RESULT_MESSAGES = {
  lab: "Enter the lab's name.",
  device: "Enter the device or the lab.",
  testKind: "Choose the kind of radon test.",
  phase: "Choose before or after mitigation.",
  startedOn: "Enter the day the test started.",
  endedOn: "Enter the day the test ended.",
  sampledOn: "Enter the day the sample was taken.",
  future: "The date cannot be in the future.",
  order: "The test cannot end before it started.",
  level: "Enter the result in pCi/L as a number, e.g. 3.2.",
  value: "Enter the value as a number, e.g. 0.010.",
  unit: "Choose the unit.",
  presence: "Choose present or absent.",
  noAnalytes: "Enter at least one analyte's result.",
  noSamples: "Enter at least one sample.",
  location: "Enter where the sample was taken.",
  count: "Enter the spore count as a whole number (spores/m³).",
  noAddress: "This request has no street address yet. Set its service address on this page first.",
} as const;

const isoDate = (message: string) =>
  z.iso.date({ error: message }).refine((d) => !Number.isNaN(Date.parse(d)), message);
const decimal = (message: string) =>
  z.string({ error: message }).transform((text, ctx) => {
    const value = parseDecimal(text);
    if (value === null) {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    }
    return value;
  });
const lab = (message: string) => z.string({ error: message }).trim().min(1, message).max(200);

/**
 * The radon form: test kind, start and end days (the end is the result's date), pCi/L, before or
 * after mitigation, the device or lab. `today` (YYYY-MM-DD, Denver) bounds the dates.
 */
export function radonResultSchema(today: string) {
  return z
    .object({
      testKind: z.enum(radonTestKind.values, { error: RESULT_MESSAGES.testKind }),
      startedOn: isoDate(RESULT_MESSAGES.startedOn),
      endedOn: isoDate(RESULT_MESSAGES.endedOn).refine((d) => d <= today, RESULT_MESSAGES.future),
      level: decimal(RESULT_MESSAGES.level),
      phase: z.enum(radonPhase.values, { error: RESULT_MESSAGES.phase }),
      lab: lab(RESULT_MESSAGES.device),
    })
    .superRefine((value, ctx) => {
      if (value.startedOn > value.endedOn)
        ctx.addIssue({ code: "custom", path: ["endedOn"], message: RESULT_MESSAGES.order });
    });
}

const analyteSchema = z
  .object({
    value: z.string().optional(),
    unit: z.enum(waterUnit.values, { error: RESULT_MESSAGES.unit }).optional(),
    present: z.enum(["present", "absent"], { error: RESULT_MESSAGES.presence }).optional(),
  })
  .optional();

/** The lab and the day the samples were taken (not after `today`), as the water and mold forms ask. */
function labAndSampledOn(today: string) {
  return {
    lab: lab(RESULT_MESSAGES.lab),
    sampledOn: isoDate(RESULT_MESSAGES.sampledOn).refine((d) => d <= today, RESULT_MESSAGES.future),
  };
}

/** The water form: lab, sample day, and one row per catalog analyte (blank rows skipped). */
export function waterResultSchema(today: string) {
  return z
    .object({
      ...labAndSampledOn(today),
      analytes: z.object(
        Object.fromEntries(waterAnalyteIds.map((id) => [id, analyteSchema])) as Record<
          WaterAnalyteId,
          typeof analyteSchema
        >,
      ),
    })
    .transform((input, ctx) => {
      const readings: (
        | { analyte: WaterAnalyteId; value: string; unit: WaterUnit }
        | { analyte: WaterAnalyteId; present: boolean }
      )[] = [];
      for (const analyte of waterAnalyteIds) {
        const row = input.analytes[analyte];
        if (!row) continue;
        if (waterAnalytes[analyte].type === "presence") {
          if (row.present) readings.push({ analyte, present: row.present === "present" });
          continue;
        }
        if (row.value === undefined) continue;
        const value = parseDecimal(row.value);
        if (value === null)
          ctx.addIssue({
            code: "custom",
            path: ["analytes", analyte, "value"],
            message: RESULT_MESSAGES.value,
          });
        if (!row.unit)
          ctx.addIssue({
            code: "custom",
            path: ["analytes", analyte, "unit"],
            message: RESULT_MESSAGES.unit,
          });
        if (value !== null && row.unit) readings.push({ analyte, value, unit: row.unit });
      }
      if (readings.length === 0 && ctx.issues.length === 0)
        ctx.addIssue({ code: "custom", path: ["analytes"], message: RESULT_MESSAGES.noAnalytes });
      return { lab: input.lab, sampledOn: input.sampledOn, readings };
    });
}

const count = z
  .string()
  .optional()
  .refine((v) => v === undefined || /^\d{1,9}$/.test(v.trim()), RESULT_MESSAGES.count);

/** The mold form: lab, sample day, up to five samples (location, indoor and outdoor spores/m³). */
export function moldResultSchema(today: string) {
  return z
    .object({
      ...labAndSampledOn(today),
      samples: z
        .array(
          z
            .object({
              location: z.string().trim().max(200).optional(),
              indoor: count,
              outdoor: count,
            })
            .optional(),
        )
        .max(MOLD_SAMPLE_ROWS)
        .optional(),
    })
    .transform((input, ctx) => {
      const samples: { location: string; indoor: number; outdoor: number }[] = [];
      (input.samples ?? []).forEach((row, index) => {
        if (!row || (!row.location && row.indoor === undefined && row.outdoor === undefined))
          return;
        const path = (field: string) => ["samples", index, field];
        if (!row.location)
          ctx.addIssue({
            code: "custom",
            path: path("location"),
            message: RESULT_MESSAGES.location,
          });
        if (row.indoor === undefined)
          ctx.addIssue({ code: "custom", path: path("indoor"), message: RESULT_MESSAGES.count });
        if (row.outdoor === undefined)
          ctx.addIssue({ code: "custom", path: path("outdoor"), message: RESULT_MESSAGES.count });
        if (row.location && row.indoor !== undefined && row.outdoor !== undefined)
          samples.push({
            location: row.location,
            indoor: Number(row.indoor.trim()),
            outdoor: Number(row.outdoor.trim()),
          });
      });
      if (samples.length === 0 && ctx.issues.length === 0)
        ctx.addIssue({ code: "custom", path: ["samples"], message: RESULT_MESSAGES.noSamples });
      return { lab: input.lab, sampledOn: input.sampledOn, samples };
    });
}

export type RadonResultInput = z.output<ReturnType<typeof radonResultSchema>>;
export type WaterResultInput = z.output<ReturnType<typeof waterResultSchema>>;
export type MoldResultInput = z.output<ReturnType<typeof moldResultSchema>>;
