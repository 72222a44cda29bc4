/**
 * The quote status workflow. The SPEC (section 4) names the statuses and leaves the transitions
 * open; ours are recorded in
 * docs/decisions/0073-quote-status-transitions.md and defined only here.
 */
import type { QuoteStatus } from "./reference";

/** Which statuses a quote may move to from each status; rejected and completed are final. */
export const STATUS_TRANSITIONS: Readonly<Record<QuoteStatus, readonly QuoteStatus[]>> = {
  pending: ["approved", "rejected"],
  approved: ["in_progress", "rejected"],
  in_progress: ["completed"],
  rejected: [],
  completed: [],
};

/** The statuses a quote in `from` may move to (empty for final or unknown statuses). */
export function nextStatuses(from: string): readonly QuoteStatus[] {
  return STATUS_TRANSITIONS[from as QuoteStatus] ?? [];
}

/** Whether moving a quote from `from` to `to` is allowed. */
export function canTransition(from: string, to: string): boolean {
  return nextStatuses(from).includes(to as QuoteStatus);
}

/**
 * Where the quote's estimate stands, as far as the requester's status text needs it: none sent yet
 * (no estimate, a draft, or the last one declined), sent and waiting for the requester's answer,
 * or accepted.
 */
export type EstimateStage = "none" | "awaiting" | "accepted";

/** The stage of an estimate whose status is `status` (null: the quote has none). */
export function estimateStage(status: string | null | undefined): EstimateStage {
  if (status === "accepted") return "accepted";
  if (status === "sent" || status === "viewed") return "awaiting";
  return "none";
}

/** What a status means to the requester, in plain words (the status mail and status page). */
export const STATUS_MEANING: Readonly<Record<QuoteStatus, string>> = {
  pending: "We have received your request and a specialist will review it shortly.",
  approved:
    "Your request has been approved. We will contact you to schedule the work at a time that suits you.",
  rejected:
    "We are unable to take on this request. If you have questions, reply to this email or call us.",
  in_progress: "Work on your request is under way.",
  completed: "The work on your request is complete. Thank you for choosing us.",
};

/**
 * What `status` means to the requester when the quote's estimate is at `estimate`: work is
 * scheduled only once an estimate is accepted, so an approved request without an accepted
 * estimate says what comes first instead of promising scheduling.
 */
export function statusMeaning(status: QuoteStatus, estimate: EstimateStage): string {
  if (status !== "approved" || estimate === "accepted") return STATUS_MEANING[status];
  return estimate === "awaiting"
    ? "Your request has been approved. Your estimate is waiting for your answer: once you accept it, we will contact you to schedule the work."
    : "Your request has been approved. Next we prepare your estimate and send it to you; we schedule the work once you have accepted it.";
}
