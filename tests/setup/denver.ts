/**
 * Wall-clock times in Utah (America/Denver) for assertions: what iCalendar files, the job page's
 * form and the schedule show for an instant.
 */
import { TZDate, tz } from "@date-fns/tz";
import { format } from "date-fns";

/** The instant `at` (Date or ISO string) in Denver, written with date-fns' `pattern`. */
export function denverTime(at: Date | string, pattern: string): string {
  return format(new TZDate(new Date(at), "America/Denver"), pattern, { in: tz("America/Denver") });
}

/** "2026-12-01T09:00:00": instant `at` as a Denver wall time, as iCalendar writes it. */
export const denverWallTime = (at: Date | string) => denverTime(at, "yyyy-MM-dd'T'HH:mm:ss");
