/**
 * Review requests (features/messages/review-requests.server.ts): setting a quote to completed
 * asks every customer once (the public review page and a private form), one request per quote
 * however many completions race, none without REVIEW_URL or after an unsubscribe of reminders;
 * the private 'Tell us how we did' form reaches the customer's thread once. One database per
 * driver; each test its own requests.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { customer_messages, review_requests } from "~/db/messages-schema";
import * as schema from "~/db/schema";
import { requestReview } from "~/features/messages/review-requests.server";
import { changeQuoteStatus } from "~/features/quotes/status-change.server";
import { db } from "~/lib/db.server";
import { env, setEnv } from "~/lib/env.server";
import { smtpTransport } from "~/lib/mail.server";
import { deliverDueMail } from "~/lib/outbox.server";
import * as reviewRoute from "~/routes/reviews/review";
import { contextFor, makeUser, requestTo } from "../setup/admin";
import { drivers, freshDatabase } from "../setup/database";
import { startSmtpServer, type TestSmtpServer } from "../setup/smtp";
import { quoteWithLink } from "../setup/visits";

const REVIEW_URL = "https://g.page/r/utah-home-remediation/review";

describe.each(drivers)("review requests on %s", (driver) => {
  let smtp: TestSmtpServer;
  let adminId: string;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    await freshDatabase(driver, { REVIEW_URL });
    adminId = (await makeUser("office.reviews@remediation.test", { admin: true, totp: true })).id;
  }, 180_000);
  afterAll(async () => {
    await smtp.close();
  });

  const deliver = () =>
    deliverDueMail({ transport: smtpTransport(smtp.url, "site <site@remediation.test>") });
  const reviewMails = (quoteId: string) =>
    db
      .select()
      .from(schema.mail_outbox)
      .where(eq(schema.mail_outbox.quote_id, quoteId))
      .then((rows) => rows.filter((r) => r.kind === "review_request"));

  async function complete(quoteId: string) {
    for (const [from, to] of [
      ["pending", "approved"],
      ["approved", "in_progress"],
      ["in_progress", "completed"],
    ] as const) {
      expect(
        await changeQuoteStatus(
          quoteId,
          { status: to, expectedStatus: from, notes: null },
          adminId,
        ),
      ).toEqual({ ok: true });
    }
  }

  it("a quote set to completed asks once for a review with the review page and the private form, which reaches the thread once", async () => {
    const { quoteId } = await quoteWithLink("water_filtration");
    await complete(quoteId);
    await deliver();
    const [mail] = await reviewMails(quoteId);
    expect(mail?.text_body).toContain(REVIEW_URL);
    const formUrl = mail!.text_body.match(/http:\/\/localhost:3000\/reviews\/([A-Za-z0-9_-]{43})/);
    expect(formUrl).not.toBeNull();
    const token = formUrl![1]!;

    const page = await reviewRoute.loader({ params: { token } } as never);
    expect(page).toEqual({ answered: false });
    const send = (fields: Record<string, string>) =>
      reviewRoute
        .action({
          request: requestTo(`/reviews/${token}`, fields),
          params: { token },
          context: contextFor(null),
        } as never)
        .then((r) => r as unknown as { init: { status?: number } | null; data: unknown });
    const bad = await send({ rating: "7", comment: "" });
    expect(bad.init?.status).toBe(400);
    const good = await send({ rating: "2", comment: "The crew came late." });
    expect(good.data).toEqual({ ok: true, errors: null });
    await send({ rating: "5", comment: "second try" });
    const stored = await db
      .select()
      .from(customer_messages)
      .where(eq(customer_messages.quote_id, quoteId));
    expect(stored.map((m) => [m.channel, m.rating, m.body])).toEqual([
      ["review", 2, "The crew came late."],
    ]);
    expect(await reviewRoute.loader({ params: { token } } as never)).toEqual({ answered: true });
  });

  it("a guest who ticked 'Text me about my request' also gets the request by text, held to Utah texting hours; a guest who did not gets none", async () => {
    const { quoteId } = await quoteWithLink("water_filtration", null, {
      phone: "801-555-0371",
      textConsent: "on",
    });
    const { quoteId: without } = await quoteWithLink("water_filtration", null, {
      phone: "801-555-0372",
    });
    // 22:00 in Utah (Monday, Dec 7, 2026, MST): the text waits for 08:00 the next morning
    const tenPm = new Date("2026-12-08T05:00:00Z");
    await db.transaction((tx) => requestReview(tx, { quoteId }, tenPm));
    await db.transaction((tx) => requestReview(tx, { quoteId: without }, tenPm));
    const texts = (await reviewMails(quoteId)).filter((r) => r.channel === "sms");
    expect(texts.map((t) => [t.to_address, t.next_attempt_at.toISOString()])).toEqual([
      ["+18015550371", "2026-12-08T15:00:00.000Z"],
    ]);
    expect(texts[0]?.text_body).toContain(`Tell us how we did: ${REVIEW_URL}`);
    expect((await reviewMails(without)).map((r) => r.channel)).toEqual(["mail"]);
  });

  it("one request per quote when completions race, and the job completion's own request once per job", async () => {
    const { quoteId } = await quoteWithLink("radon");
    const results = await Promise.all(
      Array.from({ length: 5 }, () => db.transaction((tx) => requestReview(tx, { quoteId }))),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await reviewMails(quoteId)).toHaveLength(1);
    const jobId = "7d1f3c2a-4b5e-4c6d-8e7f-9a0b1c2d3e4f";
    const jobs = await Promise.all(
      Array.from({ length: 3 }, () =>
        db.transaction((tx) => requestReview(tx, { quoteId, jobId })),
      ),
    );
    expect(jobs.filter(Boolean)).toHaveLength(1);
    expect(
      await db.select().from(review_requests).where(eq(review_requests.quote_id, quoteId)),
    ).toHaveLength(2);
  });

  it("none after the customer unsubscribed from reminders, and none without REVIEW_URL", async () => {
    const { quoteId } = await quoteWithLink("water_filtration");
    await db.insert(schema.reminder_subscriptions).values({
      quote_id: quoteId,
      kind: "visit",
      unsubscribed_at: new Date(),
    });
    await complete(quoteId);
    expect(await reviewMails(quoteId)).toHaveLength(0);

    const { quoteId: other } = await quoteWithLink("water_filtration");
    const configured = env();
    setEnv({ ...configured, REVIEW_URL: undefined });
    try {
      expect(await db.transaction((tx) => requestReview(tx, { quoteId: other }))).toBe(false);
    } finally {
      setEnv(configured);
    }
    expect(await reviewMails(other)).toHaveLength(0);
  });
});
