/**
 * The visit settings and availability as stored: visit lengths (the catalog's defaults unless set
 * on /admin/schedule), the lead time, and the staff members' weeks and days off. Staff members
 * are admins chosen on /admin/schedule; one who is no longer an admin does no visits.
 */
import { and, gt, lt, sql } from "drizzle-orm";
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

/** The settings in force from the stored rows: the catalog's defaults where none were set. */
function settingsFrom(
  leadTimeHours: number | null | undefined,
  lengths: readonly { kind: VisitKind; minutes: number }[],
): VisitSettings {
  const set = { ...DEFAULT_VISIT_MINUTES };
  for (const row of lengths) set[row.kind] = row.minutes;
  return { leadTimeHours: leadTimeHours ?? DEFAULT_LEAD_TIME_HOURS, lengths: set };
}

/** The lead time and visit lengths in force (defaults where none were set). */
export async function visitSettings(): Promise<VisitSettings> {
  const [settings, lengths] = await Promise.all([
    db.select().from(visit_settings).limit(1),
    db.select().from(visit_lengths),
  ]);
  return settingsFrom(settings[0]?.lead_time_hours, lengths);
}

/** Epoch milliseconds of a timestamptz column, as SQL. */
const epochMs = (column: AnyPgColumn) => sql`floor(extract(epoch from ${column}) * 1000)::bigint`;

/** "start:end,start:end,..." in epoch milliseconds (null: none) -> busy intervals of `staffId`. */
function parseBusy(staffId: string, times: string | null): BusyInterval[] {
  if (!times) return [];
  return times.split(",").map((pair) => {
    const [start, end] = pair.split(":");
    return { staffId, startsAt: new Date(Number(start)), endsAt: new Date(Number(end)) };
  });
}

export interface AvailabilityInputs {
  settings: VisitSettings;
  /** the staff members who do visits (admins on the visit staff), sorted by id */
  staff: StaffAvailability[];
  /** every staff member's booked visits overlapping the range asked for */
  busy: BusyInterval[];
}

/**
 * Everything free slots are computed from, in one statement: the settings in force, the staff
 * members who do visits (admins on the visit staff) with their weeks and days off, and, with
 * `busyRange`, the booked visits overlapping [from, until). One statement, and the visits as one
 * row per staff member with their times as epoch milliseconds in one string, because each read
 * crossing PGlite's worker thread, and 2,000 rows of timestamps most of all, cost the booking
 * page's budget (under 30 ms; docs/performance.md, visit slots).
 */
export async function availabilityInputs(busyRange?: {
  from: Date;
  until: Date;
}): Promise<AvailabilityInputs> {
  const busy = busyRange
    ? sql`(select coalesce(json_agg(json_build_array(b.staff_id, b.times)), '[]')::text from (
        select ${visits.staff_id} as staff_id,
          string_agg(${epochMs(visits.starts_at)} || ':' || ${epochMs(visits.ends_at)}, ',') as times
        from ${visits}
        where ${and(gt(visits.ends_at, busyRange.from), lt(visits.starts_at, busyRange.until))}
        group by ${visits.staff_id}) b)`
    : sql`'[]'`;
  // JSON as text, parsed here: the two drivers would otherwise differ in what they parse
  const [row] = await db
    .select({
      lead: sql<
        number | null
      >`(select ${visit_settings.lead_time_hours} from ${visit_settings} limit 1)`,
      lengths: sql<string>`(select coalesce(json_agg(json_build_object('kind', ${visit_lengths.kind}, 'minutes', ${visit_lengths.minutes})), '[]')::text from ${visit_lengths})`,
      staff: sql<string>`(select coalesce(json_agg(json_build_array(s.user_id,
          (select coalesce(json_agg(json_build_array(h.weekday, h.start_minute, h.end_minute)), '[]')
            from ${visit_working_hours} h where h.staff_id = s.user_id),
          (select coalesce(json_agg(d.day), '[]') from ${visit_days_off} d where d.staff_id = s.user_id))
          order by s.user_id), '[]')::text
        from ${visit_staff} s join ${profiles} p on p.id = s.user_id and p.is_admin)`,
      busy: sql<string>`${busy}`,
    })
    .from(sql`(values (1)) as one`);
  const { lead, lengths, staff, busy: times } = row as NonNullable<typeof row>;
  const staffRows = JSON.parse(staff) as [string, [number, number, number][], string[]][];
  return {
    settings: settingsFrom(lead, JSON.parse(lengths)),
    staff: staffRows.map(([id, hours, daysOff]) => {
      const week: ({ start: number; end: number } | null)[] = Array.from({ length: 7 }, () => null);
      for (const [weekday, start, end] of hours) week[weekday] = { start, end };
      return { id, hours: week, daysOff: new Set(daysOff) };
    }),
    busy: (JSON.parse(times) as [string, string][]).flatMap(([staffId, list]) =>
      parseBusy(staffId, list),
    ),
  };
}

/**
 * The staff members who do visits (admins on the visit staff), with their weeks and days off,
 * sorted by id.
 */
export async function staffAvailability(): Promise<StaffAvailability[]> {
  return (await availabilityInputs()).staff;
}
