/**
 * New passwords are checked against passwords known from breaches (OWASP ASVS 5.0 V6.2.4, at
 * least the 3,000 most common; we ship about 49,000): the frequency-ranked list of zxcvbn-ts'
 * common dictionary, drawn from public breach corpora. It runs on the server only.
 */
import { dictionary } from "@zxcvbn-ts/language-common";

export const COMMON_PASSWORD_MESSAGE =
  "This password is too common and appears in lists of leaked passwords. Please choose another.";

let common: Set<string> | undefined;

/** Whether `password` (compared case-insensitively, spaces at the ends ignored) is a known one. */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary["passwords-common"].map((p) => p.toLowerCase()));
  return common.has(password.trim().toLowerCase());
}

/** The message to show next to a new password, or null when it may be used. */
export function commonPasswordError(password: string): string | null {
  return isCommonPassword(password) ? COMMON_PASSWORD_MESSAGE : null;
}
