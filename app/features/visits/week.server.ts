/**
 * The staff's week on /admin/schedule: the booked visits of one week, Monday
 * to Sunday in America/Denver, for every staff member or one (`?staff=`), with what the visit is
 * for and where, each linking to its move-or-cancel page. The route guards with requireAdmin.
 */
import { and, asc, eq, gte, lt, type SQL } from "drizzle-orm";
import { profiles, quotes, user, visit_staff, visits } from "~/db/schema";
import { serviceById } from "~/features/catalog/services";
import { visitKind } from "~/features/catalog/visits";
import { referenceNumber } from "~/features/quotes/reference";
import { addDays, denverDate } from "~/lib/dates";
import { db } from "~/lib/db.server";
import { visitLocation } from "./calendar.server";
import { formatDay, formatTimeRange } from "./format";
import { denverInstant } from "./slots";

/** The Monday (YYYY-MM-DD) of the week holding `day`; a date has no time zone. */
export function mondayOf(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}

const midnight = (day: string) => (denverInstant(day, 0) ?? denverInstant(day, 60)) as Date;

/**
 * The week page's data: the week holding `week` (YYYY-MM-DD; default today in Denver), the visits
 * of staff member `staffId` (null: everyone) by day, the links to the weeks around it and the
 * staff members to filter by.
 */
export async function loadWeekPage(week: string | null, staffId: string | null, now = new Date()) {
  const valid = week && /^\d{4}-\d{2}-\d{2}$/.test(week) && !Number.isNaN(Date.parse(week));
  const monday = mondayOf(valid ? week : denverDate(now));
  const from = midnight(monday);
  const until = midnight(addDays(monday, 7));
  const conditions: SQL[] = [gte(visits.starts_at, from), lt(visits.starts_at, until)];
  if (staffId) conditions.push(eq(visits.staff_id, staffId));
  const [rows, staff] = await Promise.all([
    db
      .select({
        id: visits.id,
        kind: visits.kind,
        job_id: visits.job_id,
        starts_at: visits.starts_at,
        ends_at: visits.ends_at,
        quote_id: quotes.id,
        service: quotes.service,
        first: quotes.contact_first_name,
        last: quotes.contact_last_name,
        phone: quotes.contact_phone,
        property_address: quotes.property_address,
        property_city: quotes.property_city,
        property_zip_code: quotes.property_zip_code,
        zip_code: quotes.zip_code,
        staff_email: user.email,
        staff_name: profiles.full_name,
      })
      .from(visits)
      .innerJoin(quotes, eq(quotes.id, visits.quote_id))
      .innerJoin(user, eq(user.id, visits.staff_id))
      .leftJoin(profiles, eq(profiles.id, visits.staff_id))
      .where(and(...conditions))
      .orderBy(asc(visits.starts_at)),
    db
      .select({ id: user.id, email: user.email, name: profiles.full_name })
      .from(visit_staff)
      .innerJoin(user, eq(user.id, visit_staff.user_id))
      .leftJoin(profiles, eq(profiles.id, user.id))
      .orderBy(asc(user.email)),
  ]);
  const entries = (list: typeof rows) =>
    list.map((r) => ({
      id: r.id,
      jobId: r.job_id,
      time: formatTimeRange(r.starts_at, r.ends_at),
      kind: visitKind.label(r.kind),
      service: serviceById(r.service).title,
      quoteId: r.quote_id,
      reference: referenceNumber(r.quote_id),
      customer: `${r.first} ${r.last}`,
      phone: r.phone,
      where: visitLocation(r),
      staff: r.staff_name || r.staff_email,
    }));
  const days = Array.from({ length: 7 }, (_, i) => addDays(monday, i)).map((day) => ({
    day,
    label: formatDay(day),
    visits: entries(rows.filter((r) => denverDate(r.starts_at) === day && !r.job_id)),
    /** the crew's work visits, shown apart from the assessments */
    work: entries(rows.filter((r) => denverDate(r.starts_at) === day && r.job_id)),
  }));
  return {
    monday,
    title: `Week of ${formatDay(monday)}`,
    previous: addDays(monday, -7),
    next: addDays(monday, 7),
    staffId: staff.some((s) => s.id === staffId) ? staffId : null,
    staff: staff.map((s) => ({ id: s.id, name: s.name || s.email })),
    days,
    count: rows.length,
  };
}
