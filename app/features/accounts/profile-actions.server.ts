/**
 * The profile page's data and the steps its security forms take: two-factor set-up and turning
 * off, password change, and signing devices out. Each step takes the signed-in `user`, the form
 * and better-auth's request headers, and returns a `ProfileStep` the route turns into a redirect
 * with a toast or the form's reply.
 */
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { formatDateTime } from "~/lib/dates";
import { logger } from "~/lib/logger.server";
import { clientKey } from "~/lib/rate-limit.server";
import type { SessionUser } from "~/lib/session.server";
import type { FlashToast } from "~/lib/toast.server";
import { displayMobile, mobileEnding } from "./mobile-number.server";
import {
  confirmedMobileOf,
  confirmMobileNumber,
  confirmSmsTwoFactor,
  removeMobileNumber,
  sendMobileConfirmation,
  startSmsTwoFactor,
} from "./phone.server";
import { mobileNumberSchema, smsCodeSchema } from "./phone-schemas";
import {
  disconnectIdentity,
  listSignInMethods,
  setFirstPassword,
  signInProviders,
  signInSsoDomains,
  startProviderLink,
} from "./provider-sign-in.server";
import { COMPANY_ACCOUNT_MESSAGE, isSsoEmail, providerErrorMessage } from "./providers";
import { changePasswordSchema } from "./schemas";
import {
  changePassword,
  confirmTotp,
  describeDevice,
  disableTotp,
  listDeviceSessions,
  revokeDeviceSession,
  revokeOtherSessions,
  startTotp,
  type TotpEnrolment,
} from "./security.server";
import { logAuthEvent } from "./sign-in.server";

/**
 * What the profile page shows: the account, two-factor state, sign-in methods (with the message
 * of a 'Connect' that came back with better-auth's `?error=`) and signed-in devices.
 */
export async function profilePageData(user: SessionUser, request: Request) {
  const [devices, methods, mobile] = await Promise.all([
    listDeviceSessions(user.id, user.sessionId),
    listSignInMethods(user.id),
    confirmedMobileOf(user.id),
  ]);
  const linkError = new URL(request.url).searchParams.get("error");
  const companyAccount = isCompanyAccount(user);
  return {
    companyAccount,
    hasPassword: methods.some((method) => method.kind === "password"),
    signInMethods: methods.map((method) => ({
      ...method,
      createdAt: formatDateTime(method.createdAt),
    })),
    // a company (SSO_DOMAINS) account signs in only through the company's provider
    providers: companyAccount ? [] : signInProviders(),
    linkError: providerErrorMessage(linkError),
    email: user.email,
    fullName: user.fullName ?? "",
    twoFactorEnabled: user.twoFactorEnabled,
    /** the confirmed mobile number as people write it, or null */
    mobileNumber: mobile ? displayMobile(mobile) : null,
    devices: devices.map((d) => ({
      id: d.id,
      device: describeDevice(d.userAgent),
      // better-auth keeps IPv6 addresses masked to their /64 network; show that compactly
      ipAddress: d.ipAddress ? clientKey(d.ipAddress) : "unknown address",
      signedInAt: formatDateTime(d.createdAt),
      current: d.current,
    })),
  };
}

/** The answer to a security form on the profile page (the full-name form answers on its own). */
export type SecurityReply = {
  section: "two-factor" | "password" | "devices" | "methods" | "phone";
  error?: string;
  /** the number a confirmation code was just texted to: E.164, and as people write it */
  pendingMobile?: { phoneNumber: string; display: string };
  enrolment?: TotpEnrolment;
  /** a started two-factor by text message: the number's last 4 digits and the backup codes */
  smsEnrolment?: { ending: string; backupCodes: string[] };
  /** the change-password form's field errors */
  result?: SubmissionResult<string[]>;
};

/**
 * What a profile step did: done (back to the profile with `toast`, setting `headers`), a next
 * form to show (`ok: "next"`, answered 200), or refused with the form's reply (`reply: null`
 * when there is no form to answer: the page does not exist for this user).
 */
export type ProfileStep =
  | { ok: true; toast: FlashToast; headers?: Headers }
  | { ok: "redirect"; response: Response }
  | { ok: "next"; reply: SecurityReply }
  | { ok: false; status: number; reply: SecurityReply | null };

/** One profile form's step: the signed-in user, the posted form, better-auth's request headers. */
export type ProfileIntent = (
  user: SessionUser,
  formData: FormData,
  headers: Headers,
) => Promise<ProfileStep>;

const passwordOf = (formData: FormData) => String(formData.get("password") ?? "");
/** A step refused with `failure`'s status, its message shown in the form of `section`. */
const refused = (
  section: SecurityReply["section"],
  failure: { status: number; message: string },
): ProfileStep => ({
  ok: false,
  status: failure.status,
  reply: { section, error: failure.message },
});
const done = (title: string, headers?: Headers, description?: string): ProfileStep => ({
  ok: true,
  toast: description ? { type: "success", title, description } : { type: "success", title },
  headers,
});

/** Checks the password and shows the authenticator's QR code, key and backup codes. */
export const startTwoFactor: ProfileIntent = async (user, formData, headers) => {
  const outcome = await startTotp(headers, user.id, passwordOf(formData));
  if (!outcome.ok) return refused("two-factor", outcome);
  return { ok: "next", reply: { section: "two-factor", enrolment: outcome.enrolment } };
};

/** Turns two-factor on with the first code from the authenticator (wrong code 400, limited 429). */
export const verifyTwoFactor: ProfileIntent = async (user, formData, headers) => {
  const code = String(formData.get("code") ?? "").trim();
  const outcome = await confirmTotp(headers, code, user.id);
  if (!outcome.ok) {
    const status = outcome.status === 429 ? 429 : 400;
    return refused("two-factor", { status, message: outcome.message });
  }
  return done("Two-factor authentication is on", outcome.headers);
};

/** Checks the password and texts the first code of two-factor by text message. */
export const startSmsTwoFactorStep: ProfileIntent = async (user, formData, headers) => {
  const outcome = await startSmsTwoFactor(headers, user.id, passwordOf(formData));
  if (!outcome.ok) return refused("two-factor", outcome);
  const { ending, backupCodes } = outcome;
  return { ok: "next", reply: { section: "two-factor", smsEnrolment: { ending, backupCodes } } };
};

/** Turns two-factor by text message on with the texted code (wrong code 401, limited 429). */
export const verifySmsTwoFactorStep: ProfileIntent = async (user, formData, headers) => {
  const code = String(formData.get("code") ?? "").trim();
  const outcome = await confirmSmsTwoFactor(headers, user.id, code);
  if (!outcome.ok) return refused("two-factor", outcome);
  return done("Two-factor authentication is on", outcome.headers);
};

/** Turns two-factor off after checking the password. */
export const disableTwoFactor: ProfileIntent = async (user, formData, headers) => {
  const outcome = await disableTotp(headers, user.id, passwordOf(formData));
  if (!outcome.ok) return refused("two-factor", outcome);
  return done("Two-factor authentication is off", outcome.headers);
};

/** Changes the password (other devices are signed out); field errors go back to the form. */
export const changePasswordStep: ProfileIntent = async (user, formData, headers) => {
  const submission = parseWithZod(formData, { schema: changePasswordSchema });
  const hidden = { hideFields: ["currentPassword", "newPassword", "confirmPassword"] };
  if (submission.status !== "success") {
    return {
      ok: false,
      status: 400,
      reply: { section: "password", result: submission.reply(hidden) },
    };
  }
  const { currentPassword, newPassword } = submission.value;
  const outcome = await changePassword(headers, user.id, currentPassword, newPassword);
  if (!outcome.ok) {
    const result = outcome.field
      ? submission.reply({ ...hidden, fieldErrors: { [outcome.field]: [outcome.message] } })
      : submission.reply({ ...hidden, formErrors: [outcome.message] });
    return { ok: false, status: outcome.status, reply: { section: "password", result } };
  }
  return done("Password changed", outcome.headers, "Your other devices have been signed out.");
};

/** Signs out one of the user's devices by its session id (404 when the id is not theirs). */
export const signOutDevice: ProfileIntent = async (user, formData) => {
  const signedOut = await revokeDeviceSession(user.id, String(formData.get("sessionId") ?? ""));
  return signedOut ? done("Device signed out") : { ok: false, status: 404, reply: null };
};

/** 'Sign out of other devices': every session of the user but this one, confirmed gone. */
export const signOutOtherDevices: ProfileIntent = async (user, _formData, headers) => {
  try {
    await revokeOtherSessions(headers, user.id, user.sessionId);
  } catch (error) {
    logger().error({ err: error }, "signing out other devices failed");
    return {
      ok: false,
      status: 500,
      reply: {
        section: "devices",
        error: "Unable to sign out your other devices. Please try again.",
      },
    };
  }
  logAuthEvent("sign_out", headers, { userId: user.id, scope: "others" });
  return done("Other devices signed out");
};

/** 'Connect {provider}': the redirect to the provider (its callback links the identity here). */
/** True for an account whose email is of SSO_DOMAINS (docs/decisions/0143-staff-sso.md). */
function isCompanyAccount(user: SessionUser): boolean {
  return isSsoEmail(user.email, signInSsoDomains());
}

/** The refusal of another provider for a company account, logged. */
function companyOnly(user: SessionUser, method: string, headers: Headers) {
  logAuthEvent("sso.refused", headers, { userId: user.id, method }, "warn");
  return {
    ok: false as const,
    status: 403,
    reply: { section: "methods" as const, error: COMPANY_ACCOUNT_MESSAGE },
  };
}

export const connectProvider: ProfileIntent = async (user, formData, headers) => {
  if (isCompanyAccount(user)) return companyOnly(user, "connect_provider", headers);
  const started = await startProviderLink(user.id, formData.get("provider"), headers);
  if (started instanceof Response) return { ok: "redirect", response: started };
  return refused("methods", started);
};

/** 'Disconnect': removes one linked identity, never the account's last way to sign in. */
export const disconnectProvider: ProfileIntent = async (user, formData, headers) => {
  const outcome = await disconnectIdentity(
    user.id,
    String(formData.get("identityId") ?? ""),
    headers,
  );
  if (!outcome.ok) return refused("methods", outcome);
  return done("Sign-in method disconnected");
};

/**
 * Sets a password on an account made through a provider (it has none yet). A company account may
 * set one too, only to confirm security changes (two-factor asks for it); it never signs in with
 * it (sign-in.server.ts refuses SSO domains).
 */
export const setPasswordStep: ProfileIntent = async (user, formData, headers) => {
  const password = String(formData.get("newPassword") ?? "");
  const outcome = await setFirstPassword(user.id, password, headers);
  if (!outcome.ok) return refused("methods", outcome);
  return done(
    "Password set",
    undefined,
    isCompanyAccount(user)
      ? "It confirms security changes such as two-factor; you still sign in with your company account."
      : "You can now sign in with your email and password.",
  );
};

/** 'Text Me a Code': texts a code confirming the typed number, then asks for it. */
export const sendPhoneCode: ProfileIntent = async (user, formData, headers) => {
  const submission = parseWithZod(formData, { schema: mobileNumberSchema });
  if (submission.status !== "success")
    return { ok: false, status: 400, reply: { section: "phone", result: submission.reply() } };
  const outcome = await sendMobileConfirmation(user.id, submission.value.phoneNumber, headers);
  if (!outcome.ok) {
    const result = outcome.field
      ? submission.reply({ fieldErrors: { phoneNumber: [outcome.message] } })
      : submission.reply({ formErrors: [outcome.message] });
    return { ok: false, status: outcome.status, reply: { section: "phone", result } };
  }
  const pendingMobile = {
    phoneNumber: outcome.phoneNumber,
    display: displayMobile(outcome.phoneNumber),
  };
  return { ok: "next", reply: { section: "phone", pendingMobile } };
};

/** 'Confirm Number': the texted code makes the number the account's mobile number. */
export const confirmPhoneCode: ProfileIntent = async (user, formData, headers) => {
  const submission = parseWithZod(formData, { schema: smsCodeSchema });
  const phoneNumber = String(formData.get("phoneNumber") ?? "");
  const pendingMobile = { phoneNumber, display: displayMobile(phoneNumber) };
  if (submission.status !== "success") {
    return {
      ok: false,
      status: 400,
      reply: { section: "phone", pendingMobile, result: submission.reply() },
    };
  }
  const { code } = submission.value;
  const outcome = await confirmMobileNumber(user.id, phoneNumber, code, headers);
  if (!outcome.ok) {
    const result = submission.reply({ formErrors: [outcome.message], hideFields: ["code"] });
    return {
      ok: false,
      status: outcome.status,
      reply: { section: "phone", pendingMobile, result },
    };
  }
  return done(
    "Mobile number confirmed",
    undefined,
    `You can sign in with a code texted to the number ending in ${mobileEnding(phoneNumber)}.`,
  );
};

/** 'Remove': the account has no mobile number any more. */
export const removePhone: ProfileIntent = async (user, _formData, headers) => {
  const removed = await removeMobileNumber(user.id, headers);
  if (!removed.ok) {
    const result = { status: "error" as const, error: { "": [removed.message] } };
    return { ok: false, status: removed.status, reply: { section: "phone", result } };
  }
  return done("Mobile number removed");
};

/** The profile's security forms' steps by their `intent`; a post without one is the Full Name form. */
export const PROFILE_INTENTS = {
  "two-factor-start": startTwoFactor,
  "two-factor-verify": verifyTwoFactor,
  "two-factor-disable": disableTwoFactor,
  "two-factor-start-sms": startSmsTwoFactorStep,
  "two-factor-verify-sms": verifySmsTwoFactorStep,
  "change-password": changePasswordStep,
  "revoke-session": signOutDevice,
  "revoke-others": signOutOtherDevices,
  "connect-provider": connectProvider,
  "disconnect-provider": disconnectProvider,
  "set-password": setPasswordStep,
  "phone-send": sendPhoneCode,
  "phone-confirm": confirmPhoneCode,
  "phone-remove": removePhone,
} satisfies Record<string, ProfileIntent>;
