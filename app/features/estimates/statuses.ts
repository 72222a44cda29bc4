/** Statuses of a request for which an estimate can be sent, accepted or followed up. */
export const ESTIMABLE_STATUSES = ["pending", "approved"] as const;

/** Whether a request in `status` takes an estimate (sent, accepted, declined, followed up). */
export function isEstimable(status: string): boolean {
  return (ESTIMABLE_STATUSES as readonly string[]).includes(status);
}
