/**
 * Review requests: when a quote is set to completed (or, later, a job is completed) every
 * customer, not only the happy ones, gets one request (FTC 16 CFR 465.7: no review gating): the
 * company's public review page (REVIEW_URL; without it none is sent) and a private 'Tell us how
 * we did' form (1-5 and a comment) that reaches the customer's thread. One request per quote and
 * one per job (unique columns), however many completions race. A customer who unsubscribed from
 * reminders gets none.
 */
import { createHash, randomBytes } from "node:crypto";
import { and, eq, isNotNull, isNull } from "drizzle-orm";
import { z } from "zod";
import { review_requests } from "~/db/messages-schema";
import { quotes, reminder_subscriptions } from "~/db/schema";
import { company } from "~/features/catalog/company";
import { type Database, db } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { queueMail } from "~/lib/outbox.server";
import { quoteTextNumber } from "./consent.server";
import { nextTextingTime } from "./quiet-hours";
import { addCustomerMessage } from "./thread.server";

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/**
 * Queues the one review request of request `quoteId` (and of job `jobId`, when a job's completion
 * asks) inside `tx`, the transaction that completed it: a mail, and a text to the request's number
 * with consent (`quoteTextNumber`: the account's confirmed mobile, else the quote form's phone)
 * held to 08:00-21:00 Utah time. Call `kickOutbox()` after the commit.
 * @returns false when none was queued: no REVIEW_URL, already requested for this quote or job,
 *   reminders unsubscribed, or an unknown quote.
 */
export async function requestReview(
  tx: Transaction,
  subject: { quoteId: string; jobId?: string | null },
  now = new Date(),
): Promise<boolean> {
  const reviewUrl = env().REVIEW_URL;
  if (!reviewUrl) return false;
  const [quote] = await tx
    .select({ email: quotes.contact_email, firstName: quotes.contact_first_name })
    .from(quotes)
    .where(eq(quotes.id, subject.quoteId))
    .limit(1);
  if (!quote) return false;
  const [unsubscribed] = await tx
    .select({ id: reminder_subscriptions.id })
    .from(reminder_subscriptions)
    .where(
      and(
        eq(reminder_subscriptions.quote_id, subject.quoteId),
        isNotNull(reminder_subscriptions.unsubscribed_at),
      ),
    )
    .limit(1);
  if (unsubscribed) return false;
  const token = randomBytes(32).toString("base64url");
  const [created] = await tx
    .insert(review_requests)
    .values({
      quote_id: subject.quoteId,
      job_id: subject.jobId ?? null,
      token_hash: hashToken(token),
    })
    .onConflictDoNothing()
    .returning({ id: review_requests.id });
  if (!created) return false;
  const formUrl = new URL(`/reviews/${token}`, env().PUBLIC_URL).href;
  await queueMail(tx, [
    {
      kind: "review_request",
      quoteId: subject.quoteId,
      to: quote.email,
      subject: `How did we do, ${quote.firstName}?`,
      text: [
        `Hello ${quote.firstName},`,
        "",
        `Thank you for choosing ${company.name}. We would be grateful for a review, whatever you think of our work:`,
        reviewUrl,
        "",
        `Or tell us privately how we did: ${formUrl}`,
        "",
        company.name,
      ].join("\n"),
    },
  ]);
  // the number of the request's texts (a guest's quote-form number too), as status texts (0259)
  const number = await quoteTextNumber(subject.quoteId, tx);
  if (number) {
    await queueMail(tx, [
      {
        kind: "review_request",
        channel: "sms",
        quoteId: subject.quoteId,
        to: number,
        subject: "",
        text: `${company.name}: thank you! Tell us how we did: ${reviewUrl} Reply STOP to stop.`,
        notBefore: nextTextingTime(now),
      },
    ]);
  }
  return true;
}

/** The 'Tell us how we did' form. */
export const reviewFormSchema = z.object({
  rating: z.coerce
    .number({ error: "Choose a rating from 1 to 5" })
    .int("Choose a rating from 1 to 5")
    .min(1, "Choose a rating from 1 to 5")
    .max(5, "Choose a rating from 1 to 5"),
  comment: z.string().trim().max(2000, "A comment can be at most 2000 characters").default(""),
});

/** The review request of `token`: its quote and whether it was answered; null when unknown. */
export async function reviewRequestByToken(
  token: string,
): Promise<{ id: string; quoteId: string; answered: boolean } | null> {
  if (!TOKEN_PATTERN.test(token)) return null;
  const [row] = await db
    .select()
    .from(review_requests)
    .where(eq(review_requests.token_hash, hashToken(token)))
    .limit(1);
  return row ? { id: row.id, quoteId: row.quote_id, answered: row.answered_at !== null } : null;
}

/**
 * Stores the private review of request `id` once: it reaches the customer's thread as a review
 * message with its rating. @returns false when it was answered before.
 */
export async function answerReview(
  request: { id: string; quoteId: string },
  answer: z.infer<typeof reviewFormSchema>,
): Promise<boolean> {
  const [claimed] = await db
    .update(review_requests)
    .set({ answered_at: new Date() })
    .where(and(eq(review_requests.id, request.id), isNull(review_requests.answered_at)))
    .returning({ id: review_requests.id });
  if (!claimed) return false;
  await addCustomerMessage(request.quoteId, answer.comment || "(no comment)", {
    channel: "review",
    rating: answer.rating,
  });
  return true;
}
