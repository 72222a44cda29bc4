import { href, redirect } from "react-router";
import { authRequest } from "~/features/accounts/auth-request.server";
import { signOut, signOutScopeOf } from "~/features/accounts/sign-out.server";
import { logger } from "~/lib/logger.server";
import { currentUser, safeRedirect } from "~/lib/session.server";
import { redirectWithToast } from "~/lib/toast.server";
import type { Route } from "./+types/signout";

export function loader() {
  return redirect(href("/"));
}

/**
 * POST /auth/signout: ends this device's session, or with `scope=everywhere` every session of the
 * account (SPEC section 8 messages). better-auth reports success even when it could not delete a
 * session, so the sessions are confirmed gone first.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData().catch(() => null);
  const scope = signOutScopeOf(form?.get("scope") ?? null);
  try {
    const headers = await signOut(scope, authRequest(request, context), currentUser(context));
    return redirectWithToast(
      href("/"),
      scope === "everywhere"
        ? {
            type: "success",
            title: "Signed out everywhere",
            description: "Every device, this one included, is signed out.",
          }
        : { type: "success", title: "Logged out successfully" },
      headers,
    );
  } catch (error) {
    logger().error({ err: error }, "sign-out failed");
    return redirectWithToast(safeRedirect(request.headers.get("Referer"), "/"), {
      type: "error",
      title: "Error logging out",
      description: "There was a problem logging out. Please try again.",
    });
  }
}
