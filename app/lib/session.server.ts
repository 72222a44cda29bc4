/**
 * Who is asking: the signed-in user, read once per request by the root middleware
 * (features/accounts/session-middleware.server.ts), and the guards loaders and actions use.
 * Authorization happens here and in feature functions on the server; anything in the browser
 * is cosmetic.
 */
import { createContext, type RouterContextProvider, redirect } from "react-router";

export interface SessionUser {
  id: string;
  email: string;
  emailVerified: boolean;
  /** profiles.full_name; null until the profile is set up */
  fullName: string | null;
  /** profiles.is_admin: the one source of truth for admin rights */
  isAdmin: boolean;
  twoFactorEnabled: boolean;
  sessionId: string;
}

export const userContext = createContext<SessionUser | null>(null);

/** The signed-in user, or null. */
export function currentUser(context: Readonly<RouterContextProvider>): SessionUser | null {
  return context.get(userContext);
}

/**
 * The signed-in user; without one, redirects to sign-in, which returns here afterwards.
 * @throws a redirect Response to /auth/signin?redirectTo=<this page>.
 */
export function requireUser(
  request: Request,
  context: Readonly<RouterContextProvider>,
): SessionUser {
  const user = currentUser(context);
  if (!user) {
    const url = new URL(request.url);
    throw redirect(`/auth/signin?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
  }
  return user;
}

/** Where a user goes after signing in (SPEC section 2), unless they asked for a page. */
export function homeFor(user: Pick<SessionUser, "isAdmin" | "fullName">): string {
  if (user.isAdmin) return "/admin/dashboard";
  return user.fullName ? "/account/profile" : "/account/setup";
}

// the one redirect rule (issue 11 point 3), re-exported where sign-in code has always found it
export { safeRedirect } from "./safe-redirect.server";
