/**
 * Grants or revokes admin rights for an existing account (profiles.is_admin, the one source of
 * truth for them). Usage:
 *   npm run admin:grant -- someone@example.com
 *   npm run admin:revoke -- someone@example.com
 * On PGlite, stop the server first (one process per data directory); on PostgreSQL it can run
 * beside the servers.
 */
import os from "node:os";
import { sql } from "drizzle-orm";
import { user as users } from "~/db/schema";
import { setAdmin } from "~/features/accounts/profiles.server";
import { db, openDatabase, setDatabase } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { logSecurityEvent } from "~/lib/security-log.server";

const [command, email] = process.argv.slice(2);
if ((command !== "grant" && command !== "revoke") || !email) {
  console.error("Usage: npm run admin:grant -- <email>   or   npm run admin:revoke -- <email>");
  process.exit(2);
}

try {
  const config = env();
  const handle = await openDatabase({ url: config.DATABASE_URL, pgliteDir: config.pgliteDir });
  setDatabase(handle);
  try {
    const [account] = await db
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(sql`lower(${users.email}) = lower(${email})`)
      .limit(1);
    if (!account) {
      console.error(`No account uses ${email}. The person must sign up first.`);
      process.exitCode = 1;
    } else {
      await setAdmin(account.id, command === "grant");
      // no client address: the change is made on the server's own command line
      logSecurityEvent(command === "grant" ? "admin.grant" : "admin.revoke", {
        userId: account.id,
        via: "command line",
        osUser: os.userInfo().username,
      });
      console.log(
        command === "grant"
          ? `${account.email} is now an admin.`
          : `${account.email} is no longer an admin.`,
      );
    }
  } finally {
    await handle.close();
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
