/**
 * Signing in with Google or the OpenID Provider (OIDC_*), and the profile's sign-in methods.
 * better-auth does the protocol (genericOAuth with discovery, PKCE, state, nonce; the ID token's
 * signature, iss, aud, exp and nonce checked in its callback); our form actions start each flow,
 * count it against the sign-in limits and log it; its callback (/api/auth/callback/:id) comes back
 * to /auth/continue, or with `?error=` to the sign-in page or the profile.
 */
import { APIError } from "better-auth/api";
import { and, asc, eq, ne } from "drizzle-orm";
import { decodeJwt } from "jose";
import { href, redirect } from "react-router";
import { account as accounts, user as users } from "~/db/schema";
import { db } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { logger } from "~/lib/logger.server";
import { safeRedirect } from "~/lib/session.server";
import { runAccountStep, type StepFailure } from "./account-step.server";
import { auth } from "./auth.server";
import { consumeAuthLimit } from "./auth-limits.server";
import { commonPasswordError } from "./password-policy.server";
import {
  configuredProviders,
  providerName,
  SIGN_IN_ERROR_PATH,
  type SignInMethod,
  type SignInProvider,
  SSO_PROVIDER_ID,
  ssoDomains,
} from "./providers";
import { type AuthFailure, logAuthEvent } from "./sign-in.server";

/** The providers this process offers (none: no buttons). */
export function signInProviders(): SignInProvider[] {
  return configuredProviders(env());
}

/** The staff single sign-on domains of this process (SSO_DOMAINS; none when SSO_* is unset). */
export function signInSsoDomains(): string[] {
  return ssoDomains(env());
}

function findProvider(id: unknown): SignInProvider | null {
  return signInProviders().find((provider) => provider.id === id) ?? null;
}

/** Where better-auth sends a browser after a provider sign-in: /auth/continue keeps redirectTo. */
export function continuePath(redirectTo: string | null | undefined): string {
  const next = safeRedirect(redirectTo);
  return `${href("/auth/continue")}${next ? `?redirectTo=${encodeURIComponent(next)}` : ""}`;
}

/** The redirect to the provider, carrying better-auth's state cookie. */
function toProvider(url: string, cookies: Headers): Response {
  const headers = new Headers();
  for (const cookie of cookies.getSetCookie()) headers.append("Set-Cookie", cookie);
  return redirect(url, { headers });
}

const START_FAILED = "Sign-in with the provider is not available right now. Please try again.";

/**
 * Starts 'Continue with {provider}' (a plain form POST): counted as a sign-in attempt of the
 * client, then better-auth's authorization URL (state, PKCE, nonce stored server-side).
 * @returns the redirect to the provider, or the refusal (404 unknown provider, 429 limited)
 */
export async function startProviderSignIn(
  providerId: unknown,
  redirectTo: string | null | undefined,
  headers: Headers,
): Promise<Response | ({ ok: false } & AuthFailure)> {
  const provider = findProvider(providerId);
  if (!provider) return { ok: false, status: 404, message: START_FAILED };
  return startSignIn(provider.id, redirectTo, headers, null, "sign_in.provider_started");
}

/**
 * Staff single sign-on: the sign-in form's email is of an SSO_DOMAINS domain, so the browser goes
 * to the company's OpenID Provider (SSO_ISSUER) with the email as `login_hint`, never to a
 * password. Limited like a sign-in.
 * @returns the redirect to the provider, or the refusal (404 not configured, 429 limited, 503)
 */
export async function startSsoSignIn(
  email: string,
  redirectTo: string | null | undefined,
  headers: Headers,
): Promise<Response | ({ ok: false } & AuthFailure)> {
  if (signInSsoDomains().length === 0) return { ok: false, status: 404, message: START_FAILED };
  return startSignIn(SSO_PROVIDER_ID, redirectTo, headers, email, "sso.started");
}

async function startSignIn(
  providerId: string,
  redirectTo: string | null | undefined,
  headers: Headers,
  loginHint: string | null,
  event: string,
): Promise<Response | ({ ok: false } & AuthFailure)> {
  const limited = await consumeAuthLimit("sign-in", headers, loginHint ?? undefined);
  if (limited) return limited;
  try {
    const started = await auth().api.signInSocial({
      body: {
        provider: providerId,
        callbackURL: continuePath(redirectTo),
        errorCallbackURL: SIGN_IN_ERROR_PATH,
        disableRedirect: true,
        ...(loginHint ? { loginHint } : {}),
      },
      headers,
      returnHeaders: true,
    });
    if (!started.response.url) throw new Error("better-auth gave no authorization URL");
    logAuthEvent(event, headers, { provider: providerId });
    return toProvider(started.response.url, started.headers);
  } catch (error) {
    logger().error({ err: error, provider: providerId }, "provider sign-in did not start");
    return { ok: false, status: 503, message: START_FAILED };
  }
}

/**
 * Starts 'Connect {provider}' for the signed-in user (better-auth's link flow: the same
 * redirect, and the callback adds the identity to this account). Limited like a sign-in.
 */
export async function startProviderLink(
  userId: string,
  providerId: unknown,
  headers: Headers,
): Promise<Response | StepFailure> {
  const provider = findProvider(providerId);
  if (!provider) return { ok: false, status: 404, message: START_FAILED };
  const step = await runAccountStep({
    limit: "sign-in",
    headers,
    userId,
    call: () =>
      auth().api.linkSocialAccount({
        body: {
          provider: provider.id,
          callbackURL: `${href("/account/profile")}?connected=${provider.id}`,
          errorCallbackURL: href("/account/profile"),
          disableRedirect: true,
        },
        headers,
        returnHeaders: true,
      }),
    event: { name: "identity.link_started", fields: { userId, provider: provider.id } },
    failure: (error) => {
      logger().error({ err: error, provider: provider.id }, "provider link did not start");
      return { status: 503, message: START_FAILED };
    },
  });
  if (!step.ok) return step;
  return toProvider(step.value.response.url, step.value.headers);
}

/** The email claim of an ID token better-auth verified and stored at sign-in or link. */
function emailOf(idToken: string | null): string | null {
  if (!idToken) return null;
  try {
    const { email } = decodeJwt(idToken);
    return typeof email === "string" ? email : null;
  } catch {
    return null;
  }
}

/** The account's password (if any) and linked identities, oldest first. */
export async function listSignInMethods(userId: string): Promise<SignInMethod[]> {
  const rows = await db
    .select({
      id: accounts.id,
      providerId: accounts.providerId,
      idToken: accounts.idToken,
      createdAt: accounts.createdAt,
    })
    .from(accounts)
    .where(eq(accounts.userId, userId))
    .orderBy(asc(accounts.createdAt));
  const providers = signInProviders();
  return rows.map((row) =>
    row.providerId === "credential"
      ? { kind: "password", id: row.id, createdAt: row.createdAt }
      : {
          kind: "identity",
          id: row.id,
          provider: row.providerId,
          providerName: providerName(providers, row.providerId),
          email: emailOf(row.idToken),
          createdAt: row.createdAt,
        },
  );
}

export const LAST_METHOD_MESSAGE =
  "This is your only way to sign in. Set a password or connect another account first.";

/**
 * Disconnects one linked identity of the user. Refused (400) when it is the account's last way
 * to sign in (better-auth's own rule too), or when the id is not one of the user's identities.
 */
export async function disconnectIdentity(
  userId: string,
  identityId: string,
  headers: Headers,
): Promise<{ ok: true } | StepFailure> {
  const [row] = await db
    .select({ providerId: accounts.providerId })
    .from(accounts)
    .where(and(eq(accounts.id, identityId), eq(accounts.userId, userId)))
    .limit(1);
  if (!row || row.providerId === "credential")
    return { ok: false, status: 404, message: "That sign-in method was not found." };
  const step = await runAccountStep({
    limit: "password-confirm",
    headers,
    userId,
    call: () => auth().api.unlinkAccount({ body: { accountId: identityId }, headers }),
    event: { name: "identity.unlinked", fields: { userId, provider: row.providerId } },
    failure: (error) => {
      const code = error instanceof APIError ? (error.body as { code?: string })?.code : null;
      if (code === "FAILED_TO_UNLINK_LAST_ACCOUNT") {
        return {
          status: 400,
          message: LAST_METHOD_MESSAGE,
          event: { name: "identity.unlink_refused", fields: { userId, provider: row.providerId } },
        };
      }
      if (code === "SESSION_NOT_FRESH" || (error instanceof APIError && error.statusCode === 403)) {
        return {
          status: 403,
          message: "For your security, please sign in again before disconnecting a sign-in method.",
        };
      }
      logger().error({ err: error }, "identity unlink failed");
      return { status: 500, message: "Unable to disconnect. Please try again." };
    },
  });
  return step.ok ? { ok: true } : step;
}

/**
 * Sets a password on an account that has none (signed up through a provider). Refused when the
 * account already has one (the change-password form is for that) or the password is weak.
 */
export async function setFirstPassword(
  userId: string,
  password: string,
  headers: Headers,
): Promise<{ ok: true } | StepFailure<"newPassword">> {
  const step = await runAccountStep<unknown, "newPassword">({
    limit: "password-confirm",
    headers,
    userId,
    check: () => {
      const weak = commonPasswordError(password);
      return weak ? { status: 400, message: weak, field: "newPassword" } : null;
    },
    call: () => auth().api.setPassword({ body: { newPassword: password }, headers }),
    event: { name: "password.set", fields: { userId } },
    failure: (error) => {
      const code = error instanceof APIError ? (error.body as { code?: string })?.code : null;
      if (code === "PASSWORD_ALREADY_SET")
        return { status: 400, message: "Your account already has a password." };
      if (error instanceof APIError && error.statusCode === 400)
        return { status: 400, message: "Use 8 to 128 characters.", field: "newPassword" };
      logger().error({ err: error }, "setting a password failed");
      return { status: 500, message: "Unable to set a password. Please try again." };
    },
  });
  return step.ok ? { ok: true } : step;
}

/**
 * The name a provider gave for an account made through it (for /account/setup's Full Name), or
 * null when the account has no linked identity (a password sign-up's better-auth name is only
 * the email's local part).
 */
export async function providerGivenName(userId: string): Promise<string | null> {
  const [row] = await db
    .select({ name: users.name })
    .from(users)
    .innerJoin(accounts, eq(accounts.userId, users.id))
    .where(and(eq(users.id, userId), ne(accounts.providerId, "credential")))
    .limit(1);
  return row?.name.trim() || null;
}

/**
 * Logs a provider's callback (ASVS V16.3) from better-auth's answer `response`: refused (a
 * redirect with `?error=` to the sign-in page or the profile), an identity linked (to the
 * profile), or signed in (the new session's account) or sent to the second factor (no session).
 * Never logs a token.
 */
export async function logProviderCallback(
  provider: string,
  headers: Headers,
  response: Response,
): Promise<void> {
  const location = response.headers.get("Location");
  if (!location) return;
  const target = new URL(location, env().PUBLIC_URL);
  const linking = target.pathname === href("/account/profile");
  const method = provider === SSO_PROVIDER_ID ? "sso" : "provider";
  const error = target.searchParams.get("error");
  if (error) {
    const event = linking ? "identity.link_refused" : "sign_in.failure";
    logAuthEvent(event, headers, { method, provider, reason: error.slice(0, 60) }, "warn");
    return;
  }
  if (linking) {
    logAuthEvent("identity.linked", headers, { provider });
    return;
  }
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .filter((pair) => pair && !pair.endsWith("="))
    .join("; ");
  const session = await auth()
    .api.getSession({ headers: new Headers({ Cookie: cookie }) })
    .catch(() => null);
  if (session) {
    logAuthEvent("sign_in.success", headers, {
      method,
      provider,
      userId: session.user.id,
    });
  } else {
    logAuthEvent("sign_in.second_factor_required", headers, { method, provider });
  }
}
