/** Small display helpers of the back office. */

/** 'N/A' for an empty value (SPEC: empty values show N/A). */
export function orNA(value: string | null | undefined): string {
  return value?.trim() ? value : "N/A";
}

/** How long ago `since` was, coarsely: "12 min", "5 h", "3 d". */
export function waitingFor(since: Date | string, now = Date.now()): string {
  const minutes = Math.max(0, Math.floor((now - new Date(since).getTime()) / 60_000));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h`;
  return `${Math.floor(hours / 24)} d`;
}
