import type { RequestHandler } from "express";
import { env } from "./env.server";
import { logSecurityEvent } from "./security-log.server";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** What the cross-site check reads of a request. */
export interface MutationOrigin {
  method: string;
  /** the origin the request was addressed to, e.g. "https://example.com" */
  requestOrigin: string;
  /** the Origin header, when sent */
  origin: string | null;
  /** the Sec-Fetch-Site header, when sent */
  secFetchSite: string | null;
}

/**
 * Cross-site request forgery check for mutations (OWASP ASVS 5.0 V3.5): a POST must come from
 * this site's own origin (PUBLIC_URL or the host it was addressed to). Browsers always send
 * Origin or Sec-Fetch-Site on cross-site POSTs; requests carrying neither come from non-browser
 * clients, which cannot ride a visitor's cookies, and are let through.
 */
export function isSameOriginMutation(request: MutationOrigin): boolean {
  if (SAFE_METHODS.has(request.method)) return true;
  // a page sent with `Referrer-Policy: no-referrer` (the token pages, lib/token-paths.ts) posts
  // its forms with `Origin: null` (Fetch standard, "append a request Origin header");
  // Sec-Fetch-Site, which no page can set, then tells whether the post is our own
  if (request.origin === "null") return request.secFetchSite === "same-origin";
  if (request.origin) {
    return (
      request.origin === new URL(env().PUBLIC_URL).origin ||
      request.origin === request.requestOrigin
    );
  }
  const site = request.secFetchSite;
  return !site || site === "same-origin" || site === "none";
}

/**
 * One-click unsubscribe links (`/unsubscribe/{token}`, RFC 8058): the mail provider or a webmail
 * page posts `List-Unsubscribe=One-Click` there from anywhere, without a session. The token is the
 * only authority and a forged post can only stop reminders, so cross-site posts are accepted.
 */
export const ONE_CLICK_UNSUBSCRIBE_PREFIX = "/unsubscribe/";

export const CROSS_SITE_MESSAGE = "This request came from another site and was refused.";

const refusalPage = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>Request refused</title></head>
<body style="font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem;line-height:1.5">
<h1>Request refused</h1><p>${CROSS_SITE_MESSAGE}</p><p><a href="/">Return Home</a></p></body></html>`;

/**
 * Express middleware refusing cross-site mutations before the router sees them (its own check
 * would answer an empty 400 and log an error): 403 with a plain page and one `csrf.refused`
 * security event (method, path, Origin, Sec-Fetch-Site; never the query or a cookie).
 */
export const refuseCrossSiteMutations: RequestHandler = (req, res, next) => {
  const forwardedHost = req.app.enabled("trust proxy") ? req.get("X-Forwarded-Host") : undefined;
  const request: MutationOrigin = {
    method: req.method,
    requestOrigin: `${req.protocol}://${forwardedHost ?? req.get("host") ?? ""}`,
    origin: req.get("Origin") ?? null,
    secFetchSite: req.get("Sec-Fetch-Site") ?? null,
  };
  if (req.path.startsWith(ONE_CLICK_UNSUBSCRIBE_PREFIX) && !isSameOriginMutation(request)) {
    // the router refuses a foreign Origin on its own (React Router's action origin check)
    req.headers.origin = request.requestOrigin;
    return next();
  }
  if (isSameOriginMutation(request)) {
    // the router refuses `Origin: null` on its own; the post was shown to be ours above
    if (request.origin === "null") req.headers.origin = request.requestOrigin;
    return next();
  }
  logSecurityEvent(
    "csrf.refused",
    {
      clientIp: req.ip ?? null,
      requestId: (res.locals.requestId as string | undefined) ?? null,
      method: req.method,
      path: req.path,
      origin: request.origin,
      secFetchSite: request.secFetchSite,
    },
    "warn",
  );
  res.status(403).set("Cache-Control", "no-store").type("html").send(refusalPage);
};
