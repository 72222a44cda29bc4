/**
 * Account security a customer manages on their profile: TOTP two-factor authentication and
 * their signed-in sessions (OWASP ASVS 5.0 V7.4: see and end other sessions).
 */
import { and, desc, eq, gt } from "drizzle-orm";
import QRCode from "qrcode";
import { session as sessions } from "~/db/schema";
import { auth } from "~/lib/auth.server";
import { db } from "~/lib/db.server";
import { logger } from "~/lib/logger.server";

export interface TotpEnrolment {
  /** the otpauth:// URI authenticator apps read */
  uri: string;
  /** the same secret for typing in by hand */
  secret: string;
  /** a PNG QR code of the URI, as a data: URL */
  qrDataUrl: string;
  backupCodes: string[];
}

/**
 * Starts TOTP enrolment after checking the password; two-factor is on only once a first code is
 * verified (`confirmTotp`).
 * @returns the enrolment, or null when the password is wrong.
 */
export async function startTotp(headers: Headers, password: string): Promise<TotpEnrolment | null> {
  try {
    const enrolment = await auth().api.enableTwoFactor({ body: { password }, headers });
    if (enrolment.method !== "totp") return null;
    const { totpURI, backupCodes } = enrolment;
    const secret = new URL(totpURI).searchParams.get("secret") ?? "";
    const qrDataUrl = await QRCode.toDataURL(totpURI, { margin: 1, width: 200 });
    return { uri: totpURI, secret, qrDataUrl, backupCodes };
  } catch (error) {
    logger().info({ err: error }, "two-factor enrolment refused");
    return null;
  }
}

/** Verifies a code from the authenticator, turning two-factor on (or completing a sign-in). */
export async function confirmTotp(headers: Headers, code: string): Promise<Headers | null> {
  try {
    const result = await auth().api.verifyTOTP({ body: { code }, headers, returnHeaders: true });
    return result.headers;
  } catch {
    return null;
  }
}

/**
 * Turns two-factor off after checking the password.
 * @returns the refreshed session cookies to set (better-auth rotates the session), or null when
 * the password is wrong.
 */
export async function disableTotp(headers: Headers, password: string): Promise<Headers | null> {
  try {
    const result = await auth().api.disableTwoFactor({
      body: { password },
      headers,
      returnHeaders: true,
    });
    return result.headers;
  } catch {
    return null;
  }
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

/** Ends every session of the user except the current one. */
export async function revokeOtherSessions(headers: Headers): Promise<void> {
  await auth().api.revokeOtherSessions({ headers });
}
