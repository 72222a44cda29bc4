import { MailCheck } from "lucide-react";
import { data, href, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "~/components/ui/card";
import { FullNameForm } from "~/features/accounts/full-name-form";
import { PROFILE_UPDATED, submitFullName } from "~/features/accounts/profiles.server";
import { providerGivenName } from "~/features/accounts/provider-sign-in.server";
import { pageMeta } from "~/lib/seo";
import { currentUser } from "~/lib/session.server";
import { redirectWithToast } from "~/lib/toast.server";
import type { Route } from "./+types/setup";

/**
 * better-auth sends a verification link that does not work back here with `?error=<code>`
 * (TOKEN_EXPIRED, INVALID_TOKEN, USER_NOT_FOUND...): a guest then sees a plain error and
 * 'Send a new link' instead of 'Check Your Email'.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = currentUser(context);
  const error = new URL(request.url).searchParams.get("error");
  const linkProblem =
    user || !error ? null : error === "TOKEN_EXPIRED" ? "expired" : ("invalid" as const);
  // an account made through Google or the OpenID Provider starts with the name it gave
  const fullName = user ? (user.fullName ?? (await providerGivenName(user.id)) ?? "") : "";
  return { signedIn: user !== null, fullName, linkProblem };
}

export async function action({ request, context }: Route.ActionArgs) {
  const saved = await submitFullName(currentUser(context)?.id ?? null, await request.formData());
  if (!saved.ok) return data(saved.result, saved.status);
  return redirectWithToast(href("/account/profile"), PROFILE_UPDATED);
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: "Complete Your Profile",
    description: "Set up your profile.",
    noIndex: true,
  });
}

export default function ProfileSetup({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <Card>
        <CardHeader>
          <h1 className="text-2xl font-bold">
            {loaderData.signedIn
              ? "Complete Your Profile"
              : loaderData.linkProblem
                ? "This Verification Link Does Not Work"
                : "Check Your Email"}
          </h1>
          <CardDescription>
            {loaderData.signedIn
              ? "Tell us your name so our specialists know who they are talking to."
              : loaderData.linkProblem === "expired"
                ? "This verification link has expired. Ask for a new one below: it works for 24 hours."
                : loaderData.linkProblem === "invalid"
                  ? "This verification link is not valid: it may have been used already or copied incompletely. Ask for a new one below."
                  : "We sent you a link to verify your email address. Open it to finish creating your account; you will come back here to complete your profile."}
          </CardDescription>
        </CardHeader>
        <CardContent>
          {loaderData.linkProblem ? (
            <div className="space-y-4">
              <Button asChild>
                <Link to={href("/auth/resend-verification")}>Send a new link</Link>
              </Button>
              <p className="text-sm text-slate-700">
                Already verified?{" "}
                <Link
                  to={`${href("/auth/signin")}?redirectTo=/account/setup`}
                  className="font-medium text-brand-800 underline"
                >
                  Sign in
                </Link>
              </p>
            </div>
          ) : loaderData.signedIn ? (
            <FullNameForm
              lastResult={actionData}
              defaultValue={loaderData.fullName}
              submitLabel="Complete Profile"
            />
          ) : (
            <div className="space-y-4">
              <MailCheck className="size-10 text-brand-700" aria-hidden="true" />
              <p className="text-sm text-slate-700">Already verified?</p>
              <Button asChild variant="outline">
                <Link to={`${href("/auth/signin")}?redirectTo=/account/setup`}>Sign In</Link>
              </Button>
              <p className="text-sm text-slate-700">
                No email after a few minutes?{" "}
                <Link
                  to={href("/auth/resend-verification")}
                  className="font-medium text-brand-800 underline"
                >
                  Send a new link
                </Link>
              </p>
            </div>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
