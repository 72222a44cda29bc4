import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, redirect, useNavigation } from "react-router";
import { z } from "zod";
import { AuthCard } from "~/components/layout/auth-card";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/form-controls";
import { confirmTotp } from "~/features/accounts/security.server";
import { authHeaders } from "~/lib/auth.server";
import { requestContext } from "~/lib/request-context";
import { pageMeta } from "~/lib/seo";
import { safeRedirect } from "~/lib/session.server";
import type { Route } from "./+types/two-factor";

const schema = z.object({
  code: z
    .string({ error: "Enter the 6-digit code from your app" })
    .trim()
    .regex(/^\d{6}$/, "Enter the 6-digit code from your app"),
  redirectTo: z.string().optional(),
});

export function loader({ request }: Route.LoaderArgs) {
  return { redirectTo: safeRedirect(new URL(request.url).searchParams.get("redirectTo")) };
}

/** Second step of a sign-in with two-factor on: the code from the authenticator app. */
export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await request.formData(), { schema });
  if (submission.status !== "success") return data(submission.reply(), 400);
  const headers = await confirmTotp(
    authHeaders(request, context.get(requestContext).clientIp),
    submission.value.code,
  );
  if (!headers) {
    return data(
      submission.reply({ formErrors: ["That code is not valid. Check your app and try again."] }),
      401,
    );
  }
  // the profile decides the landing page; /account/profile sends admins and new users on
  return redirect(safeRedirect(submission.value.redirectTo) ?? "/account/profile", { headers });
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
  const busy = useNavigation().state === "submitting";
  return (
    <AuthCard
      title="Two-Factor Check"
      description="Open your authenticator app and enter the 6-digit code for this site."
      error={form.errors?.[0]}
    >
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        {loaderData.redirectTo && (
          <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
        )}
        <TextField
          meta={fields.code}
          label="Authentication Code"
          inputMode="numeric"
          autoComplete="one-time-code"
          required
        />
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? "Checking..." : "Verify"}
        </Button>
      </Form>
    </AuthCard>
  );
}
