/**
 * Test results: staff record them from a quote's admin page, for the quote's service address,
 * each with an optional lab report PDF checked like a quote's reports
 * (features/quotes/files.server.ts) and stored in the file storage; the report becomes one of
 * the quote's files in the same transaction as the result. A result belongs to its quote: a
 * property's record shows the results of the quotes linked to it, and closing the account or
 * removing the property unlinks them and keeps them. docs/decisions/0157-test-results.md,
 * docs/decisions/0160-results-belong-to-their-request.md.
 */
import { randomUUID } from "node:crypto";
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { and, asc, eq, inArray, isNotNull, max } from "drizzle-orm";
import {
  properties,
  quote_attachments,
  quote_uploads,
  quotes,
  test_result_analytes,
  test_result_mold_samples,
  test_results,
} from "~/db/schema";
import {
  type LevelFlag,
  radonPhase,
  radonTestKind,
  waterAnalytes,
  waterUnit,
} from "~/features/catalog/reference-levels";
import { sources } from "~/features/catalog/sources";
import { processQuoteFile } from "~/features/quotes/files.server";
import { referenceNumber } from "~/features/quotes/reference";
import { denverDate } from "~/lib/dates";
import { db } from "~/lib/db.server";
import { isId } from "~/lib/ids";
import { storage } from "~/lib/storage.server";
import { flagRadon, flagWater, levelIn } from "./levels";
import {
  type MoldResultInput,
  moldResultSchema,
  type RadonResultInput,
  REPORT_FIELD,
  RESULT_INTENTS,
  RESULT_MESSAGES,
  radonResultSchema,
  type WaterResultInput,
  waterResultSchema,
} from "./schemas";

type Reply = SubmissionResult<string[]>;

/** True when a posted form of the quote page is one of the three result forms. */
export function isResultPost(form: FormData): boolean {
  return Object.values(RESULT_INTENTS).includes(form.get("intent") as never);
}

/**
 * Records the result posted with `form` (a result form: `intent` names the kind) for quote
 * `quoteId` (its service address; a saved property is not needed), by admin `adminId`. Checks every field (zod) and the report by content;
 * then writes, in one transaction, the report's upload row and its attachment to the quote, the
 * result and its analytes or samples. The report's bytes are stored first (a file left by a
 * failed transaction has no row and is swept after 24 hours).
 * @returns the kind recorded, or a refusal: 404 (no such quote), 400/413 with Conform's reply
 *   (field messages, or the form's when the quote has no street address)
 */
export async function recordTestResult(
  quoteId: string,
  form: FormData,
  adminId: string,
): Promise<
  | { ok: true; kind: "radon" | "water" | "mold" }
  | { ok: false; status: 404 }
  | { ok: false; status: 400 | 413; intent: string; result: Reply }
> {
  const intent = String(form.get("intent"));
  if (!isId(quoteId)) return { ok: false, status: 404 };
  const [quote] = await db
    .select({ id: quotes.id, address: quotes.property_address })
    .from(quotes)
    .where(eq(quotes.id, quoteId));
  if (!quote) return { ok: false, status: 404 };
  const today = denverDate(new Date());
  const kind =
    intent === RESULT_INTENTS.radon ? "radon" : intent === RESULT_INTENTS.water ? "water" : "mold";
  const submission =
    kind === "radon"
      ? parseWithZod(form, { schema: radonResultSchema(today) })
      : kind === "water"
        ? parseWithZod(form, { schema: waterResultSchema(today) })
        : parseWithZod(form, { schema: moldResultSchema(today) });
  if (submission.status !== "success")
    return { ok: false, status: 400, intent, result: submission.reply() };
  if (!quote.address) {
    return {
      ok: false,
      status: 400,
      intent,
      result: submission.reply({ formErrors: [RESULT_MESSAGES.noAddress] }),
    };
  }

  // the report: checked by content like a quote's lab report, stored before the rows
  const file = form.get(REPORT_FIELD);
  let report: {
    id: string;
    key: string;
    name: string;
    size: number;
  } | null = null;
  if (file instanceof File && file.size > 0) {
    const processed = await processQuoteFile("report", file);
    if (!processed.ok) {
      return {
        ok: false,
        status: processed.status === 413 ? 413 : 400,
        intent,
        result: submission.reply({ fieldErrors: { [REPORT_FIELD]: [processed.message] } }),
      };
    }
    const id = randomUUID();
    const key = `requests/${id}/report.pdf`;
    await storage().put(key, processed.file.body, "application/pdf");
    report = { id, key, name: cleanName(file.name), size: processed.file.body.byteLength };
  }

  await db.transaction(async (tx) => {
    if (report) {
      await tx.insert(quote_uploads).values({
        id: report.id,
        submission_key: randomUUID(),
        kind: "report",
        original_name: report.name,
        content_type: "application/pdf",
        size_bytes: report.size,
        storage_key: report.key,
      });
      const [last] = await tx
        .select({ position: max(quote_attachments.position) })
        .from(quote_attachments)
        .where(eq(quote_attachments.quote_id, quoteId));
      await tx.insert(quote_attachments).values({
        upload_id: report.id,
        quote_id: quoteId,
        position: (last?.position ?? -1) + 1,
      });
    }
    const common: Omit<typeof test_results.$inferInsert, "lab" | "sampled_on"> = {
      quote_id: quoteId,
      kind,
      report_upload_id: report?.id ?? null,
      recorded_by: adminId,
    };
    const value = submission.value as Record<string, unknown>;
    if (kind === "radon") {
      const radon = submission.value as RadonResultInput;
      await tx.insert(test_results).values({
        ...common,
        lab: radon.lab,
        sampled_on: radon.endedOn,
        radon_started_on: radon.startedOn,
        radon_test_kind: radon.testKind,
        radon_level: radon.level,
        radon_phase: radon.phase,
      });
      return;
    }
    const [row] = await tx
      .insert(test_results)
      .values({ ...common, lab: value.lab as string, sampled_on: value.sampledOn as string })
      .returning({ id: test_results.id });
    if (!row) throw new Error("the result was not written");
    if (kind === "water") {
      const water = submission.value as WaterResultInput;
      await tx.insert(test_result_analytes).values(
        water.readings.map((reading) =>
          "present" in reading
            ? { result_id: row.id, analyte: reading.analyte, present: reading.present }
            : {
                result_id: row.id,
                analyte: reading.analyte,
                value: reading.value,
                unit: reading.unit,
              },
        ),
      );
    } else {
      const mold = submission.value as MoldResultInput;
      await tx.insert(test_result_mold_samples).values(
        mold.samples.map((sample, position) => ({
          result_id: row.id,
          position,
          location: sample.location,
          indoor_count: sample.indoor,
          outdoor_count: sample.outdoor,
        })),
      );
    }
  });
  return { ok: true, kind };
}

function cleanName(name: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
  const base = (name.split(/[\\/]/).pop() ?? "").replace(/[\u0000-\u001f\u007f-\u009f"]/g, "");
  return base.trim().slice(0, 120) || "report.pdf";
}

/** A cited source, as a page names it. */
export interface SourceView {
  publisher: string;
  title: string;
  url: string;
}

/** A result's lab report, with the address this reader opens it at. */
export interface ReportView {
  name: string;
  sizeBytes: number;
  href: string;
}

export interface RadonResultView {
  id: string;
  startedOn: string;
  endedOn: string;
  /** pCi/L, as the lab wrote it */
  level: string;
  flag: LevelFlag;
  testKind: string;
  phase: string;
  /** the phase's value, for the before-and-after line (mitigation.ts) */
  phaseId: "before" | "after";
  lab: string;
  report: ReportView | null;
}

export interface WaterResultView {
  id: string;
  sampledOn: string;
  lab: string;
  analytes: {
    analyte: string;
    label: string;
    /** "12 µg/L", "Present" */
    reading: string;
    flag: LevelFlag;
    /** "MCL 10 µg/L (0.010 mg/L)", in the reading's unit */
    level: string;
    source: SourceView;
  }[];
  report: ReportView | null;
}

export interface MoldResultView {
  id: string;
  sampledOn: string;
  lab: string;
  samples: { location: string; indoor: number; outdoor: number }[];
  report: ReportView | null;
}

/** A property's results, as the record pages show them; dates are YYYY-MM-DD (calendar days). */
export interface PropertyResults {
  radon: RadonResultView[];
  water: WaterResultView[];
  mold: MoldResultView[];
}

/**
 * Where a reader opens a result's report: the owner through their quote's file route, an admin
 * through the back office's, a share link's holder through the share page's.
 */
export type ReportHref = (report: { quoteId: string; fileId: string }) => string;

/**
 * The results of `propertyId` (those of the quotes linked to it; the caller has checked who may
 * see them) or of one quote (`quoteId`, the admin page), oldest first, each read against its EPA
 * level; a report's link is made by `reportHref`.
 */
export async function resultsOf(
  scope: { propertyId: string } | { quoteId: string },
  reportHref: ReportHref,
): Promise<PropertyResults> {
  const rows = await db
    .select({
      id: test_results.id,
      quoteId: test_results.quote_id,
      kind: test_results.kind,
      lab: test_results.lab,
      sampledOn: test_results.sampled_on,
      startedOn: test_results.radon_started_on,
      level: test_results.radon_level,
      testKind: test_results.radon_test_kind,
      phase: test_results.radon_phase,
      reportId: test_results.report_upload_id,
      reportName: quote_uploads.original_name,
      reportSize: quote_uploads.size_bytes,
    })
    .from(test_results)
    .innerJoin(quotes, eq(quotes.id, test_results.quote_id))
    .leftJoin(quote_uploads, eq(quote_uploads.id, test_results.report_upload_id))
    .where(
      "propertyId" in scope
        ? eq(quotes.property_id, scope.propertyId)
        : eq(test_results.quote_id, scope.quoteId),
    )
    .orderBy(asc(test_results.sampled_on), asc(test_results.created_at));
  const ids = rows.map((r) => r.id);
  const [analytes, samples] = ids.length
    ? await Promise.all([
        db.select().from(test_result_analytes).where(inArray(test_result_analytes.result_id, ids)),
        db
          .select()
          .from(test_result_mold_samples)
          .where(inArray(test_result_mold_samples.result_id, ids))
          .orderBy(asc(test_result_mold_samples.position)),
      ])
    : [[], []];
  const reportOf = (row: (typeof rows)[number]): ReportView | null =>
    row.reportId && row.reportName && row.reportSize !== null
      ? {
          name: row.reportName,
          sizeBytes: row.reportSize,
          href: reportHref({ quoteId: row.quoteId, fileId: row.reportId }),
        }
      : null;
  const results: PropertyResults = { radon: [], water: [], mold: [] };
  for (const row of rows) {
    if (row.kind === "radon" && row.level && row.startedOn && row.testKind && row.phase) {
      results.radon.push({
        id: row.id,
        startedOn: row.startedOn,
        endedOn: row.sampledOn,
        level: row.level,
        flag: flagRadon(row.level),
        testKind: radonTestKindLabel(row.testKind),
        phase: radonPhaseLabel(row.phase),
        phaseId: row.phase,
        lab: row.lab,
        report: reportOf(row),
      });
    } else if (row.kind === "water") {
      results.water.push({
        id: row.id,
        sampledOn: row.sampledOn,
        lab: row.lab,
        analytes: analytes
          .filter((a) => a.result_id === row.id)
          .sort(
            (a, b) =>
              Object.keys(waterAnalytes).indexOf(a.analyte) -
              Object.keys(waterAnalytes).indexOf(b.analyte),
          )
          .map((a) => {
            const definition = waterAnalytes[a.analyte];
            const reading =
              a.present !== null
                ? { present: a.present }
                : { value: a.value as string, unit: a.unit as NonNullable<typeof a.unit> };
            const { flag, level } = flagWater(a.analyte, reading);
            const levelText =
              "value" in level && reading.unit
                ? `${level.name} ${levelIn(level, reading.unit)} ${unitLabel(reading.unit)}${
                    level.unit === reading.unit ? "" : ` (${level.value} ${unitLabel(level.unit)})`
                  }`
                : `${level.name}: absent`;
            return {
              analyte: a.analyte,
              label: definition.label,
              reading:
                reading.present !== undefined
                  ? reading.present
                    ? "Present"
                    : "Absent"
                  : `${reading.value} ${unitLabel(reading.unit)}`,
              flag,
              level: levelText,
              source: sources[level.source],
            };
          }),
        report: reportOf(row),
      });
    } else if (row.kind === "mold") {
      results.mold.push({
        id: row.id,
        sampledOn: row.sampledOn,
        lab: row.lab,
        samples: samples
          .filter((s) => s.result_id === row.id)
          .map((s) => ({
            location: s.location,
            indoor: s.indoor_count,
            outdoor: s.outdoor_count,
          })),
        report: reportOf(row),
      });
    }
  }
  return results;
}

const radonTestKindLabel = (v: string) => radonTestKind.label(v);
const radonPhaseLabel = (v: string) => radonPhase.label(v);
const unitLabel = (v: string) => waterUnit.label(v);

/** The columns of a property's record heading: its id and address. */
export const propertyHeading = {
  id: properties.id,
  address: properties.address,
  city: properties.city,
  state: properties.state,
  zipCode: properties.zip_code,
};

/** The property's address (its record's heading), or null when `propertyId` is not `userId`'s. */
export async function propertyOfOwner(userId: string, propertyId: string) {
  if (!isId(propertyId)) return null;
  const [row] = await db
    .select(propertyHeading)
    .from(properties)
    .where(and(eq(properties.id, propertyId), eq(properties.user_id, userId)));
  return row ?? null;
}

/** The owner's quotes for a property (their files are on the record), newest first. */
export async function quotesOfProperty(userId: string, propertyId: string) {
  const rows = await db
    .select({ id: quotes.id, service: quotes.service, createdAt: quotes.created_at })
    .from(quotes)
    .where(
      and(
        eq(quotes.property_id, propertyId),
        eq(quotes.user_id, userId),
        isNotNull(quotes.user_id),
      ),
    )
    .orderBy(asc(quotes.created_at));
  return rows.map((row) => ({ ...row, reference: referenceNumber(row.id) }));
}
