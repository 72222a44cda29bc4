/**
 * Memo of server-rendered HTML for visitors without a session. React's render is a pure function
 * of the URL, the status and the loaders' data (plus the CSP nonce and a form's key, swapped in
 * per response), so
 * two guests asking for the same quote form or blog page with the same data get the same bytes:
 * the loaders still run on every request (session, rate limits, fresh data), only React's
 * rendering of identical data is not repeated. Signed-in users, responses that set cookies,
 * errors and anything not plain JSON are always rendered afresh.
 */
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { LRUCache } from "lru-cache";

/** Stands for the nonce in cached HTML: 128 random bits, so it can match nothing else. */
export const NONCE_PLACEHOLDER = randomBytes(16).toString("base64url");

/**
 * Stands for a form's per-response key (a quote form's idempotency key) in cached HTML: a UUID
 * made at start-up, replaced by a fresh one in every response, so two guests served the same
 * cached form never share a key.
 */
export const FORM_KEY_PLACEHOLDER = randomUUID();

const cache = new LRUCache<string, string>({
  // about 30-60 KB a page: at most ~16 MB, whatever the number of URLs asked for
  maxSize: 16 * 1024 * 1024,
  sizeCalculation: (html) => html.length || 1,
  // render-time values that are not loader data (the footer's year) are at most this old
  ttl: 10 * 60 * 1000,
});

export interface RenderInput {
  request: Request;
  status: number;
  headers: Headers;
  /** build version: a new build renders other script URLs */
  version: string;
  loaderData: unknown;
  actionData: unknown;
  errors: unknown;
  signedIn: boolean;
}

function plainJson(value: unknown): string | null {
  try {
    return JSON.stringify(value, (_key, item: unknown) => {
      if (typeof item === "function" || item instanceof Promise) throw new Error("not plain");
      return item;
    });
  } catch {
    return null;
  }
}

/**
 * The cache key of a render (sha-256 over version, URL, status and loader data), or null when
 * the response must be rendered for this request alone: not a GET, signed in, an error, action
 * data, a Set-Cookie header, or loader data that is not plain JSON (deferred promises).
 */
export function renderCacheKey(input: RenderInput): string | null {
  if (input.request.method.toUpperCase() !== "GET" || input.signedIn) return null;
  if (input.errors || (input.actionData !== undefined && input.actionData !== null)) return null;
  if (input.headers.has("Set-Cookie")) return null;
  const data = plainJson(input.loaderData);
  if (data === null) return null;
  return createHash("sha256")
    .update(`${input.version}\n${input.status}\n${input.request.url}\n${data}`)
    .digest("base64url");
}

/** The cached HTML of `key` (with the placeholder nonce), if any. */
export function cachedRender(key: string): string | undefined {
  return cache.get(key);
}

/** Keeps `html`, rendered with NONCE_PLACEHOLDER as its nonce, under `key`. */
export function storeRender(key: string, html: string): void {
  cache.set(key, html);
}

/** `html` with this response's nonce in place of the placeholder, and a fresh form key. */
export function withNonce(html: string, nonce: string): string {
  return html.replaceAll(NONCE_PLACEHOLDER, nonce).replaceAll(FORM_KEY_PLACEHOLDER, randomUUID());
}
