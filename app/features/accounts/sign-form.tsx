/**
 * The sign-in and sign-up pages' shared card: the email/password form (plus the confirmation
 * field on sign-up), the link to the other page, and 'Send a new link' after an unverified sign-in.
 */
import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useState } from "react";
import { Form, href, Link } from "react-router";
import { AuthCard } from "~/components/layout/auth-card";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/form-controls";
import { toast } from "~/components/ui/toaster";
import { useIsPending } from "~/components/ui/use-is-pending";
import { clientLog } from "~/lib/client-log";
import { ConfirmPasswordField } from "./confirm-password-field";
import { ProviderButtons } from "./provider-buttons";
import { isSsoEmail, type SignInProvider } from "./providers";
import { signInSchema, signUpSchema, ssoSignInSchema } from "./schemas";

/** What the sign-in/sign-up actions answer with when the form is not accepted. */
export type SignReply = {
  result: SubmissionResult<string[]>;
  unverified: boolean;
  /** for 'Send a new link' (only after a right password: the account is the asker's) */
  unverifiedEmail?: string | null;
};

/** The page copy of each mode, one source for the card and the page's meta. */
export const SIGN_COPY = {
  signin: {
    title: "Sign In",
    metaDescription: "Sign in to track your remediation quotes.",
    description: "Welcome back. Sign in to track your quotes.",
  },
  signup: {
    title: "Create Account",
    metaDescription: "Create an account to keep your properties and track your remediation quotes.",
    description: "Keep your properties and follow every quote from request to completion.",
  },
} as const;

/**
 * The sign-in (`mode` "signin") or sign-up ("signup") card with its form.
 * @param redirectTo where to go after signing in, carried to the other page's link too
 * @param notice a note above the form (sign-in only: 'your session ended')
 * @param providers 'Continue with {name}' above the form, one per configured provider
 * @param providerError why a provider sign-in came back without signing in (sign-in only)
 * @param ssoDomains staff single sign-on domains (sign-in only): such an email hides the
 *   password, and the form's POST goes to the company's OpenID Provider (with or without script)
 */
export function SignForm({
  mode,
  redirectTo,
  notice,
  providers = [],
  providerError,
  ssoDomains = [],
  actionData,
}: {
  mode: "signin" | "signup";
  redirectTo: string | null;
  notice?: string | null;
  providers?: SignInProvider[];
  providerError?: string | null;
  ssoDomains?: string[];
  actionData: SignReply | undefined;
}) {
  const signup = mode === "signup";
  const [email, setEmail] = useState("");
  const sso = !signup && isSsoEmail(email, ssoDomains);
  const [form, fields] = useForm({
    id: mode,
    lastResult: actionData?.result,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) =>
      parseWithZod(formData, {
        schema: signup ? signUpSchema : sso ? ssoSignInSchema : signInSchema,
      }),
  });
  // the sign form only: the resend-verification form below posts elsewhere
  const busy = useIsPending();

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

  const resendEmail =
    typeof actionData?.unverifiedEmail === "string" ? actionData.unverifiedEmail : null;
  const query = redirectTo ? `?redirectTo=${encodeURIComponent(redirectTo)}` : "";
  const switchHref = `${signup ? href("/auth/signin") : href("/auth/signup")}${query}`;
  return (
    <AuthCard
      title={SIGN_COPY[mode].title}
      description={SIGN_COPY[mode].description}
      error={form.errors?.[0] ?? providerError}
      notice={signup ? null : notice}
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
              <Link
                to={href("/auth/forgot-password")}
                className="font-medium text-brand-800 underline"
              >
                Forgot password?
              </Link>
              {" · "}
              <Link to={href("/auth/code")} className="font-medium text-brand-800 underline">
                Email me a sign-in code
              </Link>
              {" · "}
              <Link to={href("/auth/sms-code")} className="font-medium text-brand-800 underline">
                Text me a sign-in code
              </Link>
            </p>
          )}
        </>
      }
    >
      <ProviderButtons providers={providers} redirectTo={redirectTo} />
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        {redirectTo && <input type="hidden" name="redirectTo" value={redirectTo} />}
        <TextField
          meta={fields.email}
          label="Email"
          type="email"
          autoComplete="email"
          required
          onChange={(event) => setEmail(event.currentTarget.value)}
        />
        {sso ? (
          <p role="status" className="rounded-md bg-brand-50 p-3 text-sm text-slate-800">
            Signing in with your company account. Continue, and your company's sign-in page opens.
          </p>
        ) : (
          <TextField
            meta={fields.password}
            label="Password"
            type="password"
            autoComplete={signup ? "new-password" : "current-password"}
            required
            hint={signup ? "At least 8 characters." : undefined}
          />
        )}
        {signup && <ConfirmPasswordField meta={fields.confirmPassword} />}
        <Button type="submit" className="w-full" disabled={busy}>
          {busy
            ? signup
              ? "Creating account..."
              : "Signing in..."
            : signup
              ? "Create Account"
              : sso
                ? "Continue to Company Sign-In"
                : "Sign In"}
        </Button>
      </Form>
      {resendEmail && (
        <Form method="post" action={href("/auth/resend-verification")} className="mt-4 space-y-2">
          <p className="text-sm text-slate-700">Lost the email, or its link expired?</p>
          <input type="hidden" name="email" value={resendEmail} />
          <Button type="submit" variant="outline" className="w-full">
            Send a new link
          </Button>
        </Form>
      )}
    </AuthCard>
  );
}
