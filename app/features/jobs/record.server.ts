/**
 * Saving a job's completion record: the service's fields as a draft (a refused field says why and
 * nothing is saved; a saved draft is never lost to a later refusal), the installer's certification
 * number copied from their profile, and the record's photos through the quote files' pipeline
 * (checked by content, EXIF and GPS stripped, stored by the storage driver, served privately as the
 * quote's files). The checks that block completion are record.ts's.
 */
import { randomUUID } from "node:crypto";
import { and, count, eq, max } from "drizzle-orm";
import {
  job_record_photos,
  job_records,
  jobs,
  profiles,
  quote_attachments,
  quote_uploads,
} from "~/db/schema";
import { MOLD_RECORD_ROWS } from "~/features/catalog/jobs";
import { cleanFileName, processQuoteFile } from "~/features/quotes/files.server";
import { db } from "~/lib/db.server";
import { isId } from "~/lib/ids";
import { storage } from "~/lib/storage.server";
import type { Transaction } from "./create.server";
import {
  MOLD_REPORT_SLOT,
  missingForCompletion,
  moldDisclosure,
  moldPhotoSlot,
  moldRecordSchema,
  RADON_LABEL_SLOT,
  radonRecordSchema,
  waterRecordSchema,
} from "./record";

/** The saved record of job `jobId` (its JSON object, or null) and its photo counts per slot. */
export async function recordOf(
  jobId: string,
  executor: Pick<typeof db, "select"> = db,
): Promise<{ data: Record<string, unknown> | null; photos: Map<string, number> }> {
  const [[row], slots] = await Promise.all([
    executor.select().from(job_records).where(eq(job_records.job_id, jobId)),
    executor
      .select({ slot: job_record_photos.slot, n: count() })
      .from(job_record_photos)
      .where(eq(job_record_photos.job_id, jobId))
      .groupBy(job_record_photos.slot),
  ]);
  return {
    data: row ? (JSON.parse(row.data) as Record<string, unknown>) : null,
    photos: new Map(slots.map((s) => [s.slot, s.n])),
  };
}

/** Inside `tx`: what keeps job `jobId` of `service` from being completed (record.ts). */
export async function recordProblems(
  tx: Transaction,
  jobId: string,
  service: Parameters<typeof missingForCompletion>[0],
): Promise<string[]> {
  const record = await recordOf(jobId, tx);
  return missingForCompletion(service, record.data, record.photos);
}

export type SaveRecordOutcome =
  | { ok: true }
  | {
      ok: false;
      status: 400 | 404 | 409 | 413;
      message: string;
      fieldErrors?: Record<string, string[]>;
    };

interface StoredFile {
  id: string;
  slot: string;
  kind: "photo" | "report";
  key: string;
  thumb: string | null;
  contentType: string;
  name: string;
  size: number;
  width: number | null;
  height: number | null;
}

/** The record form's file fields of `service`: the form field, the slot it fills, its kind. */
function fileSlots(service: string): { field: string; slot: string; kind: "photo" | "report" }[] {
  if (service === "radon") return [{ field: "labelPhoto", slot: RADON_LABEL_SLOT, kind: "photo" }];
  if (service !== "mold") return [];
  const photos = Array.from({ length: MOLD_RECORD_ROWS.areas }, (_, i) =>
    (["before", "after"] as const).map((when) => ({
      field: `areas.${i}.${when}`,
      slot: moldPhotoSlot(when, i),
      kind: "photo" as const,
    })),
  ).flat();
  return [...photos, { field: "assessorReport", slot: MOLD_REPORT_SLOT, kind: "report" }];
}

const field = (form: FormData, name: string) => {
  const v = form.get(name);
  return typeof v === "string" ? v : undefined;
};

/** The record's fields from the form (names as the form's controls). */
function recordInput(service: string, form: FormData) {
  if (service === "mold") {
    const rows = (n: number) => Array.from({ length: n }, (_, i) => i);
    // rows keep their position (photos are filed under it); an empty row is saved empty
    return moldRecordSchema.safeParse({
      areas: rows(MOLD_RECORD_ROWS.areas).map((i) => ({
        room: field(form, `areas.${i}.room`),
        squareFeet: field(form, `areas.${i}.squareFeet`),
        condition: field(form, `areas.${i}.condition`) || undefined,
      })),
      containment: field(form, "containment") || undefined,
      moisture: rows(MOLD_RECORD_ROWS.moisture).map((i) => ({
        area: field(form, `moisture.${i}.area`),
        material: field(form, `moisture.${i}.material`),
        reading: field(form, `moisture.${i}.reading`),
        instrument: field(form, `moisture.${i}.instrument`),
      })),
      materialsRemoved: field(form, "materialsRemoved"),
      verification: field(form, "verification") || undefined,
      assessorName: field(form, "assessorName"),
      assessorCompany: field(form, "assessorCompany"),
      assessedOn: field(form, "assessedOn"),
      assessmentPassed: field(form, "assessmentPassed") || undefined,
      disclosure: field(form, "disclosure"),
    });
  }
  if (service === "water_filtration") {
    const equipment = [0, 1, 2].map((i) => ({
      kind: form.get(`equipment.${i}.kind`) || undefined,
      make: form.get(`equipment.${i}.make`) ?? undefined,
      model: form.get(`equipment.${i}.model`) ?? undefined,
      serial: form.get(`equipment.${i}.serial`) ?? undefined,
      filterIntervalMonths: form.get(`equipment.${i}.filterIntervalMonths`) ?? undefined,
    }));
    return waterRecordSchema.safeParse({
      equipment: equipment.filter((e) => e.kind || e.make || e.model || e.serial),
    });
  }
  return radonRecordSchema.safeParse(Object.fromEntries(form));
}

/**
 * Saves the completion record of job `jobId` from the record form `form` on behalf of admin
 * `staffId`: the fields (replacing the saved draft) and, when given, its files (the radon label's
 * photo; a mold area's before and after photos and the assessor's report PDF). A refused file
 * saves nothing.
 * @returns 400 with field errors (nothing saved); 404 unknown job; 409 once the job is closed
 */
export async function saveJobRecord(
  jobId: string,
  form: FormData,
  staffId: string,
  now: Date = new Date(),
): Promise<SaveRecordOutcome> {
  if (!isId(jobId)) return { ok: false, status: 404, message: "No such job." };
  const [job] = await db
    .select({ status: jobs.status, service: jobs.service, quoteId: jobs.quote_id })
    .from(jobs)
    .where(eq(jobs.id, jobId));
  if (!job) return { ok: false, status: 404, message: "No such job." };
  if (job.status === "completed" || job.status === "cancelled") {
    return { ok: false, status: 409, message: "The record of a closed job cannot change." };
  }
  const parsed = recordInput(job.service, form);
  if (!parsed.success) {
    const fieldErrors: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) {
      const key = issue.path.join(".");
      fieldErrors[key] = [...(fieldErrors[key] ?? []), issue.message];
    }
    return { ok: false, status: 400, message: "Check the fields marked.", fieldErrors };
  }
  const data: Record<string, unknown> = { ...parsed.data };
  if (
    job.service === "radon" &&
    typeof data.installerId === "string" &&
    isIdLike(data.installerId)
  ) {
    const [installer] = await db
      .select({ number: profiles.certification_number, admin: profiles.is_admin })
      .from(profiles)
      .where(eq(profiles.id, data.installerId));
    data.certificationNumber = installer?.admin ? (installer.number ?? undefined) : undefined;
  }
  // files are checked and stored before the rows (a file no row takes is left to the sweep)
  const stored: StoredFile[] = [];
  for (const slot of fileSlots(job.service)) {
    const file = form.get(slot.field);
    if (!(file instanceof File) || file.size === 0) continue;
    const processed = await processQuoteFile(slot.kind, file);
    if (!processed.ok) {
      return {
        ok: false,
        status: processed.status === 413 ? 413 : 400,
        message: processed.message,
        fieldErrors: { [slot.field]: [processed.message] },
      };
    }
    const id = randomUUID();
    const key = `requests/${id}/${slot.kind}.${processed.file.extension}`;
    const thumb = processed.file.thumbnail ? `requests/${id}/thumbnail.webp` : null;
    await storage().put(key, processed.file.body, processed.file.contentType);
    if (thumb && processed.file.thumbnail)
      await storage().put(thumb, processed.file.thumbnail, "image/webp");
    stored.push({
      id,
      slot: slot.slot,
      kind: slot.kind,
      key,
      thumb,
      contentType: processed.file.contentType,
      name: cleanFileName(file.name),
      size: processed.file.body.byteLength,
      width: processed.file.width,
      height: processed.file.height,
    });
  }
  await db.transaction(async (tx) => {
    await tx
      .insert(job_records)
      .values({ job_id: jobId, data: JSON.stringify(data), updated_by: staffId, updated_at: now })
      .onConflictDoUpdate({
        target: job_records.job_id,
        set: { data: JSON.stringify(data), updated_by: staffId, updated_at: now },
      });
    if (stored.length > 0) {
      await tx.insert(quote_uploads).values(
        stored.map((f) => ({
          id: f.id,
          submission_key: randomUUID(),
          kind: f.kind,
          original_name: f.name,
          content_type: f.contentType,
          size_bytes: f.size,
          storage_key: f.key,
          thumbnail_key: f.thumb,
          width: f.width,
          height: f.height,
        })),
      );
      const [last] = await tx
        .select({ position: max(quote_attachments.position) })
        .from(quote_attachments)
        .where(eq(quote_attachments.quote_id, job.quoteId));
      const first = (last?.position ?? -1) + 1;
      await tx
        .insert(quote_attachments)
        .values(
          stored.map((f, i) => ({ upload_id: f.id, quote_id: job.quoteId, position: first + i })),
        );
      await tx
        .insert(job_record_photos)
        .values(stored.map((f) => ({ job_id: jobId, upload_id: f.id, slot: f.slot })));
    }
  });
  return { ok: true };
}

const isIdLike = (v: string) => /^[A-Za-z0-9_-]{1,100}$/.test(v);

/**
 * Sets admin `staffId`'s installer certification number (empty: none).
 * @returns false when it is longer than 100 characters
 */
export async function setCertificationNumber(staffId: string, value: string): Promise<boolean> {
  const number = value.trim();
  if (number.length > 100) return false;
  await db
    .update(profiles)
    .set({ certification_number: number || null })
    .where(and(eq(profiles.id, staffId), eq(profiles.is_admin, true)));
  return true;
}

/**
 * The written disclosure that mold job `jobId`'s post-remediation verification was not done by an
 * independent assessor (IICRC S520), which the homeowner reads before signing off; null when the
 * job is not a mold job, its verification was independent, or no disclosure is saved.
 */
export async function moldDisclosureOf(jobId: string): Promise<string | null> {
  if (!isId(jobId)) return null;
  const [row] = await db
    .select({ service: jobs.service, data: job_records.data })
    .from(jobs)
    .innerJoin(job_records, eq(job_records.job_id, jobs.id))
    .where(eq(jobs.id, jobId));
  if (row?.service !== "mold") return null;
  return moldDisclosure(JSON.parse(row.data));
}
