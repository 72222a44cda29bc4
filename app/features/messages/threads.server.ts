/**
 * One thread per customer (`conversations`): found by account, then email, then mobile number;
 * created when none matches. Each of the three belongs to at most one thread (partial unique
 * indexes), so two requests creating the same thread at once end with one.
 */
import { eq, sql } from "drizzle-orm";
import { conversations } from "~/db/messages-schema";
import { quotes, user } from "~/db/schema";
import { normalizeMobile } from "~/features/accounts/mobile-number.server";
import { type Database, db } from "~/lib/db.server";

type Executor = Pick<Database, "select" | "insert" | "update">;

/** The kind of outbox row a staff reply is (the staff's thread and the customer's page read it). */
export const STAFF_REPLY_KIND = "staff_reply";

/** Who a thread is about: any of account id, email and E.164 number, and a name to show. */
export interface ThreadPerson {
  userId?: string | null;
  email?: string | null;
  phoneNumber?: string | null;
  name?: string | null;
}

/**
 * The customer of request `quoteId` as a thread sees them; null if none. A guest's request gives
 * its contact email and number as typed. A signed-in customer's request gives their account and
 * only what the account has proven (its verified email, its confirmed mobile number): the form's
 * email and phone are typed, not proven, and a thread found by them would hand another person's
 * conversation, its export and its erasure to this account (docs/decisions/0297).
 */
export async function quotePerson(quoteId: string): Promise<ThreadPerson | null> {
  const [quote] = await db
    .select({
      userId: quotes.user_id,
      email: quotes.contact_email,
      phone: quotes.contact_phone,
      first: quotes.contact_first_name,
      last: quotes.contact_last_name,
      accountEmail: user.email,
      emailVerified: user.emailVerified,
      accountPhone: user.phoneNumber,
      phoneVerified: user.phoneNumberVerified,
    })
    .from(quotes)
    .leftJoin(user, eq(user.id, quotes.user_id))
    .where(eq(quotes.id, quoteId))
    .limit(1);
  if (!quote) return null;
  const name = `${quote.first} ${quote.last}`.trim();
  if (quote.userId) {
    return {
      userId: quote.userId,
      email: quote.emailVerified ? quote.accountEmail : null,
      phoneNumber: quote.phoneVerified ? quote.accountPhone : null,
      name,
    };
  }
  return { email: quote.email, phoneNumber: normalizeMobile(quote.phone), name };
}

async function findThread(tx: Executor, person: ThreadPerson): Promise<string | null> {
  const keys = [
    person.userId ? eq(conversations.user_id, person.userId) : undefined,
    person.email ? eq(conversations.email, person.email.toLowerCase()) : undefined,
    person.phoneNumber ? eq(conversations.phone_number, person.phoneNumber) : undefined,
  ];
  for (const key of keys) {
    if (!key) continue;
    const [row] = await tx.select({ id: conversations.id }).from(conversations).where(key).limit(1);
    if (row) return row.id;
  }
  return null;
}

/**
 * The id of `person`'s thread, created (or completed with a missing account, email, number or
 * name that no other thread holds) within `tx`.
 */
export async function threadOf(tx: Executor, person: ThreadPerson): Promise<string> {
  const email = person.email?.toLowerCase() ?? null;
  const found = await findThread(tx, person);
  if (found) {
    await tx
      .update(conversations)
      .set({
        name: person.name
          ? sql`case when ${conversations.name} = '' then ${person.name} else ${conversations.name} end`
          : undefined,
        user_id: person.userId
          ? sql`coalesce(${conversations.user_id}, (select ${person.userId}::text where not exists (select 1 from conversations where user_id = ${person.userId})))`
          : undefined,
        email: email
          ? sql`coalesce(${conversations.email}, (select ${email}::text where not exists (select 1 from conversations where email = ${email})))`
          : undefined,
        phone_number: person.phoneNumber
          ? sql`coalesce(${conversations.phone_number}, (select ${person.phoneNumber}::text where not exists (select 1 from conversations where phone_number = ${person.phoneNumber})))`
          : undefined,
      })
      .where(eq(conversations.id, found));
    return found;
  }
  const [created] = await tx
    .insert(conversations)
    .values({
      user_id: person.userId ?? null,
      email,
      phone_number: person.phoneNumber ?? null,
      name: person.name ?? "",
    })
    .onConflictDoNothing()
    .returning({ id: conversations.id });
  if (created) return created.id;
  const raced = await findThread(tx, person);
  if (!raced) throw new Error("thread vanished while it was created");
  return raced;
}

/** Marks a new customer message in thread `id`: one more unread, and the thread moves up. */
export async function markNewMessage(tx: Executor, id: string, at = new Date()): Promise<void> {
  await tx
    .update(conversations)
    .set({ unread: sql`${conversations.unread} + 1`, last_message_at: at })
    .where(eq(conversations.id, id));
}

/** Moves thread `id` up after the office wrote to it. */
export async function touchThread(tx: Executor, id: string, at = new Date()): Promise<void> {
  await tx.update(conversations).set({ last_message_at: at }).where(eq(conversations.id, id));
}
