/**
 * The jobs' part of a customer's personal data (app/lib/personal-data.server.ts): the jobs of their
 * quotes, with their lines, status history, the homeowner's sign-off or punch-list comments and
 * each completed job's completion report (the PDF the homeowner was mailed, drawn again). A
 * job is a company record that belongs to its quote and stays with it on closing (the quote is
 * detached). A crew member of an open job cannot close
 * their own account: the job names them.
 */
import { and, asc, eq, inArray } from "drizzle-orm";
import { job_crew, job_lines, job_sign_offs, job_status_history, jobs, quotes } from "~/db/schema";
import { jobNumberLabel, OPEN_JOB_STATUSES } from "~/features/catalog/jobs";
import { referenceNumber } from "~/features/quotes/reference";
import { db } from "~/lib/db.server";
import {
  type ExportFile,
  exportTime,
  type PersonalDataPart,
  type SectionContent,
} from "~/lib/personal-data.server";
import { completionReportFilename, completionReportPdf } from "./report-pdf.server";

async function jobsSection(userId: string): Promise<SectionContent> {
  const rows = await db
    .select({ job: jobs })
    .from(jobs)
    .innerJoin(quotes, eq(quotes.id, jobs.quote_id))
    .where(eq(quotes.user_id, userId))
    .orderBy(asc(jobs.number));
  const ids = rows.map((r) => r.job.id);
  const [lines, history, signOffs] =
    ids.length === 0
      ? [[], [], []]
      : await Promise.all([
          db
            .select()
            .from(job_lines)
            .where(inArray(job_lines.job_id, ids))
            .orderBy(asc(job_lines.position)),
          db
            .select()
            .from(job_status_history)
            .where(inArray(job_status_history.job_id, ids))
            .orderBy(asc(job_status_history.created_at)),
          db
            .select()
            .from(job_sign_offs)
            .where(inArray(job_sign_offs.job_id, ids))
            .orderBy(asc(job_sign_offs.created_at)),
        ]);
  const files: ExportFile[] = [];
  const reportOf = (job: typeof jobs.$inferSelect) => {
    if (job.status !== "completed") return null;
    const path = `files/jobs/${completionReportFilename(jobNumberLabel(job.number))}`;
    files.push({
      path,
      make: async () => (await completionReportPdf(job.id))?.pdf ?? null,
      compressed: true,
    });
    return path;
  };
  return {
    files,
    data: rows.map(({ job }) => ({
      number: jobNumberLabel(job.number),
      quoteReference: referenceNumber(job.quote_id),
      service: job.service,
      status: job.status,
      option: job.option_name,
      totalCents: job.total_cents,
      openedAt: exportTime(job.created_at),
      completedAt: exportTime(job.completed_at),
      completionReport: reportOf(job),
      lines: lines
        .filter((l) => l.job_id === job.id)
        .map((l) => ({
          name: l.name,
          description: l.description,
          unit: l.unit,
          quantityThousandths: l.quantity_thousandths,
          unitPriceCents: l.unit_price_cents,
          amountCents: l.amount_cents,
        })),
      history: history
        .filter((h) => h.job_id === job.id)
        .map((h) => ({ status: h.status, at: exportTime(h.created_at) })),
      // the homeowner's sign-off (signature image under files/jobs/) and punch-list comments
      signOffs: signOffs
        .filter((s) => s.job_id === job.id)
        .map((s) => {
          let signatureImage: string | null = null;
          if (s.signature_png) {
            signatureImage = `files/jobs/${jobNumberLabel(job.number)}-signature.png`;
            files.push({ path: signatureImage, bytes: s.signature_png, compressed: true });
          }
          return {
            kind: s.kind,
            via: s.via,
            signerName: s.signer_name,
            signatureImage,
            comment: s.comment,
            at: exportTime(s.created_at),
            clientIp: s.client_ip,
            userAgent: s.user_agent,
            consentText: s.consent_text,
            recordSha256: s.record_sha256,
          };
        }),
    })),
  };
}

/** Whether `userId` is crew on a job still open. */
async function isCrewOfOpenJob(userId: string): Promise<boolean> {
  const rows = await db
    .select({ id: jobs.id })
    .from(job_crew)
    .innerJoin(jobs, eq(jobs.id, job_crew.job_id))
    .where(and(eq(job_crew.user_id, userId), inArray(jobs.status, [...OPEN_JOB_STATUSES])))
    .limit(1);
  return rows.length > 0;
}

/** Jobs of the customer's quotes; crew of open jobs keep their account open. */
export const jobsPart: PersonalDataPart = {
  name: "jobs",
  sections: [
    { file: "jobs.json", describes: "the jobs of your accepted work", collect: jobsSection },
  ],
  keepsOpen: isCrewOfOpenJob,
};
