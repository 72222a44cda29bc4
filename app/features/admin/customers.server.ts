/**
 * The back office's customers: every account with its profile (SPEC: Name, ID, Join Date,
 * Admin Status), newest first, searchable by name, id or email; and one customer in full.
 */
import { and, desc, eq, ilike, or, sql } from "drizzle-orm";
import { profiles, properties, user as users } from "~/db/schema";
import { notClosedAccount as open } from "~/features/accounts/admins.server";
import { listQuotesForUser } from "~/features/quotes/history.server";
import { db } from "~/lib/db.server";
import { parseAccountId } from "~/lib/ids";

export const CUSTOMERS_PAGE_SIZE = 25;

function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * One page of customers matching `q` (name, id or email; all when empty), newest first. Closed
 * accounts (their placeholder login rows) are left out.
 */
export async function listCustomers(query: { q?: string; page: number }) {
  const where = query.q
    ? and(
        open,
        or(
          ilike(profiles.full_name, containsPattern(query.q)),
          ilike(users.email, containsPattern(query.q)),
          ilike(users.id, `${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`),
        ),
      )
    : open;
  const [rows, [count]] = await Promise.all([
    db
      .select({
        id: users.id,
        email: users.email,
        full_name: profiles.full_name,
        is_admin: sql<boolean>`coalesce(${profiles.is_admin}, false)`,
        joined_at: users.createdAt,
      })
      .from(users)
      .leftJoin(profiles, eq(profiles.id, users.id))
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(CUSTOMERS_PAGE_SIZE)
      .offset((query.page - 1) * CUSTOMERS_PAGE_SIZE),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .leftJoin(profiles, eq(profiles.id, users.id))
      .where(where),
  ]);
  const total = count?.n ?? 0;
  return { items: rows, total, pageCount: Math.max(1, Math.ceil(total / CUSTOMERS_PAGE_SIZE)) };
}

/**
 * Customer `id` with profile, properties and quotes (newest first), or null if none (a closed
 * account's placeholder row is none: it names nobody and owns nothing).
 */
export async function getCustomer(id: string) {
  if (parseAccountId(id) === null) return null;
  const [account] = await db
    .select({
      id: users.id,
      email: users.email,
      email_verified: users.emailVerified,
      two_factor: users.twoFactorEnabled,
      joined_at: users.createdAt,
      full_name: profiles.full_name,
      is_admin: sql<boolean>`coalesce(${profiles.is_admin}, false)`,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(and(eq(users.id, id), open))
    .limit(1);
  if (!account) return null;
  const [ownProperties, ownQuotes] = await Promise.all([
    db
      .select()
      .from(properties)
      .where(eq(properties.user_id, id))
      .orderBy(desc(properties.created_at)),
    listQuotesForUser(id),
  ]);
  return { ...account, properties: ownProperties, quotes: ownQuotes };
}
