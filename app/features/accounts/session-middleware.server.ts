/**
 * The root middleware that resolves the session cookie to the signed-in user (with their
 * profile), for `currentUser` / `requireUser` in app/lib/session.server.ts.
 */
import type { MiddlewareFunction } from "react-router";
import { isDatabaseUnavailable } from "~/lib/database-errors.server";
import { logger } from "~/lib/logger.server";
import { requestContext } from "~/lib/request-context";
import { SESSION_COOKIE_MARK, type SessionUser, userContext } from "~/lib/session.server";
import { auth, authHeaders, SESSION_ABSOLUTE_SECONDS } from "./auth.server";
import { getProfile } from "./profiles.server";

/** What a signed-in visitor reads when their session cannot be checked (a database outage). */
export const RECORDS_UNAVAILABLE_MESSAGE =
  "We could not reach your account just now. Please try again in a minute, or call us for emergency service.";

const getSessionWithHeaders = (headers: Headers) =>
  auth().api.getSession({ headers, returnHeaders: true });

/**
 * Root middleware: resolves the session cookie to a user (null for guests), ends sessions past
 * their absolute lifetime, and passes on refreshed session cookies. When the database is
 * unavailable: a quote POST goes on as a guest's (the form answers with its outage message and
 * keeps the answers), anything else answers 503 with RECORDS_UNAVAILABLE_MESSAGE.
 */
export const sessionMiddleware: MiddlewareFunction<Response> = async (
  { request, context },
  next,
) => {
  if (!request.headers.get("Cookie")?.includes(SESSION_COOKIE_MARK)) {
    context.set(userContext, null);
    return next();
  }
  const headers = authHeaders(request, context.get(requestContext).clientIp);
  let result: Awaited<ReturnType<typeof getSessionWithHeaders>>;
  try {
    result = await getSessionWithHeaders(headers);
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error;
    logger().warn({ err: error }, "session not resolved: the database is unavailable");
    // a quote request goes on as a guest's, so its answers come back with the outage message
    if (request.method === "POST" && new URL(request.url).pathname.startsWith("/quotes/")) {
      context.set(userContext, null);
      return next();
    }
    throw new Response(RECORDS_UNAVAILABLE_MESSAGE, {
      status: 503,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Retry-After": "60" },
    });
  }
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
