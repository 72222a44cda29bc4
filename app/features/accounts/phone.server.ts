/**
 * Mobile numbers and texted codes through better-auth's phoneNumber plugin and its two-factor
 * OTP (auth.server.ts): a customer adds a number on the profile and confirms it with a texted
 * code; a confirmed number then signs in with a texted code ('Text me a sign-in code') and takes
 * a texted code as the second factor beside the authenticator app.
 * Every function is rate limited before better-auth is asked (auth-limits.server.ts: codes sent
 * 3 per hour per number and 5 per client, checks 5 per minute per client and 10 per hour per
 * number; docs/decisions/0147-phone-limits.md), so a limited request sends no text, and its
 * answers never tell whether a number has an account (OWASP ASVS 5.0 V6.3.8).
 */
import { APIError } from "better-auth/api";
import { and, eq } from "drizzle-orm";
import { twoFactor, user as users } from "~/db/schema";
import { db } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { logger } from "~/lib/logger.server";
import { refusal } from "~/lib/refusal.server";
import { maskedNumber } from "~/lib/sms.server";
import { runAccountStep } from "./account-step.server";
import { auth } from "./auth.server";
import { consumeAuthLimit } from "./auth-limits.server";
import { mobileEnding, normalizeMobile } from "./mobile-number.server";
import { isSsoEmail, ssoDomains } from "./providers";
import { pendingChallengeUser, type SecondFactorOutcome } from "./security.server";
import { type FirstFactorOutcome, firstFactorOutcome, logAuthEvent } from "./sign-in.server";

/** A refusal that belongs next to the mobile number field (`field`) or to the whole form. */
export type PhoneFailure = { ok: false; status: number; message: string; field?: "phoneNumber" };

export const INVALID_MOBILE = "Enter a valid mobile number, such as (801) 555-0123";
export const INVALID_SMS_CODE = "That code is not valid or has expired. Please request a new one.";
const NOT_A_MOBILE: PhoneFailure = {
  ok: false,
  status: 400,
  message: INVALID_MOBILE,
  field: "phoneNumber",
};
const NO_CONFIRMED_MOBILE = refusal(400, "Add and confirm a mobile number first.");
const ALREADY_YOURS = "This is already your mobile number.";
const TAKEN =
  "This number is on another account. Remove it there first, or use a different number.";
const UNEXPECTED = "An unexpected error occurred. Please try again.";

/** The account's confirmed mobile number (E.164), or null. */
export async function confirmedMobileOf(userId: string): Promise<string | null> {
  const [row] = await db
    .select({ phoneNumber: users.phoneNumber, verified: users.phoneNumberVerified })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row?.phoneNumber && row.verified ? row.phoneNumber : null;
}

/**
 * The account a confirmed `phoneNumber` signs in, or null: none has it, or it belongs to a staff
 * (SSO_DOMAINS) account, which signs in only through the company's provider.
 */
async function signInAccountFor(phoneNumber: string, headers: Headers): Promise<string | null> {
  const [row] = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(and(eq(users.phoneNumber, phoneNumber), eq(users.phoneNumberVerified, true)))
    .limit(1);
  if (!row) return null;
  if (isSsoEmail(row.email, ssoDomains(env()))) {
    logAuthEvent("sso.refused", headers, { userId: row.id, method: "sms_code" }, "warn");
    return null;
  }
  return row.id;
}

function unexpected(error: unknown): PhoneFailure {
  logger().error({ err: error }, "texted code step failed unexpectedly");
  return { ok: false, status: 500, message: UNEXPECTED };
}

/**
 * better-auth's check of a texted second-factor `code`: the session cookies and the user.
 * @throws better-auth's APIError for a wrong or expired code
 */
const verifyTextedSecondFactor = (code: string, headers: Headers) =>
  auth().api.verifyTwoFactorOTP({ body: { code }, headers, returnHeaders: true });

const codeOf = (error: unknown) =>
  error instanceof APIError ? (error.body as { code?: string } | undefined)?.code : undefined;

/**
 * Texts a code to `phoneNumber` (E.164) for the signed-in or challenged `userId`, within the
 * per-number "sms-code-request" limit: logs `sms_code.refused` (rate_limit) or `sms_code.sent`
 * (masked number) with `purpose`. `send` is the better-auth call that sends it; `onError` answers
 * its failure (by default a logged 500).
 * @returns null once sent, or the refusal (429 limited, or what `onError` answered).
 */
async function textLimitedCode(
  headers: Headers,
  phoneNumber: string,
  event: { userId: string; purpose: "confirm" | "two_factor" | "two_factor_setup" },
  send: () => Promise<unknown>,
  onError: (error: unknown) => PhoneFailure = unexpected,
): Promise<PhoneFailure | null> {
  const limited = await consumeAuthLimit("sms-code-request", headers, phoneNumber);
  if (limited) {
    logAuthEvent("sms_code.refused", headers, { ...event, reason: "rate_limit" });
    return limited;
  }
  try {
    await send();
  } catch (error) {
    return onError(error);
  }
  logAuthEvent("sms_code.sent", headers, { ...event, to: maskedNumber(phoneNumber) });
  return null;
}

/**
 * Texts a code that confirms `input` as the signed-in `userId`'s mobile number (profile 'Add').
 * The code goes to the number whether or not another account has it: only its holder learns
 * that, after the code (`confirmMobileNumber`).
 * @returns the E.164 number the code went to, or the refusal (400 invalid number or already
 *   this account's, 429 limited with the wait).
 */
export async function sendMobileConfirmation(
  userId: string,
  input: string,
  headers: Headers,
): Promise<{ ok: true; phoneNumber: string } | PhoneFailure> {
  const phoneNumber = normalizeMobile(input);
  if (!phoneNumber) return NOT_A_MOBILE;
  if ((await confirmedMobileOf(userId)) === phoneNumber) {
    return { ok: false, status: 400, message: ALREADY_YOURS, field: "phoneNumber" };
  }
  const refused = await textLimitedCode(headers, phoneNumber, { userId, purpose: "confirm" }, () =>
    auth().api.sendPhoneNumberOTP({ body: { phoneNumber }, headers }),
  );
  return refused ?? { ok: true, phoneNumber };
}

/**
 * Makes `phoneNumber` (E.164, as `sendMobileConfirmation` answered) the signed-in account's
 * confirmed mobile number with the texted `code`; better-auth sets it only then.
 * @returns done, or the refusal (400 wrong/expired code or a number on another account, 429).
 */
export async function confirmMobileNumber(
  userId: string,
  phoneNumber: string,
  code: string,
  headers: Headers,
): Promise<{ ok: true } | PhoneFailure> {
  if (normalizeMobile(phoneNumber) !== phoneNumber)
    return { ok: false, status: 400, message: INVALID_MOBILE };
  const limited = await consumeAuthLimit("sms-code-check", headers, phoneNumber);
  if (limited) return limited;
  try {
    await auth().api.verifyPhoneNumber({
      body: { phoneNumber, code, updatePhoneNumber: true, disableSession: true },
      headers,
    });
  } catch (error) {
    if (!(error instanceof APIError)) return unexpected(error);
    const taken = codeOf(error) === "PHONE_NUMBER_EXIST";
    logAuthEvent(
      "phone.confirm_failure",
      headers,
      { userId, reason: taken ? "number_on_another_account" : "invalid_code" },
      "warn",
    );
    return { ok: false, status: 400, message: taken ? TAKEN : INVALID_SMS_CODE };
  }
  logAuthEvent("phone.added", headers, { userId, to: maskedNumber(phoneNumber) });
  return { ok: true };
}

/**
 * Removes the signed-in `userId`'s mobile number. Refused while two-factor is on with texted
 * codes as its only factor (no confirmed authenticator app): the account would be left with
 * its backup codes alone. Turning two-factor off first asks for the password.
 * @returns ok, or the refusal (409) to show.
 */
export async function removeMobileNumber(
  userId: string,
  headers: Headers,
): Promise<{ ok: true } | PhoneFailure> {
  const [row] = await db
    .select({ enabled: users.twoFactorEnabled, appConfirmed: twoFactor.verified })
    .from(users)
    .leftJoin(twoFactor, eq(twoFactor.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  if (row?.enabled && row.appConfirmed !== true) {
    return {
      ok: false,
      status: 409,
      message:
        "Your sign-in codes come to this number. Turn off two-factor first, or set it up with an authenticator app.",
    };
  }
  await db
    .update(users)
    .set({ phoneNumber: null, phoneNumberVerified: false })
    .where(eq(users.id, userId));
  logAuthEvent("phone.removed", headers, { userId });
  return { ok: true };
}

/**
 * 'Text me a sign-in code': texts a code to `input` when it is an account's confirmed number, and
 * answers the same when it is not (nothing is sent then).
 * @returns the E.164 number to show on the code step, or the refusal (400 invalid number, 429).
 */
export async function sendSmsSignInCode(
  input: string,
  headers: Headers,
): Promise<{ ok: true; phoneNumber: string } | PhoneFailure> {
  const phoneNumber = normalizeMobile(input);
  if (!phoneNumber) return NOT_A_MOBILE;
  const to = maskedNumber(phoneNumber);
  const limited = await consumeAuthLimit("sms-code-request", headers, phoneNumber);
  if (limited) {
    logAuthEvent("sms_code.refused", headers, { purpose: "sign_in", reason: "rate_limit", to });
    return limited;
  }
  try {
    const userId = await signInAccountFor(phoneNumber, headers);
    if (!userId) {
      logAuthEvent("sms_code.refused", headers, { purpose: "sign_in", reason: "no_account", to });
      return { ok: true, phoneNumber };
    }
    await auth().api.sendPhoneNumberOTP({ body: { phoneNumber }, headers });
    logAuthEvent("sms_code.sent", headers, { userId, purpose: "sign_in", to });
    return { ok: true, phoneNumber };
  } catch (error) {
    return unexpected(error);
  }
}

/**
 * Signs in with a texted code: the session cookies, or (two-factor on) the challenge cookie, as
 * the password does (the texted code is a first factor; auth.server.ts).
 * @returns the outcome, or the same refusal for a wrong code and a number without an account.
 */
export async function signInWithSmsCode(
  phoneNumber: string,
  code: string,
  headers: Headers,
): Promise<FirstFactorOutcome> {
  const failed = (status: number, message = INVALID_SMS_CODE): FirstFactorOutcome => {
    logAuthEvent("sign_in.failure", headers, { method: "sms_code", status }, "warn");
    return { ok: false, status, message };
  };
  if (normalizeMobile(phoneNumber) !== phoneNumber) return failed(400);
  const limited = await consumeAuthLimit("sms-code-check", headers, phoneNumber);
  if (limited) return limited;
  try {
    if (!(await signInAccountFor(phoneNumber, headers))) return failed(401);
    const result = await auth().api.verifyPhoneNumber({
      body: { phoneNumber, code },
      headers,
      returnHeaders: true,
    });
    return firstFactorOutcome(result.response, result.headers, "sms_code", headers);
  } catch (error) {
    if (error instanceof APIError) return failed(401);
    const outcome = unexpected(error);
    return failed(outcome.status, outcome.message);
  }
}

/**
 * What the two-factor page offers: the ending of the account's confirmed number (or null), and
 * whether the account has a confirmed authenticator app (false when it set two-factor up with
 * texted codes alone).
 */
export async function challengeFactors(
  headers: Headers,
): Promise<{ mobileEnding: string | null; app: boolean }> {
  const userId = await pendingChallengeUser(headers);
  if (!userId) return { mobileEnding: null, app: true };
  const [row] = await db
    .select({ verified: twoFactor.verified })
    .from(twoFactor)
    .where(eq(twoFactor.userId, userId))
    .limit(1);
  const phoneNumber = await confirmedMobileOf(userId);
  return {
    mobileEnding: phoneNumber ? mobileEnding(phoneNumber) : null,
    app: row?.verified === true,
  };
}

const CHALLENGE_ENDED = {
  status: 401,
  message: "Your sign-in has expired. Please sign in again.",
} as const;

/**
 * At the two-factor challenge: texts a second-factor code to the account's confirmed number.
 * @returns the number's last 4 digits, or the refusal (401 no challenge or no number, 429).
 */
export async function sendTwoFactorText(
  headers: Headers,
): Promise<{ ok: true; ending: string } | PhoneFailure> {
  const userId = await pendingChallengeUser(headers);
  if (!userId) return { ok: false, ...CHALLENGE_ENDED };
  const phoneNumber = await confirmedMobileOf(userId);
  if (!phoneNumber) {
    logAuthEvent("sms_code.refused", headers, {
      userId,
      purpose: "two_factor",
      reason: "no_number",
    });
    return { ok: false, status: 400, message: "This account has no confirmed mobile number." };
  }
  const refused = await textLimitedCode(
    headers,
    phoneNumber,
    { userId, purpose: "two_factor" },
    () => auth().api.sendTwoFactorOTP({ body: {}, headers }),
    (error) => (error instanceof APIError ? { ok: false, ...CHALLENGE_ENDED } : unexpected(error)),
  );
  return refused ?? { ok: true, ending: mobileEnding(phoneNumber) };
}

/**
 * At the two-factor challenge: checks the texted code and signs in.
 * @returns the user and the session cookies, or the refusal (401 wrong/expired code, 429).
 */
export async function confirmTwoFactorText(
  headers: Headers,
  code: string,
): Promise<SecondFactorOutcome> {
  const userId = await pendingChallengeUser(headers);
  if (!userId) return { ok: false, ...CHALLENGE_ENDED };
  const phoneNumber = await confirmedMobileOf(userId);
  const limited = await consumeAuthLimit("sms-code-check", headers, phoneNumber ?? userId);
  if (limited) return limited;
  try {
    const result = await verifyTextedSecondFactor(code, headers);
    logAuthEvent("sign_in.success", headers, { method: "sms_second_factor", userId });
    return { ok: true, userId: result.response.user.id, headers: result.headers };
  } catch (error) {
    if (!(error instanceof APIError)) {
      const { field: _field, ...failure } = unexpected(error);
      return failure;
    }
    logAuthEvent("two_factor.failure", headers, { userId, method: "sms" }, "warn");
    return { ok: false, status: 401, message: INVALID_SMS_CODE };
  }
}

/**
 * Starts two-factor by text message for the signed-in `userId` (no authenticator app needed):
 * checks the password (better-auth's enableTwoFactor, which also makes the backup codes) and
 * texts a first code to the account's confirmed number. Two-factor is on only once that code
 * is confirmed (`confirmSmsTwoFactor`). Counts against the password and the texted-code limits.
 * @returns the number's last 4 digits and the backup codes, or the refusal (400 no confirmed
 *   number or wrong password, 429 limited).
 */
export async function startSmsTwoFactor(
  headers: Headers,
  userId: string,
  password: string,
): Promise<{ ok: true; ending: string; backupCodes: string[] } | PhoneFailure> {
  const phoneNumber = await confirmedMobileOf(userId);
  if (!phoneNumber) return NO_CONFIRMED_MOBILE;
  const started = await runAccountStep({
    limit: "password-confirm",
    headers,
    userId,
    call: () => auth().api.enableTwoFactor({ body: { password }, headers }),
    failure: () => ({
      status: 400,
      message: "Incorrect password",
      event: {
        name: "password_confirm.failure",
        fields: { userId, purpose: "two-factor-start-sms" },
      },
    }),
  });
  if (!started.ok) return started;
  const refused = await textLimitedCode(
    headers,
    phoneNumber,
    { userId, purpose: "two_factor_setup" },
    () => auth().api.sendTwoFactorOTP({ body: {}, headers }),
  );
  if (refused) return refused;
  const backupCodes = started.value.method === "totp" ? started.value.backupCodes : [];
  return { ok: true, ending: mobileEnding(phoneNumber), backupCodes };
}

/**
 * Turns two-factor on for the signed-in `userId` with the code `startSmsTwoFactor` texted
 * (better-auth turns it on when a signed-in account without it verifies a code, and rotates
 * the session). Limited like every texted-code check.
 * @returns the new session cookies, or the refusal (401 wrong/expired code, 429 limited).
 */
export async function confirmSmsTwoFactor(
  headers: Headers,
  userId: string,
  code: string,
): Promise<{ ok: true; headers: Headers } | PhoneFailure> {
  const phoneNumber = await confirmedMobileOf(userId);
  if (!phoneNumber) return NO_CONFIRMED_MOBILE;
  const limited = await consumeAuthLimit("sms-code-check", headers, phoneNumber);
  if (limited) return limited;
  try {
    const result = await verifyTextedSecondFactor(code, headers);
    logAuthEvent("two_factor.enabled", headers, { userId, method: "sms" });
    return { ok: true, headers: result.headers };
  } catch (error) {
    if (!(error instanceof APIError)) return unexpected(error);
    logAuthEvent(
      "two_factor.failure",
      headers,
      { userId, purpose: "setup", method: "sms" },
      "warn",
    );
    return { ok: false, status: 401, message: INVALID_SMS_CODE };
  }
}
