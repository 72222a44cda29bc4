/**
 * Mobile numbers: E.164 normalisation and validation with libphonenumber-js (US numbers by
 * default, so "(801) 555-0123" is +18015550123), and the words of a texted code.
 * Relative imports: auth.server.ts uses it, and the `auth` CLI loads that without our aliases.
 */
import { parsePhoneNumberFromString } from "libphonenumber-js";
import { company } from "../catalog/company";

/** The country a number without a +country code is read in. */
export const DEFAULT_PHONE_COUNTRY = "US";

/** How long a texted code works (sign-in, confirming a number, second factor). */
export const SMS_CODE_MINUTES = 10;

/**
 * `input` as an E.164 number ("+18015550123"), or null when libphonenumber-js finds it is not a
 * valid number (wrong length, unknown area code, letters...). Numbers without "+" are read as US.
 */
export function normalizeMobile(input: string): string | null {
  const trimmed = input.trim();
  if (trimmed.length === 0 || trimmed.length > 40) return null;
  const parsed = parsePhoneNumberFromString(trimmed, DEFAULT_PHONE_COUNTRY);
  return parsed?.isValid() ? parsed.number : null;
}

/** Whether `phoneNumber` is already a valid number in E.164 form (better-auth's validator). */
export function isNormalizedMobile(phoneNumber: string): boolean {
  return normalizeMobile(phoneNumber) === phoneNumber;
}

/** The number for people: "(801) 555-0123" at home, "+44 20 7946 0958" abroad. */
export function displayMobile(phoneNumber: string): string {
  const parsed = parsePhoneNumberFromString(phoneNumber);
  if (!parsed) return phoneNumber;
  return parsed.country === DEFAULT_PHONE_COUNTRY
    ? parsed.formatNational()
    : parsed.formatInternational();
}

/** The last 4 digits, for "a code went to your number ending in 0123". */
export function mobileEnding(phoneNumber: string): string {
  return phoneNumber.slice(-4);
}

/** The words of a text carrying a one-time code (no link: texts are easy to spoof). */
export function smsCodeText(code: string): string {
  return `Your ${company.name} code is ${code}. It works for ${SMS_CODE_MINUTES} minutes. If you did not ask for it, ignore this text.`;
}
