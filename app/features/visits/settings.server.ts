/**
 * The visit settings and availability as stored: visit lengths (the catalog's defaults unless set
 * on /admin/schedule), the lead time, and the staff members' weeks and days off. Staff members
 * are admins chosen on /admin/schedule; one who is no longer an admin does no visits.
 */
import { and, eq, gt, lt, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import {
  profiles,
  visit_days_off,
  visit_lengths,
  visit_settings,
  visit_staff,
  visit_working_hours,
  visits,
} from "~/db/schema";
import {
  DEFAULT_LEAD_TIME_HOURS,
  DEFAULT_VISIT_MINUTES,
  type VisitKind,
} from "~/features/catalog/visits";
import { db } from "~/lib/db.server";
import type { BusyInterval, StaffAvailability } from "./slots";

export interface VisitSettings {
  /** no visit starts sooner than this many hours after booking */
  leadTimeHours: number;
  /** minutes per kind of visit */
  lengths: Record<VisitKind, number>;
}

/** The lead time and visit lengths in force (defaults where none were set). */
export async function visitSettings(): Promise<VisitSettings> {
  const [settings, lengths] = await Promise.all([
    db.select().from(visit_settings).limit(1),
    db.select().from(visit_lengths),
  ]);
  const set = { ...DEFAULT_VISIT_MINUTES };
  for (const row of lengths) set[row.kind] = row.minutes;
  return { leadTimeHours: settings[0]?.lead_time_hours ?? DEFAULT_LEAD_TIME_HOURS, lengths: set };
}

/**
 * The staff members who do visits (admins on the visit staff), with their weeks and days off,
 * sorted by id.
 */
export async function staffAvailability(): Promise<StaffAvailability[]> {
  const [staff, hours, daysOff] = await Promise.all([
    db
      .select({ id: visit_staff.user_id })
      .from(visit_staff)
      .innerJoin(profiles, and(eq(profiles.id, visit_staff.user_id), eq(profiles.is_admin, true)))
      .orderBy(visit_staff.user_id),
    db.select().from(visit_working_hours),
    db.select().from(visit_days_off),
  ]);
  return staff.map(({ id }) => {
    const week: ({ start: number; end: number } | null)[] = Array.from({ length: 7 }, () => null);
    for (const row of hours) {
      if (row.staff_id === id) week[row.weekday] = { start: row.start_minute, end: row.end_minute };
    }
    return {
      id,
      hours: week,
      daysOff: new Set(daysOff.filter((d) => d.staff_id === id).map((d) => d.day)),
    };
  });
}

/**
 * Booked visits overlapping [from, until) (every staff member's), as busy intervals. Read as one
 * row per staff member with the times as epoch milliseconds in two lists: 2,000 rows of
 * timestamps crossing PGlite's worker thread cost most of the booking page's budget
 * (docs/performance.md, visit slots).
 */
export async function busyIntervals(from: Date, until: Date): Promise<BusyInterval[]> {
  const ms = (column: AnyPgColumn) => sql`floor(extract(epoch from ${column}) * 1000)::bigint`;
  const rows = await db
    .select({
      staffId: visits.staff_id,
      // "start:end,start:end,..." in epoch milliseconds
      times: sql<string>`string_agg(${ms(visits.starts_at)} || ':' || ${ms(visits.ends_at)}, ',')`,
    })
    .from(visits)
    .where(and(gt(visits.ends_at, from), lt(visits.starts_at, until)))
    .groupBy(visits.staff_id);
  return rows.flatMap(({ staffId, times }) =>
    times.split(",").map((pair) => {
      const [start, end] = pair.split(":");
      return { staffId, startsAt: new Date(Number(start)), endsAt: new Date(Number(end)) };
    }),
  );
}
