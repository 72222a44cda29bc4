/**
 * A customer's side of their thread, on a request's page (the status link, the account's quote
 * page): what they wrote about this request and the office's replies about it, and the 'Message
 * the company' box that adds to the thread.
 */
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import { conversations, customer_messages } from "~/db/messages-schema";
import { mail_outbox, quote_uploads, quotes } from "~/db/schema";
import {
  type FileReader,
  fileNotFound,
  readUpload,
  storeMessageFile,
} from "~/features/quotes/files.server";
import { formatDateTime } from "~/lib/dates";
import { db } from "~/lib/db.server";
import { isId } from "~/lib/ids";
import { createRateLimit, type RateLimit } from "~/lib/rate-limit.server";
import type { ThreadEntryView } from "./thread-entries";
import { markNewMessage, quotePerson, STAFF_REPLY_KIND, threadOf } from "./threads.server";

/** The 'Message the company' form. */
export const customerMessageSchema = z.object({
  message: z
    .string({ error: "Write your message" })
    .trim()
    .min(1, "Write your message")
    .max(2000, "A message can be at most 2000 characters"),
});

/**
 * What request `quoteId`'s page shows of its thread, oldest first (times for people); a message's
 * file is linked at `fileHref(uploadId)` (the page's own private file route).
 */
export async function customerThreadOfQuote(
  quoteId: string,
  fileHref: (uploadId: string) => string,
): Promise<ThreadEntryView[]> {
  const [mine, replies] = await Promise.all([
    db
      .select({ message: customer_messages, fileName: quote_uploads.original_name })
      .from(customer_messages)
      .leftJoin(quote_uploads, eq(quote_uploads.id, customer_messages.upload_id))
      .where(eq(customer_messages.quote_id, quoteId))
      .orderBy(asc(customer_messages.created_at)),
    db
      .select()
      .from(mail_outbox)
      .where(and(eq(mail_outbox.quote_id, quoteId), eq(mail_outbox.kind, STAFF_REPLY_KIND)))
      .orderBy(asc(mail_outbox.created_at)),
  ]);
  const entries = [
    ...mine.map(({ message: m, fileName }) => ({
      at: m.created_at,
      view: {
        kind: "customer" as const,
        id: m.id,
        at: formatDateTime(m.created_at),
        channel: m.channel,
        body: m.body,
        rating: m.rating,
        file: m.upload_id && fileName ? { name: fileName, href: fileHref(m.upload_id) } : null,
      },
    })),
    ...replies.map((m) => ({
      at: m.created_at,
      view: {
        kind: "sent" as const,
        id: m.id,
        at: formatDateTime(m.created_at),
        channel: m.channel,
        subject: "",
        body:
          m.channel === "sms" ? m.text_body.replace(/^[^:]+: /, "") : firstParagraph(m.text_body),
        status: m.status,
        reply: true,
      },
    })),
  ];
  return entries.sort((a, b) => a.at.getTime() - b.at.getTime()).map((e) => e.view);
}

/** A reply mail's own words: what comes before its closing link and signature. */
function firstParagraph(text: string): string {
  const end = text.indexOf("\n\nRead and answer it on your request's page:");
  return end === -1 ? text : text.slice(0, end);
}

/**
 * Adds `body` from request `quoteId`'s customer to their thread (made if none), one more unread.
 * `channel` web: the page's box; review: the private review form (with `rating`).
 * @returns false for an unknown request.
 */
export async function addCustomerMessage(
  quoteId: string,
  body: string,
  extra: { channel?: "web" | "review"; rating?: number | null; uploadId?: string | null } = {},
): Promise<boolean> {
  const person = await quotePerson(quoteId);
  if (!person) return false;
  await db.transaction(async (tx) => {
    const threadId = await threadOf(tx, person);
    await tx.insert(customer_messages).values({
      conversation_id: threadId,
      channel: extra.channel ?? "web",
      body,
      quote_id: quoteId,
      rating: extra.rating ?? null,
      upload_id: extra.uploadId ?? null,
    });
    await markNewMessage(tx, threadId);
  });
  return true;
}

/** Whether any thread has unread messages about request `quoteId` (for tests and badges). */
export async function unreadAboutQuote(quoteId: string): Promise<boolean> {
  const rows = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(
      and(
        sql`${conversations.unread} > 0`,
        inArray(
          conversations.id,
          db
            .select({ id: customer_messages.conversation_id })
            .from(customer_messages)
            .where(eq(customer_messages.quote_id, quoteId)),
        ),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** Whether request `quoteId` is `userId`'s own (a customer sees only their own thread). */
export async function isOwnQuote(userId: string, quoteId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: quotes.id })
    .from(quotes)
    .where(and(eq(quotes.id, quoteId), eq(quotes.user_id, userId)))
    .limit(1);
  return row !== undefined;
}

let messageLimit: RateLimit | undefined;

/** 'Message the company' posts: 10 per hour per client address (IPv6 by /64), valid or not. */
export function customerMessageLimit(): RateLimit {
  messageLimit ??= createRateLimit("customer-message", 10, 60 * 60);
  return messageLimit;
}

/**
 * The 'Message the company' post for request `quoteId` from `clientIp` (its caller has checked
 * access). The post is counted against `customerMessageLimit` before anything else.
 * A photo or PDF in `file` goes through the request files' pipeline (type by content, photos
 * without metadata) and is kept with the message.
 * @returns sent; the field errors (400; 413 for a file over 15 MB); or, past the limit, the
 *   limit's message (429). Nothing is stored on a refusal, which carries the message as typed.
 */
export async function customerMessageAction(
  quoteId: string,
  form: FormData,
  clientIp: string | undefined,
): Promise<
  | { ok: true }
  | { ok: false; status: 400 | 413 | 429; errors: string[]; fileErrors?: string[]; typed: string }
> {
  // a refusal gives the words back: without JavaScript the page is drawn anew
  const typed = String(form.get("message") ?? "").slice(0, 10_000);
  const limit = await customerMessageLimit().consume(clientIp);
  if (!limit.ok) {
    const minutes = Math.max(1, Math.ceil(limit.retryAfterSeconds / 60));
    return {
      ok: false,
      status: 429,
      errors: [
        `Too many messages from your network. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}, or call us.`,
      ],
      typed,
    };
  }
  const parsed = customerMessageSchema.safeParse({ message: form.get("message") ?? undefined });
  if (!parsed.success) {
    return { ok: false, status: 400, errors: parsed.error.issues.map((i) => i.message), typed };
  }
  const file = form.get("file");
  let uploadId: string | null = null;
  if (file instanceof File && file.size > 0) {
    const stored = await storeMessageFile(file);
    if (!stored.ok) {
      return {
        ok: false,
        status: stored.status === 413 ? 413 : 400,
        errors: [],
        fileErrors: [stored.message],
        typed,
      };
    }
    uploadId = stored.upload.id;
  }
  await addCustomerMessage(quoteId, parsed.data.message, { uploadId });
  return { ok: true };
}

/** Who asks for a message's file: the same readers as a request's file. */
export type MessageFileReader = FileReader;

/**
 * The file sent with a customer's message, for `reader`: staff any, a signed-in customer the
 * files of their own thread or requests, a status link's holder those sent about its request.
 * Anyone else, and any id that is not a message's file, gets the same 404.
 * @returns the file (or its thumbnail with `?size=thumbnail`), served privately as request files are
 */
export async function messageFileResponse(
  request: Request,
  reader: MessageFileReader,
  fileId: string,
): Promise<Response> {
  if (!isId(fileId)) return fileNotFound();
  const [row] = await db
    .select({
      quoteId: customer_messages.quote_id,
      quoteOwner: quotes.user_id,
      threadOwner: conversations.user_id,
    })
    .from(customer_messages)
    .innerJoin(conversations, eq(conversations.id, customer_messages.conversation_id))
    .leftJoin(quotes, eq(quotes.id, customer_messages.quote_id))
    .where(eq(customer_messages.upload_id, fileId))
    .limit(1);
  const allowed =
    row !== undefined &&
    (reader.role === "admin" ||
      (reader.role === "owner" &&
        (row.quoteOwner === reader.userId || row.threadOwner === reader.userId)) ||
      (reader.role === "link" && row.quoteId === reader.quoteId));
  if (!allowed) return fileNotFound();
  const variant =
    new URL(request.url).searchParams.get("size") === "thumbnail" ? "thumbnail" : "file";
  const file = await readUpload(fileId, variant);
  if (!file) return fileNotFound();
  return new Response(new Uint8Array(file.body), { headers: file.headers });
}
