import { describe, expect, it } from "vitest";
import { safeRedirect } from "~/lib/safe-redirect.server";

const ORIGIN = "https://remediation.example";

// Known open-redirect payloads (OWASP's unvalidated-redirects cheat sheet, PayloadsAllTheThings'
// "Open Redirect" list, and the issue's own finding), each of which a browser or a proxy can turn
// into a trip to another host or a script.
const payloads = [
  "//evil.example",
  "///evil.example",
  "////evil.example/path",
  "/\\evil.example",
  "/\\/evil.example",
  "\\\\evil.example",
  "\\/evil.example",
  "/%09/evil.example",
  "/\t/evil.example",
  "/\n/evil.example",
  "/\r\n/evil.example",
  "/%0a/evil.example",
  "/%0d/evil.example",
  "/%00/evil.example",
  "/%2F/evil.example",
  "/%2f%2fevil.example",
  "/%5C/evil.example",
  "/%5cevil.example",
  "%2F%2Fevil.example",
  "/.//evil.example",
  "/a/..//evil.example",
  " //evil.example",
  "\t//evil.example",
  "https://evil.example/",
  "http://evil.example",
  "HTTPS://evil.example/account",
  "https:evil.example",
  "https:/evil.example",
  "//evil.example@remediation.example",
  "https://remediation.example@evil.example/",
  "https://remediation.example.evil.example/",
  "https://user:pass@remediation.example/account",
  "http://remediation.example/account",
  "https://remediation.example:8443/account",
  "javascript:alert(1)",
  "JavaScript:alert(document.domain)",
  "%09//evil.example",
  "java\tscript:alert(1)",
  "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
  "vbscript:msgbox(1)",
  "evil.example",
  "account/profile",
  "/\u2028/evil.example",
  "/\u0085/evil.example",
  "/%E2%80%A8/evil.example",
  "/%",
  `/${"a".repeat(3000)}`,
  "",
];

const safe: [string, string][] = [
  ["/", "/"],
  ["/account/profile", "/account/profile"],
  ["/account/quotes?status=pending&page=2", "/account/quotes?status=pending&page=2"],
  ["/blog/radon-basics#testing", "/blog/radon-basics#testing"],
  ["/quotes/mold-remediation?from=home#contact", "/quotes/mold-remediation?from=home#contact"],
  ["/search?q=http://evil.example", "/search?q=http://evil.example"],
  ["/@evil.example", "/@evil.example"],
  ["/a/../account", "/account"],
  // a Referer: an absolute URL on this site becomes its path, query and hash
  ["https://remediation.example/water-filtration?x=1#top", "/water-filtration?x=1#top"],
  ["https://remediation.example", "/"],
  // React Router's data URLs are taken as their pages (issue 16: sign-in landed on a 404)
  ["/account/properties.data", "/account/properties"],
  [
    "/admin/quotes.data?status=pending&_routes=routes%2Fadmin%2Fquotes",
    "/admin/quotes?status=pending",
  ],
  ["/_.data", "/"],
  ["https://remediation.example/account.data?index", "/account"],
];

describe("the one redirect rule (docs/decisions/0041-one-redirect-rule.md)", () => {
  it(`refuses ${payloads.length} known open-redirect payloads`, () => {
    expect(payloads.length).toBeGreaterThanOrEqual(30);
    for (const target of payloads) {
      expect(safeRedirect(target, null, ORIGIN), JSON.stringify(target)).toBeNull();
      expect(safeRedirect(target, "/home", ORIGIN), JSON.stringify(target)).toBe("/home");
    }
  });

  it("refuses what is not a string", () => {
    for (const target of [null, undefined, 42, ["/account"], { toString: () => "/account" }]) {
      expect(safeRedirect(target, "/", ORIGIN)).toBe("/");
    }
  });

  it("keeps this site's paths with their query and hash", () => {
    for (const [target, expected] of safe) {
      expect(safeRedirect(target, "/home", ORIGIN), target).toBe(expected);
    }
  });

  it("never returns something a browser would read as another host", () => {
    for (const target of [...payloads, ...safe.map(([t]) => t)]) {
      const result = safeRedirect(target, "/", ORIGIN);
      expect(new URL(result, ORIGIN).origin).toBe(ORIGIN);
      expect(result).toMatch(/^\/(?![/\\])/);
    }
  });
});
