/**
 * The root middleware that resolves the session cookie to the signed-in user (with their
 * profile), for `currentUser` / `requireUser` in app/lib/session.server.ts.
 */
import type { MiddlewareFunction } from "react-router";
import { requestContext } from "~/lib/request-context";
import { type SessionUser, userContext } from "~/lib/session.server";
import { auth, authHeaders, SESSION_ABSOLUTE_SECONDS } from "./auth.server";
import { getProfile } from "./profiles.server";

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
        signedInAt: new Date(session.session.createdAt),
      };
    }
  }
  context.set(userContext, user);
  const response = await next();
  for (const cookie of result.headers.getSetCookie()) response.headers.append("Set-Cookie", cookie);
  return response;
};
