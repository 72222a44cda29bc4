/**
 * A quote's job in one line (number and state), for the pages that show a quote: the admin's
 * quote page, the customer's quote list and the status link page. Whoever calls has already
 * decided the person may see the quote. Also the filter change interval a completed water job
 * recorded, which the quote's reminders offer.
 */
import { and, eq, inArray } from "drizzle-orm";
import { job_records, jobs } from "~/db/schema";
import { type JobStatus, jobNumberLabel, jobStatus } from "~/features/catalog/jobs";
import { db } from "~/lib/db.server";
import { isId } from "~/lib/ids";
import { waterRecordSchema } from "./record";

export interface JobSummary {
  id: string;
  /** J-0001 */
  number: string;
  status: JobStatus;
  statusLabel: string;
}

/**
 * The jobs of quotes `quoteIds` (at most one each), by quote id; a quote without a job is absent.
 */
export async function jobsOfQuotes(quoteIds: readonly string[]): Promise<Map<string, JobSummary>> {
  const ids = quoteIds.filter(isId);
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: jobs.id, quoteId: jobs.quote_id, number: jobs.number, status: jobs.status })
    .from(jobs)
    .where(inArray(jobs.quote_id, ids));
  return new Map(
    rows.map((r) => [
      r.quoteId,
      {
        id: r.id,
        number: jobNumberLabel(r.number),
        status: r.status,
        statusLabel: jobStatus.label(r.status),
      },
    ]),
  );
}

/** The job of quote `quoteId`, or null. */
export async function jobOfQuote(quoteId: string): Promise<JobSummary | null> {
  return (await jobsOfQuotes([quoteId])).get(quoteId) ?? null;
}

/**
 * The filter change interval (months) recorded on the completed water treatment job of quote
 * `quoteId`: the shortest of its equipment's, or null when no completed job records one.
 */
export async function recordedFilterMonths(quoteId: string): Promise<number | null> {
  if (!isId(quoteId)) return null;
  const [row] = await db
    .select({ data: job_records.data })
    .from(jobs)
    .innerJoin(job_records, eq(job_records.job_id, jobs.id))
    .where(
      and(
        eq(jobs.quote_id, quoteId),
        eq(jobs.service, "water_filtration"),
        eq(jobs.status, "completed"),
      ),
    );
  if (!row) return null;
  const parsed = waterRecordSchema.safeParse(JSON.parse(row.data));
  const months = (parsed.data?.equipment ?? [])
    .map((e) => e.filterIntervalMonths)
    .filter((m): m is number => m !== undefined);
  return months.length > 0 ? Math.min(...months) : null;
}
