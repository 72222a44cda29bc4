/**
 * Inbound texts (features/messages/inbound.server.ts) through POST /webhooks/sms's action, signed
 * by the SMS sink as the provider signs (X-Twilio-Signature over PUBLIC_URL + path with the auth
 * token of SMS_URL), and their answers delivered by the outbox to the sink: a bad signature is
 * refused with 403, a replayed MessageSid is stored once, STOP/START/HELP in mixed case with
 * spaces, sign-in codes still go after STOP. One database per driver; each test its own number.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { conversations, customer_messages } from "~/db/messages-schema";
import * as schema from "~/db/schema";
import { mayText } from "~/features/messages/consent.server";
import { db } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { smtpTransport } from "~/lib/mail.server";
import { deliverDueMail, enqueueText } from "~/lib/outbox.server";
import { messagesApiTransport } from "~/lib/sms.server";
import * as webhookRoute from "~/routes/webhooks/sms";
import { makeUser } from "../setup/admin";
import { drivers, freshDatabase } from "../setup/database";
import { type InboundText, inboundRequest, type SmsSink, startSmsSink } from "../setup/sms-sink";
import { startSmtpServer, type TestSmtpServer } from "../setup/smtp";

const FROM = "+18015550100";
const PUBLIC_URL = "https://www.remediation.test";

describe.each(drivers)("inbound texts on %s", (driver) => {
  let sink: SmsSink;
  let smtp: TestSmtpServer;

  beforeAll(async () => {
    sink = await startSmsSink();
    smtp = await startSmtpServer();
    await freshDatabase(driver, {
      SMS_URL: sink.url,
      SMS_FROM: FROM,
      PUBLIC_URL,
      COMPANY_PHONE: "+18015550177",
    });
  }, 180_000);
  afterAll(async () => {
    await sink.close();
    await smtp.close();
  });

  /** The provider's post as it reaches the app behind its proxy (another host than PUBLIC_URL). */
  async function post(text: InboundText, token?: string): Promise<Response> {
    const signed = inboundRequest(PUBLIC_URL, text, token);
    const request = new Request("http://127.0.0.1:8080/webhooks/sms", {
      method: "POST",
      headers: signed.headers,
      body: await signed.text(),
    });
    return (await webhookRoute.action({ request, params: {}, context: {} } as never)) as Response;
  }
  const deliver = () =>
    deliverDueMail({
      transport: smtpTransport(smtp.url, "site <site@remediation.test>"),
      sms: messagesApiTransport(sink.url, FROM),
    });
  const textsTo = (number: string) => sink.received.filter((t) => t.to === number);
  const threadOfNumber = async (number: string) =>
    (await db.select().from(conversations).where(eq(conversations.phone_number, number)))[0];

  it("refuses with 403 a post without a signature, with a wrong token or over another URL, and stores nothing", async () => {
    const number = "+18015550301";
    expect((await post({ from: number, body: "hello" }, "not-the-token")).status).toBe(403);
    const unsigned = inboundRequest(PUBLIC_URL, { from: number, body: "hello" });
    unsigned.headers.delete("x-twilio-signature");
    expect(
      (
        (await webhookRoute.action({
          request: unsigned,
          params: {},
          context: {},
        } as never)) as Response
      ).status,
    ).toBe(403);
    // signed for another site's address
    const elsewhere = inboundRequest("https://elsewhere.test", { from: number, body: "hello" });
    expect(
      (
        (await webhookRoute.action({
          request: elsewhere,
          params: {},
          context: {},
        } as never)) as Response
      ).status,
    ).toBe(403);
    expect(await threadOfNumber(number)).toBeUndefined();
    expect(env().PUBLIC_URL).toBe(PUBLIC_URL);
  });

  it("stores a replayed MessageSid once, in a new thread for an unknown number", async () => {
    const number = "+18015550302";
    const text = { from: number, body: "Is Tuesday still on?", sid: "SMreplay000000000000000001" };
    const first = await post(text);
    expect(first.status).toBe(200);
    expect(first.headers.get("content-type")).toContain("xml");
    expect((await post(text)).status).toBe(200);
    const thread = await threadOfNumber(number);
    expect(thread).toMatchObject({ unread: 1, user_id: null });
    const stored = await db
      .select()
      .from(customer_messages)
      .where(eq(customer_messages.conversation_id, thread!.id));
    expect(stored.map((m) => [m.channel, m.body, m.provider_sid])).toEqual([
      ["sms", "Is Tuesday still on?", "SMreplay000000000000000001"],
    ]);
  });

  it("puts a text from an account's confirmed number in that account's thread", async () => {
    const customer = await makeUser("inbound.account@example.com");
    await db
      .update(schema.user)
      .set({ phoneNumber: "+18015550303", phoneNumberVerified: true })
      .where(eq(schema.user.id, customer.id));
    await post({ from: "(801) 555-0303", body: "Hi" });
    const [thread] = await db
      .select()
      .from(conversations)
      .where(eq(conversations.user_id, customer.id));
    expect(thread).toMatchObject({ phone_number: "+18015550303", unread: 1 });
  });

  it("STOP in any case with spaces stops every text at once with one confirmation; sign-in codes still go; START resumes; HELP names the company and its phone", async () => {
    const number = "+18015550304";
    await post({ from: number, body: "start" });
    await deliver();
    expect(textsTo(number)).toHaveLength(1);
    expect(await mayText(number)).toBe(true);

    // a request text is waiting when STOP arrives
    await db.insert(schema.mail_outbox).values({
      kind: "status_change",
      channel: "sms",
      to_address: number,
      subject: "",
      text_body: "Your request is scheduled.",
    });
    expect((await post({ from: number, body: "  sToP " })).status).toBe(200);
    expect(await mayText(number)).toBe(false);
    await deliver();
    const afterStop = textsTo(number).slice(1);
    expect(afterStop.map((t) => t.body)).toEqual([
      "Utah Home Remediation: you will get no more texts from us. Reply START to get them again.",
    ]);
    const [cancelled] = await db
      .select()
      .from(schema.mail_outbox)
      .where(
        and(
          eq(schema.mail_outbox.to_address, number),
          eq(schema.mail_outbox.kind, "status_change"),
        ),
      );
    expect(cancelled).toMatchObject({ status: "failed", last_error: "the recipient replied STOP" });

    // the other opt-out words too, each confirmed once
    for (const word of ["STOPALL", "Unsubscribe", "cancel.", " END", "quit!"]) {
      await post({ from: number, body: word });
    }
    await deliver();
    expect(textsTo(number)).toHaveLength(1 + 1 + 5);

    // a sign-in code is not about a request: it goes after STOP
    await enqueueText("phone_code", number, "Your code is 123456");
    await deliver();
    expect(textsTo(number).at(-1)?.body).toBe("Your code is 123456");

    await post({ from: number, body: " UnStop " });
    expect(await mayText(number)).toBe(true);
    await deliver();
    await post({ from: number, body: "help" });
    await deliver();
    const [resumed, help] = textsTo(number).slice(-2);
    expect(resumed?.body).toContain("texts about your request are on again");
    expect(help?.body).toBe(
      "Utah Home Remediation: texts about your request. Questions? Call us at (801) 555-0177. Reply STOP to stop.",
    );
    // an ordinary message is no keyword: no answer
    const before = textsTo(number).length;
    await post({ from: number, body: "Please stop by on Tuesday" });
    await deliver();
    expect(textsTo(number)).toHaveLength(before);
    expect(await mayText(number)).toBe(true);
  });
});
