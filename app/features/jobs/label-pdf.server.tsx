/**
 * The radon mitigation system's label as a PDF sized to print on a 4 x 6 inch label (288 x 432
 * points, portrait): install date, installer and certification number, company name and phone,
 * the commissioning manometer reading, the retest advice and the EPA and Utah DEQ radon contacts
 * (ANSI/AARST SGM-SF). Drawn through lib/pdf.server.tsx (embedded Noto fonts).
 */
import { Document, Page, StyleSheet, Text, View } from "@react-pdf/renderer";
import { eq } from "drizzle-orm";
import { jobs, profiles, user } from "~/db/schema";
import { company } from "~/features/catalog/company";
import { jobNumberLabel, RADON_LABEL_TEXT } from "~/features/catalog/jobs";
import { denverDate, formatDate } from "~/lib/dates";
import { db } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { isId } from "~/lib/ids";
import { pdfBoldFont, pdfFont, renderPdf } from "~/lib/pdf.server";
import { radonRecordSchema } from "./record";
import { recordOf } from "./record.server";

/** 4 x 6 inches in PDF points (72 a inch). */
export const LABEL_SIZE = { width: 4 * 72, height: 6 * 72 } as const;

const styles = StyleSheet.create({
  page: { padding: 16, fontSize: 9, ...pdfFont, color: "#111827", lineHeight: 1.3 },
  title: {
    fontSize: 15,
    lineHeight: 1.2,
    ...pdfBoldFont,
    marginBottom: 8,
  },
  row: { marginBottom: 5 },
  label: { fontSize: 7, color: "#4b5563", textTransform: "uppercase" },
  value: { fontSize: 10, ...pdfBoldFont },
  advice: { marginTop: 8, fontSize: 10, ...pdfBoldFont },
  contacts: { marginTop: 8, fontSize: 8 },
});

export interface RadonLabel {
  jobNumber: string;
  installedOn: string;
  installer: string;
  certificationNumber: string;
  companyName: string;
  companyPhone: string;
  manometer: string;
  fan: string;
}

/** The label's one 4 x 6 in page (also the completion report's last page). */
export function LabelPage({ label }: { label: RadonLabel }) {
  const fact = (name: string, value: string) => (
    <View style={styles.row}>
      <Text style={styles.label}>{name}</Text>
      <Text style={styles.value}>{value}</Text>
    </View>
  );
  return (
    <Page size={[LABEL_SIZE.width, LABEL_SIZE.height]} style={styles.page}>
      <Text style={styles.title}>{RADON_LABEL_TEXT.title}</Text>
      {fact("Installed", label.installedOn)}
      {fact("Installer", label.installer)}
      {fact("Certification number", label.certificationNumber)}
      {fact("Installed by", `${label.companyName}, ${label.companyPhone}`)}
      {fact("Manometer reading at commissioning", label.manometer)}
      {fact("Fan", label.fan)}
      {fact("Job", label.jobNumber)}
      <Text style={styles.advice}>{RADON_LABEL_TEXT.retest}</Text>
      <View style={styles.contacts}>
        {RADON_LABEL_TEXT.contacts.map((line) => (
          <Text key={line}>{line}</Text>
        ))}
      </View>
    </Page>
  );
}

function LabelDocument({ label }: { label: RadonLabel }) {
  return (
    <Document title={`${RADON_LABEL_TEXT.title} ${label.jobNumber}`} author={label.companyName}>
      <LabelPage label={label} />
    </Document>
  );
}

/**
 * What the label of radon job `jobId` prints, read through `executor` (a transaction's, inside
 * one), or null when the job is not a radon job or its record lacks what the label prints.
 */
export async function radonLabelOf(
  jobId: string,
  executor: Pick<typeof db, "select"> = db,
): Promise<RadonLabel | null> {
  if (!isId(jobId)) return null;
  const [job] = await executor.select().from(jobs).where(eq(jobs.id, jobId));
  if (job?.service !== "radon") return null;
  const record = radonRecordSchema.safeParse((await recordOf(jobId, executor)).data ?? {});
  if (!record.success) return null;
  const r = record.data;
  if (!r.fanMakeModel || r.manometerInchesWc === undefined || !r.certificationNumber) return null;
  const [installer] = r.installerId
    ? await executor
        .select({ name: profiles.full_name, email: user.email })
        .from(profiles)
        .innerJoin(user, eq(user.id, profiles.id))
        .where(eq(profiles.id, r.installerId))
    : [];
  const phone = env().COMPANY_PHONE;
  return {
    jobNumber: jobNumberLabel(job.number),
    installedOn: formatDate(denverDate(job.completed_at ?? new Date())),
    installer: installer?.name || installer?.email || "",
    certificationNumber: r.certificationNumber,
    companyName: company.name,
    companyPhone: phone?.display ?? "",
    manometer: `${r.manometerInchesWc.toFixed(2)} in. water column`,
    fan: [r.fanMakeModel, r.fanSerial && `serial ${r.fanSerial}`].filter(Boolean).join(", "),
  };
}

/**
 * The label of radon job `jobId` from its completion record, or null when the job is not a radon
 * job or its record lacks what the label prints.
 */
export async function radonLabelPdf(
  jobId: string,
): Promise<{ filename: string; pdf: Buffer } | null> {
  const label = await radonLabelOf(jobId);
  if (!label) return null;
  return {
    filename: `radon-system-label-${label.jobNumber}.pdf`,
    pdf: await renderPdf(<LabelDocument label={label} />),
  };
}
