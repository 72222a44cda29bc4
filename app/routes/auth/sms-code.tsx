import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, href, Link, redirect } from "react-router";
import { AuthCard } from "~/components/layout/auth-card";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/form-controls";
import { useIsPending } from "~/components/ui/use-is-pending";
import { afterSignIn, twoFactorChallenge } from "~/features/accounts/after-sign-in.server";
import { authRequest } from "~/features/accounts/auth-request.server";
import { displayMobile } from "~/features/accounts/mobile-number.server";
import { sendSmsSignInCode, signInWithSmsCode } from "~/features/accounts/phone.server";
import { mobileNumberSchema, smsCodeSchema } from "~/features/accounts/phone-schemas";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/sms-code";

type Step = { step: "send" | "verify"; phoneNumber: string; display: string };

/**
 * 'Text me a sign-in code': first the mobile number, then the texted code. Only a confirmed
 * number of an existing account gets a text, and the page says the same either way.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  const headers = authRequest(request, context);
  if (formData.get("step") === "send") {
    const submission = parseWithZod(formData, { schema: mobileNumberSchema });
    const idle: Step = { step: "send", phoneNumber: "", display: "" };
    if (submission.status !== "success") return data({ ...idle, result: submission.reply() }, 400);
    const outcome = await sendSmsSignInCode(submission.value.phoneNumber, headers);
    if (!outcome.ok) {
      const result = outcome.field
        ? submission.reply({ fieldErrors: { phoneNumber: [outcome.message] } })
        : submission.reply({ formErrors: [outcome.message] });
      return data({ ...idle, result }, outcome.status);
    }
    const { phoneNumber } = outcome;
    return {
      step: "verify" as const,
      phoneNumber,
      display: displayMobile(phoneNumber),
      result: undefined,
    };
  }
  const submission = parseWithZod(formData, { schema: smsCodeSchema });
  const phoneNumber = String(formData.get("phoneNumber") ?? "");
  const verify: Step = { step: "verify", phoneNumber, display: displayMobile(phoneNumber) };
  if (submission.status !== "success") return data({ ...verify, result: submission.reply() }, 400);
  const { code, redirectTo } = submission.value;
  const outcome = await signInWithSmsCode(phoneNumber, code, headers);
  if (!outcome.ok) {
    const result = submission.reply({ formErrors: [outcome.message], hideFields: ["code"] });
    return data({ ...verify, result }, outcome.status);
  }
  if (outcome.ok === "two-factor") {
    return redirect(twoFactorChallenge(redirectTo), { headers: outcome.headers });
  }
  return afterSignIn(outcome.userId, redirectTo, outcome.headers);
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: "Sign In With a Text",
    description: "Sign in with a code sent by text message.",
    noIndex: true,
  });
}

export default function SmsCodeSignIn({ actionData }: Route.ComponentProps) {
  const verifying = actionData?.step === "verify";
  const [form, fields] = useForm<{ phoneNumber: string; code?: string }>({
    id: verifying ? "sms-code-verify" : "sms-code-send",
    lastResult: actionData?.result,
    onValidate: ({ formData }) =>
      parseWithZod(formData, { schema: verifying ? smsCodeSchema : mobileNumberSchema }),
  });
  const busy = useIsPending();
  return (
    <AuthCard
      title="Sign In With a Text"
      description={
        verifying
          ? `If ${actionData?.display} is the confirmed mobile number of an account, a 6-digit code is on its way. It works for 10 minutes.`
          : "We will text a one-time code to the mobile number confirmed on your account."
      }
      error={form.errors?.[0]}
      footer={
        <p>
          <Link to={href("/auth/signin")} className="font-medium text-brand-800 underline">
            Sign in with your password
          </Link>
          {" · "}
          <Link to={href("/auth/code")} className="font-medium text-brand-800 underline">
            Email me a sign-in code
          </Link>
        </p>
      }
    >
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <input type="hidden" name="step" value={verifying ? "verify" : "send"} />
        {verifying ? (
          <>
            <input type="hidden" name="phoneNumber" value={actionData?.phoneNumber} />
            <TextField
              meta={fields.code}
              label="Sign-in Code"
              inputMode="numeric"
              autoComplete="one-time-code"
              required
            />
          </>
        ) : (
          <TextField
            meta={fields.phoneNumber}
            label="Mobile Number"
            type="tel"
            autoComplete="tel"
            required
            hint="Such as (801) 555-0123"
          />
        )}
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? "Please wait..." : verifying ? "Sign In" : "Text Me a Code"}
        </Button>
      </Form>
    </AuthCard>
  );
}
