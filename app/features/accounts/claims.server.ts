import { and, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { properties, quotes } from "~/db/schema";
import { db } from "~/lib/db.server";

/**
 * Makes earlier guest quotes whose contact email is `email` the account's own. Called only once
 * the account's email is verified (better-auth's afterEmailVerification), never before, so nobody
 * can claim another person's requests by signing up with their address. A claimed quote with a
 * street address joins the record of the account's property at that address
 * (linkQuotesToProperties).
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
  await linkQuotesToProperties(userId);
  return claimed.length;
}

/**
 * A street address as it is compared: lower case, single spaces, no periods or commas
 * ("12 N. Canyon Rd" and "12 n canyon rd" are one address), with the 5-digit ZIP.
 */
export function addressKey(address: string, zipCode: string): string {
  const street = address.toLowerCase().replace(/[.,#]/g, " ").replace(/\s+/g, " ").trim();
  return `${street}|${zipCode.trim().slice(0, 5)}`;
}

/**
 * Links each of account `userId`'s quotes that has a street address but no property (a claimed
 * guest request, a request whose property was removed, one whose address staff set) to the
 * account's property at the same address (addressKey; the oldest when two match), so the quote's
 * test results show on that property's record. Quotes of other accounts are never touched.
 * docs/decisions/0162-claimed-requests-join-the-property-record.md
 * @returns how many quotes were linked
 */
export async function linkQuotesToProperties(userId: string): Promise<number> {
  const [loose, homes] = await Promise.all([
    db
      .select({
        id: quotes.id,
        address: quotes.property_address,
        zipCode: quotes.property_zip_code,
      })
      .from(quotes)
      .where(
        and(
          eq(quotes.user_id, userId),
          isNull(quotes.property_id),
          isNotNull(quotes.property_address),
        ),
      ),
    db
      .select({ id: properties.id, address: properties.address, zipCode: properties.zip_code })
      .from(properties)
      .where(eq(properties.user_id, userId))
      .orderBy(properties.created_at),
  ]);
  if (loose.length === 0 || homes.length === 0) return 0;
  const byKey = new Map<string, string>();
  for (const home of homes) {
    const key = addressKey(home.address, home.zipCode);
    if (!byKey.has(key)) byKey.set(key, home.id);
  }
  let linked = 0;
  for (const quote of loose) {
    const propertyId = byKey.get(addressKey(quote.address ?? "", quote.zipCode ?? ""));
    if (!propertyId) continue;
    const rows = await db
      .update(quotes)
      .set({ property_id: propertyId })
      .where(and(eq(quotes.id, quote.id), eq(quotes.user_id, userId), isNull(quotes.property_id)))
      .returning({ id: quotes.id });
    linked += rows.length;
  }
  return linked;
}
