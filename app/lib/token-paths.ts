/**
 * Pages whose address carries a secret: whoever holds the link may see the page (a quote's status
 * link now; an estimate's, share and unsubscribe links as they come). One list, read by the data
 * layer (no page view or event is pushed), page metadata (no canonical or og:url), server.ts
 * (`Referrer-Policy: no-referrer`, so the address never leaves in a Referer) and the browser's
 * error reports (`pathWithoutToken`).
 * docs/decisions/0132-token-paths-stay-private.md. Plain Node: server.ts imports this file directly.
 */

/** Prefixes followed by a token: `/quotes/status/{token}`, `/estimates/{token}`, ... */
export const tokenPathPrefixes = [
  "/quotes/status/",
  "/estimates/",
  "/share/",
  "/records/",
  "/unsubscribe/",
  "/invoices/",
  "/reviews/",
  "/jobs/",
] as const;

/** True for a path under a token prefix (its data URL `<path>.data` included). */
export function isTokenPath(pathname: string): boolean {
  return tokenPathPrefixes.some((prefix) => pathname.startsWith(prefix));
}

/** `pathname` with the token of a token path replaced by `:token` (for logs and reports). */
export function pathWithoutToken(pathname: string): string {
  const prefix = tokenPathPrefixes.find((p) => pathname.startsWith(p));
  return prefix ? `${prefix}:token` : pathname;
}
