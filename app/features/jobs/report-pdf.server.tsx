/**
 * A completed job's completion report as a PDF (letter size, through lib/pdf.server.tsx with its
 * embedded fonts): the company, the job's facts, the completion record of its service (radon
 * mitigation per ANSI/AARST SGM-SF, mold remediation per IICRC S520, water treatment), the
 * record's photos as thumbnails, and for radon the system label as its last page (4 x 6 in).
 * Mailed to the homeowner on completion (report-mail.server.ts) and downloaded from the home
 * record and the job page.
 */
import { Document, Image, Page, StyleSheet, Text, View } from "@react-pdf/renderer";
import { and, asc, eq } from "drizzle-orm";
import sharp from "sharp";
import {
  job_crew,
  job_record_photos,
  jobs,
  profiles,
  quote_uploads,
  quotes,
  user,
} from "~/db/schema";
import { company } from "~/features/catalog/company";
import {
  jobNumberLabel,
  moldCondition,
  moldContainment,
  radonSystemType,
  waterEquipment,
} from "~/features/catalog/jobs";
import { serviceId } from "~/features/catalog/services";
import { referenceNumber } from "~/features/quotes/reference";
import { denverDate, formatDate } from "~/lib/dates";
import { db } from "~/lib/db.server";
import { isId } from "~/lib/ids";
import { PdfFact, PdfLetterhead, pdfBoldFont, pdfStyles, renderPdf } from "~/lib/pdf.server";
import { storage } from "~/lib/storage.server";
import { LabelPage, type RadonLabel, radonLabelOf } from "./label-pdf.server";
import {
  MOLD_REPORT_SLOT,
  moldRecordSchema,
  RADON_LABEL_SLOT,
  type RadonRecord,
  radonRecordSchema,
  waterRecordSchema,
} from "./record";
import { recordOf } from "./record.server";

const styles = {
  ...pdfStyles,
  ...StyleSheet.create({
    section: { marginTop: 14 },
    heading: { fontSize: 12, lineHeight: 1.3, ...pdfBoldFont, marginBottom: 4 },
    cell: { flex: 1, paddingRight: 6 },
    photos: { flexDirection: "row", flexWrap: "wrap" },
    photo: { width: "33%", padding: 4 },
    thumb: { width: 150, height: 112, objectFit: "contain" },
    caption: { fontSize: 8 },
    paragraph: { marginBottom: 4 },
  }),
};

type Executor = Pick<typeof db, "select">;

interface ReportPhoto {
  caption: string;
  jpeg: Buffer;
}

export interface CompletionReport {
  jobNumber: string;
  service: string;
  serviceId: string;
  customer: string;
  property: string;
  reference: string;
  completedOn: string;
  crew: string;
  /** the record's facts, in sections: heading and rows of [label, value] or a table */
  sections: { heading: string; rows?: [string, string][]; table?: string[][]; text?: string[] }[];
  photos: ReportPhoto[];
  label: RadonLabel | null;
}

function Table({ rows }: { rows: string[][] }) {
  return (
    <View>
      {rows.map((cells, i) => (
        // rows have no identity of their own: their position is their key
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <View key={i} style={i === 0 ? [styles.row, styles.head] : styles.row} wrap={false}>
          {cells.map((cell, j) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <Text key={j} style={styles.cell}>
              {cell}
            </Text>
          ))}
        </View>
      ))}
    </View>
  );
}

function ReportDocument({ report }: { report: CompletionReport }) {
  const title = `Completion report, job ${report.jobNumber}`;
  return (
    <Document title={title} author={company.name} creator={company.name}>
      <Page size="LETTER" style={styles.page}>
        <PdfLetterhead name={company.name} tagline={company.tagline} />
        <Text style={styles.title}>{title}</Text>
        <View style={styles.facts}>
          <PdfFact label="Service">{report.service}</PdfFact>
          <PdfFact label="Completed">{report.completedOn}</PdfFact>
          <PdfFact label="Customer">{report.customer}</PdfFact>
          <PdfFact label="Property">{report.property}</PdfFact>
          <PdfFact label="Request reference">{report.reference}</PdfFact>
          <PdfFact label="Crew">{report.crew || "N/A"}</PdfFact>
        </View>
        {report.sections.map((section) => (
          <View key={section.heading} style={styles.section}>
            <Text style={styles.heading}>{section.heading}</Text>
            {section.rows && (
              <View style={styles.facts}>
                {section.rows.map(([label, value]) => (
                  <PdfFact key={label} label={label}>
                    {value}
                  </PdfFact>
                ))}
              </View>
            )}
            {section.table && <Table rows={section.table} />}
            {section.text?.map((t) => (
              <Text key={t} style={styles.paragraph}>
                {t}
              </Text>
            ))}
          </View>
        ))}
        {report.photos.length > 0 && (
          <View style={styles.section}>
            <Text style={styles.heading}>Photos</Text>
            <View style={styles.photos}>
              {report.photos.map((photo, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: photos are listed in order
                <View key={i} style={styles.photo} wrap={false}>
                  <Image style={styles.thumb} src={{ data: photo.jpeg, format: "jpg" }} />
                  <Text style={styles.caption}>{photo.caption}</Text>
                </View>
              ))}
            </View>
          </View>
        )}
      </Page>
      {report.label && <LabelPage label={report.label} />}
    </Document>
  );
}

const orNa = (v: unknown) => (v === undefined || v === null || v === "" ? "N/A" : String(v));

/** The record's sections and photo captions of a job of `service` from its saved `data`. */
function sectionsOf(service: string, data: unknown) {
  const sections: CompletionReport["sections"] = [];
  const captions = new Map<string, string>([[RADON_LABEL_SLOT, "The placed system label"]]);
  if (service === "radon") {
    const r = radonRecordSchema.safeParse(data ?? {}).data ?? ({} as Partial<RadonRecord>);
    sections.push({
      heading: "Radon mitigation system (ANSI/AARST SGM-SF)",
      rows: [
        ["System type", r.systemType ? radonSystemType.label(r.systemType) : "N/A"],
        ["Suction points", orNa(r.suctionPoints)],
        ["Fan make and model", orNa(r.fanMakeModel)],
        ["Fan serial number", orNa(r.fanSerial)],
        ["Pipe diameter", r.pipeDiameterInches ? `${r.pipeDiameterInches} in.` : "N/A"],
        ["Discharge location", orNa(r.dischargeLocation)],
        [
          "Manometer reading at commissioning",
          r.manometerInchesWc === undefined
            ? "N/A"
            : `${r.manometerInchesWc.toFixed(2)} in. water column`,
        ],
        ["Sealing done", r.sealingDone ? "Yes" : "No"],
        ["Installer's certification number", orNa(r.certificationNumber)],
      ],
    });
  } else if (service === "mold") {
    const r = moldRecordSchema.safeParse(data ?? {}).data ?? moldRecordSchema.parse({});
    const areas = r.areas
      .map((a, i) => ({ ...a, i }))
      .filter((a) => a.room || a.squareFeet || a.condition);
    for (const a of areas) {
      const name = a.room ?? `Area ${a.i + 1}`;
      captions.set(`mold_before_${a.i}`, `${name}, before`);
      captions.set(`mold_after_${a.i}`, `${name}, after`);
    }
    sections.push({
      heading: "Mold remediation (IICRC S520)",
      table: [
        ["Area worked", "Size (square feet)", "Condition"],
        ...areas.map((a) => [
          a.room ?? `Area ${a.i + 1}`,
          orNa(a.squareFeet),
          a.condition ? moldCondition.label(a.condition) : "N/A",
        ]),
      ],
      rows: [["Containment", r.containment ? moldContainment.label(r.containment) : "N/A"]],
    });
    const readings = r.moisture.filter((m) => m.area || m.material || m.reading !== undefined);
    if (readings.length > 0) {
      sections.push({
        heading: "Moisture readings",
        table: [
          ["Area", "Material", "Reading", "Instrument"],
          ...readings.map((m) => [
            orNa(m.area),
            orNa(m.material),
            orNa(m.reading),
            orNa(m.instrument),
          ]),
        ],
      });
    }
    sections.push({ heading: "Materials removed", text: [r.materialsRemoved ?? "N/A"] });
    sections.push(
      r.verification === "independent"
        ? {
            heading: "Post-remediation verification by an independent assessor",
            rows: [
              ["Assessor", orNa(r.assessorName)],
              ["Company", orNa(r.assessorCompany)],
              ["Date", r.assessedOn ? formatDate(r.assessedOn) : "N/A"],
              ["Result", r.assessmentPassed === "yes" ? "Passed" : "Did not pass"],
            ],
          }
        : {
            heading: "Post-remediation verification: not independent",
            text: [r.disclosure ?? "N/A"],
          },
    );
  } else if (service === "water_filtration") {
    const r = waterRecordSchema.safeParse(data ?? {}).data ?? { equipment: [] };
    sections.push({
      heading: "Water treatment equipment installed",
      table: [
        ["Equipment", "Make", "Model", "Serial", "Filter change"],
        ...r.equipment.map((e) => [
          e.kind ? waterEquipment.label(e.kind) : "N/A",
          orNa(e.make),
          orNa(e.model),
          orNa(e.serial),
          e.filterIntervalMonths ? `every ${e.filterIntervalMonths} months` : "N/A",
        ]),
      ],
    });
  }
  return { sections, captions };
}

/**
 * The completion report of job `jobId` read through `executor`, or null when there is no such
 * completed job. `photos: false` leaves the photos out (no file storage read): what a mail's text
 * needs inside the completion's transaction.
 */
export async function completionReportOf(
  jobId: string,
  executor: Executor = db,
  options: { photos?: boolean } = {},
): Promise<CompletionReport | null> {
  if (!isId(jobId)) return null;
  const [row] = await executor
    .select({ job: jobs, quote: quotes })
    .from(jobs)
    .innerJoin(quotes, eq(quotes.id, jobs.quote_id))
    .where(eq(jobs.id, jobId));
  if (row?.job.status !== "completed" || !row.job.completed_at) return null;
  const { job, quote } = row;
  const completedAt = row.job.completed_at;
  const [record, crew, files, label] = await Promise.all([
    recordOf(jobId, executor),
    executor
      .select({ name: profiles.full_name, email: user.email })
      .from(job_crew)
      .innerJoin(user, eq(user.id, job_crew.user_id))
      .leftJoin(profiles, eq(profiles.id, job_crew.user_id))
      .where(eq(job_crew.job_id, jobId))
      .orderBy(asc(user.email)),
    executor
      .select({ slot: job_record_photos.slot, thumb: quote_uploads.thumbnail_key })
      .from(job_record_photos)
      .innerJoin(quote_uploads, eq(quote_uploads.id, job_record_photos.upload_id))
      .where(and(eq(job_record_photos.job_id, jobId), eq(quote_uploads.kind, "photo")))
      .orderBy(asc(job_record_photos.slot), asc(job_record_photos.created_at)),
    job.service === "radon" ? radonLabelOf(jobId, executor) : Promise.resolve(null),
  ]);
  const { sections, captions } = sectionsOf(job.service, record.data);
  if ((record.photos.get(MOLD_REPORT_SLOT) ?? 0) > 0) {
    const verification = sections.find((s) => s.heading.includes("independent assessor"));
    verification?.rows?.push(["Report", "The assessor's report is kept with this job"]);
  }
  const photos: ReportPhoto[] = [];
  for (const file of options.photos === false ? [] : files) {
    const thumb = file.thumb ? await storage().get(file.thumb) : null;
    if (!thumb) continue;
    // react-pdf draws JPEG and PNG only; the stored thumbnails are WebP. A thumbnail that no
    // longer reads is left out rather than keeping the job from being completed.
    const jpeg = await sharp(thumb)
      .jpeg({ quality: 80 })
      .toBuffer()
      .catch(() => null);
    if (jpeg) photos.push({ caption: captions.get(file.slot) ?? "Photo", jpeg });
  }
  const address = quote.property_address
    ? `${quote.property_address}, ${quote.property_city}, ${quote.property_state} ${quote.property_zip_code}`
    : `ZIP ${quote.zip_code}`;
  return {
    jobNumber: jobNumberLabel(job.number),
    service: serviceId.label(job.service),
    serviceId: job.service,
    customer: `${quote.contact_first_name} ${quote.contact_last_name}`,
    property: address,
    reference: referenceNumber(quote.id),
    completedOn: formatDate(denverDate(completedAt)),
    crew: crew.map((c) => c.name || c.email).join(", "),
    sections,
    photos,
    label,
  };
}

/** The file name of job `jobNumber`'s completion report (J-0001 -> completion-report-J-0001.pdf). */
export const completionReportFilename = (jobNumber: string) => `completion-report-${jobNumber}.pdf`;

/**
 * The completion report of completed job `jobId` as a PDF, read through `executor`, or null when
 * there is no such completed job. Errors: whatever react-pdf throws while drawing.
 */
export async function completionReportPdf(
  jobId: string,
  executor: Executor = db,
): Promise<{ filename: string; pdf: Buffer; report: CompletionReport } | null> {
  const report = await completionReportOf(jobId, executor);
  if (!report) return null;
  return {
    filename: completionReportFilename(report.jobNumber),
    pdf: await renderPdf(<ReportDocument report={report} />),
    report,
  };
}

/** A private, uncached PDF download response of `file`. */
export function pdfDownload(file: { filename: string; pdf: Buffer }): Response {
  return new Response(new Uint8Array(file.pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${file.filename}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
