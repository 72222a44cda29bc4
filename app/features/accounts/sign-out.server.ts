/**
 * Signing out by scope: this device, or everywhere (every session of the account, this
 * one included). The profile's 'Sign out of other devices' is `revokeOtherSessions`. Each scope
 * deletes the sessions on the server and confirms it before the page says so (decision 0035),
 * and is logged as a security event `sign_out` with its scope.
 */
import type { SessionUser } from "~/lib/session.server";
import { auth } from "./auth.server";
import { revokeAllSessions, sessionExists } from "./security.server";
import { logAuthEvent } from "./sign-in.server";

export type SignOutScope = "device" | "everywhere";

/** The scope a sign-out form asked for ('device' unless it says 'everywhere'). */
export function signOutScopeOf(value: FormDataEntryValue | null): SignOutScope {
  return value === "everywhere" ? "everywhere" : "device";
}

/**
 * Ends the sessions of `scope` for the signed-in `user` (none: only this browser's cookie).
 * @returns the Set-Cookie headers expiring this browser's session cookie
 * @throws Error when a session that should be gone is still live
 */
export async function signOut(
  scope: SignOutScope,
  headers: Headers,
  user: SessionUser | null,
): Promise<Headers> {
  if (scope === "everywhere" && user) {
    const cookies = await revokeAllSessions(headers, user.id);
    logAuthEvent("sign_out", headers, { userId: user.id, scope });
    return cookies;
  }
  const signedOut = await auth().api.signOut({ headers, returnHeaders: true });
  if (user && (await sessionExists(user.sessionId))) throw new Error("the session is still live");
  if (user) logAuthEvent("sign_out", headers, { userId: user.id, scope: "device" });
  return signedOut.headers;
}
