/**
 * What a signed-in customer's quote form starts with beyond the profile: the phone number they
 * gave with their latest request (docs/decisions/0137-quote-form-saved-phone.md). The account
 * holds no phone of its own; the last one the customer typed is the one they would type again.
 */
import { desc, eq } from "drizzle-orm";
import { quotes } from "~/db/schema";
import { db } from "~/lib/db.server";

/** The contact phone of `userId`'s newest quote request; "" when they have none. */
export async function savedPhone(userId: string): Promise<string> {
  const [row] = await db
    .select({ phone: quotes.contact_phone })
    .from(quotes)
    .where(eq(quotes.user_id, userId))
    .orderBy(desc(quotes.created_at))
    .limit(1);
  return row?.phone ?? "";
}
