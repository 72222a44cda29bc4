/**
 * Conversations with customers (features/messages): consent to texts, one thread per customer,
 * what customers send (texts, messages from the site, review answers), saved replies and review
 * requests. What the site sends is read from the outbox (mail_outbox).
 */
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { user } from "./auth-schema";
import { quote_uploads, quotes } from "./schema";

const createdAt = () => timestamp("created_at", { withTimezone: true }).defaultNow().notNull();

/** Where a consent change came from: a quote form, the profile, or a text (STOP/START). */
export const textConsentSourceEnum = pgEnum("text_consent_source", [
  "quote_form",
  "profile",
  "text_reply",
]);

/** How a customer's message reached us. */
export const customerMessageChannelEnum = pgEnum("customer_message_channel", [
  "sms",
  "web",
  "review",
]);

/**
 * Consent to texts about a request, per mobile number (E.164): every change is a new row
 * (history); the newest row of a number decides. `wording` is what the person agreed to.
 */
export const text_consents = pgTable(
  "text_consents",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    phone_number: text("phone_number").notNull(),
    granted: boolean("granted").notNull(),
    source: textConsentSourceEnum("source").notNull(),
    wording: text("wording").notNull(),
    user_id: text("user_id").references(() => user.id, { onDelete: "set null" }),
    quote_id: uuid("quote_id").references(() => quotes.id, { onDelete: "set null" }),
    created_at: createdAt(),
  },
  (t) => [
    index("text_consents_number_idx").on(t.phone_number, t.created_at),
    index("text_consents_user_idx").on(t.user_id),
    index("text_consents_quote_idx").on(t.quote_id),
  ],
);

/**
 * One thread per customer, matched by account, then email (lower case), then mobile number
 * (E.164); each of the three belongs to at most one thread. `unread` counts customer messages
 * staff have not opened yet.
 */
export const conversations = pgTable(
  "conversations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    user_id: text("user_id").references(() => user.id, { onDelete: "set null" }),
    email: text("email"),
    phone_number: text("phone_number"),
    name: text("name").notNull().default(""),
    last_message_at: timestamp("last_message_at", { withTimezone: true }).defaultNow().notNull(),
    unread: integer("unread").notNull().default(0),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex("conversations_user_unique").on(t.user_id).where(sql`${t.user_id} IS NOT NULL`),
    uniqueIndex("conversations_email_unique").on(t.email).where(sql`${t.email} IS NOT NULL`),
    uniqueIndex("conversations_phone_unique")
      .on(t.phone_number)
      .where(sql`${t.phone_number} IS NOT NULL`),
    index("conversations_recent_idx").on(t.last_message_at),
    check("conversations_unread", sql`${t.unread} >= 0`),
  ],
);

/**
 * What a customer sent: an inbound text (`provider_sid`: the provider's MessageSid, stored
 * once), a message from the status link or account page (optionally with a file), or a review
 * answer (`rating` 1-5).
 */
export const customer_messages = pgTable(
  "customer_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    conversation_id: uuid("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    channel: customerMessageChannelEnum("channel").notNull(),
    body: text("body").notNull(),
    provider_sid: text("provider_sid").unique(),
    quote_id: uuid("quote_id").references(() => quotes.id, { onDelete: "set null" }),
    upload_id: uuid("upload_id").references(() => quote_uploads.id, { onDelete: "set null" }),
    rating: integer("rating"),
    created_at: createdAt(),
  },
  (t) => [
    index("customer_messages_thread_idx").on(t.conversation_id, t.created_at),
    check("customer_messages_rating", sql`${t.rating} IS NULL OR ${t.rating} BETWEEN 1 AND 5`),
    check("customer_messages_body_length", sql`char_length(${t.body}) <= 5000`),
  ],
);

/** Replies staff saved for reuse; `{name}`, `{reference}` and `{link}` are filled in when used. */
export const saved_replies = pgTable("saved_replies", {
  id: uuid("id").primaryKey().defaultRandom(),
  title: text("title").notNull(),
  body: text("body").notNull(),
  created_at: createdAt(),
});

/**
 * One review request per completed quote (`job_id` null) and one per job: the public review page
 * and a private 'Tell us how we did' form reached by a token (only its SHA-256 hash is stored).
 */
export const review_requests = pgTable(
  "review_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    quote_id: uuid("quote_id")
      .notNull()
      .references(() => quotes.id, { onDelete: "cascade" }),
    job_id: uuid("job_id").unique(),
    token_hash: text("token_hash").notNull().unique(),
    answered_at: timestamp("answered_at", { withTimezone: true }),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex("review_requests_quote_unique").on(t.quote_id).where(sql`${t.job_id} IS NULL`),
  ],
);
