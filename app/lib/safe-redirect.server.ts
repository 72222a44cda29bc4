/**
 * The one rule for redirect targets taken from a request (a `redirectTo` query or form field, a
 * Referer header): only a path on this site is followed, anything else gives way to a default.
 * OWASP ASVS 5.0 V3.7.2 (redirects only to allowed destinations);
 * docs/decisions/0041-one-redirect-rule.md.
 */
import { env } from "./env.server";

const MAX_LENGTH = 2048;
// C0 and C1 controls, DEL, backslash, and the line and paragraph separators: browsers drop or
// reinterpret these (`/\t/evil.example` becomes `//evil.example`), so none is ever accepted.
// biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\\\u2028\u2029]/;

/**
 * `target` as a same-origin path (`/path?query#hash`), or `fallback` when it is anything else.
 * Accepted: a path starting with a single `/`, or an absolute URL on `origin` (a Referer), with
 * no control character, backslash or user info, also once percent-decoded (so `/%09/x` and
 * `/%2F/x` are refused), and not scheme-relative (`//host`) before or after `URL` normalises it
 * (`/.//host` would become `//host`). A data URL (`/page.data`) is taken as its page (`pagePath`).
 * @param target the untrusted value (null/undefined/non-strings are refused)
 * @param fallback where to go instead: a constant path chosen by the caller, or null
 * @param origin the site's origin; defaults to PUBLIC_URL's
 */
export function safeRedirect(target: unknown, fallback: string, origin?: string): string;
export function safeRedirect(target: unknown, fallback?: null, origin?: string): string | null;
export function safeRedirect(
  target: unknown,
  fallback: string | null = null,
  origin: string = new URL(env().PUBLIC_URL).origin,
): string | null {
  return sameOriginPath(target, origin) ?? fallback;
}

function sameOriginPath(target: unknown, origin: string): string | null {
  if (typeof target !== "string" || target.length === 0 || target.length > MAX_LENGTH) return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(target);
  } catch {
    return null;
  }
  if (UNSAFE.test(target) || UNSAFE.test(decoded)) return null;
  if (target.startsWith("//") || decoded.startsWith("//")) return null;
  // a path, or an absolute URL (a Referer); anything else ("evil.example", "javascript:...") is not
  if (!target.startsWith("/") && !/^https?:\/\/[^/]/i.test(target)) return null;
  let url: URL;
  try {
    url = new URL(target, origin);
  } catch {
    return null;
  }
  if (url.origin !== origin || url.username || url.password) return null;
  const path = `${pagePath(url)}${url.hash}`;
  return path.startsWith("/") && !path.startsWith("//") ? path : null;
}

/**
 * The page `url` is for, as a path with its query: React Router's data request for a page
 * (`/account/properties.data`, `/_.data` for the home page, with a `_routes` parameter) is turned
 * into the page's own path (`/account/properties`; its `_routes` and `index` parameters dropped), so a redirect built from a request, or taken
 * from one, never sends a browser to a data URL (React Router treats every path ending in `.data`
 * as a data request, so no page has such a path).
 */
export function pagePath(url: URL): string {
  let pathname = url.pathname;
  let search = url.search;
  if (pathname.endsWith(".data")) {
    pathname = pathname.endsWith("/_.data")
      ? pathname.slice(0, -"_.data".length)
      : pathname.slice(0, -".data".length);
    if (pathname === "") pathname = "/";
    // React Router's own parameters (which routes to load, the index route's action) go; the
    // page's own query stays as it was written
    const kept = search
      .slice(1)
      .split("&")
      .filter((pair) => pair !== "" && !/^(?:_routes|index)(?:=|$)/.test(pair));
    search = kept.length > 0 ? `?${kept.join("&")}` : "";
  }
  return `${pathname}${search}`;
}
