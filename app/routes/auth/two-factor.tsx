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
import { confirmTotp, signInWithBackupCode } from "~/features/accounts/security.server";
import { pageMeta } from "~/lib/seo";
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
});

/** A backup code as better-auth issued it: "abcde-12345". */
const backupCodeForm = (code: string) =>
  code.includes("-") ? code : `${code.slice(0, 5)}-${code.slice(5)}`;

export function loader({ request }: Route.LoaderArgs) {
  return { redirectTo: safeRedirect(new URL(request.url).searchParams.get("redirectTo")) };
}

/** Second step of a sign-in with two-factor on: the code from the authenticator app. */
export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await request.formData(), { schema });
  if (submission.status !== "success") return data(submission.reply(), 400);
  const headers = authRequest(request, context);
  const { code, redirectTo } = submission.value;
  const outcome = /^\d{6}$/.test(code)
    ? await confirmTotp(headers, code)
    : await signInWithBackupCode(headers, backupCodeForm(code));
  if (!outcome.ok) {
    return data(submission.reply({ formErrors: [outcome.message] }), outcome.status);
  }
  return afterSignIn(outcome.userId, redirectTo, outcome.headers);
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: "Two-Factor Check",
    description: "Enter your authentication code.",
    noIndex: true,
  });
}

export default function TwoFactor({ loaderData, actionData }: Route.ComponentProps) {
  const [form, fields] = useForm({
    id: "two-factor",
    lastResult: actionData,
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  const busy = useIsPending();
  return (
    <AuthCard
      title="Two-Factor Check"
      description="Open your authenticator app and enter the 6-digit code for this site, or use one of your backup codes."
      error={form.errors?.[0]}
    >
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        {loaderData.redirectTo && (
          <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
        )}
        <TextField
          meta={fields.code}
          label="Authentication Code"
          autoComplete="one-time-code"
          required
          hint="Lost your phone? Enter one of your backup codes instead; each works once."
        />
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? "Checking..." : "Verify"}
        </Button>
      </Form>
    </AuthCard>
  );
}
