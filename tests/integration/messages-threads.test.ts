/**
 * The back office's Messages (features/messages/admin.server.ts) through its routes: the role x
 * route matrix (guest to sign-in, customer away, admin in), one thread per customer with the
 * outbox's mails and texts and the customer's inbound texts in time order, search by name, email,
 * phone and reference, the sidebar's unread count, staff replies by mail and (with consent) by
 * text, saved replies with placeholders. One database per driver; each test its own people.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { conversations, saved_replies } from "~/db/messages-schema";
import * as schema from "~/db/schema";
import { referenceNumber } from "~/features/quotes/reference";
import { submitQuoteRequest } from "~/features/quotes/submit.server";
import { db } from "~/lib/db.server";
import { smtpTransport } from "~/lib/mail.server";
import { deliverDueMail } from "~/lib/outbox.server";
import type { SessionUser } from "~/lib/session.server";
import { messagesApiTransport } from "~/lib/sms.server";
import * as layoutRoute from "~/routes/admin/layout";
import * as threadRoute from "~/routes/admin/message";
import * as quoteThreadRoute from "~/routes/admin/message-quote";
import * as listRoute from "~/routes/admin/messages";
import * as webhookRoute from "~/routes/webhooks/sms";
import { contextFor, makeUser, requestTo, run } from "../setup/admin";
import { drivers, freshDatabase } from "../setup/database";
import { formData, validAnswers } from "../setup/forms";
import { inboundRequest, type SmsSink, startSmsSink } from "../setup/sms-sink";
import { startSmtpServer, type TestSmtpServer } from "../setup/smtp";

const FROM = "+18015550100";
const PUBLIC_URL = "http://localhost:3000";

describe.each(drivers)("message threads on %s", (driver) => {
  let sink: SmsSink;
  let smtp: TestSmtpServer;
  let admin: SessionUser;

  beforeAll(async () => {
    sink = await startSmsSink();
    smtp = await startSmtpServer();
    await freshDatabase(driver, { SMS_URL: sink.url, SMS_FROM: FROM });
    admin = await makeUser("office.messages@remediation.test", { admin: true, totp: true });
  }, 180_000);
  afterAll(async () => {
    await sink.close();
    await smtp.close();
  });

  const deliver = () =>
    deliverDueMail({
      transport: smtpTransport(smtp.url, "site <site@remediation.test>"),
      sms: messagesApiTransport(sink.url, FROM),
    });
  const text = (from: string, body: string) =>
    webhookRoute.action({
      request: inboundRequest(PUBLIC_URL, { from, body }),
      params: {},
      context: {},
    } as never);

  /** A guest's request from `email` and `phone`, ticked for texts or not. */
  async function guestRequest(email: string, phone: string, firstName: string, consent = true) {
    const outcome = await submitQuoteRequest(
      "water_filtration",
      formData({
        ...validAnswers.water_filtration,
        firstName,
        email,
        phone,
        ...(consent ? { textConsent: "on" } : {}),
      }),
      { clientIp: "192.0.2.80", owner: { userId: null } },
    );
    if (outcome.ok !== true) throw new Error("quote not stored");
    return outcome.quoteId;
  }

  /** The thread of request `quoteId`, through the quote page's 'Messages' link. */
  async function threadIdOf(quoteId: string): Promise<string> {
    const opened = await run(quoteThreadRoute.loader, {
      request: requestTo(`/admin/messages/quote/${quoteId}`),
      context: contextFor(admin),
      params: { id: quoteId },
    });
    expect(opened.status).toBe(302);
    return opened.location!.split("/").pop()!;
  }
  const openThread = async (id: string, search = "") =>
    (
      await run(threadRoute.loader, {
        request: requestTo(`/admin/messages/${id}${search}`),
        context: contextFor(admin),
        params: { id },
      })
    ).value as Awaited<ReturnType<typeof threadRoute.loader>>;

  it("only admins reach the threads: a guest goes to sign in, a customer away, with nothing shown", async () => {
    const customer = await makeUser("matrix.customer@example.com");
    const quoteId = await guestRequest("matrix.guest@example.com", "801-555-0401", "Mat");
    const threadId = await threadIdOf(quoteId);
    const routes: { fn: (args: never) => unknown; path: string; params: Record<string, string> }[] =
      [
        { fn: listRoute.loader, path: "/admin/messages", params: {} },
        { fn: threadRoute.loader, path: `/admin/messages/${threadId}`, params: { id: threadId } },
        {
          fn: quoteThreadRoute.loader,
          path: `/admin/messages/quote/${quoteId}`,
          params: { id: quoteId },
        },
      ];
    for (const route of routes) {
      const guest = await run(route.fn, {
        request: requestTo(route.path),
        context: contextFor(null),
        params: route.params,
      });
      expect(guest.status, `guest ${route.path}`).toBe(302);
      expect(guest.location).toMatch(/^\/auth\/signin/);
      const asCustomer = await run(route.fn, {
        request: requestTo(route.path),
        context: contextFor(customer),
        params: route.params,
      });
      expect(asCustomer.status, `customer ${route.path}`).toBe(302);
      expect(asCustomer.location).toBe("/");
    }
    for (const [fn, path, params] of [
      [threadRoute.action, `/admin/messages/${threadId}`, { id: threadId }],
      [listRoute.action, "/admin/messages", {}],
    ] as const) {
      const posted = await run(fn, {
        request: requestTo(path, { channel: "mail", body: "hi", title: "t" }),
        context: contextFor(customer),
        params,
      });
      expect(posted.status).toBe(302);
      expect(posted.location).toBe("/");
    }
    expect(
      await db.select().from(schema.mail_outbox).where(eq(schema.mail_outbox.kind, "staff_reply")),
    ).toHaveLength(0);
    const unknown = await run(threadRoute.loader, {
      request: requestTo("/admin/messages/00000000-0000-4000-8000-000000000000"),
      context: contextFor(admin),
      params: { id: "00000000-0000-4000-8000-000000000000" },
    });
    expect(unknown.status).toBe(404);
  });

  it("a thread shows the site's mails and texts and the customer's texts in time order, marks read, and the sidebar counts unread threads", async () => {
    const quoteId = await guestRequest("thread.guest@example.com", "801-555-0402", "Tess");
    await deliver();
    await text("+18015550402", "When can you come?");
    const layout = async () =>
      (
        await run(layoutRoute.loader, {
          request: requestTo("/admin/messages"),
          context: contextFor(admin),
        })
      ).value as { unreadThreads: number };
    expect((await layout()).unreadThreads).toBeGreaterThanOrEqual(1);
    const threadId = await threadIdOf(quoteId);
    const view = await openThread(threadId);
    expect(view.name).toBe("Tess Lee");
    expect(view.textable).toBe(true);
    expect(view.entries.map((e) => [e.kind, e.channel])).toEqual([
      ["sent", "mail"],
      ["customer", "sms"],
    ]);
    expect(view.entries[0]).toMatchObject({ status: "sent", subject: expect.any(String) });
    expect(view.entries[1]).toMatchObject({ body: "When can you come?" });
    expect(view.consent).toEqual([
      expect.objectContaining({ granted: true, source: "quote_form", phone: "+18015550402" }),
    ]);
    const [thread] = await db.select().from(conversations).where(eq(conversations.id, threadId));
    expect(thread?.unread).toBe(0);
  });

  it("finds threads by name, email, phone or request reference", async () => {
    const quoteId = await guestRequest("search.person@example.com", "801-555-0403", "Quincy");
    await text("+18015550403", "hello");
    const search = async (q: string) =>
      (
        (
          await run(listRoute.loader, {
            request: requestTo(`/admin/messages?q=${encodeURIComponent(q)}`),
            context: contextFor(admin),
          })
        ).value as Awaited<ReturnType<typeof listRoute.loader>>
      ).threads.map((t) => t.name);
    for (const q of ["quincy", "SEARCH.PERSON@", "555-0403", referenceNumber(quoteId)]) {
      expect(await search(q), q).toEqual(["Quincy Lee"]);
    }
    expect(await search("nobody-like-this")).toEqual([]);
  });

  it("staff reply by mail, and by text only with consent; saved replies fill in name, reference and link", async () => {
    const quoteId = await guestRequest("reply.guest@example.com", "801-555-0404", "Rita");
    const threadId = await threadIdOf(quoteId);
    const save = await run(listRoute.action, {
      request: requestTo("/admin/messages", {
        title: "Estimate ready",
        body: "Hello {name}, the estimate for {reference} is ready: {link}",
      }),
      context: contextFor(admin),
    });
    expect(save.status).toBe(302);
    const saved = await db.select().from(saved_replies);
    const reply = saved.find((r) => r.title === "Estimate ready")!;
    const draft = (await openThread(threadId, `?reply=${reply.id}`)).draft;
    expect(draft).toBe(`Hello Rita, the estimate for ${referenceNumber(quoteId)} is ready: {link}`);

    const mailed = await run(threadRoute.action, {
      request: requestTo(`/admin/messages/${threadId}`, { channel: "mail", body: draft }),
      context: contextFor(admin),
      params: { id: threadId },
    });
    expect(mailed.status).toBe(302);
    await deliver();
    const mail = smtp.received.find(
      (m) => m.to.includes("reply.guest@example.com") && m.subject.startsWith("A message from"),
    );
    expect(mail?.text).toMatch(
      new RegExp(
        `Hello Rita, the estimate for ${referenceNumber(quoteId)} is ready: http://localhost:3000/quotes/status/`,
      ),
    );

    const texted = await run(threadRoute.action, {
      request: requestTo(`/admin/messages/${threadId}`, {
        channel: "sms",
        body: "See you Tuesday",
      }),
      context: contextFor(admin),
      params: { id: threadId },
    });
    expect(texted.status).toBe(302);
    await deliver();
    expect(sink.received.filter((t) => t.to === "+18015550404").map((t) => t.body)).toEqual([
      "Utah Home Remediation: See you Tuesday",
    ]);
    const entries = (await openThread(threadId)).entries.filter(
      (e) => e.kind === "sent" && e.reply,
    );
    expect(entries.map((e) => e.channel)).toEqual(["mail", "sms"]);

    // no consent: no text, and staff are told why
    const silent = await guestRequest("silent.guest@example.com", "801-555-0405", "Sid", false);
    const silentThread = await threadIdOf(silent);
    const refused = await run(threadRoute.action, {
      request: requestTo(`/admin/messages/${silentThread}`, { channel: "sms", body: "Hi" }),
      context: contextFor(admin),
      params: { id: silentThread },
    });
    expect(refused.status).toBe(400);
    expect(refused.value).toMatchObject({
      message: expect.stringContaining("not agreed to texts"),
    });
    const empty = await run(threadRoute.action, {
      request: requestTo(`/admin/messages/${silentThread}`, { channel: "mail", body: "  " }),
      context: contextFor(admin),
      params: { id: silentThread },
    });
    expect(empty.status).toBe(400);
    expect(empty.value).toMatchObject({ errors: { body: ["Write a message"] } });
  });
});
