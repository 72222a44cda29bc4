import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { afterFirstFactor, homeFor } from "~/features/accounts/after-sign-in.server";
import { authRequest } from "~/features/accounts/auth-request.server";
import {
  signInProviders,
  signInSsoDomains,
  startSsoSignIn,
} from "~/features/accounts/provider-sign-in.server";
import { isSsoEmail, providerErrorMessage } from "~/features/accounts/providers";
import { signInSchema, ssoSignInSchema } from "~/features/accounts/schemas";
import { SIGN_COPY, SignForm, type SignReply } from "~/features/accounts/sign-form";
import { SESSION_ENDED_NOTICE, signIn } from "~/features/accounts/sign-in.server";
import { pageMeta } from "~/lib/seo";
import { currentUser, SESSION_ENDED_PARAM, safeRedirect } from "~/lib/session.server";
import type { Route } from "./+types/signin";

export function loader({ request, context }: Route.LoaderArgs) {
  const user = currentUser(context);
  const query = new URL(request.url).searchParams;
  const redirectTo = safeRedirect(query.get("redirectTo"));
  if (user) throw redirect(redirectTo ?? homeFor(user));
  const sessionEnded = query.get(SESSION_ENDED_PARAM.name) === SESSION_ENDED_PARAM.value;
  return {
    redirectTo,
    notice: sessionEnded ? SESSION_ENDED_NOTICE : null,
    providers: signInProviders(),
    // staff single sign-on: the form hides the password for these (the action decides, though)
    ssoDomains: signInSsoDomains(),
    // a provider sign-in that did not work comes back with better-auth's `?error=<code>`
    providerError: providerErrorMessage(query.get("error")),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const sso = parseWithZod(form, { schema: ssoSignInSchema });
  if (sso.status === "success" && isSsoEmail(sso.value.email, signInSsoDomains())) {
    // a company email goes to the company's OpenID Provider, never to a password check
    const started = await startSsoSignIn(
      sso.value.email,
      sso.value.redirectTo,
      authRequest(request, context),
    );
    if (started instanceof Response) return started;
    return data<SignReply>(
      { result: sso.reply({ formErrors: [started.message] }), unverified: false },
      started.status,
    );
  }
  const submission = parseWithZod(form, { schema: signInSchema });
  if (submission.status !== "success")
    return data<SignReply>({ result: submission.reply(), unverified: false }, 400);
  const { email, password, redirectTo } = submission.value;
  const outcome = await signIn(email, password, authRequest(request, context));
  if (!outcome.ok) {
    const unverified = outcome.unverified === true;
    return data<SignReply>(
      {
        result: submission.reply({ formErrors: [outcome.message], hideFields: ["password"] }),
        unverified,
        unverifiedEmail: unverified ? email : null,
      },
      outcome.status,
    );
  }
  return afterFirstFactor(outcome, redirectTo);
}

export function meta(args: Route.MetaArgs) {
  const { title, metaDescription } = SIGN_COPY.signin;
  return pageMeta(args, { title, description: metaDescription });
}

export default function SignInPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <SignForm
      mode="signin"
      redirectTo={loaderData.redirectTo}
      notice={loaderData.notice}
      providers={loaderData.providers}
      providerError={loaderData.providerError}
      ssoDomains={loaderData.ssoDomains}
      actionData={actionData}
    />
  );
}
