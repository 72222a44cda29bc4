import { describe, expect, it } from "vitest";
import { homeFor, safeRedirect } from "~/lib/session.server";

describe("where a user lands after sign-in (SPEC section 2)", () => {
  it("sends admins to the admin dashboard, named customers to their profile, others to setup", () => {
    expect(homeFor({ isAdmin: true, fullName: null })).toBe("/admin/dashboard");
    expect(homeFor({ isAdmin: false, fullName: "Ann Lee" })).toBe("/account/profile");
    expect(homeFor({ isAdmin: false, fullName: null })).toBe("/account/setup");
  });
});

describe("return-to-page after sign-in", () => {
  it("accepts this site's paths only", () => {
    expect(safeRedirect("/account/quotes?x=1")).toBe("/account/quotes?x=1");
    for (const target of [
      "https://evil.example/",
      "//evil.example",
      "/\\evil.example",
      "javascript:alert(1)",
      "",
      null,
    ]) {
      expect(safeRedirect(target)).toBeNull();
    }
  });
});
