import { EmailLinkForm } from "~/features/accounts/email-link-form";
import { emailLinkAction } from "~/features/accounts/email-link-request.server";
import { requestPasswordReset } from "~/features/accounts/sign-in.server";
import { privatePageMeta } from "~/lib/seo";
import type { Route } from "./+types/forgot-password";

export async function action({ request, context }: Route.ActionArgs) {
  return emailLinkAction(request, context, requestPasswordReset);
}

export function meta(args: Route.MetaArgs) {
  return privatePageMeta(args, "Forgot Password", "Reset your password.");
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  return (
    <EmailLinkForm
      id="forgot-password"
      actionData={actionData}
      title="Forgot Password"
      description="Enter your account's email and we will send you a link to choose a new password."
      sentMessage="If an account uses that email, a link to reset your password is on its way. It works for one hour."
      submitLabel="Send Reset Link"
    />
  );
}
