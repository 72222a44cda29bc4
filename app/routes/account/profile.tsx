import { data } from "react-router";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { FullNameForm } from "~/features/accounts/full-name-form";
import { submitFullName } from "~/features/accounts/profiles.server";
import { pageMeta } from "~/lib/seo";
import { requireUser } from "~/lib/session.server";
import { redirectWithToast } from "~/lib/toast.server";
import type { Route } from "./+types/profile";

export function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(request, context);
  return { email: user.email, fullName: user.fullName ?? "" };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(request, context);
  const outcome = await submitFullName(user.id, await request.formData());
  if (outcome.status !== 200) return data(outcome.result, outcome.status);
  return redirectWithToast("/account/profile", {
    type: "success",
    title: "Profile Updated",
    description: "Your profile has been successfully updated",
  });
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { title: "Profile", description: "Your profile settings.", noIndex: true });
}

export default function ProfilePage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <Card className="max-w-xl">
      <CardHeader>
        <CardTitle as="h2">Profile Settings</CardTitle>
        <CardDescription>Signed in as {loaderData.email}</CardDescription>
      </CardHeader>
      <CardContent>
        <FullNameForm
          lastResult={actionData}
          defaultValue={loaderData.fullName}
          submitLabel="Save Changes"
        />
      </CardContent>
    </Card>
  );
}
