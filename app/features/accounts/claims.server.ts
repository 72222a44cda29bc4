import { and, eq, isNull, sql } from "drizzle-orm";
import { quotes } from "~/db/schema";
import { db } from "~/lib/db.server";

/**
 * Makes earlier guest quotes whose contact email is `email` the account's own. Called only once
 * the account's email is verified (better-auth's afterEmailVerification), never before, so nobody
 * can claim another person's requests by signing up with their address.
 * @returns how many quotes were claimed.
 */
export async function claimGuestQuotes(userId: string, email: string): Promise<number> {
  const claimed = await db
    .update(quotes)
    .set({ user_id: userId, is_guest: false })
    .where(
      and(
        eq(quotes.is_guest, true),
        isNull(quotes.user_id),
        sql`lower(${quotes.contact_email}) = lower(${email})`,
      ),
    )
    .returning({ id: quotes.id });
  return claimed.length;
}
