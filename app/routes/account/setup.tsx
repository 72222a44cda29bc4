import { MailCheck } from "lucide-react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "~/components/ui/card";
import { FullNameForm } from "~/features/accounts/full-name-form";
import { fullNameAction } from "~/features/accounts/profiles.server";
import { pageMeta } from "~/lib/seo";
import { currentUser } from "~/lib/session.server";
import type { Route } from "./+types/setup";

export function loader({ context }: Route.LoaderArgs) {
  const user = currentUser(context);
  return { signedIn: user !== null, fullName: user?.fullName ?? "" };
}

export async function action({ request, context }: Route.ActionArgs) {
  return fullNameAction(currentUser(context)?.id ?? null, await request.formData());
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
            {loaderData.signedIn ? "Complete Your Profile" : "Check Your Email"}
          </h1>
          <CardDescription>
            {loaderData.signedIn
              ? "Tell us your name so our specialists know who they are talking to."
              : "We sent you a link to verify your email address. Open it to finish creating your account; you will come back here to complete your profile."}
          </CardDescription>
        </CardHeader>
        <CardContent>
          {loaderData.signedIn ? (
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
                <Link to="/auth/signin?redirectTo=/account/setup">Sign In</Link>
              </Button>
            </div>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
