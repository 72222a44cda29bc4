/**
 * Free visit slots: a pure function of working hours, days off, booked visits
 * and a time window, with no database or clock of its own, so it is tested and benchmarked alone.
 *
 * Working hours are wall-clock times in America/Denver; the conversion to instants is @date-fns/tz's
 * (the IANA rules, March and November clock changes included). A slot is a wall-clock interval of
 * one working day whose start and end both exist and which no clock change crosses: on the
 * spring-forward day 01:30-02:30 (02:30 does not exist) is not offered, and on the fall-back day
 * no wall time is offered twice (docs/decisions/0145-visit-slots.md).
 */
import { TZDate } from "@date-fns/tz";
import { SLOT_STEP_MINUTES } from "~/features/catalog/visits";
import { addDays, denverDate } from "~/lib/dates";

export const VISIT_TIME_ZONE = "America/Denver";

/** A staff member's week: `hours[weekday]` (0 Sunday) in minutes after midnight, or null (off). */
export interface StaffAvailability {
  id: string;
  hours: readonly ({ start: number; end: number } | null)[];
  /** calendar days off, YYYY-MM-DD (America/Denver) */
  daysOff: ReadonlySet<string>;
}

/** A booked visit, which keeps its staff member busy over [startsAt, endsAt). */
export interface BusyInterval {
  staffId: string;
  startsAt: Date;
  endsAt: Date;
}

export interface SlotQuery {
  /** earliest start, inclusive (e.g. now plus the lead time) */
  from: Date;
  /** latest start, inclusive */
  until: Date;
  lengthMinutes: number;
  staff: readonly StaffAvailability[];
  busy: readonly BusyInterval[];
  stepMinutes?: number;
}

/** A free slot: [startsAt, endsAt), and the staff members free for all of it, first preferred. */
export interface Slot {
  startsAt: Date;
  endsAt: Date;
  /** Denver calendar day of the start, YYYY-MM-DD */
  day: string;
  staffIds: string[];
}

const MINUTE = 60_000;

/**
 * The instant of wall-clock time `minutes` after midnight of `day` (YYYY-MM-DD) in Denver, or
 * null when that wall time does not exist (skipped by the spring-forward change). A wall time
 * that occurs twice (fall-back) gives its first occurrence. `minutes` may reach 1440 (midnight
 * after).
 */
export function denverInstant(day: string, minutes: number): Date | null {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const wall = new Date(Date.UTC(y, m - 1, d, 0, minutes));
  const zoned = new TZDate(
    wall.getUTCFullYear(),
    wall.getUTCMonth(),
    wall.getUTCDate(),
    wall.getUTCHours(),
    wall.getUTCMinutes(),
    VISIT_TIME_ZONE,
  );
  const same =
    zoned.getDate() === wall.getUTCDate() &&
    zoned.getHours() === wall.getUTCHours() &&
    zoned.getMinutes() === wall.getUTCMinutes();
  return same ? new Date(zoned.getTime()) : null;
}

/** Weekday (0 Sunday) of a calendar date YYYY-MM-DD; a date has no time zone. */
function weekdayOf(day: string): number {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
}

/** Index of the first interval of `sorted` (by start) ending after `at`. */
function firstEndingAfter(sorted: readonly BusyInterval[], at: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if ((sorted[mid] as BusyInterval).endsAt.getTime() > at) high = mid;
    else low = mid + 1;
  }
  return low;
}

/**
 * The free slots of `query`, by start time: for each Denver day in the window and each staff
 * member working that day (not a day off), every `stepMinutes` from the start of their hours, a
 * slot of `lengthMinutes` that ends within their hours, starts within [from, until], crosses no
 * clock change and overlaps none of their busy intervals. Slots of several staff members at one
 * time are one slot; its `staffIds` prefer who has the fewest visits that day (then by id).
 * Busy intervals of one staff member must not overlap each other (the database guarantees it).
 */
export function freeSlots(query: SlotQuery): Slot[] {
  const { from, until, lengthMinutes, staff } = query;
  const step = query.stepMinutes ?? SLOT_STEP_MINUTES;
  const fromMs = from.getTime();
  const untilMs = until.getTime();
  if (untilMs < fromMs || lengthMinutes <= 0) return [];

  const busyByStaff = new Map<string, BusyInterval[]>();
  for (const visit of query.busy) {
    const list = busyByStaff.get(visit.staffId) ?? [];
    if (list.length === 0) busyByStaff.set(visit.staffId, list);
    list.push(visit);
  }
  for (const list of busyByStaff.values()) {
    list.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
  }

  const byStart = new Map<number, Slot>();
  const lastDay = denverDate(until);
  for (let day = denverDate(from); day <= lastDay; day = addDays(day, 1)) {
    const weekday = weekdayOf(day);
    const instants = new Map<number, Date | null>();
    const instant = (minutes: number) => {
      if (!instants.has(minutes)) instants.set(minutes, denverInstant(day, minutes));
      return instants.get(minutes) ?? null;
    };
    for (const member of staff) {
      const hours = member.hours[weekday];
      if (!hours || member.daysOff.has(day)) continue;
      const busy = busyByStaff.get(member.id) ?? [];
      for (let m = hours.start; m + lengthMinutes <= hours.end; m += step) {
        const start = instant(m);
        const end = instant(m + lengthMinutes);
        if (!start || !end) continue;
        const startMs = start.getTime();
        const endMs = end.getTime();
        // a clock change inside the slot would make it longer or shorter than its wall clock says
        if (endMs - startMs !== lengthMinutes * MINUTE) continue;
        if (startMs < fromMs || startMs > untilMs) continue;
        const next = busy[firstEndingAfter(busy, startMs)];
        if (next && next.startsAt.getTime() < endMs) continue;
        const slot = byStart.get(startMs) ?? { startsAt: start, endsAt: end, day, staffIds: [] };
        if (slot.staffIds.length === 0) byStart.set(startMs, slot);
        slot.staffIds.push(member.id);
      }
    }
  }

  const slots = [...byStart.values()].sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
  // visits per staff member and Denver day, counted only where a slot has a choice to make
  const visitsThatDay = new Map<string, number>();
  const load = (id: string, day: string) => {
    const key = `${id} ${day}`;
    let count = visitsThatDay.get(key);
    if (count === undefined) {
      const busy = busyByStaff.get(id) ?? [];
      const dayStart = (denverInstant(day, 0) ?? denverInstant(day, 60)) as Date;
      const next = addDays(day, 1);
      const dayEnd = (denverInstant(next, 0) ?? denverInstant(next, 60)) as Date;
      count = 0;
      for (let i = firstEndingAfter(busy, dayStart.getTime()); i < busy.length; i++) {
        const visit = busy[i] as BusyInterval;
        if (visit.startsAt.getTime() >= dayEnd.getTime()) break;
        if (visit.startsAt.getTime() >= dayStart.getTime()) count++;
      }
      visitsThatDay.set(key, count);
    }
    return count;
  };
  for (const slot of slots) {
    if (slot.staffIds.length < 2) continue;
    slot.staffIds.sort(
      (a, b) => load(a, slot.day) - load(b, slot.day) || (a < b ? -1 : a > b ? 1 : 0),
    );
  }
  return slots;
}

/**
 * The window of the booking pages at `now`: starts from `now` plus `leadHours`, up to the end of
 * the `days`-th Denver day counting today (the midnight after, exclusive).
 */
export function bookingWindow(
  now: Date,
  leadHours: number,
  days: number,
): { from: Date; until: Date } {
  const endDay = addDays(denverDate(now), days);
  const midnight = denverInstant(endDay, 0) ?? denverInstant(endDay, 60);
  return {
    from: new Date(now.getTime() + leadHours * 3_600_000),
    until: new Date((midnight as Date).getTime() - 1),
  };
}

/**
 * The window for a radon pick-up after the placement visit `placement` ([startsAt, endsAt)):
 * starts from 48 to 96 hours after the placement's end (inclusive), and never sooner than `now`
 * plus `leadHours`.
 * The detector is exposed from the end of the placement visit (it is being set up before), and a
 * short-term test needs at least 48 hours (EPA, "A Citizen's Guide to Radon"); the hours are real
 * elapsed hours, so a clock change between the visits shifts the wall time, not the exposure.
 * docs/decisions/0175-radon-exposure-from-placement-end.md
 */
export function pickupWindow(
  placement: { startsAt: Date; endsAt: Date },
  now: Date,
  leadHours: number,
  window: { minMs: number; maxMs: number },
): { from: Date; until: Date } {
  const end = placement.endsAt.getTime();
  const earliest = Math.max(end + window.minMs, now.getTime() + leadHours * 3_600_000);
  return { from: new Date(earliest), until: new Date(end + window.maxMs) };
}

/**
 * Whether a pick-up starting at `pickupStart` leaves the detector of a placement ending at
 * `placementEnd` in place for `window` (48 to 96 hours, inclusive; see pickupWindow).
 */
export function exposureFits(
  placementEnd: Date,
  pickupStart: Date,
  window: { minMs: number; maxMs: number },
): boolean {
  const exposure = pickupStart.getTime() - placementEnd.getTime();
  return exposure >= window.minMs && exposure <= window.maxMs;
}
