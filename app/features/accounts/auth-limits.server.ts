/**
 * Rate limits on every authentication path (OWASP ASVS 5.0 V6.3.1, V6.6.3): counted
 * in the database (rate-limiter-flexible, shared by processes, kept across restarts), keyed by
 * client address (IPv6 by /64) and, where the attempt names an email, an account or a mobile
 * number, by that too,
 * so one inbox cannot be flooded and one password not guessed from many addresses.
 * `RATE_LIMIT_SCALE` multiplies every number below; docs/decisions/0025-auth-rate-limits.md
 * lists them.
 */
import { env } from "~/lib/env.server";
import { clientKey, createKeyedLimit, type KeyedLimit } from "~/lib/rate-limit.server";
import { logSecurityEvent } from "~/lib/security-log.server";
import { type AuthClient, clientOf } from "./auth-request.server";

type Rule = { points: number; seconds: number };

const MINUTE = 60;
const HOUR = 60 * MINUTE;

/** Attempts allowed per client address and per email/account, before RATE_LIMIT_SCALE. */
export const AUTH_LIMITS = {
  "sign-in": { client: { points: 5, seconds: MINUTE }, account: { points: 20, seconds: HOUR } },
  "sign-up": { client: { points: 10, seconds: HOUR }, account: { points: 3, seconds: HOUR } },
  "password-reset": { client: { points: 5, seconds: HOUR }, account: { points: 3, seconds: HOUR } },
  "code-request": { client: { points: 5, seconds: HOUR }, account: { points: 3, seconds: HOUR } },
  "verification-resend": {
    client: { points: 5, seconds: HOUR },
    account: { points: 3, seconds: HOUR },
  },
  "code-check": { client: { points: 5, seconds: MINUTE }, account: { points: 10, seconds: HOUR } },
  "two-factor": { client: { points: 5, seconds: MINUTE }, account: { points: 10, seconds: HOUR } },
  // texted codes, keyed by client and by the mobile number (docs/decisions/0147-phone-limits.md)
  "sms-code-request": {
    client: { points: 5, seconds: HOUR },
    account: { points: 3, seconds: HOUR },
  },
  "sms-code-check": {
    client: { points: 5, seconds: MINUTE },
    account: { points: 10, seconds: HOUR },
  },
  "password-confirm": {
    client: { points: 5, seconds: 15 * MINUTE },
    account: { points: 5, seconds: 15 * MINUTE },
  },
} as const satisfies Record<string, { client: Rule; account: Rule }>;

export type AuthAction = keyof typeof AUTH_LIMITS;

const limiters = new Map<string, KeyedLimit>();
function limiter(name: string, rule: Rule): KeyedLimit {
  const points = Math.max(1, Math.floor(rule.points * env().RATE_LIMIT_SCALE));
  const id = `${name}:${points}:${rule.seconds}`;
  let limit = limiters.get(id);
  if (!limit) {
    limit = createKeyedLimit(name, points, rule.seconds);
    limiters.set(id, limit);
  }
  return limit;
}

/** "45 seconds", "1 minute", "12 minutes": the wait a limited person is told. */
export function waitText(seconds: number): string {
  if (seconds < 60) return `${Math.max(1, seconds)} second${seconds === 1 ? "" : "s"}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? "" : "s"}`;
}

export type LimitRefusal = { ok: false; status: 429; message: string; retryAfterSeconds: number };

/**
 * Counts one attempt at `action` by the client in `headers` and, when given, for `account` (an
 * email, compared case-insensitively, or a user id). Every attempt counts, successful or not.
 * @returns null when allowed, else the 429 refusal with the wait in its message (logged as a
 * `rate_limit.hit` security event). Store failures reject.
 */
export async function consumeAuthLimit(
  action: AuthAction,
  client: AuthClient | Headers,
  account?: string | null,
): Promise<LimitRefusal | null> {
  const who = client instanceof Headers ? clientOf(client) : client;
  const rules = AUTH_LIMITS[action];
  const checks: Promise<{
    keyed: "client" | "account";
    outcome: Awaited<ReturnType<KeyedLimit["consume"]>>;
  }>[] = [
    limiter(`auth-${action}-client`, rules.client)
      .consume(clientKey(who.clientIp ?? undefined))
      .then((outcome) => ({ keyed: "client" as const, outcome })),
  ];
  if (account) {
    checks.push(
      limiter(`auth-${action}-account`, rules.account)
        .consume(account.trim().toLowerCase())
        .then((outcome) => ({ keyed: "account" as const, outcome })),
    );
  }
  const refused = (await Promise.all(checks)).filter((c) => !c.outcome.ok);
  if (refused.length === 0) return null;
  const retryAfterSeconds = Math.max(
    ...refused.map((c) => (c.outcome.ok ? 0 : c.outcome.retryAfterSeconds)),
  );
  logSecurityEvent(
    "rate_limit.hit",
    {
      clientIp: who.clientIp,
      requestId: who.requestId,
      limit: action,
      keyedBy: refused.map((c) => c.keyed),
      retryAfterSeconds,
    },
    "warn",
  );
  return {
    ok: false,
    status: 429,
    retryAfterSeconds,
    message: `Too many attempts. Please wait ${waitText(retryAfterSeconds)} and try again.`,
  };
}

/** The sign-in forms whose per-client limit a refused (oversized or malformed) post still counts. */
const FORM_LIMITS_BY_PATH: Record<string, AuthAction> = {
  "/auth/signin": "sign-in",
  "/auth/signup": "sign-up",
  "/auth/forgot-password": "password-reset",
  "/auth/reset-password": "password-reset",
  "/auth/code": "code-check",
  "/auth/sms-code": "sms-code-check",
  "/auth/two-factor": "two-factor",
};

/**
 * Counts a post to an authentication form that was refused before its action ran (too large,
 * unreadable) against that form's per-client limit, so malformed posts are no way around it.
 * @param pathname the form's path (`/auth/signin`); other paths count nothing
 * @returns whether the path has such a limit. Store failures reject.
 */
export async function countRefusedAuthPost(
  pathname: string,
  clientIp: string | undefined,
): Promise<boolean> {
  const action = FORM_LIMITS_BY_PATH[pathname];
  if (!action) return false;
  await consumeAuthLimit(action, { clientIp: clientIp ?? null, requestId: null });
  return true;
}
