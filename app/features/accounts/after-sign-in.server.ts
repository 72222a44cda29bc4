/**
 * Where a user lands after any sign-in (password, emailed code, two-factor): one rule.
 */
import { redirect } from "react-router";
import { type SessionUser, safeRedirect } from "~/lib/session.server";
import { getProfile } from "./profiles.server";

/** Where a user goes after signing in (SPEC section 2), unless they asked for a page. */
export function homeFor(user: Pick<SessionUser, "isAdmin" | "fullName">): string {
  if (user.isAdmin) return "/admin/dashboard";
  return user.fullName ? "/account/profile" : "/account/setup";
}

/**
 * The landing page of `userId` after signing in: a same-site `redirectTo` when given (the page
 * they were sent away from), else the SPEC's (section 2): admin -> /admin/dashboard, a full name
 * -> /account/profile, else /account/setup.
 */
export async function landingPage(
  userId: string,
  redirectTo: string | null | undefined,
): Promise<string> {
  const requested = safeRedirect(redirectTo);
  if (requested) return requested;
  const profile = await getProfile(userId);
  return homeFor({ isAdmin: profile?.is_admin ?? false, fullName: profile?.full_name ?? null });
}

/**
 * The response that ends a successful sign-in: a redirect to `landingPage` carrying the session
 * cookies in `cookies` (Set-Cookie lines).
 */
export async function afterSignIn(
  userId: string,
  redirectTo: string | null | undefined,
  cookies: Headers,
): Promise<Response> {
  return redirect(await landingPage(userId, redirectTo), { headers: cookies });
}

/** The challenge page's URL, keeping a same-site `redirectTo` for after the second factor. */
export function twoFactorChallenge(redirectTo: string | null | undefined): string {
  const next = safeRedirect(redirectTo);
  return `/auth/two-factor${next ? `?redirectTo=${encodeURIComponent(next)}` : ""}`;
}

/**
 * The response to a passed first factor (password, emailed or texted code): the two-factor
 * challenge when the account has two-factor on, else `afterSignIn`.
 */
export async function afterFirstFactor(
  outcome: { ok: true; userId: string; headers: Headers } | { ok: "two-factor"; headers: Headers },
  redirectTo: string | null | undefined,
): Promise<Response> {
  if (outcome.ok === "two-factor")
    return redirect(twoFactorChallenge(redirectTo), { headers: outcome.headers });
  return afterSignIn(outcome.userId, redirectTo, outcome.headers);
}
