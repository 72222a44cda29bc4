import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form } from "react-router";
import { z } from "zod";
import { AuthCard } from "~/components/layout/auth-card";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/form-controls";
import { useIsPending } from "~/components/ui/use-is-pending";
import { afterSignIn } from "~/features/accounts/after-sign-in.server";
import { authRequest } from "~/features/accounts/auth-request.server";
import {
  challengeFactors,
  confirmTwoFactorText,
  sendTwoFactorText,
} from "~/features/accounts/phone.server";
import { confirmTotp, signInWithBackupCode } from "~/features/accounts/security.server";
import { privatePageMeta } from "~/lib/seo";
import { safeRedirect } from "~/lib/session.server";
import type { Route } from "./+types/two-factor";

const CODE_MESSAGE = "Enter the 6-digit code from your app, or one of your backup codes";
/** A 6-digit TOTP code, or a backup code (better-auth's "xxxxx-xxxxx", 10 letters and digits). */
const schema = z.object({
  code: z
    .string({ error: CODE_MESSAGE })
    .trim()
    .regex(/^(\d{6}|[A-Za-z0-9]{5}-?[A-Za-z0-9]{5})$/, CODE_MESSAGE),
  redirectTo: z.string().optional(),
  /** "sms" once a code was texted: the code is the texted one */
  method: z.enum(["sms"]).optional(),
});

/** A backup code as better-auth issued it: "abcde-12345". */
const backupCodeForm = (code: string) =>
  code.includes("-") ? code : `${code.slice(0, 5)}-${code.slice(5)}`;

export async function loader({ request, context }: Route.LoaderArgs) {
  return {
    redirectTo: safeRedirect(new URL(request.url).searchParams.get("redirectTo")),
    /** 'Text me a code' is offered for an account with a confirmed mobile number */
    ...(await challengeFactors(authRequest(request, context))),
  };
}

/**
 * Second step of a sign-in with two-factor on: the code from the authenticator app, a backup
 * code, or ('Text Me a Code') a code texted to the account's confirmed mobile number.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  const headers = authRequest(request, context);
  if (formData.get("intent") === "sms-send") {
    const sent = await sendTwoFactorText(headers);
    if (!sent.ok) {
      const result = parseWithZod(new FormData(), { schema }).reply({ formErrors: [sent.message] });
      return data({ result, texted: false }, sent.status);
    }
    return { result: undefined, texted: true };
  }
  const submission = parseWithZod(formData, { schema });
  // after a texted code, the page keeps asking for it
  const texted = formData.get("method") === "sms";
  if (submission.status !== "success") return data({ result: submission.reply(), texted }, 400);
  const { code, redirectTo, method } = submission.value;
  const outcome =
    method === "sms"
      ? await confirmTwoFactorText(headers, code)
      : /^\d{6}$/.test(code)
        ? await confirmTotp(headers, code)
        : await signInWithBackupCode(headers, backupCodeForm(code));
  if (!outcome.ok) {
    const result = submission.reply({ formErrors: [outcome.message], hideFields: ["code"] });
    return data({ result, texted }, outcome.status);
  }
  return afterSignIn(outcome.userId, redirectTo, outcome.headers);
}

export function meta(args: Route.MetaArgs) {
  return privatePageMeta(args, "Two-Factor Check", "Enter your authentication code.");
}

export default function TwoFactor({ loaderData, actionData }: Route.ComponentProps) {
  const textedTo = actionData?.texted ? loaderData.mobileEnding : null;
  const [form, fields] = useForm({
    id: textedTo ? "two-factor-sms" : "two-factor",
    lastResult: actionData?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  const busy = useIsPending({ field: ["intent", null] });
  const texting = useIsPending({ field: ["intent", "sms-send"] });
  return (
    <AuthCard
      title="Two-Factor Check"
      description={
        textedTo
          ? `We texted a 6-digit code to your number ending in ${textedTo}. It works for 10 minutes.`
          : !loaderData.app && loaderData.mobileEnding
            ? `Your sign-in codes come by text message: send one to your number ending in ${loaderData.mobileEnding}, or enter one of your backup codes.`
            : "Open your authenticator app and enter the 6-digit code for this site, or use one of your backup codes."
      }
      error={form.errors?.[0]}
      footer={
        loaderData.mobileEnding && !textedTo ? (
          <Form method="post">
            <input type="hidden" name="intent" value="sms-send" />
            <Button
              type="submit"
              variant={loaderData.app ? "outline" : "default"}
              className="w-full"
              disabled={texting}
            >
              {texting
                ? "Sending..."
                : `Text a code to my number ending in ${loaderData.mobileEnding}`}
            </Button>
          </Form>
        ) : null
      }
    >
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        {loaderData.redirectTo && (
          <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
        )}
        {textedTo && <input type="hidden" name="method" value="sms" />}
        <TextField
          meta={fields.code}
          label={textedTo ? "Code From the Text" : "Authentication Code"}
          inputMode={textedTo ? "numeric" : undefined}
          autoComplete="one-time-code"
          required
          hint={
            textedTo
              ? undefined
              : "Lost your phone? Enter one of your backup codes instead; each works once."
          }
        />
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? "Checking..." : "Verify"}
        </Button>
      </Form>
    </AuthCard>
  );
}
