import type { RouterContextProvider } from "react-router";
import { logger } from "./logger.server";
import { requestContext } from "./request-context";

/**
 * Security events logged as one JSON line each (OWASP ASVS 5.0 V16.3): what happened, to whom,
 * from where. Event names are dotted, e.g. "sign_in.failure", "rate_limit.hit", "admin.grant".
 */
export interface SecurityEventFields {
  /** the acting or affected user, when known */
  userId?: string | null;
  /** client address as Express resolved it */
  clientIp?: string | null;
  requestId?: string | null;
  /** anything else worth knowing; never a password, code, token or full URL with a query */
  [key: string]: unknown;
}

/** Writes one security event line (`security: true`, `event`, fields) at the given pino level. */
export function logSecurityEvent(
  event: string,
  fields: SecurityEventFields = {},
  level: "info" | "warn" | "error" = "info",
): void {
  logger()[level]({ security: true, event, ...fields }, `security event: ${event}`);
}

/**
 * The same, taking the client address and request id from the router context of a loader,
 * action or middleware.
 */
export function logSecurityEventFor(
  context: Readonly<RouterContextProvider>,
  event: string,
  fields: SecurityEventFields = {},
  level: "info" | "warn" | "error" = "info",
): void {
  const info = context.get(requestContext);
  logSecurityEvent(event, { clientIp: info.clientIp, requestId: info.requestId, ...fields }, level);
}
