import { describe, expect, it } from "vitest";
import {
  cachedRender,
  NONCE_PLACEHOLDER,
  type RenderInput,
  renderCacheKey,
  storeRender,
  withNonce,
} from "~/lib/render-cache.server";

const guestPage = (overrides: Partial<RenderInput> = {}): RenderInput => ({
  request: new Request("http://localhost:3000/quotes/mold-remediation"),
  status: 200,
  headers: new Headers(),
  version: "v1",
  loaderData: { root: { signedIn: false }, "routes/quotes/request": { backHref: "/products" } },
  actionData: null,
  errors: null,
  signedIn: false,
  ...overrides,
});

describe("render cache keys", () => {
  it("gives the same page with the same data the same key, and other data, URL or build another", () => {
    const key = renderCacheKey(guestPage());
    expect(key).toMatch(/^[\w-]{43}$/);
    expect(renderCacheKey(guestPage())).toBe(key);
    const others = [
      guestPage({
        loaderData: { root: { signedIn: false }, "routes/quotes/request": { backHref: "/" } },
      }),
      guestPage({ request: new Request("http://localhost:3000/quotes/mold-remediation?x=1") }),
      guestPage({ version: "v2" }),
      guestPage({ status: 404 }),
    ].map(renderCacheKey);
    expect(new Set([key, ...others]).size).toBe(5);
  });

  it("never caches a signed-in page, a POST, an error, action data, a Set-Cookie or deferred data", () => {
    const cookie = new Headers({ "Set-Cookie": "toast=; Max-Age=0" });
    for (const input of [
      guestPage({ signedIn: true }),
      guestPage({
        request: new Request("http://localhost:3000/quotes/mold-remediation", { method: "POST" }),
      }),
      guestPage({ errors: { root: new Error("boom") } }),
      guestPage({ actionData: { "routes/quotes/request": { status: "error" } } }),
      guestPage({ headers: cookie }),
      guestPage({ loaderData: { "routes/blog/index": { posts: Promise.resolve([]) } } }),
    ]) {
      expect(renderCacheKey(input)).toBeNull();
    }
  });

  it("keeps a render with the placeholder nonce and gives each response its own nonce", () => {
    const key = renderCacheKey(guestPage({ version: "nonce-test" })) as string;
    expect(cachedRender(key)).toBeUndefined();
    storeRender(
      key,
      `<script nonce="${NONCE_PLACEHOLDER}">a()</script><script nonce="${NONCE_PLACEHOLDER}"></script>`,
    );
    const html = cachedRender(key) as string;
    expect(withNonce(html, "abc")).toBe(
      '<script nonce="abc">a()</script><script nonce="abc"></script>',
    );
    expect(withNonce(html, "xyz")).not.toContain("abc");
  });
});
