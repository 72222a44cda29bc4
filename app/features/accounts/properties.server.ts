/**
 * A customer's properties. Every function takes the acting user's id and touches only that
 * user's rows: an id from a URL or form field can never reach another customer's property.
 */
import { and, count, desc, eq } from "drizzle-orm";
import { properties, quotes } from "~/db/schema";
import { db } from "~/lib/db.server";
import { isId } from "~/lib/ids";
import { linkQuotesToProperties } from "./claims.server";
import type { PropertyInput } from "./property-schema";

export type Property = typeof properties.$inferSelect;

/** The user's properties, newest first. */
export function listProperties(userId: string): Promise<Property[]> {
  return db
    .select()
    .from(properties)
    .where(eq(properties.user_id, userId))
    .orderBy(desc(properties.created_at));
}

/** One of the user's properties, or null (absent, someone else's, or not an id at all). */
export async function getProperty(userId: string, id: string): Promise<Property | null> {
  if (!isId(id)) return null;
  const [row] = await db
    .select()
    .from(properties)
    .where(and(eq(properties.id, id), eq(properties.user_id, userId)))
    .limit(1);
  return row ?? null;
}

/**
 * Adds a property owned by `userId` (user_id is always the acting user, SPEC section 6). The
 * user's requests at that address without a property (e.g. claimed guest requests) join its
 * record (linkQuotesToProperties).
 */
export async function addProperty(userId: string, input: PropertyInput): Promise<Property> {
  const [row] = await db
    .insert(properties)
    .values({ user_id: userId, ...toColumns(input) })
    .returning();
  if (!row) throw new Error("Failed to add property - no response received");
  await linkQuotesToProperties(userId);
  return row;
}

/**
 * Updates one of the user's properties; false when it is not theirs (nothing changes). Requests
 * at the corrected address without a property join its record (linkQuotesToProperties).
 */
export async function updateProperty(
  userId: string,
  id: string,
  input: PropertyInput,
): Promise<boolean> {
  if (!isId(id)) return false;
  const rows = await db
    .update(properties)
    .set(toColumns(input))
    .where(and(eq(properties.id, id), eq(properties.user_id, userId)))
    .returning({ id: properties.id });
  if (rows.length === 1) await linkQuotesToProperties(userId);
  return rows.length === 1;
}

/** How many of the user's quotes were requested for property `id`. */
export async function quoteCountForProperty(userId: string, id: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(quotes)
    .where(and(eq(quotes.property_id, id), eq(quotes.user_id, userId)));
  return row?.n ?? 0;
}

/**
 * Removes one of the user's properties; false when it is not theirs (nothing changes). Their
 * quotes keep the address they were requested for (the quote's own copy,
 * docs/decisions/0130-quote-keeps-its-address.md), their answers and their test results (a
 * result belongs to its quote, docs/decisions/0160-results-belong-to-their-request.md); the
 * property's share links go with it.
 */
export async function removeProperty(userId: string, id: string): Promise<boolean> {
  if (!isId(id)) return false;
  const rows = await db
    .delete(properties)
    .where(and(eq(properties.id, id), eq(properties.user_id, userId)))
    .returning({ id: properties.id });
  return rows.length === 1;
}

function toColumns(input: PropertyInput) {
  return { address: input.address, city: input.city, state: input.state, zip_code: input.zipCode };
}
