/**
 * Inbound texts: the Twilio-compatible provider posts each text we receive to `POST /webhooks/sms`
 * (form fields `From`, `To`, `Body`, `MessageSid`, `NumMedia`), signed in `X-Twilio-Signature`
 * with the auth token of SMS_URL over PUBLIC_URL + path (checked with the `twilio` package's
 * validator; anything else is refused with 403). Each MessageSid is stored once; the text lands in
 * its sender's thread. STOP words withdraw consent and stop pending texts at once, with one
 * confirmation; START/UNSTOP give it back; HELP answers with the company's name and phone
 * (keywords.ts). Replies go through the outbox, so the thread shows them.
 */

import { and, desc, eq, ne } from "drizzle-orm";
import webhooks from "twilio/lib/webhooks/webhooks.js";
import { customer_messages, text_consents } from "~/db/messages-schema";
import { mail_outbox, quotes, user } from "~/db/schema";
import { normalizeMobile } from "~/features/accounts/mobile-number.server";
import { company } from "~/features/catalog/company";
import { db } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { logger } from "~/lib/logger.server";
import { kickOutbox, type OutboxMessage, queueMail } from "~/lib/outbox.server";
import { readBodyCapped } from "~/lib/request-body.server";
import { maskedNumber } from "~/lib/sms.server";
import { consentRow } from "./consent.server";
import { keywordOf } from "./keywords";
import { markNewMessage, threadOf } from "./threads.server";

/** The provider's form is small; anything larger is not one of its posts. */
const MAX_BODY_BYTES = 64 * 1024;
/** What a stored text keeps at most (a concatenated SMS is far shorter). */
const MAX_TEXT_CHARS = 5000;

/** The empty TwiML answer: we reply through the outbox, not in the response. */
const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response></Response>';

/** The words of the keyword answers (CTIA: name the program, how to stop, how to get help). */
export function keywordReply(keyword: "stop" | "start" | "help"): string {
  const phone = env().COMPANY_PHONE.display;
  switch (keyword) {
    case "stop":
      return `${company.name}: you will get no more texts from us. Reply START to get them again.`;
    case "start":
      return `${company.name}: texts about your request are on again. Reply STOP to stop, HELP for help.`;
    case "help":
      return `${company.name}: texts about your request. Questions? Call us at ${phone}. Reply STOP to stop.`;
  }
}

/** The auth token of SMS_URL, or null without one (then no post can be checked). */
function authToken(): string | null {
  const smsUrl = env().SMS_URL;
  if (!smsUrl) return null;
  const token = decodeURIComponent(new URL(smsUrl).password);
  return token || null;
}

const refused = () => new Response("Forbidden", { status: 403 });

/**
 * Handles one post of the provider to `/webhooks/sms`.
 * @returns 403 for a missing or wrong signature (nothing stored), 400 for a signed post that is
 *   not an inbound text, else 200 with empty TwiML (also for a MessageSid seen before).
 */
export async function receiveInboundText(request: Request): Promise<Response> {
  const token = authToken();
  const signature = request.headers.get("x-twilio-signature");
  const raw = await readBodyCapped(request, MAX_BODY_BYTES);
  if (!token || !signature || raw === null) return refused();
  const form = new URLSearchParams(raw.toString("utf8"));
  const params: Record<string, string> = {};
  for (const [name, value] of form) params[name] = value;
  const incoming = new URL(request.url);
  const url = new URL(incoming.pathname + incoming.search, env().PUBLIC_URL).href;
  if (!webhooks.validateRequest(token, signature, url, params)) {
    logger().warn({ path: incoming.pathname }, "inbound text refused: bad signature");
    return refused();
  }
  const from = normalizeMobile(params.From ?? "");
  const sid = params.MessageSid ?? "";
  if (!from || !/^[A-Za-z0-9]{10,64}$/.test(sid)) {
    return new Response("Bad Request", { status: 400 });
  }
  const body = (params.Body ?? "").slice(0, MAX_TEXT_CHARS);
  const media = Number(params.NumMedia ?? 0);
  const stored = await storeInboundText({ from, sid, body, media });
  if (stored) kickOutbox();
  return new Response(EMPTY_TWIML, { status: 200, headers: { "content-type": "text/xml" } });
}

/**
 * Stores one signed inbound text in its sender's thread and acts on its keyword, in one
 * transaction.
 * @returns false when `sid` was stored before (a provider's retry: nothing happens twice).
 */
export async function storeInboundText(text: {
  from: string;
  sid: string;
  body: string;
  media: number;
}): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [account] = await tx
      .select({ id: user.id, email: user.email, name: user.name })
      .from(user)
      .where(and(eq(user.phoneNumber, text.from), eq(user.phoneNumberVerified, true)))
      .limit(1);
    // no account has confirmed the number: the newest request that gave it with consent names
    // the sender, and a guest's request its email too (the office's one thread per customer). A
    // number typed on a form proves nothing of an account, so the text never joins the thread of
    // the account that filed that request (docs/decisions/0297)
    const [request] = account
      ? []
      : await tx
          .select({
            userId: quotes.user_id,
            email: quotes.contact_email,
            first: quotes.contact_first_name,
            last: quotes.contact_last_name,
          })
          .from(text_consents)
          .innerJoin(quotes, eq(quotes.id, text_consents.quote_id))
          .where(eq(text_consents.phone_number, text.from))
          .orderBy(desc(text_consents.created_at))
          .limit(1);
    const threadId = await threadOf(tx, {
      userId: account?.id,
      email: account?.email ?? (request?.userId ? null : request?.email),
      name: account?.name ?? (request ? `${request.first} ${request.last}` : null),
      phoneNumber: text.from,
    });
    const note =
      text.media > 0 ? ` [${text.media} picture${text.media === 1 ? "" : "s"} not shown]` : "";
    const [inserted] = await tx
      .insert(customer_messages)
      .values({
        conversation_id: threadId,
        channel: "sms",
        body: `${text.body}${note}`,
        provider_sid: text.sid,
      })
      .onConflictDoNothing({ target: customer_messages.provider_sid })
      .returning({ id: customer_messages.id });
    if (!inserted) return false;
    await markNewMessage(tx, threadId);
    const keyword = keywordOf(text.body);
    if (keyword === "stop" || keyword === "start") {
      await tx.insert(text_consents).values(
        consentRow(text.from, keyword === "start", "text_reply", {
          userId: account?.id,
          wording: `Replied "${text.body.trim().slice(0, 40)}" by text`,
        }),
      );
    }
    if (keyword === "stop") {
      // every text still waiting for this number stops now; codes someone asked for still go
      await tx
        .update(mail_outbox)
        .set({ status: "failed", last_error: "the recipient replied STOP", locked_until: null })
        .where(
          and(
            eq(mail_outbox.channel, "sms"),
            eq(mail_outbox.to_address, text.from),
            eq(mail_outbox.status, "pending"),
            eq(mail_outbox.sensitive, false),
            ne(mail_outbox.kind, "text_keyword_reply"),
          ),
        );
    }
    if (keyword) {
      const reply: OutboxMessage = {
        kind: "text_keyword_reply",
        channel: "sms",
        to: text.from,
        subject: "",
        text: keywordReply(keyword),
      };
      await queueMail(tx, [reply]);
    }
    logger().info({ from: maskedNumber(text.from), keyword }, "inbound text stored");
    return true;
  });
}
