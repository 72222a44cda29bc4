/**
 * The price book (admin only; routes guard with requireAdmin): what the company charges per
 * service. Items are retired, never deleted, and estimates copy what they use (content.ts), so a
 * price change or a retirement never alters an estimate already written.
 */
import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import { price_book_items } from "~/db/schema";
import type { ServiceId } from "~/features/catalog/services";
import { db } from "~/lib/db.server";
import { isId } from "~/lib/ids";
import type { PriceBookItemInput } from "./schemas";

export type PriceBookItem = typeof price_book_items.$inferSelect;

/**
 * The price book, by service then name; retired items only when `includeRetired`.
 * @param filter.service only this service's items
 */
export async function listPriceBook(
  filter: { service?: ServiceId; includeRetired?: boolean } = {},
): Promise<PriceBookItem[]> {
  return db
    .select()
    .from(price_book_items)
    .where(
      and(
        filter.service ? eq(price_book_items.service, filter.service) : undefined,
        filter.includeRetired ? undefined : isNull(price_book_items.retired_at),
      ),
    )
    .orderBy(asc(price_book_items.service), asc(price_book_items.name), asc(price_book_items.id));
}

/** One item (retired or not), or null for an unknown or malformed id. */
export async function priceBookItem(id: string): Promise<PriceBookItem | null> {
  if (!isId(id)) return null;
  const [item] = await db.select().from(price_book_items).where(eq(price_book_items.id, id));
  return item ?? null;
}

/** The active (not retired) items among `ids`, by id. */
export async function activePriceBookItems(ids: string[]): Promise<Map<string, PriceBookItem>> {
  if (ids.length === 0) return new Map();
  const items = await db
    .select()
    .from(price_book_items)
    .where(and(inArray(price_book_items.id, ids), isNull(price_book_items.retired_at)));
  return new Map(items.map((item) => [item.id, item]));
}

/** The price_book_items columns of a validated item. */
export const priceBookColumns = (input: PriceBookItemInput) => ({
  service: input.service,
  name: input.name,
  description: input.description,
  unit: input.unit,
  unit_price_cents: input.unitPrice,
  taxable: input.taxable,
});

/** Adds an item (input validated by `priceBookItemSchema`). @returns its id. */
export async function addPriceBookItem(input: PriceBookItemInput): Promise<{ id: string }> {
  const [row] = await db
    .insert(price_book_items)
    .values(priceBookColumns(input))
    .returning({ id: price_book_items.id });
  return { id: (row as { id: string }).id };
}

/**
 * Changes item `id` (retired ones too: a retired item can be corrected and restored). Estimates
 * already written keep the values they copied.
 * @returns false for an unknown id (nothing written).
 */
export async function editPriceBookItem(id: string, input: PriceBookItemInput): Promise<boolean> {
  if (!isId(id)) return false;
  const rows = await db
    .update(price_book_items)
    .set({ ...priceBookColumns(input), updated_at: new Date() })
    .where(eq(price_book_items.id, id))
    .returning({ id: price_book_items.id });
  return rows.length > 0;
}

/**
 * Retires item `id` (`retired` true: new estimates can no longer pick it) or restores it.
 * @returns false for an unknown id.
 */
export async function retirePriceBookItem(
  id: string,
  retired = true,
  now: Date = new Date(),
): Promise<boolean> {
  if (!isId(id)) return false;
  const rows = await db
    .update(price_book_items)
    .set({ retired_at: retired ? now : null, updated_at: now })
    .where(eq(price_book_items.id, id))
    .returning({ id: price_book_items.id });
  return rows.length > 0;
}
