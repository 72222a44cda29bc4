/**
 * 'Message the company' (features/messages/thread.server.ts) on the status link and the account's
 * quote page: the message reaches the customer's thread in the back office, the office's answer
 * goes by mail and shows on the same page; a customer sees only their own requests' messages.
 * One database per driver; each test its own people.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { conversations, customer_messages } from "~/db/messages-schema";
import { db } from "~/lib/db.server";
import { smtpTransport } from "~/lib/mail.server";
import { deliverDueMail } from "~/lib/outbox.server";
import type { SessionUser } from "~/lib/session.server";
import * as accountMessagesRoute from "~/routes/account/quote-messages";
import * as threadRoute from "~/routes/admin/message";
import * as quoteThreadRoute from "~/routes/admin/message-quote";
import * as statusRoute from "~/routes/quotes/status";
import { post } from "../setup/actions";
import { contextFor, makeUser, requestTo, run } from "../setup/admin";
import { drivers, freshDatabase } from "../setup/database";
import { startSmtpServer, type TestSmtpServer } from "../setup/smtp";
import { quoteWithLink } from "../setup/visits";

describe.each(drivers)("homeowner messages on %s", (driver) => {
  let smtp: TestSmtpServer;
  let admin: SessionUser;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    await freshDatabase(driver);
    admin = await makeUser("office.homeowner@remediation.test", { admin: true, totp: true });
  }, 180_000);
  afterAll(async () => {
    await smtp.close();
  });

  const deliver = () =>
    deliverDueMail({ transport: smtpTransport(smtp.url, "site <site@remediation.test>") });

  async function staffReply(quoteId: string, body: string) {
    const opened = await run(quoteThreadRoute.loader, {
      request: requestTo(`/admin/messages/quote/${quoteId}`),
      context: contextFor(admin),
      params: { id: quoteId },
    });
    const threadId = opened.location!.split("/").pop()!;
    const sent = await run(threadRoute.action, {
      request: requestTo(`/admin/messages/${threadId}`, { channel: "mail", body }),
      context: contextFor(admin),
      params: { id: threadId },
    });
    expect(sent.status).toBe(302);
    return threadId;
  }

  it("a guest writes from the status link, the office answers by mail, and the answer shows on the status page", async () => {
    const { quoteId, token } = await quoteWithLink("water_filtration");
    const write = (fields: Record<string, string>) =>
      post(
        (args: { request: Request; context: unknown }) =>
          statusRoute.action({ ...args, params: { token } } as never),
        `/quotes/status/${token}`,
        fields,
        "192.0.2.91",
      );
    const empty = await write({ intent: "message", message: "   " });
    expect(empty.status).toBe(400);
    expect(empty.body).toEqual({
      ok: false,
      status: 400,
      errors: ["Write your message"],
      typed: "   ",
    });

    expect((await write({ intent: "message", message: "Can you come after 4 pm?" })).status).toBe(
      200,
    );
    const [message] = await db
      .select()
      .from(customer_messages)
      .where(eq(customer_messages.quote_id, quoteId));
    expect(message).toMatchObject({ channel: "web", body: "Can you come after 4 pm?" });
    const [thread] = await db
      .select()
      .from(conversations)
      .where(eq(conversations.id, message!.conversation_id));
    expect(thread?.unread).toBe(1);

    await staffReply(quoteId, "Yes, 4:30 works.");
    await deliver();
    expect(
      smtp.received.some(
        (m) => m.subject.startsWith("A message from") && m.text.includes("Yes, 4:30 works."),
      ),
    ).toBe(true);

    const page = (await statusRoute.loader({
      request: new Request(`http://localhost:3000/quotes/status/${token}`),
      params: { token },
      context: contextFor(null),
    } as never)) as Awaited<ReturnType<typeof statusRoute.loader>>;
    expect(page.messages.map((m) => [m.kind, m.body])).toEqual([
      ["customer", "Can you come after 4 pm?"],
      ["sent", "Yes, 4:30 works."],
    ]);

    // an unknown token writes nothing
    const unknown = await statusRoute
      .action({
        request: requestTo(`/quotes/status/${"a".repeat(43)}`, { message: "hi" }),
        params: { token: "a".repeat(43) },
        context: contextFor(null),
      } as never)
      .catch((e: unknown) => e);
    expect(unknown).toMatchObject({ init: { status: 404 } });
  });

  it("a customer writes from the account's quote page and reads the answer there; another customer's request is not found", async () => {
    const owner = await makeUser("homeowner.owner@example.com");
    const other = await makeUser("homeowner.other@example.com");
    const { quoteId } = await quoteWithLink("radon", owner.id);
    const path = `/account/quotes/${quoteId}/messages`;
    const sent = await run(accountMessagesRoute.action, {
      request: requestTo(path, { intent: "message", message: "Is the test kit on its way?" }),
      context: contextFor(owner),
      params: { id: quoteId },
    });
    expect(sent).toMatchObject({ status: 200, value: { ok: true } });
    await staffReply(quoteId, "It ships today.");
    const page = await run(accountMessagesRoute.loader, {
      request: requestTo(path),
      context: contextFor(owner),
      params: { id: quoteId },
    });
    expect(
      (page.value as Awaited<ReturnType<typeof accountMessagesRoute.loader>>).messages.map(
        (m) => m.body,
      ),
    ).toEqual(["Is the test kit on its way?", "It ships today."]);

    for (const fn of [accountMessagesRoute.loader, accountMessagesRoute.action]) {
      const denied = await run(fn, {
        request:
          fn === accountMessagesRoute.loader
            ? requestTo(path)
            : requestTo(path, { intent: "message", message: "not mine" }),
        context: contextFor(other),
        params: { id: quoteId },
      });
      expect(denied.status).toBe(404);
      const guest = await run(fn, {
        request: requestTo(path),
        context: contextFor(null as SessionUser | null),
        params: { id: quoteId },
      });
      expect(guest.status).toBe(302);
      expect(guest.location).toMatch(/^\/auth\/signin/);
    }
    expect(
      (
        await db.select().from(customer_messages).where(eq(customer_messages.quote_id, quoteId))
      ).map((m) => m.body),
    ).toEqual(["Is the test kit on its way?"]);
  });

  it("past 10 messages an hour from one network, 'Message the company' answers with the limit message and stores nothing, on the status link and the account page", async () => {
    const { quoteId, token } = await quoteWithLink("water_filtration");
    const owner = await makeUser("homeowner.limited@example.com");
    const { quoteId: ownQuote } = await quoteWithLink("radon", owner.id);
    const fromStatusLink = (message: string, ip: string) =>
      post(
        (args: { request: Request; context: unknown }) =>
          statusRoute.action({ ...args, params: { token } } as never),
        `/quotes/status/${token}`,
        { intent: "message", message },
        ip,
      );
    const fromAccount = (message: string, ip: string) =>
      post(
        (args: { request: Request; context: unknown }) =>
          accountMessagesRoute.action({ ...args, params: { id: ownQuote } } as never),
        `/account/quotes/${ownQuote}/messages`,
        { intent: "message", message },
        ip,
        owner,
      );
    const limited = {
      ok: false,
      status: 429,
      errors: [
        expect.stringMatching(
          /^Too many messages from your network\. Please try again in \d+ minutes?, or call us\.$/,
        ),
      ],
    };
    for (let n = 1; n <= 10; n++) {
      expect((await fromStatusLink(`Question ${n}`, "192.0.2.92")).status).toBe(200);
    }
    const refused = await fromStatusLink("Question 11", "192.0.2.92");
    expect(refused).toMatchObject({ status: 429, body: limited });
    // the limit counts the network's posts on either page
    expect(await fromAccount("From my account", "192.0.2.92")).toMatchObject({
      status: 429,
      body: limited,
    });
    const stored = async (id: string) =>
      (await db.select().from(customer_messages).where(eq(customer_messages.quote_id, id))).map(
        (m) => m.body,
      );
    expect(await stored(quoteId)).toHaveLength(10);
    expect(await stored(quoteId)).not.toContain("Question 11");
    expect(await stored(ownQuote)).toEqual([]);
    // another network still writes
    expect((await fromAccount("From my account", "192.0.2.93")).status).toBe(200);
    expect(await stored(ownQuote)).toEqual(["From my account"]);
  });
});
