/**
 * Signing in and up through better-auth, with the SPEC's messages (section 8) for its answers.
 * Every function here is rate limited (auth-limits.server.ts) before better-auth is asked, so a
 * limited request sends no mail, and logs its outcome as a security event (ASVS V16.3).
 */
import { APIError } from "better-auth/api";
import { eq, sql } from "drizzle-orm";
import { user as users } from "~/db/schema";
import { db } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { logger } from "~/lib/logger.server";
import { logSecurityEvent, type SecurityEventFields } from "~/lib/security-log.server";
import { auth } from "./auth.server";
import { type AuthAction, consumeAuthLimit, type LimitRefusal } from "./auth-limits.server";
import { clientOf } from "./auth-request.server";
import { commonPasswordError } from "./password-policy.server";
import { isSsoEmail, SSO_ONLY_MESSAGE, ssoDomains } from "./providers";

export type AuthFailure = {
  status: number;
  message: string;
  unverified?: boolean;
  /** the form field the message belongs next to; the form's own summary otherwise */
  field?: "password";
};

/** What the sign-in page says to a visitor a guarded page sent there after their session ended. */
export const SESSION_ENDED_NOTICE = "Your session has ended. Please sign in again.";

/** One security event line for a request that came with `headers` (never a secret in `fields`). */
export function logAuthEvent(
  event: string,
  headers: Headers,
  fields: SecurityEventFields = {},
  level: "info" | "warn" = "info",
): void {
  logSecurityEvent(event, { ...clientOf(headers), ...fields }, level);
}

/**
 * The refusal of a password, code, sign-up or reset request for an email of SSO_DOMAINS (those
 * sign in only through the company's OpenID Provider; docs/decisions/0143-staff-sso.md), logged
 * as `sso.refused`; null for any other email.
 */
export function ssoOnly(
  email: string,
  method: "password" | "email_code" | "sign_up" | "password_reset" | "verification_resend",
  headers: Headers,
): ({ ok: false } & AuthFailure) | null {
  if (!isSsoEmail(email, ssoDomains(env()))) return null;
  logAuthEvent("sso.refused", headers, { method, domain: email.split("@").pop() ?? "" }, "warn");
  return { ok: false, status: 403, message: SSO_ONLY_MESSAGE };
}

/**
 * What stops a step for `email` before better-auth is asked: the SSO refusal (`ssoOnly`, for
 * `method`) or, that passed, limit `action` of the client and the email (429).
 * @returns the refusal, or null to go on
 */
async function ssoOrLimited(
  email: string,
  method: Parameters<typeof ssoOnly>[1],
  action: AuthAction,
  headers: Headers,
): Promise<({ ok: false } & AuthFailure) | LimitRefusal | null> {
  return ssoOnly(email, method, headers) ?? (await consumeAuthLimit(action, headers, email));
}

/** The outcome of a first factor: signed in, or asked for the second factor next. */
export type FirstFactorOutcome =
  | { ok: true; userId: string; headers: Headers }
  | { ok: "two-factor"; headers: Headers }
  | ({ ok: false } & AuthFailure);

function failure(error: unknown, fallback: string): AuthFailure {
  if (error instanceof APIError) {
    const code = (error.body as { code?: string } | undefined)?.code;
    if (code === "EMAIL_NOT_VERIFIED") {
      return {
        status: 403,
        message: "Please verify your email address before signing in",
        unverified: true,
      };
    }
    if (code === "INVALID_EMAIL_OR_PASSWORD")
      return { status: 401, message: "Invalid email or password" };
    if (code?.startsWith("USER_ALREADY_EXISTS")) {
      return { status: 409, message: "An account with this email already exists" };
    }
    if (error.statusCode === 429) {
      return { status: 429, message: "Too many attempts. Please wait a minute and try again." };
    }
    return { status: error.statusCode || 400, message: fallback };
  }
  logger().error({ err: error }, "authentication failed unexpectedly");
  return { status: 500, message: "An unexpected error occurred. Please try again." };
}

/** A failure the person may be told of: too many attempts (429) or our own error (500). */
const limitedOrBroken = (outcome: AuthFailure) => outcome.status === 429 || outcome.status === 500;

/**
 * How a step that mails a link or a code to an address answers its failure: as if sent, so the
 * answer never tells whether the address has an account, unless it was limited or broke
 * (`limitedOrBroken`); `fallback` is the message of a failure `failure` does not name.
 */
function sentUnlessLimited(
  error: unknown,
  fallback: string,
): { ok: true } | ({ ok: false } & AuthFailure) {
  const outcome = failure(error, fallback);
  return limitedOrBroken(outcome) ? { ok: false, ...outcome } : { ok: true };
}

/**
 * Signs in with email and password.
 * @returns the user id and the session cookies to set, or the SPEC's failure message.
 */
export async function signIn(
  email: string,
  password: string,
  headers: Headers,
): Promise<FirstFactorOutcome> {
  const stopped = await ssoOrLimited(email, "password", "sign-in", headers);
  if (stopped) return stopped;
  try {
    const result = await auth().api.signInEmail({
      body: { email, password },
      headers,
      returnHeaders: true,
    });
    return firstFactorOutcome(result.response, result.headers, "password", headers);
  } catch (error) {
    const outcome = failure(error, "Unable to sign in. Please try again.");
    logAuthEvent(
      "sign_in.failure",
      headers,
      { method: "password", status: outcome.status },
      "warn",
    );
    return { ok: false, ...outcome };
  }
}

/**
 * What better-auth's answer to a first factor means: the session cookies (signed in), or the
 * two-factor challenge cookie (the code is next), logged as a security event.
 */
export function firstFactorOutcome(
  response: unknown,
  cookies: Headers,
  method: "password" | "email_code" | "sms_code",
  headers: Headers,
): FirstFactorOutcome {
  const body = response as { user?: { id: string }; twoFactorRedirect?: boolean };
  // two-factor on: better-auth set a short-lived challenge cookie and no session; the code is next
  if (body.twoFactorRedirect) {
    logAuthEvent("sign_in.second_factor_required", headers, { method });
    return { ok: "two-factor", headers: cookies };
  }
  if (!body.user)
    return { ok: false, status: 400, message: "Unable to sign in. Please try again." };
  logAuthEvent("sign_in.success", headers, { method, userId: body.user.id });
  return { ok: true, userId: body.user.id, headers: cookies };
}

/** The email of account `userId`, or null. */
async function emailOf(userId: string): Promise<string | null> {
  const [row] = await db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row?.email ?? null;
}

/** The id of the account using `email` (compared case-insensitively), or null. */
async function accountIdFor(email: string): Promise<string | null> {
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`)
    .limit(1);
  return existing?.id ?? null;
}

/**
 * Creates an account and mails its verification link. The SPEC wants an existing email named
 * as such ('An account with this email already exists';
 * docs/decisions/0020-signup-names-existing-email.md), which better-auth hides when verification
 * is required, so we look first.
 */
export async function signUp(
  email: string,
  password: string,
  headers: Headers,
): Promise<{ ok: true } | ({ ok: false } & AuthFailure)> {
  const stopped = await ssoOrLimited(email, "sign_up", "sign-up", headers);
  if (stopped) return stopped;
  const weak = commonPasswordError(password);
  if (weak) return { ok: false, status: 400, message: weak, field: "password" };
  try {
    if (await accountIdFor(email))
      return { ok: false, status: 409, message: "An account with this email already exists" };
    const created = await auth().api.signUpEmail({
      body: { email, password, name: email.split("@")[0] ?? email, callbackURL: "/account/setup" },
      headers,
    });
    logAuthEvent("sign_up", headers, { userId: created.user?.id ?? null });
    return { ok: true };
  } catch (error) {
    return { ok: false, ...failure(error, "Unable to create account. Please try again.") };
  }
}

/**
 * Mails a password reset link if an account uses `email`. Answers the same either way, so the
 * form does not reveal who has an account (OWASP ASVS 5.0 V6.3.8).
 */
export async function requestPasswordReset(
  email: string,
  headers: Headers,
): Promise<{ ok: true } | ({ ok: false } & AuthFailure)> {
  const stopped = await ssoOrLimited(email, "password_reset", "password-reset", headers);
  if (stopped) return stopped;
  try {
    // for the security event only: the answer is the same whether or not the account exists
    const userId = await accountIdFor(email);
    await auth().api.requestPasswordReset({
      body: { email, redirectTo: "/auth/reset-password" },
      headers,
    });
    logAuthEvent("password_reset.requested", headers, { userId });
    return { ok: true };
  } catch (error) {
    return sentUnlessLimited(error, "Unable to send the reset link. Please try again.");
  }
}

/**
 * Sets a new password with a mailed reset token (every session of the account is ended); the
 * security events name the token's account.
 */
export async function resetPassword(
  token: string,
  password: string,
  headers: Headers,
): Promise<{ ok: true } | ({ ok: false } & AuthFailure)> {
  const weak = commonPasswordError(password);
  if (weak) return { ok: false, status: 400, message: weak, field: "password" };
  let userId: string | null = null;
  try {
    // whose password this is, for the security events (better-auth uses the token up)
    const pending = await (await auth().$context).internalAdapter.findVerificationValue(
      `reset-password:${token}`,
    );
    userId = pending?.value ?? null;
    const owner = userId ? await emailOf(userId) : null;
    const refused = owner ? ssoOnly(owner, "password_reset", headers) : null;
    if (refused) return refused;
    await auth().api.resetPassword({ body: { token, newPassword: password }, headers });
    logAuthEvent("password_reset.completed", headers, { userId });
    return { ok: true };
  } catch (error) {
    const outcome = failure(
      error,
      "This reset link has expired or was already used. Please request a new one.",
    );
    logAuthEvent("password_reset.failure", headers, { userId, status: outcome.status }, "warn");
    return { ok: false, ...outcome };
  }
}

/**
 * Mails a new verification link if an account uses `email` and is not verified yet; answers the
 * same whether or not it does (OWASP ASVS 5.0 V6.3.8), limited like the other mail. better-auth
 * is asked without the request's session, so it takes the no-enumeration path (same answer, a
 * time floor).
 */
export async function resendVerification(
  email: string,
  headers: Headers,
): Promise<{ ok: true } | ({ ok: false } & AuthFailure)> {
  const stopped = await ssoOrLimited(email, "verification_resend", "verification-resend", headers);
  if (stopped) return stopped;
  const anonymous = new Headers(headers);
  anonymous.delete("Cookie");
  try {
    // for the security event only: the answer is the same whether or not the account exists
    const userId = await accountIdFor(email);
    await auth().api.sendVerificationEmail({
      body: { email, callbackURL: "/account/setup" },
      headers: anonymous,
    });
    logAuthEvent("verification.resend_requested", headers, { userId });
    return { ok: true };
  } catch (error) {
    return sentUnlessLimited(error, "Unable to send a new link. Please try again.");
  }
}

/** The `?error=` code of a verification link that had been used already (setup page). */
export const LINK_USED_ERROR = "LINK_USED";

/**
 * better-auth's answer to a mailed verification link (`/api/auth/verify-email`), made truthful:
 * a link opened a second time (the address is verified already) is sent to its callback like a
 * first one, but without a session, where the page would say 'We sent you a link'. Such a
 * redirect (no error, no session cookie) gets `error=LINK_USED`, so the page says the link was
 * used and offers sign-in and a new link (docs/decisions/0131-send-a-new-verification-link.md).
 * @returns `response` itself, or a copy with the callback's address changed
 */
export function verificationLinkAnswer(response: Response): Response {
  const location = response.headers.get("Location");
  if (response.status < 300 || response.status >= 400 || !location) return response;
  const signedIn = response.headers
    .getSetCookie()
    .some((cookie) => /^(?:__Host-|__Secure-)?[\w.-]*session_token=[^;]/.test(cookie));
  const target = new URL(location, "http://callback.invalid");
  if (signedIn || target.searchParams.has("error")) return response;
  target.searchParams.set("error", LINK_USED_ERROR);
  const headers = new Headers(response.headers);
  headers.set(
    "Location",
    target.origin === "http://callback.invalid"
      ? `${target.pathname}${target.search}${target.hash}`
      : target.href,
  );
  return new Response(null, { status: response.status, headers });
}

/** Mails a one-time sign-in code to an existing account (silently nothing for unknown emails). */
export async function sendSignInCode(
  email: string,
  headers: Headers,
): Promise<{ ok: true } | ({ ok: false } & AuthFailure)> {
  const stopped = await ssoOrLimited(email, "email_code", "code-request", headers);
  if (stopped) return stopped;
  try {
    await auth().api.sendVerificationOTP({ body: { email, type: "sign-in" }, headers });
    logAuthEvent("sign_in_code.requested", headers);
    return { ok: true };
  } catch (error) {
    return sentUnlessLimited(error, "Unable to send a code. Please try again.");
  }
}

/**
 * Signs in with a mailed one-time code; returns the session cookies to set, or (two-factor on)
 * the challenge cookie: the code is a first factor like the password (auth.server.ts).
 */
export async function signInWithCode(
  email: string,
  code: string,
  headers: Headers,
): Promise<FirstFactorOutcome> {
  const stopped = await ssoOrLimited(email, "email_code", "code-check", headers);
  if (stopped) return stopped;
  try {
    const result = await auth().api.signInEmailOTP({
      body: { email, otp: code },
      headers,
      returnHeaders: true,
    });
    return firstFactorOutcome(result.response, result.headers, "email_code", headers);
  } catch (error) {
    const outcome = failure(
      error,
      "That code is not valid or has expired. Please request a new one.",
    );
    logAuthEvent(
      "sign_in.failure",
      headers,
      { method: "email_code", status: outcome.status },
      "warn",
    );
    return {
      ok: false,
      ...outcome,
      message: limitedOrBroken(outcome)
        ? outcome.message
        : "That code is not valid or has expired. Please request a new one.",
    };
  }
}
