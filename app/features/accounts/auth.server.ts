/**
 * Authentication (better-auth): email + password with verification, password reset, email
 * one-time codes, TOTP two-factor, sessions in the database. Mail goes through the outbox.
 * Hardening per OWASP ASVS 5.0 L2: argon2id (m = 19 MiB, t = 2), HttpOnly SameSite=Lax cookies,
 * `__Host-` + Secure in production over HTTPS, rate limits stored in the database and keyed by
 * the client address that server.ts resolved (IPv6 by /64).
 * Relative imports: the `auth` CLI (npm run auth:generate) loads this file without our aliases.
 */
import { createHmac } from "node:crypto";
import { hash, verify } from "@node-rs/argon2";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { emailOTP, twoFactor } from "better-auth/plugins";
import * as schema from "../../db/schema";
import { db } from "../../lib/db.server";
import { env } from "../../lib/env.server";
import { enqueueAndKick } from "../../lib/outbox.server";
import { company } from "../catalog/company";
import { promoteConfiguredAdmin } from "./admins.server";
import { claimGuestQuotes } from "./claims.server";

/** argon2id parameters (OWASP Password Storage Cheat Sheet minimum: m=19 MiB, t=2, p=1). */
export const PASSWORD_HASH = {
  algorithm: 2 /* Argon2id */,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

/** Header through which the app hands better-auth the client address (never taken from clients). */
export const CLIENT_IP_HEADER = "x-remediation-client-ip";

const DAY = 24 * 60 * 60;
/** A session ends after 7 idle days, and 30 days after sign-in whatever its use (session.server.ts). */
export const SESSION_IDLE_SECONDS = 7 * DAY;
export const SESSION_ABSOLUTE_SECONDS = 30 * DAY;

/** Queues an account mail; its links and codes are secrets, erased from the outbox once sent. */
function mail(kind: string, to: string, subject: string, lines: string[]) {
  return enqueueAndKick([
    { kind, to, subject, text: [...lines, "", company.name].join("\n"), sensitive: true },
  ]);
}

function createAuth() {
  const config = env();
  const secureCookies = config.isProduction && config.PUBLIC_URL.startsWith("https:");
  return betterAuth({
    appName: company.name,
    baseURL: config.PUBLIC_URL,
    secret: config.AUTH_SECRET,
    database: drizzleAdapter(db, { provider: "pg", schema }),
    telemetry: { enabled: false },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      revokeSessionsOnPasswordReset: true,
      password: {
        hash: (password) => hash(password, PASSWORD_HASH),
        verify: ({ hash: stored, password }) => verify(stored, password),
      },
      sendResetPassword: async ({ user, url }) => {
        await mail("password_reset", user.email, "Reset your password", [
          "We received a request to reset your password.",
          `Choose a new password here (the link works for one hour): ${url}`,
          "If you did not ask for this, ignore this email: your password stays the same.",
        ]);
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: DAY,
      sendVerificationEmail: async ({ user, url }) => {
        await mail("email_verification", user.email, "Verify your email address", [
          `Welcome to ${company.name}.`,
          `Please verify your email address to finish creating your account: ${url}`,
          "The link works for 24 hours.",
        ]);
      },
      afterEmailVerification: async (user) => {
        await claimGuestQuotes(user.id, user.email);
      },
    },
    session: {
      expiresIn: SESSION_IDLE_SECONDS,
      updateAge: DAY,
    },
    databaseHooks: {
      // every sign-in path creates a session: the first admin comes from ADMIN_EMAILS then
      session: {
        create: { after: async (session) => void (await promoteConfiguredAdmin(session.userId)) },
      },
    },
    // Only the mailed links reach better-auth's router (routes/api/auth.ts); our forms call
    // auth().api directly and are limited in features/accounts/auth-limits.server.ts.
    rateLimit: { enabled: true, storage: "database", window: 60, max: 100 },
    advanced: {
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER], ipv6Subnet: 64 },
      // better-auth would prefix __Secure-; the session cookie gets the stricter __Host- instead
      useSecureCookies: false,
      cookiePrefix: "remediation",
      defaultCookieAttributes: {
        httpOnly: true,
        sameSite: "lax",
        path: "/",
        secure: secureCookies,
      },
      cookies: secureCookies
        ? { session_token: { name: "__Host-remediation.session_token" } }
        : undefined,
    },
    plugins: [
      emailOTP({
        // codes sign existing customers in; accounts are created only by sign-up
        disableSignUp: true,
        otpLength: 6,
        expiresIn: 10 * 60,
        sendVerificationOTP: async ({ email, otp }) => {
          // never in the subject: subjects show on lock screens and in mail logs
          await mail("sign_in_code", email, "Your sign-in code", [
            `Your one-time sign-in code is ${otp}. It works for 10 minutes.`,
            "If you did not ask for it, ignore this email.",
          ]);
        },
      }),
      challengeEveryFirstFactor(
        twoFactor({
          issuer: company.name,
          backupCodeOptions: { storeBackupCodes: hashedBackupCodes(config.AUTH_SECRET) },
        }),
      ),
    ],
  });
}

/**
 * better-auth's two-factor hook challenges only the password sign-in paths; an emailed code is
 * a first factor too, so it gets the same challenge (no session until the second factor).
 */
function challengeEveryFirstFactor<P extends ReturnType<typeof twoFactor>>(plugin: P): P {
  const [challenge, ...rest] = plugin.hooks.after;
  if (!challenge) throw new Error("better-auth's two-factor plugin has no sign-in hook");
  return {
    ...plugin,
    hooks: {
      ...plugin.hooks,
      after: [
        {
          ...challenge,
          matcher: (context) => challenge.matcher(context) || context.path === "/sign-in/email-otp",
        },
        ...rest,
      ],
    },
  };
}

const BACKUP_CODE_HASH = "hmac-sha256:";

/** One backup code's stored form: HMAC-SHA256 under a key derived from AUTH_SECRET. */
export function hashBackupCode(code: string, secret: string): string {
  const key = createHmac("sha256", secret).update("backup-codes").digest();
  return BACKUP_CODE_HASH + createHmac("sha256", key).update(code.trim()).digest("base64url");
}

/**
 * Backup codes are stored hashed (OWASP ASVS 5.0 V6.6.?): better-auth hands `encrypt` the JSON
 * list (new plain codes, or the remaining hashes after one is used) and compares the submitted
 * code with what `decrypt` returns, so the challenge submits `hashBackupCode(typed)`.
 */
function hashedBackupCodes(secret: string) {
  return {
    encrypt: async (json: string) =>
      JSON.stringify(
        (JSON.parse(json) as string[]).map((code) =>
          code.startsWith(BACKUP_CODE_HASH) ? code : hashBackupCode(code, secret),
        ),
      ),
    decrypt: async (stored: string) => stored,
  };
}

export type Auth = ReturnType<typeof createAuth>;
let instance: Auth | undefined;

/** The process's better-auth instance, created on first use (after configuration is loaded). */
export function auth(): Auth {
  instance ??= createAuth();
  return instance;
}

/**
 * A copy of `request`'s headers for better-auth: the client address resolved by server.ts replaces
 * anything a client sent in the header better-auth trusts.
 */
export function authHeaders(request: Request, clientIp: string | undefined): Headers {
  const headers = new Headers(request.headers);
  headers.delete(CLIENT_IP_HEADER);
  if (clientIp) headers.set(CLIENT_IP_HEADER, clientIp);
  return headers;
}
