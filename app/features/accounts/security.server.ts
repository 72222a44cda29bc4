/**
 * Account security a customer manages on their profile: TOTP two-factor authentication, their
 * password and their signed-in sessions (OWASP ASVS 5.0 V7.4: see and end other sessions), and
 * the second step of a sign-in with two-factor on. Password-confirmed actions and code checks
 * are rate limited (auth-limits.server.ts) and logged as security events.
 */
import { createHash } from "node:crypto";
import { and, desc, eq, gt, ne } from "drizzle-orm";
import QRCode from "qrcode";
import { session as sessions } from "~/db/schema";
import { db } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { logger } from "~/lib/logger.server";
import { createKeyedLimit, type KeyedLimit } from "~/lib/rate-limit.server";
import { runAccountStep, type StepFailure } from "./account-step.server";
import { auth, hashBackupCode } from "./auth.server";
import { consumeAuthLimit } from "./auth-limits.server";
import { commonPasswordError } from "./password-policy.server";
import { type AuthFailure, logAuthEvent } from "./sign-in.server";

export interface TotpEnrolment {
  /** the otpauth:// URI authenticator apps read */
  uri: string;
  /** the same secret for typing in by hand */
  secret: string;
  /** a PNG QR code of the URI, as a data: URL */
  qrDataUrl: string;
  backupCodes: string[];
}

const WRONG_PASSWORD = { status: 400, message: "Incorrect password" } as const;

/**
 * Starts TOTP enrolment for `userId` after checking the password; two-factor is on only once a
 * first code is verified (`confirmTotp`).
 * @returns the enrolment, or the failure to show (wrong password 400, limited 429).
 */
export async function startTotp(
  headers: Headers,
  userId: string,
  password: string,
): Promise<{ ok: true; enrolment: TotpEnrolment } | StepFailure> {
  const step = await runAccountStep({
    limit: "password-confirm",
    headers,
    userId,
    call: () => auth().api.enableTwoFactor({ body: { password }, headers }),
    failure: (error) => {
      logger().info({ err: error }, "two-factor enrolment refused");
      return {
        ...WRONG_PASSWORD,
        event: {
          name: "password_confirm.failure",
          fields: { userId, purpose: "two-factor-start" },
        },
      };
    },
  });
  if (!step.ok) return step;
  if (step.value.method !== "totp") return { ok: false, ...WRONG_PASSWORD };
  const { totpURI, backupCodes } = step.value;
  const secret = new URL(totpURI).searchParams.get("secret") ?? "";
  const qrDataUrl = await QRCode.toDataURL(totpURI, { margin: 1, width: 200 });
  return { ok: true, enrolment: { uri: totpURI, secret, qrDataUrl, backupCodes } };
}

let usedCodes: KeyedLimit | undefined;
/**
 * TOTP codes already accepted, per account, kept past the codes' whole validity (three 30-second
 * steps) so a code works once only (RFC 6238 section 5.2; OWASP ASVS 5.0 V6.5.1).
 */
function usedTotpCodes(): KeyedLimit {
  usedCodes ??= createKeyedLimit("totp-used", 1, 120);
  return usedCodes;
}
const usedCodeKey = (userId: string, code: string) =>
  createHash("sha256").update(`${userId}:${code}`).digest("base64url");

/**
 * The user a pending two-factor challenge (better-auth's signed `two_factor` cookie in
 * `headers`) belongs to, or null. Only used to refuse a replayed code before better-auth checks
 * it (which would use up the challenge); better-auth verifies the cookie itself.
 */
export async function pendingChallengeUser(headers: Headers): Promise<string | null> {
  const context = await auth().$context;
  const name = context.createAuthCookie("two_factor").name;
  const raw = (headers.get("Cookie") ?? "")
    .split(/;\s*/)
    .find((pair) => pair.startsWith(`${name}=`))
    ?.slice(name.length + 1);
  if (!raw) return null;
  const signed = decodeURIComponent(raw);
  const identifier = signed.slice(0, Math.max(0, signed.lastIndexOf(".")));
  if (!identifier) return null;
  const pending = await context.internalAdapter.findVerificationValue(identifier);
  return pending && pending.expiresAt > new Date() ? pending.value : null;
}

/** Whether `headers` carry a live two-factor challenge (a first factor passed, the code is next). */
export async function hasPendingChallenge(headers: Headers): Promise<boolean> {
  return (await pendingChallengeUser(headers)) !== null;
}

export type SecondFactorOutcome =
  | { ok: true; userId: string; headers: Headers }
  | ({ ok: false } & AuthFailure);

const INVALID_TOTP = "That code is not valid. Check your app and try again.";

/**
 * Verifies a code from the authenticator: at the sign-in challenge (the challenge cookie in
 * `headers`) it signs the user in; for a signed-in `userId` setting two-factor up it turns it on.
 * A code already accepted for the account in its time window is refused, and the session its
 * replay created is deleted before anyone sees it.
 * @returns the user and the Set-Cookie headers, or the failure (401 wrong/replayed, 429 limited).
 */
export async function confirmTotp(
  headers: Headers,
  code: string,
  userId?: string,
): Promise<SecondFactorOutcome> {
  const limited = await consumeAuthLimit("two-factor", headers, userId);
  if (limited) return limited;
  const purpose = userId ? "setup" : "sign_in";
  const pendingUser = userId ? null : await pendingChallengeUser(headers);
  if (pendingUser && (await usedTotpCodes().exhausted(usedCodeKey(pendingUser, code)))) {
    logAuthEvent("two_factor.replay", headers, { userId: pendingUser }, "warn");
    return { ok: false, status: 401, message: INVALID_TOTP };
  }
  try {
    const result = await auth().api.verifyTOTP({ body: { code }, headers, returnHeaders: true });
    const verifiedUser = result.response.user.id;
    // two challenges answered with one code at the same moment: only the first gets in
    const firstUse = await usedTotpCodes().consume(usedCodeKey(verifiedUser, code));
    if (!firstUse.ok && !userId) {
      await db.delete(sessions).where(eq(sessions.token, result.response.token));
      logAuthEvent("two_factor.replay", headers, { userId: verifiedUser }, "warn");
      return { ok: false, status: 401, message: INVALID_TOTP };
    }
    logAuthEvent(userId ? "two_factor.enabled" : "sign_in.success", headers, {
      userId: verifiedUser,
      method: "totp",
    });
    return { ok: true, userId: verifiedUser, headers: result.headers };
  } catch (error) {
    const status = (error as { statusCode?: number }).statusCode === 429 ? 429 : 401;
    logAuthEvent(
      "two_factor.failure",
      headers,
      { userId: userId ?? null, purpose, status },
      "warn",
    );
    return {
      ok: false,
      status,
      message:
        status === 429
          ? "Too many wrong codes. Please wait 15 minutes and try again."
          : userId
            ? "That code is not valid. Scan the code again or retype the key."
            : INVALID_TOTP,
    };
  }
}

/**
 * Signs in at the two-factor challenge with one of the account's backup codes, which then no
 * longer works (better-auth removes it; they are stored hashed, auth.server.ts).
 */
export async function signInWithBackupCode(
  headers: Headers,
  code: string,
): Promise<SecondFactorOutcome> {
  const step = await runAccountStep({
    limit: "two-factor",
    headers,
    call: () =>
      auth().api.verifyBackupCode({
        body: { code: hashBackupCode(code, env().AUTH_SECRET) },
        headers,
        returnHeaders: true,
      }),
    failure: (error) => {
      const status = (error as { statusCode?: number }).statusCode === 429 ? 429 : 401;
      return {
        status,
        message:
          status === 429
            ? "Too many wrong codes. Please wait 15 minutes and try again."
            : "That backup code is not valid or was already used.",
        event: { name: "two_factor.failure", fields: { purpose: "backup_code", status } },
      };
    },
  });
  if (!step.ok) return step;
  const userId = (step.value.response as { user: { id: string } }).user.id;
  logAuthEvent("sign_in.success", headers, { userId, method: "backup_code" });
  return { ok: true, userId, headers: step.value.headers };
}

/**
 * Turns two-factor off for `userId` after checking the password.
 * @returns the refreshed session cookies to set (better-auth rotates the session), or the
 * failure (wrong password 400, limited 429).
 */
export async function disableTotp(
  headers: Headers,
  userId: string,
  password: string,
): Promise<{ ok: true; headers: Headers } | StepFailure> {
  const step = await runAccountStep({
    limit: "password-confirm",
    headers,
    userId,
    call: () => auth().api.disableTwoFactor({ body: { password }, headers, returnHeaders: true }),
    event: { name: "two_factor.disabled", fields: { userId } },
    failure: () => ({
      ...WRONG_PASSWORD,
      event: {
        name: "password_confirm.failure",
        fields: { userId, purpose: "two-factor-disable" },
      },
    }),
  });
  return step.ok ? { ok: true, headers: step.value.headers } : step;
}

/**
 * Changes `userId`'s password after checking the current one (OWASP ASVS 5.0 V6.2.3), refusing
 * common passwords, and ends every other session of the account.
 * @returns the new session's cookies, or the failure and the field it belongs to.
 */
export async function changePassword(
  headers: Headers,
  userId: string,
  currentPassword: string,
  newPassword: string,
): Promise<{ ok: true; headers: Headers } | StepFailure<"currentPassword" | "newPassword">> {
  const step = await runAccountStep<{ headers: Headers }, "currentPassword" | "newPassword">({
    limit: "password-confirm",
    headers,
    userId,
    check: () => {
      const weak = commonPasswordError(newPassword);
      return weak ? { status: 400, message: weak, field: "newPassword" } : null;
    },
    call: () =>
      auth().api.changePassword({
        body: { currentPassword, newPassword, revokeOtherSessions: true },
        headers,
        returnHeaders: true,
      }),
    event: { name: "password.changed", fields: { userId, otherSessionsEnded: true } },
    failure: (error) => {
      if ((error as { body?: { code?: string } }).body?.code === "INVALID_PASSWORD") {
        return {
          status: 400,
          message: "Incorrect password",
          field: "currentPassword",
          event: {
            name: "password_confirm.failure",
            fields: { userId, purpose: "password-change" },
          },
        };
      }
      logger().error({ err: error }, "password change failed");
      return { status: 500, message: "Unable to change your password. Please try again." };
    },
  });
  return step.ok ? { ok: true, headers: step.value.headers } : step;
}

export interface DeviceSession {
  id: string;
  userAgent: string | null;
  ipAddress: string | null;
  createdAt: Date;
  current: boolean;
}

/** The user's live sessions, newest first; tokens never leave the server. */
export async function listDeviceSessions(
  userId: string,
  currentSessionId: string,
): Promise<DeviceSession[]> {
  const rows = await db
    .select({
      id: sessions.id,
      userAgent: sessions.userAgent,
      ipAddress: sessions.ipAddress,
      createdAt: sessions.createdAt,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, new Date())))
    .orderBy(desc(sessions.createdAt));
  return rows.map((row) => ({ ...row, current: row.id === currentSessionId }));
}

/** Ends one of the user's own sessions by id; false when the id is not theirs. */
export async function revokeDeviceSession(userId: string, sessionId: string): Promise<boolean> {
  const rows = await db
    .delete(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)))
    .returning({ id: sessions.id });
  return rows.length === 1;
}

/**
 * Ends every session of the user except the current one, and confirms on the server that none is
 * left before the caller says so (docs/decisions/0035).
 * @throws Error when another session is still live
 */
export async function revokeOtherSessions(
  headers: Headers,
  userId?: string,
  currentSessionId?: string,
): Promise<void> {
  await auth().api.revokeOtherSessions({ headers });
  if (userId && currentSessionId && (await liveSessionCount(userId, currentSessionId)) > 0)
    throw new Error("another session is still live");
}

/**
 * 'Sign out everywhere': ends every session of the user, this one included, and confirms none is
 * left. better-auth's sign-out then expires this browser's cookies (`headers` of the answer).
 * @throws Error when a session is still live
 */
export async function revokeAllSessions(headers: Headers, userId: string): Promise<Headers> {
  await auth().api.revokeSessions({ headers });
  const signedOut = await auth()
    .api.signOut({ headers, returnHeaders: true })
    .catch(() => null);
  if ((await liveSessionCount(userId)) > 0) throw new Error("a session is still live");
  return signedOut?.headers ?? new Headers();
}

/** How many sessions of the user exist, leaving out `exceptId`. */
async function liveSessionCount(userId: string, exceptId?: string): Promise<number> {
  const rows = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(
      exceptId
        ? and(eq(sessions.userId, userId), ne(sessions.id, exceptId))
        : eq(sessions.userId, userId),
    );
  return rows.length;
}

/** Whether the session with this id still exists (sign-out confirms it is gone). */
export async function sessionExists(id: string): Promise<boolean> {
  const rows = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(eq(sessions.id, id))
    .limit(1);
  return rows.length > 0;
}

/**
 * A short description of the device behind a User-Agent header, e.g. "Firefox on Linux"
 * ("Unknown device" without one). Good enough to recognise one's own devices, no more.
 */
export function describeDevice(userAgent: string | null): string {
  if (!userAgent) return "Unknown device";
  const browser = /Edg\//.test(userAgent)
    ? "Edge"
    : /Chrome\//.test(userAgent)
      ? "Chrome"
      : /Firefox\//.test(userAgent)
        ? "Firefox"
        : /Safari\//.test(userAgent)
          ? "Safari"
          : "Browser";
  const system = /Windows/.test(userAgent)
    ? "Windows"
    : /Android/.test(userAgent)
      ? "Android"
      : /iPhone|iPad/.test(userAgent)
        ? "iOS"
        : /Mac OS/.test(userAgent)
          ? "macOS"
          : /Linux/.test(userAgent)
            ? "Linux"
            : "unknown system";
  return `${browser} on ${system}`;
}
