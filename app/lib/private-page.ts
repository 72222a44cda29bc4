/**
 * How a private page or file is marked: every answer reached through a secret link (a quote's
 * status link, an estimate's, a record share link, an unsubscribe link) and every other answer
 * that shows one person's records. Never stored by a cache (OWASP ASVS 5.0 V14.3.2), never
 * indexed, and the address (the token) never sent on in a Referer. server.ts adds the same
 * Referrer-Policy to every token path as a safety net (lib/token-paths.ts).
 * docs/decisions/0186-one-way-to-mark-a-page-private.md. Client-safe (route modules import it).
 */

/** The headers of a private page, file or data answer. */
export const PRIVATE_PAGE_HEADERS = {
  "Cache-Control": "private, no-store",
  "X-Robots-Tag": "noindex, nofollow",
  "Referrer-Policy": "no-referrer",
} as const;

/** A route module's `headers` export for a private page: `export const headers = privatePage;`. */
export function privatePage(): typeof PRIVATE_PAGE_HEADERS {
  return PRIVATE_PAGE_HEADERS;
}
