import { EmailLinkForm } from "~/features/accounts/email-link-form";
import { emailLinkAction } from "~/features/accounts/email-link-request.server";
import { resendVerification } from "~/features/accounts/sign-in.server";
import { privatePageMeta } from "~/lib/seo";
import type { Route } from "./+types/resend-verification";

/**
 * 'Send a new link': a new email verification link for an account not verified yet, offered by
 * an invalid or expired link's page (/account/setup?error=...) and by sign-in when the address
 * is not verified. The answer never says whether the address has an account.
 */
export async function action({ request, context }: Route.ActionArgs) {
  return emailLinkAction(request, context, resendVerification);
}

export function meta(args: Route.MetaArgs) {
  return privatePageMeta(
    args,
    "Send a New Verification Link",
    "Get a new link to verify your email address.",
  );
}

export default function ResendVerification({ actionData }: Route.ComponentProps) {
  return (
    <EmailLinkForm
      id="resend-verification"
      actionData={actionData}
      title="Send a New Verification Link"
      sentTitle="Check Your Email"
      description="Enter the email address you signed up with and we will send you a new link to verify it."
      sentMessage="If an account with that email is waiting for verification, a new link is on its way. It works for 24 hours."
      submitLabel="Send a new link"
    />
  );
}
