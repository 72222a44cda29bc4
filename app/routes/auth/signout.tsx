import { redirect } from "react-router";
import { auth, authHeaders } from "~/features/accounts/auth.server";
import { sessionExists } from "~/features/accounts/security.server";
import { logger } from "~/lib/logger.server";
import { requestContext } from "~/lib/request-context";
import { currentUser, safeRedirect } from "~/lib/session.server";
import { redirectWithToast } from "~/lib/toast.server";
import type { Route } from "./+types/signout";

export function loader() {
  return redirect("/");
}

/**
 * POST /auth/signout: ends the session (SPEC section 8 messages). better-auth reports success
 * even when it could not delete the session, so we confirm the session row is gone first.
 */
export async function action({ request, context }: Route.ActionArgs) {
  try {
    const { headers } = await auth().api.signOut({
      headers: authHeaders(request, context.get(requestContext).clientIp),
      returnHeaders: true,
    });
    const user = currentUser(context);
    if (user && (await sessionExists(user.sessionId))) throw new Error("the session is still live");
    return redirectWithToast("/", { type: "success", title: "Logged out successfully" }, headers);
  } catch (error) {
    logger().error({ err: error }, "sign-out failed");
    return redirectWithToast(safeRedirect(request.headers.get("Referer"), "/"), {
      type: "error",
      title: "Error logging out",
      description: "There was a problem logging out. Please try again.",
    });
  }
}
