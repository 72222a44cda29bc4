/**
 * The completion record's rules per service, without the database: what the form may save as a
 * draft (every field optional, each within its bounds) and what must be there before the job is
 * completed (ANSI/AARST SGM-SF for radon mitigation; IICRC S520 for mold remediation; make and
 * model of the equipment for water treatment). The messages are shown to staff as they are.
 */
import { z } from "zod";
import {
  MANOMETER_RANGE,
  moldCondition,
  moldContainment,
  moldVerification,
  radonSystemType,
  waterEquipment,
} from "~/features/catalog/jobs";
import type { ServiceId } from "~/features/catalog/services";

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `At most ${max} characters`)
    .optional()
    .transform((v) => v || undefined);

const optionalNumber = (schema: z.ZodNumber, notANumber = "Enter a number") =>
  z.preprocess(
    (v) => (v === "" || v === null ? undefined : v),
    z.coerce.number({ error: notANumber }).pipe(schema).optional(),
  );

/** The radon mitigation record's fields, as saved (a draft may leave any out). */
export const radonRecordSchema = z.object({
  systemType: z.enum(radonSystemType.values).optional().catch(undefined),
  suctionPoints: optionalNumber(
    z.number().int("Whole suction points").min(1, "At least one").max(20, "At most 20"),
  ),
  fanMakeModel: text(200),
  fanSerial: text(100),
  pipeDiameterInches: optionalNumber(
    z.number().min(1, "At least 1 inch").max(12, "At most 12 inches"),
  ),
  dischargeLocation: text(200),
  manometerInchesWc: optionalNumber(
    z
      .number({ error: "Enter the reading in inches of water column" })
      .min(MANOMETER_RANGE.min, "The reading is between 0.01 and 10.00 inches of water column")
      .max(MANOMETER_RANGE.max, "The reading is between 0.01 and 10.00 inches of water column")
      .multipleOf(0.01, "Give the reading to two decimals"),
    "Enter the reading in inches of water column",
  ),
  sealingDone: z.preprocess((v) => v === "on" || v === true, z.boolean()).optional(),
  /** the crew member who installed it; their certification number is copied at saving */
  installerId: text(100),
  certificationNumber: text(100),
});
export type RadonRecord = z.infer<typeof radonRecordSchema>;

/** The water treatment record: one row per piece of equipment. */
export const waterRecordSchema = z.object({
  equipment: z
    .array(
      z.object({
        kind: z.enum(waterEquipment.values).optional().catch(undefined),
        make: text(200),
        model: text(200),
        serial: text(100),
        filterIntervalMonths: optionalNumber(
          z.number().int("Whole months").min(1, "At least 1 month").max(120, "At most 120 months"),
        ),
      }),
    )
    .max(10)
    .default([]),
});
export type WaterRecord = z.infer<typeof waterRecordSchema>;

const isoDate = z
  .string()
  .trim()
  .optional()
  .transform((v) => v || undefined)
  .refine(
    (v) =>
      v === undefined ||
      (/^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`))),
    "Enter the date as year-month-day",
  );

/**
 * The mold remediation record (IICRC S520): the areas worked, the containment, the moisture
 * readings, the materials removed and the post-remediation verification, by an independent
 * assessor (name, company, date, passed or not; their report is a file) or not independent, with
 * the written disclosure the homeowner reads before signing. Rows are positions in the form; an
 * area's photos are kept under its position (moldPhotoSlot).
 */
export const moldRecordSchema = z.object({
  areas: z
    .array(
      z.object({
        room: text(200),
        squareFeet: optionalNumber(
          z
            .number()
            .int("Whole square feet")
            .min(1, "At least 1 square foot")
            .max(100_000, "At most 100,000 square feet"),
          "Enter the size in square feet",
        ),
        condition: z.enum(moldCondition.values).optional().catch(undefined),
      }),
    )
    .max(10)
    .default([]),
  containment: z.enum(moldContainment.values).optional().catch(undefined),
  moisture: z
    .array(
      z.object({
        area: text(200),
        material: text(200),
        reading: optionalNumber(
          z.number().min(0, "The reading is 0 or more").max(1000, "The reading is at most 1,000"),
          "Enter the reading as a number",
        ),
        instrument: text(200),
      }),
    )
    .max(10)
    .default([]),
  materialsRemoved: text(4000),
  verification: z.enum(moldVerification.values).optional().catch(undefined),
  assessorName: text(200),
  assessorCompany: text(200),
  assessedOn: isoDate,
  /** 'yes' or 'no' as the form sends it */
  assessmentPassed: z.enum(["yes", "no"]).optional().catch(undefined),
  disclosure: text(4000),
});
export type MoldRecord = z.infer<typeof moldRecordSchema>;

/** The photo slot of the mold record's area at `position`, before or after the work. */
export function moldPhotoSlot(when: "before" | "after", position: number): string {
  return `mold_${when}_${position}`;
}

/** The slot of the independent assessor's report (a PDF) in the mold record. */
export const MOLD_REPORT_SLOT = "mold_report";

/**
 * The written disclosure that a mold job's post-remediation verification was not independent,
 * from its saved record `data`, or null when the verification was independent or none is written.
 */
export function moldDisclosure(data: unknown): string | null {
  const parsed = moldRecordSchema.safeParse(data ?? {});
  if (!parsed.success) return null;
  return parsed.data.verification === "not_independent" ? (parsed.data.disclosure ?? null) : null;
}

function moldMissing(data: unknown, photos: RecordPhotos): string[] {
  const parsed = moldRecordSchema.safeParse(data ?? {});
  const r = parsed.success ? parsed.data : moldRecordSchema.parse({});
  const missing: string[] = [];
  const photographed = r.areas.some(
    (a, i) =>
      a.room &&
      (photos.get(moldPhotoSlot("before", i)) ?? 0) > 0 &&
      (photos.get(moldPhotoSlot("after", i)) ?? 0) > 0,
  );
  if (!photographed) missing.push("at least one area worked with before and after photos");
  if (r.verification === "independent") {
    const absent = [
      !r.assessorName && "name",
      !r.assessorCompany && "company",
      !r.assessedOn && "date",
      !r.assessmentPassed && "whether it passed",
      !photos.get(MOLD_REPORT_SLOT) && "report (PDF)",
    ].filter(Boolean);
    if (absent.length > 0) {
      missing.push(`the independent assessor's ${absent.join(", ")}`);
    } else if (r.assessmentPassed === "no") {
      missing.push("a post-remediation verification that passed");
    }
  } else if (r.verification === "not_independent") {
    if (!r.disclosure)
      missing.push("the written disclosure that the verification was not independent");
  } else {
    missing.push(
      "the post-remediation verification by an independent assessor, or the written disclosure that it was not independent",
    );
  }
  return missing;
}

/** Photos the record holds, by slot ('radon_label', ...). */
export type RecordPhotos = ReadonlyMap<string, number>;

/** The slot of the radon system label's photo. */
export const RADON_LABEL_SLOT = "radon_label";

/**
 * What is missing before a job of `service` can be completed, given its saved record `data` (the
 * JSON object, or null when nothing was saved) and the number of photos per slot.
 * @returns staff-facing items (empty: the record is complete)
 */
export function missingForCompletion(
  service: ServiceId,
  data: unknown,
  photos: RecordPhotos,
): string[] {
  if (service === "radon") {
    const record = radonRecordSchema.safeParse(data ?? {});
    const r = record.success ? record.data : ({} as RadonRecord);
    const missing: string[] = [];
    if (!r.fanMakeModel) missing.push("the fan make and model");
    if (r.manometerInchesWc === undefined) missing.push("the manometer reading at commissioning");
    if (!r.certificationNumber) missing.push("the installer's certification number");
    if (!photos.get(RADON_LABEL_SLOT)) missing.push("a photo of the placed label");
    return missing;
  }
  if (service === "mold") return moldMissing(data, photos);
  if (service === "water_filtration") {
    const record = waterRecordSchema.safeParse(data ?? {});
    const equipment = record.success ? record.data.equipment : [];
    return equipment.some((e) => e.kind && e.make && e.model)
      ? []
      : ["one piece of equipment with its make and model"];
  }
  return [];
}
