/** Staff single sign-on settings (SSO_*) and which emails they send to the company's provider. */
import { describe, expect, it } from "vitest";
import { isSsoEmail, ssoDomains } from "~/features/accounts/providers";
import { loadEnv } from "~/lib/env.server";

const base = { AUTH_SECRET: "unit-test-secret-0123456789abcdefghij", DATA_DIR: "/nonexistent" };
const sso = {
  SSO_DOMAINS: " Example-Remediation.com, other.example.org ,",
  SSO_ISSUER: "https://login.example-remediation.com",
  SSO_CLIENT_ID: "client",
  SSO_CLIENT_SECRET: "secret",
};

describe("SSO_* settings", () => {
  it("reads the domain list in lower case, and none when unset", () => {
    expect(ssoDomains(loadEnv({ ...base, ...sso }))).toEqual([
      "example-remediation.com",
      "other.example.org",
    ]);
    expect(ssoDomains(loadEnv({ ...base }))).toEqual([]);
  });

  it("wants all four settings or none, and real domains", () => {
    for (const missing of Object.keys(sso)) {
      const partial: Record<string, string> = { ...base, ...sso };
      delete partial[missing];
      expect(() => loadEnv(partial), missing).toThrow(/set SSO_DOMAINS, SSO_ISSUER/);
    }
    for (const domains of ["@example.com", "example", "exa mple.com", " , "]) {
      expect(() => loadEnv({ ...base, ...sso, SSO_DOMAINS: domains }), domains).toThrow(
        /SSO_DOMAINS/,
      );
    }
  });
});

describe("isSsoEmail", () => {
  const domains = ["example-remediation.com"];
  it("matches the domain after the last '@' exactly, in any case", () => {
    expect(isSsoEmail("Pat@Example-Remediation.COM", domains)).toBe(true);
    expect(isSsoEmail("pat@staff.example-remediation.com", domains)).toBe(false);
    expect(isSsoEmail("pat@example-remediation.com.evil.test", domains)).toBe(false);
    expect(isSsoEmail("example-remediation.com", domains)).toBe(false);
    expect(isSsoEmail("pat@example-remediation.com", [])).toBe(false);
  });
});
