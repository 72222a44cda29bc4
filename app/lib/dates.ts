// the zone's name is a component option, which dateStyle/timeStyle cannot be combined with
const longDate = new Intl.DateTimeFormat("en-US", {
  year: "numeric",
  month: "long",
  day: "numeric",
  hour: "numeric",
  minute: "2-digit",
  timeZone: "America/Denver",
  timeZoneName: "short",
});

/**
 * A date and time as Utah customers read it, with the zone in force then, e.g. "November 21,
 * 2026 at 5:35 AM MST" or "July 4, 2026 at 9:00 AM MDT" (Mountain Time).
 */
export function formatDateTime(value: Date | string): string {
  return longDate.format(new Date(value));
}

const denverDay = new Intl.DateTimeFormat("en-CA", {
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  timeZone: "America/Denver",
});

/** The calendar date in Utah (America/Denver) at the instant `now`, as YYYY-MM-DD. */
export function denverDate(now: Date): string {
  return denverDay.format(now);
}

/** The calendar date `days` after `date` (YYYY-MM-DD), as YYYY-MM-DD; a date has no time zone. */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

const calendarDate = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" });

/** A calendar date (YYYY-MM-DD) as people read it, e.g. "December 25, 2026". */
export function formatDate(date: string): string {
  return calendarDate.format(new Date(`${date}T00:00:00Z`));
}
