/**
 * The pages the build prerendered (react-router.config `prerender`), loaded once at start-up so
 * server.ts serves them as static files (DESIGN section 8: the request handler would otherwise
 * render them again). Plain Node: server.ts imports this file directly.
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

export interface PrerenderedPage {
  body: Buffer;
  /** strong validator of `body`, quoted */
  etag: string;
  /** CSP sources (`'sha256-…'`) of every inline script the page runs */
  scriptHashes: string[];
}

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/g;
const CANONICAL = /<link rel="canonical" href="([^"]+)"/;
/** the footer's phone link: its E.164 number and the text people read */
const PHONE_LINK = /<a href="tel:(\+\d+)"[^>]*>([^<]+)<\/a>/;
const MAIL_LINK = /<a href="mailto:([^"?]+)"/;

/** How to reach the company, as the root loader hands it over (features/catalog/company.ts). */
export interface PrerenderedContact {
  /** E.164 */
  phone: string;
  phoneDisplay: string;
  email: string;
}

/**
 * CSP hash sources of the inline scripts in `html`. Scripts with `src` need none ('self'), and
 * JSON-LD is a data block the browser never runs.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes = "", content = ""] of html.matchAll(SCRIPT)) {
    if (/\bsrc=/.test(attributes) || /type="application\/ld\+json"/.test(attributes)) continue;
    hashes.add(`'sha256-${createHash("sha256").update(content, "utf8").digest("base64")}'`);
  }
  return [...hashes];
}

/**
 * The page made for `publicUrl`: the build baked its own PUBLIC_URL into canonical links, Open
 * Graph tags, JSON-LD and the hydration data; when the server's differs, its origin replaces the
 * build's everywhere, so one build can be deployed under any address.
 */
export function withPublicOrigin(html: string, publicUrl: string): string {
  const builtWith = html.match(CANONICAL)?.[1];
  if (!builtWith) return html;
  const from = new URL(builtWith).origin;
  const to = new URL(publicUrl).origin;
  return from === to ? html : html.replaceAll(from, to);
}

/**
 * The page made for `contact`: the build baked the phone and e-mail of its own configuration
 * into the footer, the header, JSON-LD and the hydration data; the footer's links tell which they
 * were, and the server's (COMPANY_PHONE, COMPANY_EMAIL) replace them everywhere, so a phone set at
 * run time reaches the prerendered pages too.
 */
export function withCompanyContact(html: string, contact: PrerenderedContact): string {
  let result = html;
  const phone = html.match(PHONE_LINK);
  if (phone?.[1] && phone[2]) {
    const [, builtPhone, builtDisplay] = phone;
    if (builtPhone !== contact.phone) result = result.replaceAll(builtPhone, contact.phone);
    if (builtDisplay !== contact.phoneDisplay) {
      result = result.replaceAll(builtDisplay, contact.phoneDisplay);
    }
  }
  const builtEmail = html.match(MAIL_LINK)?.[1];
  if (builtEmail && builtEmail !== contact.email) {
    result = result.replaceAll(builtEmail, contact.email);
  }
  return result;
}

function findIndexFiles(dir: string, base = ""): string[] {
  const found: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory() && entry.name !== "assets") {
      found.push(...findIndexFiles(path.join(dir, entry.name), `${base}/${entry.name}`));
    } else if (entry.isFile() && entry.name === "index.html") {
      found.push(base || "/");
    }
  }
  return found;
}

/**
 * Every `index.html` under `clientDir` (the build's client output), keyed by its URL path
 * (`/`, `/products`, ...), rewritten for `publicUrl` and `contact` and with its script hashes
 * computed.
 */
export function loadPrerenderedPages(
  clientDir: string,
  publicUrl: string,
  contact: PrerenderedContact,
): Map<string, PrerenderedPage> {
  const pages = new Map<string, PrerenderedPage>();
  if (!fs.existsSync(clientDir)) return pages;
  for (const urlPath of findIndexFiles(clientDir)) {
    const file = path.join(clientDir, urlPath, "index.html");
    const html = withCompanyContact(
      withPublicOrigin(fs.readFileSync(file, "utf8"), publicUrl),
      contact,
    );
    const body = Buffer.from(html, "utf8");
    pages.set(urlPath, {
      body,
      etag: `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`,
      scriptHashes: inlineScriptHashes(html),
    });
  }
  return pages;
}

/**
 * True when the response depends on who asks, so the static copy must not be served: a signed-in
 * session (the page would forget the user), a pending flash notification (it would not show), or
 * Global Privacy Control (the tag manager decision is made per request).
 */
export function needsPersonalRender(cookieHeader: string | undefined, gpc: string | undefined) {
  if (gpc === "1") return true;
  if (!cookieHeader) return false;
  return /(?:^|;\s*)(?:__Host-|__Secure-)?(?:[\w.-]*session_token|toast)=/.test(cookieHeader);
}
