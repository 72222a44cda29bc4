/**
 * Authentication (better-auth): email + password with verification, password reset, email
 * one-time codes, a confirmed mobile number with texted codes (sign-in and second factor), TOTP
 * two-factor, sessions in the database. Mail and texts go through the outbox.
 * Hardening per OWASP ASVS 5.0 L2: argon2id (m = 19 MiB, t = 2), HttpOnly SameSite=Lax cookies,
 * `__Host-` + Secure in production over HTTPS, rate limits stored in the database and keyed by
 * the client address that server.ts resolved (IPv6 by /64).
 * Relative imports: the `auth` CLI (npm run auth:generate) loads this file without our aliases.
 */
import { createHmac } from "node:crypto";
import { hash, verify } from "@node-rs/argon2";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { emailOTP, genericOAuth, phoneNumber, twoFactor } from "better-auth/plugins";
import * as schema from "../../db/schema";
import { db } from "../../lib/db.server";
import { env, fromEnv } from "../../lib/env.server";
import { enqueueAndKick, enqueueText } from "../../lib/outbox.server";
import { company } from "../catalog/company";
import { promoteConfiguredAdmin } from "./admins.server";
import { claimGuestQuotes } from "./claims.server";
import { isNormalizedMobile, SMS_CODE_MINUTES, smsCodeText } from "./mobile-number.server";
import {
  isSsoEmail,
  OIDC_PROVIDER_ID,
  SIGN_IN_ERROR_PATH,
  SSO_NAME,
  SSO_PROVIDER_ID,
  ssoDomains,
} from "./providers";

/**
 * argon2id parameters (OWASP Password Storage Cheat Sheet: m=19 MiB, t=2, p=1; DESIGN's floor),
 * measured on this hardware in docs/decisions/0170-password-hash-cost.md (`npm run bench:password`).
 * Stored hashes carry their own parameters, so changing these never breaks an existing password.
 */
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
    // Google and any OpenID Provider (providers.ts): an existing account with the same email is
    // joined only when the provider says the email is verified and ours is verified too
    // (better-auth's default rule; docs/decisions/0142-provider-account-linking.md)
    socialProviders:
      config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET
        ? {
            google: {
              clientId: config.GOOGLE_CLIENT_ID,
              clientSecret: config.GOOGLE_CLIENT_SECRET,
              requireEmailVerification: true,
            },
          }
        : {},
    user: {
      // staff single sign-on (docs/decisions/0143-staff-sso.md): an SSO domain's email gets in
      // only through the SSO provider, and that provider only admits its domains' emails, in
      // every better-auth path (sign-up, provider sign-in or link, setting a password)
      validateUserInfo: ({ user, source }) => {
        const domains = ssoDomains(config);
        const ssoEmail = isSsoEmail(String(user.email ?? ""), domains);
        const throughSso =
          source.method === "oauth" && source.oauth?.providerId === SSO_PROVIDER_ID;
        if (throughSso && !ssoEmail) return { error: "sso_domain_mismatch" };
        if (!throughSso && ssoEmail) return { error: "sso_required" };
      },
    },
    account: {
      encryptOAuthTokens: true,
      accountLinking: {
        enabled: true,
        requireLocalEmailVerified: true,
        // 'Connect' in the profile may join a provider account under another (verified) email
        allowDifferentEmails: true,
      },
    },
    // a provider callback that cannot be tied to a sign-in (unknown state) returns to sign-in
    onAPIError: { errorURL: `${config.PUBLIC_URL}${SIGN_IN_ERROR_PATH}` },
    databaseHooks: {
      // a provider sign-up with an email the provider verified counts as a verified email
      user: {
        create: {
          after: async (user) => {
            if (user.emailVerified) await claimGuestQuotes(user.id, user.email);
          },
        },
      },
      // every sign-in path creates a session: the first admin comes from ADMIN_EMAILS then
      session: {
        create: { after: async (session) => void (await promoteConfiguredAdmin(session.userId)) },
      },
    },
    // Only the mailed links and the providers' callbacks reach better-auth's router (routes/api/auth.ts); our forms call
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
      // a mobile number is set only once confirmed with a texted code (the plugin's own rule);
      // texted codes also sign in (phone.server.ts: confirmed numbers of existing accounts only)
      phoneNumber({
        otpLength: 6,
        expiresIn: SMS_CODE_MINUTES * 60,
        allowedAttempts: 3,
        phoneNumberValidator: isNormalizedMobile,
        sendOTP: async ({ phoneNumber: to, code }) => {
          await enqueueText("phone_code", to, smsCodeText(code));
        },
      }),
      challengeEveryFirstFactor(
        twoFactor({
          issuer: company.name,
          backupCodeOptions: { storeBackupCodes: hashedBackupCodes(config.AUTH_SECRET) },
          // a texted code as the second factor, to the account's confirmed mobile number
          otpOptions: {
            period: SMS_CODE_MINUTES,
            digits: 6,
            allowedAttempts: 3,
            storeOTP: "hashed",
            sendOTP: async ({ user, otp }) => {
              const { phoneNumber: to, phoneNumberVerified } = user as {
                phoneNumber?: string | null;
                phoneNumberVerified?: boolean | null;
              };
              if (to && phoneNumberVerified)
                await enqueueText("two_factor_code", to, smsCodeText(otp));
            },
          },
        }),
      ),
      ...openIdProviders(config),
    ],
  });
}

/**
 * The OpenID Providers configured by OIDC_* ('Continue with') and SSO_* (staff single sign-on),
 * none when unset: better-auth's genericOAuth with the discovery document, authorization code +
 * PKCE, state and nonce; an ID token is required and checked against the provider's JWKS
 * (signature), issuer, audience (our client id), expiry and the nonce of this sign-in, or the
 * sign-in fails.
 */
function openIdProviders(config: ReturnType<typeof env>): ReturnType<typeof genericOAuth>[] {
  const providers = [
    {
      id: OIDC_PROVIDER_ID,
      issuer: config.OIDC_ISSUER,
      clientId: config.OIDC_CLIENT_ID,
      clientSecret: config.OIDC_CLIENT_SECRET,
      name: config.OIDC_NAME,
    },
    {
      id: SSO_PROVIDER_ID,
      issuer: config.SSO_ISSUER,
      clientId: config.SSO_CLIENT_ID,
      clientSecret: config.SSO_CLIENT_SECRET,
      name: SSO_NAME,
    },
  ].flatMap(({ id, issuer, clientId, clientSecret, name }) =>
    issuer && clientId && clientSecret
      ? [
          {
            providerId: id,
            name,
            discoveryUrl: `${issuer.replace(/\/$/, "")}/.well-known/openid-configuration`,
            clientId,
            clientSecret,
            scopes: ["openid", "email", "profile"],
            pkce: true,
            requireIdTokenVerification: true,
            // an account whose email the provider does not vouch for is verified by our own link
            requireEmailVerification: true,
          },
        ]
      : [],
  );
  return providers.length > 0 ? [genericOAuth({ config: providers })] : [];
}

/**
 * better-auth's two-factor hook challenges only the password sign-in paths; an emailed or texted
 * code and a provider's callback are first factors too, so they get the same challenge (no session until the
 * second factor). After a callback the hook's answer keeps the callback's redirect (to
 * /auth/continue), which then sends the browser to the challenge.
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
          matcher: (context) =>
            challenge.matcher(context) ||
            context.path === "/sign-in/email-otp" ||
            context.path === "/phone-number/verify" ||
            context.path === "/callback/:id",
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

/** The process's better-auth instance, created on first use (after configuration is loaded). */
export const auth: () => Auth = fromEnv(() => createAuth());

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
