const longDate = new Intl.DateTimeFormat("en-US", {
  dateStyle: "long",
  timeStyle: "short",
  timeZone: "America/Denver",
});

/** A date and time as Utah customers read it, e.g. "November 21, 2026 at 5:35 AM" (Mountain Time). */
export function formatDateTime(value: Date | string): string {
  return longDate.format(new Date(value));
}
