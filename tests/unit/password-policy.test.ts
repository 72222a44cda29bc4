import fs from "node:fs";
import { dictionary } from "@zxcvbn-ts/language-common";
import { describe, expect, it } from "vitest";
import {
  COMMON_PASSWORD_MESSAGE,
  commonPasswordError,
  isCommonPassword,
} from "~/features/accounts/password-policy.server";

describe("the common-password list shipped with the app (ASVS V6.2.4)", () => {
  it("refuses at least the 10,000 most common passwords", () => {
    const refused = new Set(
      dictionary["passwords-common"]
        .filter((password) => isCommonPassword(password))
        .map((password) => password.toLowerCase()),
    );
    expect(refused.size).toBeGreaterThanOrEqual(10_000);
    // the list is frequency-ranked: the first 10,000 are all in
    for (const password of dictionary["passwords-common"].slice(0, 10_000)) {
      expect(isCommonPassword(password), password).toBe(true);
    }
  });

  it("refuses well-known ones whatever their case or surrounding spaces, with the documented message", () => {
    for (const password of ["password1", "qwerty123", "iloveyou", "Password1", " QWERTY123 "]) {
      expect(commonPasswordError(password), password).toBe(COMMON_PASSWORD_MESSAGE);
    }
    expect(commonPasswordError("correct horse 42")).toBeNull();
    const decisions = fs.readFileSync("docs/decisions/0054-common-passwords.md", "utf8");
    expect(decisions).toContain(`"${COMMON_PASSWORD_MESSAGE}"`);
  });
});
