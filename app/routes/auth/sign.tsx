import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { AuthCard } from "~/components/layout/auth-card";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/form-controls";
import { toast } from "~/components/ui/toaster";
import { afterSignIn, twoFactorChallenge } from "~/features/accounts/after-sign-in.server";
import { authRequest } from "~/features/accounts/auth-request.server";
import { signInSchema, signUpSchema } from "~/features/accounts/schemas";
import { signIn, signUp } from "~/features/accounts/sign-in.server";
import { clientLog } from "~/lib/client-log";
import { pageMeta } from "~/lib/seo";
import { currentUser, homeFor, safeRedirect } from "~/lib/session.server";
import { redirectWithToast } from "~/lib/toast.server";
import type { Route } from "./+types/sign";

/** One module serves both URLs; the data request of a submit is /auth/signup.data. */
const modeOf = (request: Request) =>
  /^\/auth\/signup(\.data)?$/.test(new URL(request.url).pathname) ? "signup" : "signin";

export function loader({ request, context }: Route.LoaderArgs) {
  const user = currentUser(context);
  const redirectTo = safeRedirect(new URL(request.url).searchParams.get("redirectTo"));
  if (user) throw redirect(redirectTo ?? homeFor(user));
  return { mode: modeOf(request), redirectTo };
}

export async function action({ request, context }: Route.ActionArgs) {
  const mode = modeOf(request);
  const formData = await request.formData();
  const headers = authRequest(request, context);
  if (mode === "signup") {
    const submission = parseWithZod(formData, { schema: signUpSchema });
    if (submission.status !== "success")
      return data({ result: submission.reply(), unverified: false }, 400);
    const outcome = await signUp(submission.value.email, submission.value.password, headers);
    if (!outcome.ok) {
      const result = outcome.field
        ? submission.reply({
            fieldErrors: { [outcome.field]: [outcome.message] },
            hideFields: ["password", "confirmPassword"],
          })
        : submission.reply({ formErrors: [outcome.message] });
      return data({ result, unverified: false }, outcome.status);
    }
    return redirectWithToast("/account/setup", {
      type: "success",
      title: "Success!",
      description: "Please check your email to verify your account.",
    });
  }
  const submission = parseWithZod(formData, { schema: signInSchema });
  if (submission.status !== "success")
    return data({ result: submission.reply(), unverified: false }, 400);
  const outcome = await signIn(submission.value.email, submission.value.password, headers);
  if (!outcome.ok) {
    return data(
      {
        result: submission.reply({ formErrors: [outcome.message], hideFields: ["password"] }),
        unverified: outcome.unverified === true,
      },
      outcome.status,
    );
  }
  if (outcome.ok === "two-factor") {
    return redirect(twoFactorChallenge(submission.value.redirectTo), { headers: outcome.headers });
  }
  return afterSignIn(outcome.userId, submission.value.redirectTo, outcome.headers);
}

export function meta(args: Route.MetaArgs) {
  const signup = args.loaderData?.mode === "signup";
  return pageMeta(args, {
    title: signup ? "Create Account" : "Sign In",
    description: signup
      ? "Create an account to keep your properties and track your remediation quotes."
      : "Sign in to track your remediation quotes.",
  });
}

export default function SignPage({ loaderData, actionData }: Route.ComponentProps) {
  const signup = loaderData.mode === "signup";
  const lastResult = actionData?.result;
  const [form, fields] = useForm({
    id: loaderData.mode,
    lastResult,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) =>
      parseWithZod(formData, { schema: signup ? signUpSchema : signInSchema }),
  });
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";

  useEffect(() => {
    if (actionData?.result?.status === "error") {
      clientLog.warn("auth", signup ? "Sign-up failed" : "Sign-in failed", {
        reason: actionData.result.error?.[""]?.[0] ?? "invalid fields",
        fields: Object.keys(actionData.result.error ?? {}).filter(Boolean),
      });
    }
    if (actionData?.unverified) {
      toast.error("Email Not Verified", {
        description: "Check your inbox for the verification email",
      });
    }
  }, [actionData, signup]);

  const switchHref = `${signup ? "/auth/signin" : "/auth/signup"}${loaderData.redirectTo ? `?redirectTo=${encodeURIComponent(loaderData.redirectTo)}` : ""}`;
  return (
    <AuthCard
      title={signup ? "Create Account" : "Sign In"}
      description={
        signup
          ? "Keep your properties and follow every quote from request to completion."
          : "Welcome back. Sign in to track your quotes."
      }
      error={form.errors?.[0]}
      footer={
        <>
          <p>
            {signup ? "Already have an account? " : "New here? "}
            <Link to={switchHref} className="font-medium text-brand-800 underline">
              {signup ? "Sign in" : "Create an account"}
            </Link>
          </p>
          {!signup && (
            <p className="mt-2">
              <Link to="/auth/forgot-password" className="font-medium text-brand-800 underline">
                Forgot password?
              </Link>
              {" · "}
              <Link to="/auth/code" className="font-medium text-brand-800 underline">
                Email me a sign-in code
              </Link>
            </p>
          )}
        </>
      }
    >
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        {loaderData.redirectTo && (
          <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
        )}
        <TextField meta={fields.email} label="Email" type="email" autoComplete="email" required />
        <TextField
          meta={fields.password}
          label="Password"
          type="password"
          autoComplete={signup ? "new-password" : "current-password"}
          required
          hint={signup ? "At least 8 characters." : undefined}
        />
        {signup && (
          <TextField
            meta={fields.confirmPassword}
            label="Confirm Password"
            type="password"
            autoComplete="new-password"
            required
          />
        )}
        <Button type="submit" className="w-full" disabled={busy}>
          {busy
            ? signup
              ? "Creating account..."
              : "Signing in..."
            : signup
              ? "Create Account"
              : "Sign In"}
        </Button>
      </Form>
    </AuthCard>
  );
}
