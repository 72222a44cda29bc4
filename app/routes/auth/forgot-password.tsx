import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, useNavigation } from "react-router";
import { AuthCard } from "~/components/layout/auth-card";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/form-controls";
import { authRequest } from "~/features/accounts/auth-request.server";
import { emailOnlySchema } from "~/features/accounts/schemas";
import { requestPasswordReset } from "~/features/accounts/sign-in.server";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/forgot-password";

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: emailOnlySchema });
  if (submission.status !== "success")
    return data({ result: submission.reply(), sent: false }, 400);
  const outcome = await requestPasswordReset(submission.value.email, authRequest(request, context));
  if (!outcome.ok) {
    return data(
      { result: submission.reply({ formErrors: [outcome.message] }), sent: false },
      outcome.status,
    );
  }
  return { result: submission.reply({ resetForm: true }), sent: true };
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: "Forgot Password",
    description: "Reset your password.",
    noIndex: true,
  });
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const [form, fields] = useForm({
    id: "forgot-password",
    lastResult: actionData?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: emailOnlySchema }),
  });
  const busy = useNavigation().state === "submitting";
  return (
    <AuthCard
      title="Forgot Password"
      description="Enter your account's email and we will send you a link to choose a new password."
      error={form.errors?.[0]}
      footer={
        <Link to="/auth/signin" className="font-medium text-brand-800 underline">
          Back to sign in
        </Link>
      }
    >
      {actionData?.sent && (
        <p role="status" className="mb-4 rounded-md bg-brand-50 p-3 text-sm text-brand-900">
          If an account uses that email, a link to reset your password is on its way. It works for
          one hour.
        </p>
      )}
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <TextField meta={fields.email} label="Email" type="email" autoComplete="email" required />
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? "Sending..." : "Send Reset Link"}
        </Button>
      </Form>
    </AuthCard>
  );
}
