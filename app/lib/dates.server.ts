/** Dates for files people open outside our pages (exports, CSV): server only, as it loads date-fns. */
import { TZDate } from "@date-fns/tz";
import { formatISO } from "date-fns";

/**
 * An instant as ISO 8601 in Utah time (America/Denver) with the offset in force then, e.g.
 * "2026-12-06T19:30:00-07:00", so a Sunday-evening request reads as Sunday.
 */
export function denverIso(value: Date | string): string {
  return formatISO(new TZDate(new Date(value), "America/Denver"));
}
