/**
 * Rate limits for the estimate pages' requests, per client address (IPv6 by /64; database-backed,
 * so shared by every process). Routes consume them before doing any work (OWASP ASVS 5.0 V2.4.1):
 * opening links (token guessing gains nothing at 120 per 10 minutes against 256-bit tokens) and
 * answering (accept, decline: a person needs a handful).
 */
import { createRateLimit, type RateLimit } from "~/lib/rate-limit.server";

let view: RateLimit | undefined;
let respond: RateLimit | undefined;

/** Opening /estimates/{token} or its PDF: 120 requests per 10 minutes per client. */
export function estimateViewLimit(): RateLimit {
  view ??= createRateLimit("estimate-view", 120, 10 * 60);
  return view;
}

/** Accepting or declining: 20 POSTs per hour per client, valid or not. */
export function estimateRespondLimit(): RateLimit {
  respond ??= createRateLimit("estimate-respond", 20, 60 * 60);
  return respond;
}
