import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, href, Link } from "react-router";
import { AuthCard } from "~/components/layout/auth-card";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/form-controls";
import { useIsPending } from "~/components/ui/use-is-pending";
import { authRequest } from "~/features/accounts/auth-request.server";
import { ConfirmPasswordField } from "~/features/accounts/confirm-password-field";
import { newPasswordSchema } from "~/features/accounts/schemas";
import { resetPassword } from "~/features/accounts/sign-in.server";
import { privatePageMeta } from "~/lib/seo";
import { redirectWithToast } from "~/lib/toast.server";
import type { Route } from "./+types/reset-password";

/** Reached from the mailed link: better-auth checks the token and sends ?token=… (or ?error=…). */
export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  return { token: url.searchParams.get("error") ? null : url.searchParams.get("token") };
}

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: newPasswordSchema });
  if (submission.status !== "success")
    return data(submission.reply({ hideFields: ["password", "confirmPassword"] }), 400);
  const outcome = await resetPassword(
    submission.value.token,
    submission.value.password,
    authRequest(request, context),
  );
  if (!outcome.ok) {
    const hideFields = ["password", "confirmPassword"];
    const reply = outcome.field
      ? submission.reply({ fieldErrors: { [outcome.field]: [outcome.message] }, hideFields })
      : submission.reply({ formErrors: [outcome.message], hideFields });
    return data(reply, outcome.status);
  }
  return redirectWithToast(href("/auth/signin"), {
    type: "success",
    title: "Password updated",
    description: "Sign in with your new password.",
  });
}

export function meta(args: Route.MetaArgs) {
  return privatePageMeta(args, "Choose a New Password", "Reset your password.");
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const [form, fields] = useForm({
    id: "reset-password",
    lastResult: actionData,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: newPasswordSchema }),
  });
  const busy = useIsPending();
  if (!loaderData.token) {
    return (
      <AuthCard
        title="Link Expired"
        description="This password reset link is no longer valid."
        footer={
          <Link to={href("/auth/forgot-password")} className="font-medium text-brand-800 underline">
            Request a new link
          </Link>
        }
      >
        <p className="text-sm text-slate-700">Reset links work once, for one hour.</p>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title="Choose a New Password"
      description="Pick a password you do not use elsewhere."
      error={form.errors?.[0]}
    >
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <input type="hidden" name="token" value={loaderData.token} />
        <TextField
          meta={fields.password}
          label="New Password"
          type="password"
          autoComplete="new-password"
          required
          hint="At least 8 characters."
        />
        <ConfirmPasswordField meta={fields.confirmPassword} />
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? "Saving..." : "Set New Password"}
        </Button>
      </Form>
    </AuthCard>
  );
}
