import { useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, href, Link } from "react-router";
import { AuthCard } from "~/components/layout/auth-card";
import { TextField } from "~/components/ui/form-controls";
import { afterFirstFactor } from "~/features/accounts/after-sign-in.server";
import { authRequest } from "~/features/accounts/auth-request.server";
import { codeSchema, emailOnlySchema } from "~/features/accounts/schemas";
import { SentCodeForm } from "~/features/accounts/sent-code-form";
import { sendSignInCode, signInWithCode } from "~/features/accounts/sign-in.server";
import { privatePageMeta } from "~/lib/seo";
import type { Route } from "./+types/code";

/** Sign-in with a one-time code by email: first the address, then the code (SPEC: OTP). */
export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  const headers = authRequest(request, context);
  if (formData.get("step") === "send") {
    const submission = parseWithZod(formData, { schema: emailOnlySchema });
    if (submission.status !== "success")
      return data({ step: "send" as const, email: "", result: submission.reply() }, 400);
    const outcome = await sendSignInCode(submission.value.email, headers);
    if (!outcome.ok) {
      return data(
        {
          step: "send" as const,
          email: "",
          result: submission.reply({ formErrors: [outcome.message] }),
        },
        outcome.status,
      );
    }
    return { step: "verify" as const, email: submission.value.email, result: undefined };
  }
  const submission = parseWithZod(formData, { schema: codeSchema });
  const email = String(formData.get("email") ?? "");
  if (submission.status !== "success")
    return data({ step: "verify" as const, email, result: submission.reply() }, 400);
  const outcome = await signInWithCode(submission.value.email, submission.value.code, headers);
  if (!outcome.ok) {
    return data(
      {
        step: "verify" as const,
        email,
        result: submission.reply({ formErrors: [outcome.message] }),
      },
      outcome.status,
    );
  }
  return afterFirstFactor(outcome, submission.value.redirectTo);
}

export function meta(args: Route.MetaArgs) {
  return privatePageMeta(args, "Sign In With a Code", "Sign in with a code by email.");
}

export default function CodeSignIn({ actionData }: Route.ComponentProps) {
  const verifying = actionData?.step === "verify";
  const [form, fields] = useForm<{ email: string; code?: string }>({
    id: verifying ? "code-verify" : "code-send",
    lastResult: actionData?.result,
    defaultValue: { email: actionData?.email ?? "" },
    onValidate: ({ formData }) =>
      parseWithZod(formData, { schema: verifying ? codeSchema : emailOnlySchema }),
  });
  return (
    <AuthCard
      title="Sign In With a Code"
      description={
        verifying
          ? `If ${actionData?.email} has an account, a 6-digit code is on its way. It works for 10 minutes.`
          : "We will email you a one-time code instead of asking for your password."
      }
      error={form.errors?.[0]}
      footer={
        <Link to={href("/auth/signin")} className="font-medium text-brand-800 underline">
          Sign in with your password
        </Link>
      }
    >
      <SentCodeForm
        form={form}
        verifying={verifying}
        address={{ name: "email", value: actionData?.email }}
        code={fields.code}
        addressField={
          <TextField meta={fields.email} label="Email" type="email" autoComplete="email" required />
        }
        sendLabel="Email Me a Code"
      />
    </AuthCard>
  );
}
