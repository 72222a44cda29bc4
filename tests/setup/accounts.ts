/**
 * Accounts with a real password for tests that go through our authentication forms: signed up
 * and signed in through better-auth (so the session cookie is genuine), optionally with TOTP on.
 */
import { eq } from "drizzle-orm";
import * as schema from "~/db/schema";
import { auth, CLIENT_IP_HEADER } from "~/features/accounts/auth.server";
import { confirmTotp, startTotp } from "~/features/accounts/security.server";
import { db } from "~/lib/db.server";
import type { SessionUser } from "~/lib/session.server";
import { cookieHeader, ORIGIN } from "./actions";

export const PASSWORD = "correct horse 42";

/** The authenticator's code for `key`, `step` 30-second steps from now (0: the current one). */
export async function totpCode(key: string, step = 0): Promise<string> {
  const { base32 } = await import("@better-auth/utils/base32");
  const { createOTP } = await import("@better-auth/utils/otp");
  return createOTP(base32.decode(key)).hotp(Math.floor(Date.now() / 30_000) + step);
}

export interface SignedInAccount {
  /** the user as the session middleware would resolve it */
  user: SessionUser;
  /** the Cookie header of its session */
  cookie: string;
  /** better-auth request headers of that session (same-origin, a fixed client address) */
  headers: Headers;
}

/**
 * Creates a verified account for `email` with `password` and signs it in once (from an address
 * of its own, so the test's rate-limit counts are untouched by the set-up).
 */
export async function signedInAccount(
  email: string,
  password = PASSWORD,
): Promise<SignedInAccount> {
  const headers = new Headers({ Origin: ORIGIN, [CLIENT_IP_HEADER]: "192.0.2.251" });
  await auth().api.signUpEmail({ body: { email, password, name: "T" }, headers });
  await db.update(schema.user).set({ emailVerified: true }).where(eq(schema.user.email, email));
  const signedIn = await auth().api.signInEmail({
    body: { email, password },
    headers,
    returnHeaders: true,
  });
  const cookie = cookieHeader(signedIn.headers.getSetCookie());
  const [session] = await db
    .select()
    .from(schema.session)
    .where(eq(schema.session.token, signedIn.response.token));
  const user: SessionUser = {
    id: signedIn.response.user.id,
    email,
    emailVerified: true,
    fullName: null,
    isAdmin: false,
    twoFactorEnabled: false,
    sessionId: session!.id,
  };
  headers.set("Cookie", cookie);
  return { user, cookie, headers };
}

/**
 * A signed-in account with TOTP turned on (set up with the current step's code, which then
 * counts as used).
 * @returns the account, its TOTP key and its ten backup codes
 */
export async function totpAccount(email: string, password = PASSWORD) {
  const account = await signedInAccount(email, password);
  const started = await startTotp(account.headers, account.user.id, password);
  if (!started.ok) throw new Error(`two-factor set-up refused: ${started.message}`);
  const confirmed = await confirmTotp(
    account.headers,
    await totpCode(started.enrolment.secret),
    account.user.id,
  );
  if (!confirmed.ok) throw new Error(`two-factor set-up code refused: ${confirmed.message}`);
  // better-auth may send the session's cookies again: keep what a browser would hold
  const cookie = cookieHeader(confirmed.headers.getSetCookie(), account.cookie);
  account.headers.set("Cookie", cookie);
  return {
    ...account,
    cookie,
    user: { ...account.user, twoFactorEnabled: true },
    secret: started.enrolment.secret,
    backupCodes: started.enrolment.backupCodes,
  };
}

/** How many sessions `userId` has (signed-in devices, expired ones included). */
export async function sessionCount(userId: string): Promise<number> {
  return (await db.select().from(schema.session).where(eq(schema.session.userId, userId))).length;
}
