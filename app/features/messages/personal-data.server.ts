/**
 * The messages' part of a customer's personal data (app/lib/personal-data.server.ts): the history
 * of their consent to texts and what they sent us (texts, messages, review answers, the name of a
 * file sent with a message). On closing, the thread and their messages are erased (a message's
 * file, then held by nothing, goes with the upload sweep); consent rows are kept without the account, because a
 * STOP must still be honoured and a grant proves that earlier texts were lawful
 * (docs/decisions/0252-consent-outlives-the-account.md).
 */
import { asc, eq, or } from "drizzle-orm";
import { conversations, customer_messages, text_consents } from "~/db/messages-schema";
import { quote_uploads, user } from "~/db/schema";
import { referenceNumber } from "~/features/quotes/reference";
import { db } from "~/lib/db.server";
import { exportTime, type PersonalDataPart, type SectionContent } from "~/lib/personal-data.server";
import { consentHistory } from "./consent.server";

/** The account's confirmed mobile number, if any. */
async function mobileOf(userId: string): Promise<string[]> {
  const [row] = await db
    .select({ phoneNumber: user.phoneNumber })
    .from(user)
    .where(eq(user.id, userId))
    .limit(1);
  return row?.phoneNumber ? [row.phoneNumber] : [];
}

/** Every consent change of the account or of its mobile number, oldest first. */
async function consentSection(userId: string): Promise<SectionContent> {
  const rows = await consentHistory({ userId, phoneNumbers: await mobileOf(userId) });
  return {
    data: rows.map((row) => ({
      phoneNumber: row.phone_number,
      consented: row.granted,
      source: row.source,
      wording: row.wording,
      quoteReference: row.quote_id ? referenceNumber(row.quote_id) : null,
      at: exportTime(row.created_at),
    })),
  };
}

/** What the customer sent us through their thread, oldest first. */
async function messagesSection(userId: string): Promise<SectionContent> {
  const rows = await db
    .select({
      channel: customer_messages.channel,
      body: customer_messages.body,
      rating: customer_messages.rating,
      quoteId: customer_messages.quote_id,
      fileName: quote_uploads.original_name,
      at: customer_messages.created_at,
    })
    .from(customer_messages)
    .innerJoin(conversations, eq(conversations.id, customer_messages.conversation_id))
    .leftJoin(quote_uploads, eq(quote_uploads.id, customer_messages.upload_id))
    .where(eq(conversations.user_id, userId))
    .orderBy(asc(customer_messages.created_at));
  return {
    data: rows.map((row) => ({
      channel: row.channel,
      message: row.body,
      rating: row.rating,
      attachedFile: row.fileName,
      quoteReference: row.quoteId ? referenceNumber(row.quoteId) : null,
      at: exportTime(row.at),
    })),
  };
}

export const messagesPart: PersonalDataPart = {
  name: "messages",
  sections: [
    {
      file: "text-consent.json",
      describes: "when you agreed to texts or stopped them, with the words you agreed to",
      collect: consentSection,
    },
    { file: "messages.json", describes: "the messages you sent us", collect: messagesSection },
  ],
  async close(tx, account) {
    await tx
      .update(text_consents)
      .set({ user_id: null })
      .where(eq(text_consents.user_id, account.userId));
    await tx
      .delete(conversations)
      .where(
        or(
          eq(conversations.user_id, account.userId),
          eq(conversations.email, account.email.toLowerCase()),
        ),
      );
  },
};
