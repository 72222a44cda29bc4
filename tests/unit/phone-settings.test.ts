/** Mobile numbers read with libphonenumber-js (US by default) and the SMS_* settings. */
import { describe, expect, it } from "vitest";
import {
  displayMobile,
  isNormalizedMobile,
  normalizeMobile,
} from "~/features/accounts/mobile-number.server";
import { loadEnv } from "~/lib/env.server";

const base = { AUTH_SECRET: "unit-test-secret-0123456789abcdefghij", DATA_DIR: "/nonexistent" };

describe("normalizeMobile", () => {
  it("reads US numbers as dialled and others with +, in E.164", () => {
    for (const typed of ["(801) 555-0123", "801-555-0123", "801.555.0123", "+1 801 555 0123"]) {
      expect(normalizeMobile(typed), typed).toBe("+18015550123");
    }
    expect(normalizeMobile("+44 20 7946 0958")).toBe("+442079460958");
  });

  it("refuses what is not a valid number", () => {
    for (const typed of [
      "",
      "   ",
      "801-555-01",
      "555-123-4567",
      "call me",
      "+1 801 555 0123 99 99",
    ]) {
      expect(normalizeMobile(typed), typed).toBeNull();
    }
  });

  it("accepts only E.164 as better-auth's stored form, and shows it as people write it", () => {
    expect(isNormalizedMobile("+18015550123")).toBe(true);
    expect(isNormalizedMobile("(801) 555-0123")).toBe(false);
    expect(displayMobile("+18015550123")).toBe("(801) 555-0123");
    expect(displayMobile("+442079460958")).toBe("+44 20 7946 0958");
  });
});

describe("SMS_* settings", () => {
  it("texts go to files without SMS_URL, in $DATA_DIR/sms", () => {
    const config = loadEnv({ ...base });
    expect(config.SMS_URL).toBeUndefined();
    expect(config.smsDir).toBe("/nonexistent/sms");
  });

  it("wants the account SID and token in SMS_URL, and SMS_FROM with it", () => {
    const url = "https://AC123:token@api.twilio.com";
    expect(loadEnv({ ...base, SMS_URL: url, SMS_FROM: "+18015550100" }).SMS_URL).toMatch(
      /^https:\/\/AC123:token@api\.twilio\.com\/?$/,
    );
    expect(() => loadEnv({ ...base, SMS_URL: url })).toThrow(/SMS_FROM/);
    expect(() =>
      loadEnv({ ...base, SMS_URL: "https://api.twilio.com", SMS_FROM: "+18015550100" }),
    ).toThrow(/SMS_URL: carries the account SID/);
    expect(() =>
      loadEnv({ ...base, SMS_URL: "ftp://a:b@example.com", SMS_FROM: "+18015550100" }),
    ).toThrow(/SMS_URL/);
  });
});
