/**
 * The back office's job list (/admin/jobs): search by number, customer or address; filters by
 * status, service, crew member, sign-off and week (a work visit in that week, Monday to Sunday in
 * America/Denver); newest number first, 50 a page.
 */
import { and, count, desc, eq, exists, gte, ilike, lt, or, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { job_crew, jobs, quoteSearchText, quotes, visits } from "~/db/schema";
import { jobNumberLabel, jobStatus } from "~/features/catalog/jobs";
import { serviceId } from "~/features/catalog/services";
import { mondayOf, workWeekStart } from "~/features/visits/work.server";
import { addDays, denverDate } from "~/lib/dates";
import { db } from "~/lib/db.server";
import { parseAccountId } from "~/lib/ids";
import { listPage, listSearch } from "~/lib/list-query";
import { signedOff, waitingForSignature } from "./sign-off.server";

export const JOBS_PAGE_SIZE = 50;

/** The list's query string, read leniently: anything unreadable is no filter. */
export const jobListQuery = z.object({
  q: listSearch,
  status: z.enum(jobStatus.values).optional().catch(undefined),
  service: z.enum(serviceId.values).optional().catch(undefined),
  crew: z
    .string()
    .optional()
    .transform((v) => parseAccountId(v) ?? undefined)
    .catch(undefined),
  /** any day of the week wanted (YYYY-MM-DD) */
  week: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional()
    .catch(undefined),
  /** 'waiting': completed and not signed off by the homeowner; 'signed': signed off */
  signOff: z.enum(["waiting", "signed"]).optional().catch(undefined),
  page: listPage,
});
export type JobListQuery = z.infer<typeof jobListQuery>;

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** One page of jobs matching `query`, with the total count. */
export async function listJobs(query: JobListQuery) {
  const conditions: SQL[] = [];
  if (query.status) conditions.push(eq(jobs.status, query.status));
  if (query.service) conditions.push(eq(jobs.service, query.service));
  if (query.signOff === "waiting") conditions.push(waitingForSignature() as SQL);
  if (query.signOff === "signed") conditions.push(signedOff());
  if (query.crew) {
    conditions.push(
      exists(
        db
          .select({ one: sql`1` })
          .from(job_crew)
          .where(and(eq(job_crew.job_id, jobs.id), eq(job_crew.user_id, query.crew))),
      ),
    );
  }
  if (query.week) {
    const monday = mondayOf(query.week);
    const from = workWeekStart(monday);
    const until = workWeekStart(addDays(monday, 7));
    if (from && until) {
      conditions.push(
        exists(
          db
            .select({ one: sql`1` })
            .from(visits)
            .where(
              and(
                eq(visits.job_id, jobs.id),
                gte(visits.starts_at, from),
                lt(visits.starts_at, until),
              ),
            ),
        ),
      );
    }
  }
  // whether a condition reads the quote: the count joins it only then
  let readsQuote = false;
  if (query.q) {
    const number = /^(j-?)?0*(\d{1,9})$/i.exec(query.q);
    if (number?.[1]) {
      // "J-4242" names a job
      conditions.push(eq(jobs.number, Number(number[2])));
    } else {
      const pattern = `%${escapeLike(query.q)}%`;
      const text = or(
        ilike(quoteSearchText(quotes), pattern),
        ilike(quotes.property_address, pattern),
      ) as SQL;
      // bare digits may be a job's number or part of a phone, a ZIP or an address
      conditions.push(number ? (or(eq(jobs.number, Number(number[2])), text) as SQL) : text);
      readsQuote = true;
    }
  }
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: jobs.id,
        number: jobs.number,
        status: jobs.status,
        service: jobs.service,
        optionName: jobs.option_name,
        createdAt: jobs.created_at,
        firstName: quotes.contact_first_name,
        lastName: quotes.contact_last_name,
        address: quotes.property_address,
        city: quotes.property_city,
        zip: quotes.zip_code,
      })
      .from(jobs)
      .innerJoin(quotes, eq(quotes.id, jobs.quote_id))
      .where(where)
      .orderBy(desc(jobs.number))
      .limit(JOBS_PAGE_SIZE)
      .offset((query.page - 1) * JOBS_PAGE_SIZE),
    readsQuote
      ? db
          .select({ n: count() })
          .from(jobs)
          .innerJoin(quotes, eq(quotes.id, jobs.quote_id))
          .where(where)
      : // every job has its quote (jobs.quote_id is NOT NULL): counting jobs alone is the same
        db.select({ n: count() }).from(jobs).where(where),
  ]);
  const totalCount = total?.n ?? 0;
  return {
    total: totalCount,
    pageCount: Math.max(1, Math.ceil(totalCount / JOBS_PAGE_SIZE)),
    items: rows.map((r) => ({
      id: r.id,
      number: jobNumberLabel(r.number),
      status: r.status,
      statusLabel: jobStatus.label(r.status),
      service: serviceId.label(r.service),
      option: r.optionName,
      customer: `${r.firstName} ${r.lastName}`,
      address: r.address ? `${r.address}${r.city ? `, ${r.city}` : ""}` : `ZIP ${r.zip}`,
      createdAt: r.createdAt,
    })),
  };
}

/** How many jobs have a work visit in the week (Monday to Sunday, Utah) of `now`. */
export async function jobsThisWeek(
  now: Date = new Date(),
): Promise<{ count: number; week: string }> {
  const week = denverDate(now);
  const list = await listJobs({ week, page: 1, crew: undefined });
  return { count: list.total, week };
}
