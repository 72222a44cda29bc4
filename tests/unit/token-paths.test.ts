import { describe, expect, it } from "vitest";
import { isTrackedPath } from "~/features/analytics/events";
import { pageMeta } from "~/lib/seo";
import { isTokenPath, pathWithoutToken } from "~/lib/token-paths";

const metaFor = (pathname: string) =>
  pageMeta(
    {
      location: { pathname },
      matches: [{ id: "root", loaderData: { publicUrl: "https://x.example" } }],
    },
    { title: "T", description: "D" },
  );

describe("addresses that carry a token (docs/decisions/0132-token-paths-stay-private.md)", () => {
  it("are the status links (and their data URLs) and the links to come, not their neighbours", () => {
    for (const path of [
      "/quotes/status/abc_DEF-123",
      "/quotes/status/abc.data",
      "/estimates/tok",
      "/share/tok",
      "/records/tok",
      "/records/tok/files/0f0e",
      "/unsubscribe/tok",
    ]) {
      expect(isTokenPath(path), path).toBe(true);
      expect(isTrackedPath(path), path).toBe(false);
    }
    for (const path of [
      "/quotes/mold-remediation",
      "/quotes/status",
      "/estimates",
      "/blog/share",
    ]) {
      expect(isTokenPath(path), path).toBe(false);
    }
  });

  it("get no canonical or og:url and are noindex; other pages keep theirs", () => {
    const secret = JSON.stringify(metaFor("/quotes/status/abc_DEF-123"));
    expect(secret).not.toContain("abc_DEF-123");
    expect(secret).toContain("noindex");
    const open = JSON.stringify(metaFor("/products"));
    expect(open).toContain('"rel":"canonical","href":"https://x.example/products"');
    expect(open).toContain('"property":"og:url"');
  });

  it("leave browser error reports without their token", () => {
    expect(pathWithoutToken("/quotes/status/abc_DEF-123")).toBe("/quotes/status/:token");
    expect(pathWithoutToken("/blog/radon")).toBe("/blog/radon");
  });
});
