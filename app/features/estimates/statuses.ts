/** Statuses of a request for which an estimate can be sent, accepted or followed up. */
export const ESTIMABLE_STATUSES = ["pending", "approved"] as const;
