/**
 * The completion report's delivery: mailed to the homeowner (queued in the completion's
 * transaction, its PDF drawn when the outbox sends it), and downloaded again by the quote's owner
 * from their home record or by staff from the job page. Another customer's job is never found
 * (their callers answer 404).
 */
import { and, asc, eq, inArray, isNotNull } from "drizzle-orm";
import { jobs, quotes } from "~/db/schema";
import { company } from "~/features/catalog/company";
import { jobNumberLabel } from "~/features/catalog/jobs";
import { serviceId } from "~/features/catalog/services";
import { denverDate, formatDate } from "~/lib/dates";
import { db } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { isId } from "~/lib/ids";
import { queueMail, registerAttachmentDrawer } from "~/lib/outbox.server";
import type { Transaction } from "./create.server";
import {
  completionReportFilename,
  completionReportOf,
  completionReportPdf,
} from "./report-pdf.server";

/** The outbox drawer of a completion report's PDF, drawn from its job's id when the mail is sent. */
export const REPORT_DRAWER = "job_completion_report";

// the report's PDF (photos from the file storage, a few hundred ms of drawing) is made by the
// outbox when it sends the mail, not inside the completion's transaction and its row locks
registerAttachmentDrawer(
  REPORT_DRAWER,
  async (jobId) => (await completionReportPdf(jobId))?.pdf ?? null,
);

/**
 * Inside the completion's transaction `tx`: queues the homeowner's mail of completed job `jobId`
 * with its completion report attached (kind 'job_completion_report'; the PDF drawn when the mail
 * is sent, REPORT_DRAWER). The caller kicks the outbox after the commit.
 * @returns whether a mail was queued (false: the job is not completed in `tx`)
 */
export async function queueCompletionReport(tx: Transaction, jobId: string): Promise<boolean> {
  const report = await completionReportOf(jobId, tx, { photos: false });
  if (!report) return false;
  const [quote] = await tx
    .select({ id: quotes.id, email: quotes.contact_email, first: quotes.contact_first_name })
    .from(quotes)
    .innerJoin(jobs, eq(jobs.quote_id, quotes.id))
    .where(eq(jobs.id, jobId));
  if (!quote) return false;
  await queueMail(tx, [
    {
      kind: "job_completion_report",
      quoteId: quote.id,
      to: quote.email,
      subject: `Your completion report: ${report.service}, job ${report.jobNumber}`,
      text: [
        `Hello ${quote.first},`,
        "",
        `The ${report.service.toLowerCase()} work at ${report.property} was completed on ${report.completedOn}. The completion report is attached as a PDF: what was done, the readings and the photos${report.label ? ", with the radon system label" : ""}.`,
        "",
        "It is also kept in your home record when you sign in to your account.",
        "",
        `Questions? Call us at ${env().COMPANY_PHONE.display}.`,
        "",
        company.name,
      ].join("\n"),
      attachments: [
        {
          filename: completionReportFilename(report.jobNumber),
          contentType: "application/pdf",
          drawer: REPORT_DRAWER,
          key: jobId,
        },
      ],
    },
  ]);
  return true;
}

/**
 * The completion report PDF of job `jobId` for signed-in customer `userId`: only when the job's
 * quote is theirs and the job is completed.
 * @returns null otherwise (the caller answers 404)
 */
export async function completionReportForOwner(userId: string, jobId: string) {
  if (!isId(jobId)) return null;
  const [owned] = await db
    .select({ id: jobs.id })
    .from(jobs)
    .innerJoin(quotes, eq(quotes.id, jobs.quote_id))
    .where(and(eq(jobs.id, jobId), eq(quotes.user_id, userId), eq(jobs.status, "completed")));
  return owned ? completionReportPdf(owned.id) : null;
}

/** The completed jobs of quotes `quoteIds` (a property's), for the home record, oldest first. */
export async function completionReportsOf(quoteIds: readonly string[]) {
  if (quoteIds.length === 0) return [];
  const rows = await db
    .select({
      id: jobs.id,
      number: jobs.number,
      service: jobs.service,
      completedAt: jobs.completed_at,
    })
    .from(jobs)
    .where(
      and(
        inArray(jobs.quote_id, [...quoteIds]),
        eq(jobs.status, "completed"),
        isNotNull(jobs.completed_at),
      ),
    )
    .orderBy(asc(jobs.completed_at));
  return rows.map((r) => ({
    id: r.id,
    number: jobNumberLabel(r.number),
    service: serviceId.label(r.service),
    completedOn: formatDate(denverDate(r.completedAt as Date)),
  }));
}
