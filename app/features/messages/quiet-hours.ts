/**
 * Quiet hours for texts that nobody asked for at that moment (follow-ups, reminders, review
 * requests): they go only between 08:00 and 21:00 in Utah (America/Denver), the window the TCPA
 * allows for solicitations (47 CFR 64.1200(c)(1)) in the recipient's time; a text due outside it
 * waits for the next 08:00. Answers to the customer's own texts (STOP, HELP) are not held.
 */
import { TZDate } from "@date-fns/tz";

const ZONE = "America/Denver";
/** The first hour texts may go, and the hour from which they may not (local wall clock). */
export const TEXTING_HOURS = { from: 8, until: 21 } as const;

/** The first instant at or after `at` inside 08:00-21:00 America/Denver (across clock changes). */
export function nextTextingTime(at: Date): Date {
  const local = new TZDate(at.getTime(), ZONE);
  const hour = local.getHours();
  if (hour >= TEXTING_HOURS.from && hour < TEXTING_HOURS.until) return at;
  const day = hour >= TEXTING_HOURS.until ? local.getDate() + 1 : local.getDate();
  const opening = new TZDate(
    local.getFullYear(),
    local.getMonth(),
    day,
    TEXTING_HOURS.from,
    0,
    0,
    ZONE,
  );
  return new Date(opening.getTime());
}

/** Whether a text may go at `at`. */
export function isTextingTime(at: Date): boolean {
  return nextTextingTime(at).getTime() === at.getTime();
}
