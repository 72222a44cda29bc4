/**
 * A job's work visits on the schedule: one `visits` row (kind 'work') per crew member and time, so
 * the exclusion constraint visits_staff_no_overlap refuses a crew member's overlap with any other
 * visit of theirs (assessment or work) whichever process books it. Staff book them (features/jobs
 * calls in its own transaction); the homeowner gets the time with an `.ics` invitation, and the
 * visit reminders as for assessments (reminders.server.ts, one per job and time).
 */
import { and, asc, eq, inArray } from "drizzle-orm";
import { quote_status_links, visits } from "~/db/schema";
import { company } from "~/features/catalog/company";
import { referenceNumber } from "~/features/quotes/reference";
import { newStatusLink } from "~/features/quotes/status-link.server";
import { isExclusionViolation } from "~/lib/database-errors.server";
import type { Database } from "~/lib/db.server";
import { db } from "~/lib/db.server";
import type { OutboxMessage } from "~/lib/outbox.server";
import { calendarQuote, quoteForBooking, staffNames } from "./booking.server";
import { denverDay, visitIcs } from "./calendar.server";
import { formatDay, formatTimeRange } from "./format";
import { denverInstant } from "./slots";

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

/**
 * A work visit's times from the job page's form: a day (YYYY-MM-DD) and start and end times
 * ("HH:MM", America/Denver wall time).
 * @returns the instants, or a message for staff when unreadable, not a wall time that exists that
 *   day, or the end is not after the start
 */
export function workVisitTimes(
  day: string,
  start: string,
  end: string,
): { startsAt: Date; endsAt: Date } | { error: string } {
  const minutes = (text: string) => {
    const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(text);
    return match ? Number(match[1]) * 60 + Number(match[2]) : null;
  };
  const from = minutes(start);
  const until = minutes(end);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || from === null || until === null) {
    return { error: "Give the day, the start and the end of the work visit." };
  }
  const startsAt = denverInstant(day, from);
  const endsAt = denverInstant(day, until);
  if (!startsAt || !endsAt) return { error: "That time does not exist on that day in Utah." };
  if (endsAt <= startsAt) return { error: "The work visit must end after it starts." };
  return { startsAt, endsAt };
}

/** Thrown when a crew member already has a visit overlapping the work visit. */
export class CrewOverlap extends Error {}

/**
 * Inside `tx`: books one work visit row per staff member in `staffIds` for job `jobId` of quote
 * `quoteId`, and queues the homeowner's mail with the `.ics` invitation and a fresh status link.
 * @throws CrewOverlap when the database refuses an overlap (the caller's transaction must roll back)
 */
export async function insertWorkVisits(
  tx: Transaction,
  visit: {
    jobId: string;
    quoteId: string;
    staffIds: readonly string[];
    startsAt: Date;
    endsAt: Date;
  },
): Promise<{ ids: string[]; mail: OutboxMessage }> {
  let rows: { id: string; staffId: string }[];
  try {
    rows = await tx
      .insert(visits)
      .values(
        visit.staffIds.map((staffId) => ({
          quote_id: visit.quoteId,
          job_id: visit.jobId,
          kind: "work" as const,
          staff_id: staffId,
          starts_at: visit.startsAt,
          ends_at: visit.endsAt,
        })),
      )
      .returning({ id: visits.id, staffId: visits.staff_id });
  } catch (error) {
    if (isExclusionViolation(error)) throw new CrewOverlap();
    throw error;
  }
  const quote = await quoteForBooking(visit.quoteId, tx);
  if (!quote) throw new Error("the work visit's quote is gone");
  const names = await staffNames(visit.staffIds, tx);
  const crew = visit.staffIds
    .map((id) => names.get(id) ?? "")
    .filter(Boolean)
    .join(", ");
  const link = newStatusLink(quote.id);
  await tx.insert(quote_status_links).values(link.row);
  const forMail = calendarQuote(quote);
  const first = rows[0] as { id: string };
  const when = `${formatDay(denverDay(visit.startsAt))}, ${formatTimeRange(visit.startsAt, visit.endsAt)}`;
  const mail: OutboxMessage = {
    kind: "work_visit_booked",
    quoteId: quote.id,
    to: quote.contact_email,
    subject: `Your work visit is booked (${referenceNumber(quote.id)})`,
    text: [
      `Hello ${quote.contact_first_name},`,
      "",
      "Our crew will come to do the work at:",
      `${when}, with ${crew}`,
      `Address: ${forMail.location}`,
      "",
      `The attached calendar file adds it to your calendar. To see your request: ${link.url}`,
      "To change the time, reply to this email or call us.",
      "",
      company.name,
    ].join("\n"),
    attachments: [
      {
        filename: "work-visit.ics",
        contentType: "text/calendar; charset=utf-8; method=REQUEST",
        content: Buffer.from(
          visitIcs(
            {
              id: first.id,
              kind: "work",
              startsAt: visit.startsAt,
              endsAt: visit.endsAt,
              sequence: 0,
              staffName: crew,
            },
            forMail,
            "request",
            link.url,
          ),
          "utf8",
        ),
      },
    ],
  };
  return { ids: rows.map((r) => r.id), mail };
}

/** A job's work visit as the job page lists it: one entry per time, with its crew. */
export interface WorkVisit {
  /** ids of the rows (one per crew member) */
  ids: string[];
  startsAt: Date;
  day: string;
  time: string;
  crew: string[];
}

/** The work visits of job `jobId`, soonest first, the crew of one time together. */
export async function workVisitsOf(jobId: string): Promise<WorkVisit[]> {
  const rows = await db
    .select()
    .from(visits)
    .where(and(eq(visits.job_id, jobId), eq(visits.kind, "work")))
    .orderBy(asc(visits.starts_at), asc(visits.staff_id));
  const names = await staffNames(rows.map((r) => r.staff_id));
  const byTime = new Map<string, WorkVisit>();
  for (const row of rows) {
    const key = `${row.starts_at.toISOString()}/${row.ends_at.toISOString()}`;
    const entry = byTime.get(key) ?? {
      ids: [],
      startsAt: row.starts_at,
      day: formatDay(denverDay(row.starts_at)),
      time: formatTimeRange(row.starts_at, row.ends_at),
      crew: [],
    };
    entry.ids.push(row.id);
    entry.crew.push(names.get(row.staff_id) ?? "");
    byTime.set(key, entry);
  }
  return [...byTime.values()];
}

/**
 * Removes work visit rows `ids` of job `jobId` (staff cancelling a time).
 * @returns how many were removed
 */
export async function removeWorkVisits(jobId: string, ids: readonly string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const gone = await db
    .delete(visits)
    .where(and(eq(visits.job_id, jobId), inArray(visits.id, [...ids])))
    .returning({ id: visits.id });
  return gone.length;
}

export { mondayOf } from "./week.server";

/** The first instant of day `day` (YYYY-MM-DD) in Utah: where a week of the schedule starts. */
export function workWeekStart(day: string): Date | null {
  return denverInstant(day, 0);
}
