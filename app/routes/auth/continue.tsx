import { href, redirect } from "react-router";
import { landingPage, twoFactorChallenge } from "~/features/accounts/after-sign-in.server";
import { hasPendingChallenge } from "~/features/accounts/security.server";
import { currentUser, safeRedirect } from "~/lib/session.server";
import type { Route } from "./+types/continue";

/**
 * Where better-auth sends the browser after a provider's callback: signed in, to the landing
 * page (SPEC section 2: /account/setup for a new account, whose name the provider gave); with
 * two-factor on there is no session yet, only the challenge cookie, so to the challenge; anything
 * else to the sign-in page.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const redirectTo = safeRedirect(new URL(request.url).searchParams.get("redirectTo"));
  const user = currentUser(context);
  if (user) throw redirect(await landingPage(user.id, redirectTo));
  if (await hasPendingChallenge(request.headers)) throw redirect(twoFactorChallenge(redirectTo));
  throw redirect(href("/auth/signin"));
}
