import { describe, expect, it } from "vitest";
import { homeFor } from "~/features/accounts/after-sign-in.server";

describe("where a user lands after sign-in (SPEC section 2)", () => {
  it("sends admins to the admin dashboard, named customers to their profile, others to setup", () => {
    expect(homeFor({ isAdmin: true, fullName: null })).toBe("/admin/dashboard");
    expect(homeFor({ isAdmin: false, fullName: "Ann Lee" })).toBe("/account/profile");
    expect(homeFor({ isAdmin: false, fullName: null })).toBe("/account/setup");
  });
});
