import { useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, href, Link } from "react-router";
import { AuthCard } from "~/components/layout/auth-card";
import { TextField } from "~/components/ui/form-controls";
import { afterFirstFactor } from "~/features/accounts/after-sign-in.server";
import { authRequest } from "~/features/accounts/auth-request.server";
import { displayMobile } from "~/features/accounts/mobile-number.server";
import { sendSmsSignInCode, signInWithSmsCode } from "~/features/accounts/phone.server";
import { mobileNumberSchema, smsCodeSchema } from "~/features/accounts/phone-schemas";
import { SentCodeForm } from "~/features/accounts/sent-code-form";
import { privatePageMeta } from "~/lib/seo";
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
  return afterFirstFactor(outcome, redirectTo);
}

export function meta(args: Route.MetaArgs) {
  return privatePageMeta(args, "Sign In With a Text", "Sign in with a code sent by text message.");
}

export default function SmsCodeSignIn({ actionData }: Route.ComponentProps) {
  const verifying = actionData?.step === "verify";
  const [form, fields] = useForm<{ phoneNumber: string; code?: string }>({
    id: verifying ? "sms-code-verify" : "sms-code-send",
    lastResult: actionData?.result,
    onValidate: ({ formData }) =>
      parseWithZod(formData, { schema: verifying ? smsCodeSchema : mobileNumberSchema }),
  });
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
      <SentCodeForm
        form={form}
        verifying={verifying}
        address={{ name: "phoneNumber", value: actionData?.phoneNumber }}
        code={fields.code}
        addressField={
          <TextField
            meta={fields.phoneNumber}
            label="Mobile Number"
            type="tel"
            autoComplete="tel"
            required
            hint="Such as (801) 555-0123"
          />
        }
        sendLabel="Text Me a Code"
      />
    </AuthCard>
  );
}
