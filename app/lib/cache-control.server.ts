import type { MiddlewareFunction } from "react-router";
import { currentUser } from "./session.server";

const AUTH_PATHS = /^\/(api\/)?auth(\/|$)/;

/**
 * Root middleware, after the session middleware: every response to a signed-in user, and every
 * /auth page and /api/auth answer (forms, tokens, session data), carries `Cache-Control: no-store`
 * so that no shared or back-button cache keeps a copy (OWASP ASVS 5.0 V14.3.2).
 */
export const noStoreForPrivateResponses: MiddlewareFunction<Response> = async (
  { request, context },
  next,
) => {
  const response = await next();
  if (currentUser(context) || AUTH_PATHS.test(new URL(request.url).pathname)) {
    response.headers.set("Cache-Control", "no-store");
  }
  return response;
};
