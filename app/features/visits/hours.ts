/** How a count of hours reads, on its own so the booking page's browser code stays small. */

/** "1 hour", "24 hours": a count of hours as a sentence says it. */
export function formatHours(count: number): string {
  return `${count} ${count === 1 ? "hour" : "hours"}`;
}
