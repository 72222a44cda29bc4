/**
 * Whose thread a message joins (docs/decisions/0297), as an attacker would try it: the email and
 * phone typed on a quote form are nobody's proof. A signed-in customer's request that types
 * another person's email never joins that person's thread (nor brings its messages into the
 * customer's export, nor erases them with the customer's account); staff replies in a thread are
 * never filed under another account's request; a number typed on a form neither files its
 * owner's texts under the form's account nor undoes its owner's STOP. Through the routes, on
 * both drivers.
 */
import { eq } from "drizzle-orm";
import { unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { conversations, customer_messages } from "~/db/messages-schema";
import { mail_outbox, user } from "~/db/schema";
import { sendStaffReply } from "~/features/messages/admin.server";
import { mayText } from "~/features/messages/consent.server";
import { messagesPart } from "~/features/messages/personal-data.server";
import { customerMessageAction } from "~/features/messages/thread.server";
import { STAFF_REPLY_KIND } from "~/features/messages/threads.server";
import { submitQuoteRequest } from "~/features/quotes/submit.server";
import { db } from "~/lib/db.server";
import * as exportRoute from "~/routes/account/data-export";
import * as accountMessagesRoute from "~/routes/account/quote-messages";
import * as webhookRoute from "~/routes/webhooks/sms";
import { contextFor, makeUser, requestTo, run } from "../setup/admin";
import { drivers, freshDatabase } from "../setup/database";
import { formData, validAnswers } from "../setup/forms";
import { inboundRequest, type SmsSink, startSmsSink } from "../setup/sms-sink";

const PUBLIC_URL = "https://www.remediation.test";

describe.each(drivers)("whose thread a message joins on %s", (driver) => {
  let sink: SmsSink;
  let seq = 0;
  beforeAll(async () => {
    sink = await startSmsSink();
    await freshDatabase(driver, { SMS_URL: sink.url, SMS_FROM: "+18015550100", PUBLIC_URL });
  }, 180_000);
  afterAll(async () => {
    await sink.close();
  });

  const inbound = (from: string, body: string) =>
    webhookRoute.action({
      request: inboundRequest(PUBLIC_URL, { from, body }),
      params: {},
      context: {},
    } as never) as Promise<Response>;

  /** A guest's request by `email` with a message about it: the victim's private thread. */
  async function victimThread(email: string, secret: string) {
    seq += 1;
    const quote = await submitQuoteRequest(
      "mold",
      formData({ ...validAnswers.mold, email, phone: `801-555-03${10 + seq}` }),
      { clientIp: `10.9.0.${seq}`, owner: { userId: null } },
    );
    if (quote.ok !== true) throw new Error("victim quote");
    expect(
      await customerMessageAction(quote.quoteId, formData({ message: secret }), "10.9.0.1"),
    ).toEqual({ ok: true });
    return quote.quoteId;
  }

  /** A signed-in customer's request typing `fields` (another person's email or number). */
  async function attackerQuote(label: string, fields: Record<string, string>) {
    seq += 1;
    const attacker = await makeUser(`${label}${seq}@example.net`);
    const quote = await submitQuoteRequest(
      "radon",
      formData({ ...validAnswers.radon, ...fields }),
      { clientIp: `10.9.1.${seq}`, owner: { userId: attacker.id } },
    );
    if (quote.ok !== true) throw new Error("attacker quote");
    return { attacker, quoteId: quote.quoteId };
  }

  async function exportedMessages(user: Awaited<ReturnType<typeof makeUser>>) {
    const answer = await run(exportRoute.action, {
      request: requestTo("/account/data-export", {}),
      context: contextFor(user),
    });
    const zip = unzipSync(new Uint8Array(await (answer.value as Response).arrayBuffer()));
    return new TextDecoder().decode(zip["messages.json"]);
  }

  it("a signed-in customer who types another person's email writes in a thread of their own: the other's messages are not in their export and outlive their account", async () => {
    const victim = "victim.homeowner@example.com";
    const victimQuote = await victimThread(victim, "VICTIM-SECRET: the lockbox code is 4417");
    const { attacker, quoteId } = await attackerQuote("mallory", { email: victim });
    const posted = await run(accountMessagesRoute.action, {
      request: requestTo(`/account/quotes/${quoteId}/messages`, { message: "hi" }),
      context: contextFor(attacker),
      params: { id: quoteId },
    });
    expect(posted.status).toBe(200);

    const [victimsThread] = await db
      .select()
      .from(conversations)
      .where(eq(conversations.email, victim));
    expect(victimsThread?.user_id).toBeNull();
    const [attackersThread] = await db
      .select()
      .from(conversations)
      .where(eq(conversations.user_id, attacker.id));
    expect(attackersThread).toMatchObject({ email: attacker.email });
    const exported = await exportedMessages(attacker);
    expect(exported).toContain("hi");
    expect(exported).not.toContain("VICTIM-SECRET");

    // the attacker closes their account: their part of closing runs, the victim's thread stays
    await db.transaction((tx) =>
      (messagesPart.close as NonNullable<typeof messagesPart.close>)(
        tx as never,
        {
          userId: attacker.id,
          email: attacker.email,
        } as never,
      ),
    );
    const left = await db
      .select({ body: customer_messages.body })
      .from(customer_messages)
      .where(eq(customer_messages.quote_id, victimQuote));
    expect(left.map((m) => m.body)).toEqual(["VICTIM-SECRET: the lockbox code is 4417"]);
  });

  it("staff's reply in a customer's thread is filed under that customer's request, never under another account's that typed the same email", async () => {
    const victim = "victim.reply@example.com";
    const victimQuote = await victimThread(victim, "When can you come?");
    const { attacker, quoteId } = await attackerQuote("mallory.reply", { email: victim });
    const [thread] = await db.select().from(conversations).where(eq(conversations.email, victim));
    if (!thread) throw new Error("no thread");
    expect(
      await sendStaffReply(thread.id, { channel: "mail", body: "STAFF-TO-VICTIM: Tuesday 9am" }),
    ).toEqual({ ok: true });

    const page = await run(accountMessagesRoute.loader, {
      request: requestTo(`/account/quotes/${quoteId}/messages`),
      context: contextFor(attacker),
      params: { id: quoteId },
    });
    expect(page.status).toBe(200);
    expect(JSON.stringify(page.value)).not.toContain("STAFF-TO-VICTIM");
    const [reply] = await db
      .select({ quoteId: mail_outbox.quote_id })
      .from(mail_outbox)
      .where(eq(mail_outbox.kind, STAFF_REPLY_KIND));
    expect(reply?.quoteId).toBe(victimQuote);
  });

  it("a number typed on a signed-in customer's form does not file its owner's texts under that account", async () => {
    const { attacker } = await attackerQuote("mallory.sms", {
      phone: "801-555-0233",
      textConsent: "on",
    });
    expect((await inbound("+18015550233", "VICTIM-SMS: call my husband")).status).toBe(200);
    expect(await exportedMessages(attacker)).not.toContain("VICTIM-SMS");
    const [thread] = await db
      .select()
      .from(conversations)
      .where(eq(conversations.phone_number, "+18015550233"));
    expect(thread?.user_id).toBeNull();
  });

  it("a quote form's 'Text me' does not undo the number owner's STOP; the owner's START does, as does their own form once the number is confirmed on their account", async () => {
    const number = "+18015550244";
    expect((await inbound(number, "STOP")).status).toBe(200);
    expect(await mayText(number)).toBe(false);
    const guest = await submitQuoteRequest(
      "mold",
      formData({
        ...validAnswers.mold,
        email: "someone@example.org",
        phone: "801-555-0244",
        textConsent: "on",
      }),
      { clientIp: "10.9.2.2", owner: { userId: null } },
    );
    expect(guest.ok).toBe(true);
    expect(await mayText(number)).toBe(false);
    expect((await inbound(number, "START")).status).toBe(200);
    expect(await mayText(number)).toBe(true);
    // the owner, signed in with the number confirmed on their account, ticks 'Text me' again
    const number2 = "+18015550246";
    expect((await inbound(number2, "STOP")).status).toBe(200);
    seq += 1;
    const owner = await makeUser(`owner.texts${seq}@example.com`);
    await db
      .update(user)
      .set({ phoneNumber: number2, phoneNumberVerified: true })
      .where(eq(user.id, owner.id));
    const own = await submitQuoteRequest(
      "mold",
      formData({ ...validAnswers.mold, phone: "801-555-0246", textConsent: "on" }),
      { clientIp: "10.9.2.4", owner: { userId: owner.id } },
    );
    expect(own.ok).toBe(true);
    expect(await mayText(number2)).toBe(true);
    // a form's tick alone grants a number its owner never stopped
    await submitQuoteRequest(
      "mold",
      formData({ ...validAnswers.mold, phone: "801-555-0245", textConsent: "on" }),
      { clientIp: "10.9.2.3", owner: { userId: null } },
    );
    expect(await mayText("+18015550245")).toBe(true);
  });
});
