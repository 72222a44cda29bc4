/**
 * Status texts (features/quotes/status-change.server.ts with features/messages' consent): the
 * events that mail a requester a status change also text them, with the fresh status link, when
 * their request's number has consent; none without it or after STOP; held to 08:00-21:00 Utah
 * time. Delivered through the local SMS sink. One database per driver; each test its own number.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import { isTextingTime } from "~/features/messages/quiet-hours";
import { referenceNumber } from "~/features/quotes/reference";
import { changeQuoteStatus } from "~/features/quotes/status-change.server";
import { quoteIdByStatusToken } from "~/features/quotes/status-link.server";
import { submitQuoteRequest } from "~/features/quotes/submit.server";
import { db } from "~/lib/db.server";
import { smtpTransport } from "~/lib/mail.server";
import { deliverDueMail } from "~/lib/outbox.server";
import type { SessionUser } from "~/lib/session.server";
import { messagesApiTransport } from "~/lib/sms.server";
import * as quoteRoute from "~/routes/admin/quote";
import * as webhookRoute from "~/routes/webhooks/sms";
import { contextFor, makeUser, requestTo, run } from "../setup/admin";
import { drivers, freshDatabase } from "../setup/database";
import { formData, validAnswers } from "../setup/forms";
import { inboundRequest, type SmsSink, startSmsSink } from "../setup/sms-sink";
import { startSmtpServer, type TestSmtpServer } from "../setup/smtp";

const FROM = "+18015550100";
const PUBLIC_URL = "https://www.remediation.test";

describe.each(drivers)("status texts on %s", (driver) => {
  let smtp: TestSmtpServer;
  let sink: SmsSink;
  let admin: SessionUser;
  let n = 0;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    sink = await startSmsSink();
    await freshDatabase(driver, { SMS_URL: sink.url, SMS_FROM: FROM, PUBLIC_URL });
    admin = await makeUser("status.texts@remediation.test", { admin: true, totp: true });
  }, 180_000);
  afterAll(async () => {
    await smtp.close();
    await sink.close();
  });

  const deliver = (now: Date) =>
    deliverDueMail({
      transport: smtpTransport(smtp.url, "site <site@remediation.test>"),
      sms: messagesApiTransport(sink.url, FROM),
      now,
    });

  /** A guest's request from the quote form, with 'Text me about my request' ticked or not. */
  async function guestRequest(consent: boolean) {
    n += 1;
    const digits = String(200 + n).padStart(4, "0");
    const outcome = await submitQuoteRequest(
      "water_filtration",
      formData({
        ...validAnswers.water_filtration,
        email: `status-texts-${n}@example.com`,
        phone: `801-555-${digits}`,
        ...(consent ? { textConsent: "on" } : {}),
      }),
      { clientIp: `192.0.2.${30 + n}`, owner: { userId: null } },
    );
    if (outcome.ok !== true) throw new Error("quote fixture failed");
    return { quoteId: outcome.quoteId, number: `+1801555${digits}` };
  }

  const statusRows = (quoteId: string) =>
    db
      .select()
      .from(schema.mail_outbox)
      .where(
        and(eq(schema.mail_outbox.quote_id, quoteId), eq(schema.mail_outbox.kind, "status_change")),
      )
      .orderBy(schema.mail_outbox.channel);

  const textsTo = (number: string) => sink.received.filter((t) => t.to === number);

  it("a guest who agreed to texts gets one when staff change the request's status, with a working status link, at a Utah texting hour", async () => {
    const { quoteId, number } = await guestRequest(true);
    const changed = await run(quoteRoute.action, {
      request: requestTo(`/admin/quotes/${quoteId}`, {
        status: "approved",
        expectedStatus: "pending",
      }),
      context: contextFor(admin),
      params: { id: quoteId },
    });
    expect(changed.status).toBe(302);
    const rows = await statusRows(quoteId);
    expect(rows.map((r) => [r.channel, r.to_address])).toEqual([
      ["mail", `status-texts-${n}@example.com`],
      ["sms", number],
    ]);
    const text = rows[1]!;
    // now if it is 08:00-21:00 in Utah, else the next 08:00
    expect(isTextingTime(text.next_attempt_at)).toBe(true);
    await deliver(text.next_attempt_at);
    const [received] = textsTo(number);
    expect(received?.body).toMatch(
      new RegExp(
        `^.+: your request ${referenceNumber(quoteId)} is now Approved\\. Details: ${PUBLIC_URL}/quotes/status/([A-Za-z0-9_-]{43}) Reply STOP to stop\\.$`,
      ),
    );
    const token = received!.body.match(/\/quotes\/status\/([A-Za-z0-9_-]{43})/)![1]!;
    expect(await quoteIdByStatusToken(token)).toBe(quoteId);
  });

  it("a change at 10 PM texts at 8 AM the next morning (the mail goes at once)", async () => {
    const { quoteId, number } = await guestRequest(true);
    const tenPm = new Date("2026-12-08T05:00:00Z"); // Monday, Dec 7, 10:00 PM MST
    expect(
      await changeQuoteStatus(
        quoteId,
        { status: "approved", expectedStatus: "pending", notes: null },
        admin.id,
        tenPm,
      ),
    ).toEqual({ ok: true });
    const sms = (await statusRows(quoteId)).find((r) => r.channel === "sms");
    expect(sms?.next_attempt_at.toISOString()).toBe("2026-12-08T15:00:00.000Z");
    await deliver(new Date("2026-12-08T14:59:00Z"));
    expect(textsTo(number)).toEqual([]);
    expect((await statusRows(quoteId)).find((r) => r.channel === "mail")?.status).toBe("sent");
    await deliver(new Date("2026-12-08T15:00:00Z"));
    expect(textsTo(number)).toHaveLength(1);
  });

  it("no text without consent, and none after the number replied STOP; the mail still goes", async () => {
    const without = await guestRequest(false);
    await changeQuoteStatus(
      without.quoteId,
      { status: "approved", expectedStatus: "pending", notes: null },
      admin.id,
    );
    expect((await statusRows(without.quoteId)).map((r) => r.channel)).toEqual(["mail"]);

    const stopped = await guestRequest(true);
    const signed = inboundRequest(PUBLIC_URL, { from: stopped.number, body: " Stop " });
    const answer = (await webhookRoute.action({
      request: new Request("http://127.0.0.1:8080/webhooks/sms", {
        method: "POST",
        headers: signed.headers,
        body: await signed.text(),
      }),
      params: {},
      context: {},
    } as never)) as Response;
    expect(answer.status).toBe(200);
    await changeQuoteStatus(
      stopped.quoteId,
      { status: "approved", expectedStatus: "pending", notes: null },
      admin.id,
    );
    expect((await statusRows(stopped.quoteId)).map((r) => r.channel)).toEqual(["mail"]);
    await deliver(new Date(Date.now() + 24 * 60 * 60 * 1000));
    // only the STOP confirmation reached the number
    expect(textsTo(stopped.number).map((t) => t.body)).toEqual([
      expect.stringMatching(/no more texts/),
    ]);
    expect(textsTo(without.number)).toEqual([]);
  });
});
