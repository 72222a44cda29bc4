/**
 * Who is an admin: `profiles.is_admin` is the one source of truth. The first admin comes from
 * ADMIN_EMAILS at sign-in; admins grant and revoke others from the back office.
 */
import { and, eq, notIlike, sql } from "drizzle-orm";
import { profiles, user as users } from "~/db/schema";
import { db } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { parseAccountId } from "~/lib/ids";
import { logSecurityEvent } from "~/lib/security-log.server";
import { CLOSED_ACCOUNT_DOMAIN } from "./close-account-schema";
import { setAdmin } from "./profiles.server";

/**
 * SQL: the login row is a real account, not a closed account's placeholder (its email at
 * CLOSED_ACCOUNT_DOMAIN, close-account.server.ts), which names nobody and owns nothing.
 */
export const notClosedAccount = notIlike(users.email, `%@${CLOSED_ACCOUNT_DOMAIN}`);

/**
 * Makes user `userId` an admin when its email is verified and listed in ADMIN_EMAILS
 * (DESIGN section 5). Called whenever a session is created (every sign-in path).
 * @returns true when the account was promoted by this call.
 */
export async function promoteConfiguredAdmin(userId: string): Promise<boolean> {
  const listed = env().ADMIN_EMAILS;
  if (listed.length === 0) return false;
  const [account] = await db
    .select({ email: users.email, verified: users.emailVerified, isAdmin: profiles.is_admin })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  if (!account?.verified || account.isAdmin || !listed.includes(account.email.toLowerCase()))
    return false;
  await setAdmin(userId, true);
  logSecurityEvent("admin.grant", { userId, grantedBy: "ADMIN_EMAILS" });
  return true;
}

export type AdminChangeOutcome =
  | { ok: true; email: string }
  | { ok: false; status: 400 | 404; message: string };

/**
 * Grants (`isAdmin` true) or revokes admin rights of `targetId` on behalf of admin `actorId`.
 * An admin never changes their own rights (so the last admin cannot lock everyone out by mistake);
 * a closed account is no customer (404).
 * The caller logs the security event with who and when.
 */
export async function changeAdminRights(
  actorId: string,
  targetId: string,
  isAdmin: boolean,
): Promise<AdminChangeOutcome> {
  if (actorId === targetId)
    return { ok: false, status: 400, message: "You cannot change your own admin rights." };
  if (parseAccountId(targetId) === null)
    return { ok: false, status: 404, message: "No such customer." };
  const [target] = await db
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.id, targetId), notClosedAccount))
    .limit(1);
  if (!target) return { ok: false, status: 404, message: "No such customer." };
  await setAdmin(targetId, isAdmin);
  return { ok: true, email: target.email };
}

/** How many admins there are (the dashboard and tests use it). */
export async function countAdmins(): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(profiles)
    .where(and(eq(profiles.is_admin, true)));
  return row?.n ?? 0;
}
