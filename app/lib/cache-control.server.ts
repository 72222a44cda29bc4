import type { MiddlewareFunction } from "react-router";
import { currentUser } from "./session.server";

const AUTH_PATHS = /^\/(api\/)?auth(\/|$)/;
/** Uploaded images: the same bytes for everyone under a content-hashed name, cached for a year. */
const PUBLIC_FILES = /^\/uploads\//;

/**
 * Root middleware, after the session middleware: every response to a signed-in user, and every
 * /auth page and /api/auth answer (forms, tokens, session data), carries `Cache-Control: no-store`
 * so that no shared or back-button cache keeps a copy (OWASP ASVS 5.0 V14.3.2). Uploaded images
 * (/uploads/) are the same for everyone and keep their own long-lived caching.
 */
export const noStoreForPrivateResponses: MiddlewareFunction<Response> = async (
  { request, context },
  next,
) => {
  const response = await next();
  const path = new URL(request.url).pathname;
  if (PUBLIC_FILES.test(path)) return response;
  // a response that is no-store already keeps its own words (e.g. private files: "private, no-store")
  const already = /\bno-store\b/.test(response.headers.get("Cache-Control") ?? "");
  if (!already && (currentUser(context) || AUTH_PATHS.test(path))) {
    response.headers.set("Cache-Control", "no-store");
  }
  return response;
};
