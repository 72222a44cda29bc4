import { MailCheck } from "lucide-react";
import { data, href, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "~/components/ui/card";
import { FullNameForm } from "~/features/accounts/full-name-form";
import { PROFILE_UPDATED, submitFullName } from "~/features/accounts/profiles.server";
import { providerGivenName } from "~/features/accounts/provider-sign-in.server";
import { LINK_USED_ERROR } from "~/features/accounts/sign-in.server";
import { privatePageMeta } from "~/lib/seo";
import { currentUser } from "~/lib/session.server";
import { redirectWithToast } from "~/lib/toast.server";
import type { Route } from "./+types/setup";

/**
 * better-auth sends a verification link that does not work back here with `?error=<code>`
 * (TOKEN_EXPIRED, INVALID_TOKEN, USER_NOT_FOUND...), and one opened a second time with
 * LINK_USED (routes/api/auth): a guest then sees a plain error, 'Sign in' and 'Send a new link'
 * instead of 'Check Your Email'.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = currentUser(context);
  const error = new URL(request.url).searchParams.get("error");
  const linkProblem =
    user || !error
      ? null
      : error === "TOKEN_EXPIRED"
        ? "expired"
        : error === LINK_USED_ERROR
          ? "used"
          : ("invalid" as const);
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
  return privatePageMeta(args, "Complete Your Profile", "Set up your profile.");
}

/** Sign-in that comes back here once verified. */
const SIGN_IN_HERE = `${href("/auth/signin")}?redirectTo=/account/setup`;
const NEW_LINK = href("/auth/resend-verification");

/** A line offering the other way on: `question`, then a link to it. */
function OtherWay({ question, to, label }: { question: string; to: string; label: string }) {
  return (
    <p className="text-sm text-slate-700">
      {question}{" "}
      <Link to={to} className="font-medium text-brand-800 underline">
        {label}
      </Link>
    </p>
  );
}

export default function ProfileSetup({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <Card>
        <CardHeader>
          <h1 className="text-2xl font-bold">
            {loaderData.signedIn
              ? "Complete Your Profile"
              : loaderData.linkProblem === "used"
                ? "This Verification Link Was Already Used"
                : loaderData.linkProblem
                  ? "This Verification Link Does Not Work"
                  : "Check Your Email"}
          </h1>
          <CardDescription>
            {loaderData.signedIn
              ? "Tell us your name so our specialists know who they are talking to."
              : loaderData.linkProblem === "used"
                ? "This link has been used already, so its email address is verified: sign in to continue. Waiting for a link for another address? Ask for a new one below."
                : loaderData.linkProblem === "expired"
                  ? "This verification link has expired. Ask for a new one below: it works for 24 hours."
                  : loaderData.linkProblem === "invalid"
                    ? "This verification link is not valid: it may have been used already or copied incompletely. Ask for a new one below."
                    : "We sent you a link to verify your email address. Open it to finish creating your account; you will come back here to complete your profile."}
          </CardDescription>
        </CardHeader>
        <CardContent>
          {loaderData.linkProblem === "used" ? (
            <div className="space-y-4">
              <Button asChild>
                <Link to={SIGN_IN_HERE}>Sign In</Link>
              </Button>
              <OtherWay question="Not verified yet?" to={NEW_LINK} label="Send a new link" />
            </div>
          ) : loaderData.linkProblem ? (
            <div className="space-y-4">
              <Button asChild>
                <Link to={NEW_LINK}>Send a new link</Link>
              </Button>
              <OtherWay question="Already verified?" to={SIGN_IN_HERE} label="Sign in" />
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
                <Link to={SIGN_IN_HERE}>Sign In</Link>
              </Button>
              <OtherWay
                question="No email after a few minutes?"
                to={NEW_LINK}
                label="Send a new link"
              />
            </div>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
