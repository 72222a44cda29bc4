/** How visit times read on the booking pages: America/Denver wall time with the zone in force. */
import { formatDate } from "~/lib/dates";
import { VISIT_TIME_ZONE } from "./slots";

const time = new Intl.DateTimeFormat("en-US", {
  hour: "numeric",
  minute: "2-digit",
  timeZone: VISIT_TIME_ZONE,
});
const timeWithZone = new Intl.DateTimeFormat("en-US", {
  hour: "numeric",
  minute: "2-digit",
  timeZone: VISIT_TIME_ZONE,
  timeZoneName: "short",
});
const weekdayOfDate = new Intl.DateTimeFormat("en-US", { weekday: "long", timeZone: "UTC" });

/** "9:00 AM – 10:00 AM MST": a visit's times on its day, the zone of its end. */
export function formatTimeRange(start: Date, end: Date): string {
  return `${time.format(start)} – ${timeWithZone.format(end)}`;
}

/** "Monday, December 7, 2026" for a calendar day YYYY-MM-DD. */
export function formatDay(day: string): string {
  return `${weekdayOfDate.format(new Date(`${day}T00:00:00Z`))}, ${formatDate(day)}`;
}
