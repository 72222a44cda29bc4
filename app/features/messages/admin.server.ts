/**
 * The back office's Messages: the threads, newest first, searchable by name, email, phone or
 * request reference; one thread in time order (what the customer sent, and every mail and text
 * the outbox recorded for their email or number, delivered or failed); staff replies by mail or
 * text; saved replies with `{name}`, `{reference}` and `{link}` filled in.
 */
import { and, asc, count, desc, eq, gt, ilike, inArray, isNull, or, sql } from "drizzle-orm";
import { z } from "zod";
import { conversations, customer_messages, saved_replies } from "~/db/messages-schema";
import { mail_outbox, quote_status_links, quote_uploads, quotes } from "~/db/schema";
import { company } from "~/features/catalog/company";
import { referenceIdRange, referenceNumber } from "~/features/quotes/reference";
import { newStatusLink } from "~/features/quotes/status-link.server";
import { db } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { kickOutbox, queueMail } from "~/lib/outbox.server";
import { consentHistory, mayText } from "./consent.server";
import type { ThreadEntryView } from "./thread-entries";
import { quotePerson, STAFF_REPLY_KIND, threadOf, touchThread } from "./threads.server";

/** Threads shown per page of /admin/messages. */
export const THREADS_PER_PAGE = 50;

/** How many threads have customer messages no staff member has opened yet. */
export async function unreadThreadCount(): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(conversations)
    .where(gt(conversations.unread, 0));
  return row?.n ?? 0;
}

/**
 * One page of threads, newest first; `q` matches name, email or phone (part of it), or the
 * start of a request reference of the thread's customer.
 */
export async function listThreads(query: { q?: string; page: number }) {
  const q = query.q?.trim();
  const pattern = q ? `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const digits = q?.replace(/\D/g, "") ?? "";
  const ids = q && /^[0-9a-f-]{4,36}$/i.test(q) ? referenceIdRange(q) : null;
  const byReference = ids
    ? and(sql`${quotes.id} >= ${ids.low}::uuid`, sql`${quotes.id} <= ${ids.high}::uuid`)
    : undefined;
  const where = pattern
    ? or(
        ilike(conversations.name, pattern),
        ilike(conversations.email, pattern),
        digits.length >= 3 ? ilike(conversations.phone_number, `%${digits}%`) : undefined,
        // uncorrelated: the matching requests are found once, not once per thread
        byReference
          ? inArray(
              conversations.user_id,
              db.select({ id: quotes.user_id }).from(quotes).where(byReference),
            )
          : undefined,
        byReference
          ? inArray(
              conversations.email,
              db
                .select({ email: sql<string>`lower(${quotes.contact_email})` })
                .from(quotes)
                .where(byReference),
            )
          : undefined,
      )
    : undefined;
  const [items, [total]] = await Promise.all([
    db
      .select()
      .from(conversations)
      .where(where)
      .orderBy(desc(conversations.last_message_at), desc(conversations.id))
      .limit(THREADS_PER_PAGE)
      .offset((query.page - 1) * THREADS_PER_PAGE),
    db.select({ n: count() }).from(conversations).where(where),
  ]);
  const n = total?.n ?? 0;
  return { items, total: n, pageCount: Math.max(1, Math.ceil(n / THREADS_PER_PAGE)) };
}

/**
 * One entry of a thread, in time order: as the page shows it (ThreadEntryView), with its time
 * as a Date and, for a customer's message, the request it is about (its file links to
 * /admin/messages/files/:fileId). `reply`: the office's own reply, not an automatic message.
 */
export type ThreadEntry =
  | (Omit<Extract<ThreadEntryView, { kind: "customer" }>, "at"> & {
      at: Date;
      quoteId: string | null;
    })
  | (Omit<Extract<ThreadEntryView, { kind: "sent" }>, "at"> & { at: Date });

/** The entries of thread `thread` (its customer messages and what was sent to its addresses). */
export async function threadEntries(thread: {
  id: string;
  email: string | null;
  phone_number: string | null;
}): Promise<ThreadEntry[]> {
  const addresses = [thread.email, thread.phone_number].filter((a): a is string => !!a);
  const [received, sent] = await Promise.all([
    db
      .select({ message: customer_messages, fileName: quote_uploads.original_name })
      .from(customer_messages)
      .leftJoin(quote_uploads, eq(quote_uploads.id, customer_messages.upload_id))
      .where(eq(customer_messages.conversation_id, thread.id))
      .orderBy(asc(customer_messages.created_at)),
    addresses.length === 0
      ? Promise.resolve([])
      : db
          .select()
          .from(mail_outbox)
          .where(
            and(
              inArray(sql`lower(${mail_outbox.to_address})`, addresses),
              // one-time codes and links are nobody's reading matter
              eq(mail_outbox.sensitive, false),
            ),
          )
          .orderBy(asc(sql`lower(${mail_outbox.to_address})`), asc(mail_outbox.created_at))
          .limit(1000),
  ]);
  const entries: ThreadEntry[] = [
    ...received.map(({ message: m, fileName }) => ({
      kind: "customer" as const,
      id: m.id,
      at: m.created_at,
      channel: m.channel,
      body: m.body,
      rating: m.rating,
      quoteId: m.quote_id,
      file:
        m.upload_id && fileName
          ? { name: fileName, href: `/admin/messages/files/${m.upload_id}` }
          : null,
    })),
    ...sent.map((m) => ({
      kind: "sent" as const,
      id: m.id,
      at: m.created_at,
      channel: m.channel,
      subject: m.subject,
      body: m.text_body,
      status: m.status,
      reply: m.kind === STAFF_REPLY_KIND,
    })),
  ];
  return entries.sort((a, b) => a.at.getTime() - b.at.getTime());
}

/**
 * The requests of the thread's customer, newest first: its account's, and the guest requests
 * that typed its email. A request of another account that typed this email is that account's,
 * never this thread's (docs/decisions/0297).
 */
async function threadQuotes(thread: { user_id: string | null; email: string | null }) {
  const conditions = [
    thread.user_id ? eq(quotes.user_id, thread.user_id) : undefined,
    thread.email
      ? and(isNull(quotes.user_id), sql`lower(${quotes.contact_email}) = ${thread.email}`)
      : undefined,
  ].filter((c) => c !== undefined);
  if (conditions.length === 0) return [];
  return db
    .select({
      id: quotes.id,
      service: quotes.service,
      firstName: quotes.contact_first_name,
      userId: quotes.user_id,
    })
    .from(quotes)
    .where(or(...conditions))
    .orderBy(desc(quotes.created_at))
    .limit(20);
}

/**
 * Thread `id` for staff: the customer, entries, consent history, requests, saved replies, and
 * whether a text may go now. Opening it marks it read.
 * @returns null for an unknown thread.
 */
export async function threadForStaff(id: string) {
  const [thread] = await db.select().from(conversations).where(eq(conversations.id, id)).limit(1);
  if (!thread) return null;
  if (thread.unread > 0) {
    await db.update(conversations).set({ unread: 0 }).where(eq(conversations.id, id));
  }
  const [entries, consent, requests, replies, textable] = await Promise.all([
    threadEntries(thread),
    consentHistory({
      userId: thread.user_id,
      phoneNumbers: thread.phone_number ? [thread.phone_number] : [],
    }),
    threadQuotes(thread),
    db.select().from(saved_replies).orderBy(asc(saved_replies.title)),
    thread.phone_number ? mayText(thread.phone_number) : Promise.resolve(false),
  ]);
  return { thread, entries, consent, requests, replies, textable };
}

/** The link a reply about request `quoteId` carries: the account's page, or a fresh status link. */
function replyLink(quote: { id: string; userId: string | null }): {
  url: string;
  row?: ReturnType<typeof newStatusLink>["row"];
} {
  if (quote.userId) {
    return { url: new URL(`/account/quotes/${quote.id}/estimate`, env().PUBLIC_URL).href };
  }
  const link = newStatusLink(quote.id);
  return { url: link.url, row: link.row };
}

/** Fills `{name}`, `{reference}` and `{link}` in a saved reply's `body`. */
export function fillPlaceholders(
  body: string,
  values: { name: string; reference: string; link: string },
): string {
  return body
    .replaceAll("{name}", values.name)
    .replaceAll("{reference}", values.reference)
    .replaceAll("{link}", values.link);
}

/** The saved reply `replyId` filled in for the thread's newest request (for the reply box). */
export function filledSavedReply(
  view: NonNullable<Awaited<ReturnType<typeof threadForStaff>>>,
  replyId: string | null,
): string {
  const saved = view.replies.find((r) => r.id === replyId);
  if (!saved) return "";
  const quote = view.requests[0];
  const name = quote?.firstName || view.thread.name || "there";
  return fillPlaceholders(saved.body, {
    name,
    reference: quote ? referenceNumber(quote.id) : "",
    // the link itself is made when the reply is sent (a status link is a fresh secret)
    link: quote ? "{link}" : "",
  });
}

export const replySchema = z.object({
  channel: z.enum(["mail", "sms"], { error: "Choose mail or text" }),
  body: z
    .string({ error: "Write a message" })
    .trim()
    .min(1, "Write a message")
    .max(1600, "A message can be at most 1600 characters"),
});

export type ReplyOutcome = { ok: true } | { ok: false; status: 400 | 404; message: string };

/**
 * Sends staff's reply in thread `id` through the outbox: by mail to the thread's email, or by
 * text to its number (only with consent). `{link}` becomes the newest request's page for the
 * customer (a fresh status link for a guest).
 */
export async function sendStaffReply(
  id: string,
  reply: z.infer<typeof replySchema>,
): Promise<ReplyOutcome> {
  const [thread] = await db.select().from(conversations).where(eq(conversations.id, id)).limit(1);
  if (!thread) return { ok: false, status: 404, message: "No such thread." };
  const to = reply.channel === "mail" ? thread.email : thread.phone_number;
  if (!to) {
    return {
      ok: false,
      status: 400,
      message:
        reply.channel === "mail"
          ? "This customer has no email address."
          : "This customer has no mobile number.",
    };
  }
  if (reply.channel === "sms" && !(await mayText(to))) {
    return {
      ok: false,
      status: 400,
      message: "This number has not agreed to texts (or replied STOP): answer by mail.",
    };
  }
  const [quote] = await threadQuotes(thread);
  const link = quote ? replyLink(quote) : null;
  const body = link
    ? reply.body.replaceAll("{link}", link.url)
    : reply.body.replaceAll("{link}", "");
  await db.transaction(async (tx) => {
    if (link?.row) await tx.insert(quote_status_links).values(link.row);
    await queueMail(tx, [
      reply.channel === "mail"
        ? {
            kind: STAFF_REPLY_KIND,
            quoteId: quote?.id ?? null,
            to,
            subject: `A message from ${company.name}${quote ? ` about ${referenceNumber(quote.id)}` : ""}`,
            text: [
              body,
              "",
              link ? `Read and answer it on your request's page: ${link.url}` : "",
              "",
              company.name,
            ]
              .filter((line, i, all) => line !== "" || all[i - 1] !== "")
              .join("\n"),
          }
        : {
            kind: STAFF_REPLY_KIND,
            channel: "sms",
            quoteId: quote?.id ?? null,
            to,
            subject: "",
            text: `${company.name}: ${body}`,
          },
    ]);
    await touchThread(tx, id);
  });
  kickOutbox();
  return { ok: true };
}

export const savedReplySchema = z.object({
  title: z.string({ error: "Give it a title" }).trim().min(1, "Give it a title").max(100),
  body: z.string({ error: "Write the reply" }).trim().min(1, "Write the reply").max(1600),
});

/** Saves a reply for reuse. */
export async function addSavedReply(reply: z.infer<typeof savedReplySchema>): Promise<void> {
  await db.insert(saved_replies).values(reply);
}

/** Removes saved reply `id` (nothing happens for an unknown one). */
export async function removeSavedReply(id: string): Promise<void> {
  await db.delete(saved_replies).where(eq(saved_replies.id, id));
}

/** Every saved reply, by title. */
export function savedReplies() {
  return db.select().from(saved_replies).orderBy(asc(saved_replies.title));
}

/**
 * The thread of request `quoteId`'s customer (created if none), for the admin quote page's
 * 'Messages' link. @returns null for an unknown request.
 */
export async function threadOfQuote(quoteId: string): Promise<string | null> {
  const person = await quotePerson(quoteId);
  if (!person) return null;
  return db.transaction((tx) => threadOf(tx, person));
}
