import { createHash } from "node:crypto";

/**
 * A weak ETag for a server-rendered public blog page (GET /blog..., status 200), or null for any
 * other response. The HTML differs between two requests only by the CSP nonce, so the tag
 * covers what the page shows: every route's loader data (including the root's signed-in state)
 * and the build version (the scripts and styles the page references).
 */
export function blogPageETag(
  request: Request,
  status: number,
  loaderData: unknown,
  buildVersion: string,
): string | null {
  if (status !== 200 || !["GET", "HEAD"].includes(request.method.toUpperCase())) return null;
  const { pathname } = new URL(request.url);
  if (!/^\/blog(\/|$)/.test(pathname)) return null;
  return weakETag(`${buildVersion}\n${JSON.stringify(loaderData)}`);
}

/** W/"<sha-256 of body, base64url>". */
export function weakETag(body: string): string {
  return `W/"${createHash("sha256").update(body).digest("base64url")}"`;
}

/**
 * Whether an If-None-Match header matches `etag` (weak comparison, RFC 9110 section 13.1.2):
 * "*" or any listed tag equal to it once the W/ prefix is ignored.
 */
export function ifNoneMatchHits(header: string | null, etag: string): boolean {
  if (!header) return false;
  const opaque = etag.replace(/^W\//, "");
  return header
    .split(",")
    .map((t) => t.trim())
    .some((t) => t === "*" || t.replace(/^W\//, "") === opaque);
}
