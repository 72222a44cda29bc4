import { parseWithZod } from "@conform-to/zod/v4";
import { data, href, redirect } from "react-router";
import { homeFor } from "~/features/accounts/after-sign-in.server";
import { authRequest } from "~/features/accounts/auth-request.server";
import { signInProviders } from "~/features/accounts/provider-sign-in.server";
import { signUpSchema } from "~/features/accounts/schemas";
import { SIGN_COPY, SignForm, type SignReply } from "~/features/accounts/sign-form";
import { signUp } from "~/features/accounts/sign-in.server";
import { pageMeta } from "~/lib/seo";
import { currentUser, safeRedirect } from "~/lib/session.server";
import { redirectWithToast } from "~/lib/toast.server";
import type { Route } from "./+types/signup";

export function loader({ request, context }: Route.LoaderArgs) {
  const user = currentUser(context);
  const redirectTo = safeRedirect(new URL(request.url).searchParams.get("redirectTo"));
  if (user) throw redirect(redirectTo ?? homeFor(user));
  return { redirectTo, providers: signInProviders() };
}

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: signUpSchema });
  if (submission.status !== "success")
    return data<SignReply>({ result: submission.reply(), unverified: false }, 400);
  const { email, password } = submission.value;
  const outcome = await signUp(email, password, authRequest(request, context));
  if (!outcome.ok) {
    const result = outcome.field
      ? submission.reply({
          fieldErrors: { [outcome.field]: [outcome.message] },
          hideFields: ["password", "confirmPassword"],
        })
      : submission.reply({ formErrors: [outcome.message] });
    return data<SignReply>({ result, unverified: false }, outcome.status);
  }
  return redirectWithToast(href("/account/setup"), {
    type: "success",
    title: "Success!",
    description: "Please check your email to verify your account.",
  });
}

export function meta(args: Route.MetaArgs) {
  const { title, metaDescription } = SIGN_COPY.signup;
  return pageMeta(args, { title, description: metaDescription });
}

export default function SignUpPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <SignForm
      mode="signup"
      redirectTo={loaderData.redirectTo}
      providers={loaderData.providers}
      actionData={actionData}
    />
  );
}
