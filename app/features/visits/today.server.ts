/**
 * The admin dashboard's 'Visits today' card: every visit starting on today's
 * calendar day in America/Denver, in time order, with what the card links to.
 */
import { and, asc, eq, gte, lt, sql } from "drizzle-orm";
import { profiles, quotes, user, visits } from "~/db/schema";
import { visitKind } from "~/features/catalog/visits";
import { addDays, denverDate } from "~/lib/dates";
import { db } from "~/lib/db.server";
import { formatTimeRange } from "./format";
import { denverInstant } from "./slots";

export interface VisitToday {
  quoteId: string;
  /** e.g. "9:00 AM – 10:00 AM MST" */
  time: string;
  /** e.g. "Water assessment" */
  kind: string;
  customer: string;
  staff: string;
}

/**
 * Today's visits (the Denver day of `now`): from its midnight to the next, both instants taken
 * in America/Denver, so the 23- and 25-hour days of the clock changes count right.
 */
export async function visitsToday(now = new Date()): Promise<VisitToday[]> {
  const day = denverDate(now);
  const from = denverInstant(day, 0) as Date; // midnight exists on every Denver day
  const until = denverInstant(addDays(day, 1), 0) as Date;
  const rows = await db
    .select({
      quoteId: visits.quote_id,
      kind: visits.kind,
      startsAt: visits.starts_at,
      endsAt: visits.ends_at,
      firstName: quotes.contact_first_name,
      lastName: quotes.contact_last_name,
      staff: sql<string>`coalesce(nullif(${profiles.full_name}, ''), ${user.name})`,
    })
    .from(visits)
    .innerJoin(quotes, eq(quotes.id, visits.quote_id))
    .innerJoin(user, eq(user.id, visits.staff_id))
    .leftJoin(profiles, eq(profiles.id, visits.staff_id))
    .where(and(gte(visits.starts_at, from), lt(visits.starts_at, until)))
    .orderBy(asc(visits.starts_at));
  return rows.map((r) => ({
    quoteId: r.quoteId,
    time: formatTimeRange(r.startsAt, r.endsAt),
    kind: visitKind.label(r.kind),
    customer: `${r.firstName} ${r.lastName}`,
    staff: r.staff,
  }));
}
