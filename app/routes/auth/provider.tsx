import { href, redirect } from "react-router";
import { authRequest } from "~/features/accounts/auth-request.server";
import { startProviderSignIn } from "~/features/accounts/provider-sign-in.server";
import type { Route } from "./+types/provider";

/** Only the 'Continue with {provider}' forms post here; a visit goes to the sign-in page. */
export function loader() {
  return redirect(href("/auth/signin"));
}

/**
 * 'Continue with {provider}': answers with the redirect to the provider (state, PKCE and nonce
 * kept by better-auth), or back to the sign-in page with the reason.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const redirectTo = form.get("redirectTo");
  const started = await startProviderSignIn(
    form.get("provider"),
    typeof redirectTo === "string" ? redirectTo : null,
    authRequest(request, context),
  );
  if (started instanceof Response) return started;
  const reason = started.status === 429 ? "too_many_attempts" : "provider_unavailable";
  return redirect(`${href("/auth/signin")}?error=${reason}`, { status: 303 });
}
