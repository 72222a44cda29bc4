import { env } from "./env.server";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Cross-site request forgery check for mutations (OWASP ASVS 5.0 V3.5): a POST must come from
 * this site's own origin (PUBLIC_URL or the host it was addressed to). Browsers always send
 * Origin or Sec-Fetch-Site on cross-site POSTs; requests carrying neither come from non-browser
 * clients, which cannot ride a visitor's cookies, and are let through.
 */
export function isSameOriginMutation(request: Request): boolean {
  if (SAFE_METHODS.has(request.method)) return true;
  const origin = request.headers.get("Origin");
  if (origin) {
    return origin === new URL(env().PUBLIC_URL).origin || origin === new URL(request.url).origin;
  }
  const site = request.headers.get("Sec-Fetch-Site");
  return !site || site === "same-origin" || site === "none";
}
