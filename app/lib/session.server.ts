/**
 * Who is asking: the signed-in user, read once per request by the root middleware, and the
 * guards loaders and actions use. Authorization happens here and in feature functions on the
 * server; anything in the browser is cosmetic.
 */
import {
  createContext,
  type MiddlewareFunction,
  type RouterContextProvider,
  redirect,
} from "react-router";
import { getProfile } from "~/features/accounts/profiles.server";
import { auth, authHeaders, SESSION_ABSOLUTE_SECONDS } from "./auth.server";
import { requestContext } from "./request-context";

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

/**
 * Root middleware: resolves the session cookie to a user (null for guests), ends sessions past
 * their absolute lifetime, and passes on refreshed session cookies.
 */
export const sessionMiddleware: MiddlewareFunction<Response> = async (
  { request, context },
  next,
) => {
  if (!request.headers.get("Cookie")?.includes("session_token")) {
    context.set(userContext, null);
    return next();
  }
  const headers = authHeaders(request, context.get(requestContext).clientIp);
  const result = await auth().api.getSession({ headers, returnHeaders: true });
  let user: SessionUser | null = null;
  const session = result.response;
  if (session) {
    const age = (Date.now() - new Date(session.session.createdAt).getTime()) / 1000;
    if (age > SESSION_ABSOLUTE_SECONDS) {
      await auth().api.revokeSession({ headers, body: { token: session.session.token } });
    } else {
      const profile = await getProfile(session.user.id);
      user = {
        id: session.user.id,
        email: session.user.email,
        emailVerified: session.user.emailVerified,
        fullName: profile?.full_name ?? null,
        isAdmin: profile?.is_admin ?? false,
        twoFactorEnabled: session.user.twoFactorEnabled === true,
        sessionId: session.session.id,
      };
    }
  }
  context.set(userContext, user);
  const response = await next();
  for (const cookie of result.headers.getSetCookie()) response.headers.append("Set-Cookie", cookie);
  return response;
};

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
