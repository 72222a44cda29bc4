/**
 * Slot computation (issue 20, point 2): working hours, days off, lead time, booked visits, the
 * radon pick-up window and America/Denver's clock changes of 2026 and 2027.
 */
import { describe, expect, it } from "vitest";
import { DEFAULT_VISIT_MINUTES, RADON_PICKUP_WINDOW } from "~/features/catalog/visits";
import {
  type BusyInterval,
  bookingWindow,
  freeSlots,
  pickupWindow,
  type StaffAvailability,
} from "~/features/visits/slots";

const wallClock = new Intl.DateTimeFormat("en-CA", {
  timeZone: "America/Denver",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
  timeZoneName: "short",
});

/** "YYYY-MM-DD HH:mm ZZZ" in Denver, e.g. "2026-12-07 09:00 MST". */
function wall(at: Date): string {
  const part = (type: string) => wallClock.formatToParts(at).find((p) => p.type === type)?.value;
  return `${part("year")}-${part("month")}-${part("day")} ${part("hour")}:${part("minute")} ${part("timeZoneName")}`;
}

const h = (hour: number, minute = 0) => hour * 60 + minute;

/** A staff member working `hours` on the weekdays listed (0 Sunday), with `daysOff`. */
function member(
  id: string,
  weekdays: number[],
  hours: { start: number; end: number },
  daysOff: string[] = [],
): StaffAvailability {
  return {
    id,
    hours: Array.from({ length: 7 }, (_, day) => (weekdays.includes(day) ? hours : null)),
    daysOff: new Set(daysOff),
  };
}

const everyDay = [0, 1, 2, 3, 4, 5, 6];
const weekdays = [1, 2, 3, 4, 5];

/** Free slots' Denver start times between two instants given as ISO strings. */
function startsBetween(
  from: string,
  until: string,
  staff: StaffAvailability[],
  lengthMinutes: number,
  busy: BusyInterval[] = [],
): string[] {
  return freeSlots({
    from: new Date(from),
    until: new Date(until),
    lengthMinutes,
    staff,
    busy,
  }).map((slot) => wall(slot.startsAt));
}

describe("free slots", () => {
  it("start every 30 minutes within working hours and end within them (Monday 09:00-12:00)", () => {
    // Monday 7 December 2026 and the Sunday before, which is not worked
    const starts = startsBetween(
      "2026-12-06T07:00:00Z",
      "2026-12-08T06:59:59Z",
      [member("a", weekdays, { start: h(9), end: h(12) })],
      60,
    );
    expect(starts).toEqual([
      "2026-12-07 09:00 MST",
      "2026-12-07 09:30 MST",
      "2026-12-07 10:00 MST",
      "2026-12-07 10:30 MST",
      "2026-12-07 11:00 MST",
    ]);
  });

  it("skip a staff member's day off", () => {
    const staff = [member("a", weekdays, { start: h(9), end: h(11) }, ["2026-12-08"])];
    const starts = startsBetween("2026-12-07T07:00:00Z", "2026-12-10T06:59:59Z", staff, 60);
    expect(starts.map((s) => s.slice(0, 10))).toEqual([
      "2026-12-07",
      "2026-12-07",
      "2026-12-07",
      "2026-12-09",
      "2026-12-09",
      "2026-12-09",
    ]);
  });

  it("leave out times overlapping a booked visit; a slot may end as a visit starts", () => {
    const busy = [
      {
        staffId: "a",
        startsAt: new Date("2026-12-07T17:00:00Z"), // 10:00 MST
        endsAt: new Date("2026-12-07T18:00:00Z"),
      },
    ];
    const staff = [member("a", weekdays, { start: h(9), end: h(12) })];
    expect(startsBetween("2026-12-07T07:00:00Z", "2026-12-08T06:59:59Z", staff, 60, busy)).toEqual([
      "2026-12-07 09:00 MST",
      "2026-12-07 11:00 MST",
    ]);
  });

  it("offer a time while any staff member is free, preferring who has fewer visits that day", () => {
    const busy = [
      {
        staffId: "a",
        startsAt: new Date("2026-12-07T16:00:00Z"), // 09:00-10:00 MST
        endsAt: new Date("2026-12-07T17:00:00Z"),
      },
    ];
    const staff = [
      member("a", weekdays, { start: h(9), end: h(12) }),
      member("b", weekdays, { start: h(9), end: h(12) }),
    ];
    const slots = freeSlots({
      from: new Date("2026-12-07T07:00:00Z"),
      until: new Date("2026-12-08T06:59:59Z"),
      lengthMinutes: 60,
      staff,
      busy,
    });
    expect(slots.map((s) => [wall(s.startsAt).slice(11, 16), s.staffIds])).toEqual([
      ["09:00", ["b"]],
      ["09:30", ["b"]],
      ["10:00", ["b", "a"]],
      ["10:30", ["b", "a"]],
      ["11:00", ["b", "a"]],
    ]);
  });

  it("start no sooner than the lead time and stop after 14 days", () => {
    // Monday 7 December 2026 10:00 MST, lead time 24 hours
    const now = new Date("2026-12-07T17:00:00Z");
    const window = bookingWindow(now, 24, 14);
    const slots = freeSlots({
      ...window,
      lengthMinutes: 60,
      staff: [member("a", everyDay, { start: h(9), end: h(12) })],
      busy: [],
    });
    expect(wall(slots[0]!.startsAt)).toBe("2026-12-08 10:00 MST");
    expect(wall(slots.at(-1)!.startsAt)).toBe("2026-12-20 11:00 MST");
    expect(new Set(slots.map((s) => s.day)).size).toBe(13);
    // lead time 0: today's slots from now on
    const today = freeSlots({
      ...bookingWindow(now, 0, 14),
      lengthMinutes: 60,
      staff: [member("a", everyDay, { start: h(9), end: h(12) })],
      busy: [],
    });
    expect(wall(today[0]!.startsAt)).toBe("2026-12-07 10:00 MST");
  });

  /** Pick-up starts offered after a 45-minute placement starting at `placementStart` (ISO). */
  function pickupsAfter(placementStart: string, hours: { start: number; end: number }) {
    const [placement] = freeSlots({
      from: new Date(placementStart),
      until: new Date(placementStart),
      lengthMinutes: DEFAULT_VISIT_MINUTES.radon_placement,
      staff: [member("a", everyDay, { start: h(0), end: h(24) })],
      busy: [],
    });
    if (!placement) throw new Error("no placement slot");
    expect(placement.endsAt.getTime() - placement.startsAt.getTime()).toBe(45 * 60_000);
    const window = pickupWindow(
      placement,
      new Date("2026-12-01T12:00:00Z"),
      24,
      RADON_PICKUP_WINDOW,
    );
    return freeSlots({
      ...window,
      lengthMinutes: DEFAULT_VISIT_MINUTES.radon_pickup,
      staff: [member("a", everyDay, hours)],
      busy: [],
    }).map((s) => wall(s.startsAt));
  }

  it("radon pick-up: from 48 to 96 hours after the placement ends, not after it starts", () => {
    // placement Tuesday 8 December 2026, 09:00-09:45 MST: Thursday 09:00 would leave the
    // detector 47 h 15 min; the first pick-up is Thursday 10:00, the last Saturday 09:30
    const starts = pickupsAfter("2026-12-08T16:00:00Z", { start: h(8), end: h(11) });
    expect(starts).not.toContain("2026-12-10 09:00 MST");
    expect(starts).not.toContain("2026-12-10 09:30 MST");
    expect(starts).toEqual([
      "2026-12-10 10:00 MST",
      "2026-12-10 10:30 MST",
      "2026-12-11 08:00 MST",
      "2026-12-11 08:30 MST",
      "2026-12-11 09:00 MST",
      "2026-12-11 09:30 MST",
      "2026-12-11 10:00 MST",
      "2026-12-11 10:30 MST",
      "2026-12-12 08:00 MST",
      "2026-12-12 08:30 MST",
      "2026-12-12 09:00 MST",
      "2026-12-12 09:30 MST",
    ]);
  });

  it("radon pick-up across a clock change: 48 real hours after the placement's end", () => {
    const afternoon = { start: h(14), end: h(18) };
    // spring forward (Sunday 14 March 2027): Friday 15:00-15:45 MST ends at 22:45 UTC; 48 hours
    // later is Sunday 16:45 MDT, so 16:30 MDT (47 h 45 min) is too soon
    const spring = pickupsAfter("2027-03-12T22:00:00Z", afternoon);
    expect(spring[0]).toBe("2027-03-14 17:00 MDT");
    expect(spring).not.toContain("2027-03-14 16:30 MDT");
    // 96 hours after 22:45 UTC Friday is Tuesday 16:45 MDT
    expect(spring.at(-1)).toBe("2027-03-16 16:30 MDT");
    // fall back (Sunday 7 November 2027): Friday 15:00-15:45 MDT ends at 21:45 UTC; 48 hours
    // later is Sunday 14:45 MST, so the first pick-up is 15:00 MST (wall-clock counting would
    // have refused 15:00 and 15:30 as under 48 hours)
    const fall = pickupsAfter("2027-11-05T21:00:00Z", afternoon);
    expect(fall[0]).toBe("2027-11-07 15:00 MST");
    expect(fall.at(-1)).toBe("2027-11-09 14:30 MST");
  });

  it("show working hours at the same wall time before and after a clock change", () => {
    const staff = [member("a", everyDay, { start: h(9), end: h(10) })];
    const slots = freeSlots({
      from: new Date("2026-03-07T07:00:00Z"),
      until: new Date("2026-03-10T06:00:00Z"),
      lengthMinutes: 60,
      staff,
      busy: [],
    });
    expect(slots.map((s) => s.startsAt.toISOString())).toEqual([
      "2026-03-07T16:00:00.000Z", // 09:00 MST
      "2026-03-08T15:00:00.000Z", // 09:00 MDT
      "2026-03-09T15:00:00.000Z",
    ]);
  });

  describe.each([
    { year: 2026, spring: "2026-03-08", fall: "2026-11-01" },
    { year: 2027, spring: "2027-03-14", fall: "2027-11-07" },
  ])("clock changes of $year", ({ spring, fall }) => {
    const night = [member("a", everyDay, { start: h(0), end: h(6) })];
    const dayOf = (day: string) => {
      const slots = freeSlots({
        from: new Date(`${day}T00:00:00Z`),
        until: new Date(`${day}T23:59:59Z`),
        lengthMinutes: 60,
        staff: night,
        busy: [],
      }).filter((s) => s.day === day);
      for (const slot of slots) {
        expect(slot.endsAt.getTime() - slot.startsAt.getTime()).toBe(60 * 60_000);
      }
      return slots.map((s) => `${wall(s.startsAt).slice(11)}-${wall(s.endsAt).slice(11, 16)}`);
    };

    it("spring forward: 01:30-02:30 does not exist, nor any slot through the lost hour", () => {
      const slots = dayOf(spring);
      expect(slots).toEqual([
        "00:00 MST-01:00",
        "00:30 MST-01:30",
        "03:00 MDT-04:00",
        "03:30 MDT-04:30",
        "04:00 MDT-05:00",
        "04:30 MDT-05:30",
        "05:00 MDT-06:00",
      ]);
      expect(slots.some((s) => s.startsWith("01:30"))).toBe(false);
    });

    it("fall back: no wall time is offered twice", () => {
      const slots = dayOf(fall);
      expect(slots).toEqual([
        "00:00 MDT-01:00",
        "00:30 MDT-01:30",
        "02:00 MST-03:00",
        "02:30 MST-03:30",
        "03:00 MST-04:00",
        "03:30 MST-04:30",
        "04:00 MST-05:00",
        "04:30 MST-05:30",
        "05:00 MST-06:00",
      ]);
      const starts = slots.map((s) => s.slice(0, 5));
      expect(new Set(starts).size).toBe(starts.length);
    });
  });
});
