/**
 * The profile page's data and its form posts: full name, two-factor set-up and turning off,
 * password change, and signing devices out. Every post needs the signed-in `user`.
 */
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type RouterContextProvider } from "react-router";
import { formatDateTime } from "~/lib/dates";
import { clientKey } from "~/lib/rate-limit.server";
import type { SessionUser } from "~/lib/session.server";
import { redirectWithToast } from "~/lib/toast.server";
import { authRequest } from "./auth-request.server";
import { fullNameAction } from "./profiles.server";
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

/** What the profile page shows: the account, two-factor state and signed-in devices. */
export async function profilePageData(user: SessionUser) {
  const devices = await listDeviceSessions(user.id, user.sessionId);
  return {
    email: user.email,
    fullName: user.fullName ?? "",
    twoFactorEnabled: user.twoFactorEnabled,
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
  section: "two-factor" | "password" | "devices";
  error?: string;
  enrolment?: TotpEnrolment;
  /** the change-password form's field errors */
  result?: SubmissionResult<string[]>;
};

const noStore = { "Cache-Control": "no-store" };

/**
 * Handles one profile form post by its `intent`: two-factor-start / -verify / -disable,
 * change-password, revoke-session, revoke-others, else the full-name form.
 * @returns a redirect with a toast on success, else the form's reply with 400/401/429.
 * @throws a 404 Response for a session id that is not the user's.
 */
export async function profileAction(
  request: Request,
  context: Readonly<RouterContextProvider>,
  user: SessionUser,
) {
  const formData = await request.formData();
  const headers = authRequest(request, context);
  const password = String(formData.get("password") ?? "");
  const reply = (body: SecurityReply, status: number) =>
    data<SecurityReply>(body, { status, headers: noStore });

  switch (formData.get("intent")) {
    case "two-factor-start": {
      const outcome = await startTotp(headers, user.id, password);
      if (!outcome.ok)
        return reply({ section: "two-factor", error: outcome.message }, outcome.status);
      return reply({ section: "two-factor", enrolment: outcome.enrolment }, 200);
    }
    case "two-factor-verify": {
      const code = String(formData.get("code") ?? "").trim();
      const outcome = await confirmTotp(headers, code, user.id);
      if (!outcome.ok) {
        return reply(
          { section: "two-factor", error: outcome.message },
          outcome.status === 429 ? 429 : 400,
        );
      }
      return redirectWithToast(
        "/account/profile",
        { type: "success", title: "Two-factor authentication is on" },
        outcome.headers,
      );
    }
    case "two-factor-disable": {
      const outcome = await disableTotp(headers, user.id, password);
      if (!outcome.ok)
        return reply({ section: "two-factor", error: outcome.message }, outcome.status);
      return redirectWithToast(
        "/account/profile",
        { type: "success", title: "Two-factor authentication is off" },
        outcome.headers,
      );
    }
    case "change-password": {
      const submission = parseWithZod(formData, { schema: changePasswordSchema });
      const hidden = { hideFields: ["currentPassword", "newPassword", "confirmPassword"] };
      if (submission.status !== "success") {
        return reply({ section: "password", result: submission.reply(hidden) }, 400);
      }
      const outcome = await changePassword(
        headers,
        user.id,
        submission.value.currentPassword,
        submission.value.newPassword,
      );
      if (!outcome.ok) {
        const result = outcome.field
          ? submission.reply({ ...hidden, fieldErrors: { [outcome.field]: [outcome.message] } })
          : submission.reply({ ...hidden, formErrors: [outcome.message] });
        return reply({ section: "password", result }, outcome.status);
      }
      return redirectWithToast(
        "/account/profile",
        {
          type: "success",
          title: "Password changed",
          description: "Your other devices have been signed out.",
        },
        outcome.headers,
      );
    }
    case "revoke-session": {
      if (!(await revokeDeviceSession(user.id, String(formData.get("sessionId") ?? "")))) {
        throw data(null, { status: 404 });
      }
      return redirectWithToast("/account/profile", { type: "success", title: "Device signed out" });
    }
    case "revoke-others": {
      await revokeOtherSessions(headers);
      return redirectWithToast("/account/profile", {
        type: "success",
        title: "Other devices signed out",
      });
    }
    default:
      return fullNameAction(user.id, formData);
  }
}
