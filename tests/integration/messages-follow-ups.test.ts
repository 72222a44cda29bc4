/**
 * Estimate follow-ups (features/estimates/follow-ups.server.ts): sending plans a follow-up after
 * 2 and 5 days (the days set on /admin/settings), the outbox worker's round queues the due ones,
 * by mail with a fresh estimate link and by text with consent (held to 08:00-21:00 Utah time),
 * and the admin's quote page shows the next one and each one sent. Accepting, declining, a newer
 * version and expiry cancel what is left: acceptance and decline in their own transaction, so a
 * follow-up text still held by quiet hours never goes either. On PostgreSQL, a follow-up due at
 * the moment of acceptance reaches the homeowner at most once and never after the acceptance.
 * One database per driver; each test its own request.
 */
import { randomBytes } from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import { acceptEstimate, declineEstimate } from "~/features/estimates/acceptance.server";
import { homeownerEstimate, linkParty, partyOf } from "~/features/estimates/access.server";
import { saveEstimateDraft, sendEstimate } from "~/features/estimates/estimates.server";
import { followUpSubject, queueDueFollowUps } from "~/features/estimates/follow-ups.server";
import { loadQuoteEstimate } from "~/features/estimates/quote-estimate.server";
import { estimateDraftSchema } from "~/features/estimates/schemas";
import { seedPriceBook } from "~/features/estimates/seed.server";
import { referenceNumber } from "~/features/quotes/reference";
import { submitQuoteRequest } from "~/features/quotes/submit.server";
import { db } from "~/lib/db.server";
import { smtpTransport } from "~/lib/mail.server";
import { deliverDueMail } from "~/lib/outbox.server";
import type { SessionUser } from "~/lib/session.server";
import { messagesApiTransport } from "~/lib/sms.server";
import * as settingsRoute from "~/routes/admin/settings";
import { post } from "../setup/actions";
import { makeUser } from "../setup/admin";
import { drivers, freshDatabase, itOnPostgres } from "../setup/database";
import { formData, validAnswers } from "../setup/forms";
import { type SmsSink, startSmsSink } from "../setup/sms-sink";
import { startSmtpServer, type TestSmtpServer } from "../setup/smtp";

const FROM = "+18015550100";
const DAY = 24 * 60 * 60 * 1000;
const client = { ip: "198.51.100.61", userAgent: "Mozilla/5.0 (follow-ups)" };
/** Monday, December 7, 2026, 10:00 AM MST */
const MONDAY_10AM = new Date("2026-12-07T17:00:00Z");

describe.each(drivers)("estimate follow-ups on %s", (driver) => {
  let smtp: TestSmtpServer;
  let sink: SmsSink;
  let admin: SessionUser;
  let phones = 0;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    sink = await startSmsSink();
    await freshDatabase(driver, { SMS_URL: sink.url, SMS_FROM: FROM });
    await seedPriceBook();
    admin = await makeUser("follow.ups@remediation.test", { admin: true, totp: true });
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

  /**
   * A guest's radon request (with consent to texts for its phone when `consent`) whose estimate
   * was sent at `sentAt`, valid until `validUntil` (default 30 days later).
   */
  async function sentEstimate(
    sentAt: Date,
    { consent = false, validUntil = "2027-01-30" }: { consent?: boolean; validUntil?: string } = {},
  ) {
    phones += 1;
    const phone = `801-555-${String(150 + phones).padStart(4, "0")}`;
    const email = `follow-${randomBytes(4).toString("hex")}@example.com`;
    const outcome = await submitQuoteRequest(
      "radon",
      formData({ ...validAnswers.radon, email, phone, ...(consent ? { textConsent: "on" } : {}) }),
      { clientIp: `192.0.2.${phones}`, owner: { userId: null } },
    );
    if (outcome.ok !== true) throw new Error("quote fixture failed");
    const quoteId = outcome.quoteId;
    const draft = estimateDraftSchema.parse({
      options: [
        {
          name: "Sealing",
          lines: [{ name: "Sealing", quantity: "2", unit: "hour", unitPrice: "95.00" }],
        },
      ],
      validUntil,
    });
    const saved = await saveEstimateDraft(partyOf(admin), quoteId, draft, sentAt);
    if (!saved.ok) throw new Error(saved.message);
    const sent = await sendEstimate(partyOf(admin), quoteId, sentAt);
    if (!sent.ok) throw new Error(sent.message);
    return {
      quoteId,
      email,
      number: `+1801555${String(150 + phones).padStart(4, "0")}`,
      estimateId: saved.estimateId,
      token: sent.url.split("/").pop() as string,
    };
  }

  const followUpRows = (estimateId: string) =>
    db
      .select()
      .from(schema.estimate_follow_ups)
      .where(eq(schema.estimate_follow_ups.estimate_id, estimateId))
      .orderBy(asc(schema.estimate_follow_ups.version_id), asc(schema.estimate_follow_ups.number));

  const followUpOutbox = (quoteId: string) =>
    db
      .select()
      .from(schema.mail_outbox)
      .where(
        and(
          eq(schema.mail_outbox.quote_id, quoteId),
          eq(schema.mail_outbox.kind, "estimate_follow_up"),
        ),
      )
      .orderBy(asc(schema.mail_outbox.channel));

  const followUpsShown = async (quoteId: string) =>
    (await loadQuoteEstimate(admin, quoteId, MONDAY_10AM))?.record?.followUps;

  async function acceptForm(token: string) {
    const shown = await homeownerEstimate(linkParty(token));
    if (shown?.state !== "open") throw new Error("estimate not open");
    return {
      versionId: shown.versionId,
      contentSha256: shown.view.contentSha256 as string,
      option: 1,
      consent: true as const,
      signerName: "Pat Doe",
    };
  }

  it("sending plans follow-ups after 2 and 5 days; the quote page shows the next one; when due, a mail with a working link and a text held to 08:00 go, and the page lists it as sent", async () => {
    const { quoteId, estimateId, email, number } = await sentEstimate(MONDAY_10AM, {
      consent: true,
    });
    expect((await followUpRows(estimateId)).map((r) => [r.number, r.due_at.toISOString()])).toEqual(
      [
        [1, "2026-12-09T17:00:00.000Z"],
        [2, "2026-12-12T17:00:00.000Z"],
      ],
    );
    expect(await followUpsShown(quoteId)).toEqual({
      next: "Wed, Dec 9, 10:00 AM MST",
      sent: [],
    });

    // nothing is due a minute early
    expect(await queueDueFollowUps(new Date("2026-12-09T16:59:00Z"))).toBe(0);
    // the round runs at 9:30 PM on Wednesday: the mail goes, the text waits for 8:00 AM
    const lateEvening = new Date("2026-12-10T04:30:00Z");
    expect(await queueDueFollowUps(lateEvening)).toBe(1);
    expect(await queueDueFollowUps(lateEvening)).toBe(0);
    await deliver(lateEvening);
    const mail = smtp.received.filter(
      (m) => m.to.includes(email) && m.subject === followUpSubject(referenceNumber(quoteId)),
    );
    expect(mail).toHaveLength(1);
    const followUpMail = mail[0]!;
    const link = followUpMail.text.match(/https?:\/\/\S+\/estimates\/([A-Za-z0-9_-]{43})/);
    expect(link).not.toBeNull();
    expect((await homeownerEstimate(linkParty(link![1]!)))?.state).toBe("open");
    expect(sink.received.filter((t) => t.to === number)).toEqual([]);

    await deliver(new Date("2026-12-10T15:00:00Z")); // Thursday 8:00 AM MST
    const texts = sink.received.filter((t) => t.to === number);
    expect(texts).toHaveLength(1);
    expect(texts[0]!.body).toMatch(/\/estimates\/[A-Za-z0-9_-]{43} Reply STOP to stop\.$/);

    expect(await followUpsShown(quoteId)).toEqual({
      next: "Sat, Dec 12, 10:00 AM MST",
      sent: [{ number: 1, sentAt: "Wed, Dec 9, 9:30 PM MST" }],
    });
  });

  it("without consent a follow-up goes by mail only", async () => {
    const { quoteId, estimateId, number } = await sentEstimate(MONDAY_10AM);
    await queueDueFollowUps(new Date(MONDAY_10AM.getTime() + 2 * DAY));
    expect((await followUpOutbox(quoteId)).map((r) => r.channel)).toEqual(["mail"]);
    expect((await followUpRows(estimateId))[0]?.sent_at).not.toBeNull();
    expect(sink.received.filter((t) => t.to === number)).toEqual([]);
  });

  it("acceptance cancels what is left in its own transaction: the text held by quiet hours never goes, and no later follow-up is queued", async () => {
    const sentAt = new Date("2026-12-07T05:00:00Z"); // Sunday 10:00 PM MST
    const { quoteId, estimateId, token, number } = await sentEstimate(sentAt, { consent: true });
    const due = new Date(sentAt.getTime() + 2 * DAY); // Tuesday 10:00 PM: the text is held
    await queueDueFollowUps(due);
    expect((await followUpOutbox(quoteId)).map((r) => [r.channel, r.status])).toEqual([
      ["mail", "pending"],
      ["sms", "pending"],
    ]);

    const acceptedAt = new Date(due.getTime() + 30 * 60 * 1000);
    const accepted = await acceptEstimate(
      linkParty(token),
      undefined,
      await acceptForm(token),
      client,
      acceptedAt,
    );
    expect(accepted).toMatchObject({ ok: true, already: false });
    // written by the acceptance itself, before any worker round
    expect(
      (await followUpRows(estimateId)).map((r) => [
        r.number,
        r.sent_at !== null,
        r.cancelled_at?.toISOString() ?? null,
        r.cancel_reason,
      ]),
    ).toEqual([
      [1, true, null, null],
      [2, false, acceptedAt.toISOString(), "the estimate was accepted"],
    ]);
    expect((await followUpOutbox(quoteId)).map((r) => [r.channel, r.status])).toEqual([
      ["mail", "failed"],
      ["sms", "failed"],
    ]);

    await deliver(new Date(sentAt.getTime() + 3 * DAY));
    await queueDueFollowUps(new Date(sentAt.getTime() + 6 * DAY));
    expect(await followUpOutbox(quoteId)).toHaveLength(2);
    await deliver(new Date(sentAt.getTime() + 6 * DAY));
    expect(sink.received.filter((t) => t.to === number)).toEqual([]);
    expect((await followUpOutbox(quoteId)).every((r) => r.sent_at === null)).toBe(true);
    expect(await followUpsShown(quoteId)).toEqual({
      next: null,
      sent: [{ number: 1, sentAt: "Tue, Dec 8, 10:00 PM MST" }],
    });
  });

  it("a decline cancels both follow-ups; nothing is queued when they fall due", async () => {
    const { quoteId, estimateId, token } = await sentEstimate(MONDAY_10AM, { consent: true });
    const form = await acceptForm(token);
    expect(
      await declineEstimate(
        linkParty(token),
        undefined,
        { versionId: form.versionId, contentSha256: form.contentSha256 },
        client,
        new Date(MONDAY_10AM.getTime() + DAY),
      ),
    ).toMatchObject({ ok: true, already: false });
    expect((await followUpRows(estimateId)).map((r) => r.cancel_reason)).toEqual([
      "the estimate was declined",
      "the estimate was declined",
    ]);
    await queueDueFollowUps(new Date(MONDAY_10AM.getTime() + 6 * DAY));
    expect(await followUpOutbox(quoteId)).toEqual([]);
  });

  it("a new version cancels the earlier version's follow-ups and plans its own", async () => {
    const { quoteId, estimateId } = await sentEstimate(MONDAY_10AM);
    const later = new Date(MONDAY_10AM.getTime() + DAY);
    const draft = estimateDraftSchema.parse({
      options: [
        {
          name: "Sealing",
          lines: [{ name: "Sealing", quantity: "3", unit: "hour", unitPrice: "95.00" }],
        },
      ],
      validUntil: "2027-01-30",
    });
    expect(await saveEstimateDraft(partyOf(admin), quoteId, draft, later)).toMatchObject({
      ok: true,
    });
    expect(await sendEstimate(partyOf(admin), quoteId, later)).toMatchObject({
      ok: true,
      version: 2,
    });
    const rows = await followUpRows(estimateId);
    expect(
      rows
        .map((r) => [r.number, r.due_at.toISOString(), r.cancel_reason])
        .sort((a, b) => String(a[1]).localeCompare(String(b[1]))),
    ).toEqual([
      [1, "2026-12-09T17:00:00.000Z", "a newer version was sent"],
      [1, "2026-12-10T17:00:00.000Z", null],
      [2, "2026-12-12T17:00:00.000Z", "a newer version was sent"],
      [2, "2026-12-13T17:00:00.000Z", null],
    ]);
    expect(await followUpsShown(quoteId)).toMatchObject({ next: "Thu, Dec 10, 10:00 AM MST" });
  });

  it("expiry: no follow-up is planned after the last valid day, and one found expired when due is cancelled", async () => {
    // valid through Thursday, December 10: the 5-day follow-up (Saturday) is never planned
    const { quoteId, estimateId } = await sentEstimate(MONDAY_10AM, { validUntil: "2026-12-10" });
    expect((await followUpRows(estimateId)).map((r) => r.number)).toEqual([1]);
    // the worker was down until Friday: the first follow-up is past the estimate's expiry
    await queueDueFollowUps(new Date("2026-12-11T17:00:00Z"));
    expect((await followUpRows(estimateId))[0]).toMatchObject({
      sent_at: null,
      cancel_reason: "the estimate expired",
    });
    expect(await followUpOutbox(quoteId)).toEqual([]);
    expect(await followUpsShown(quoteId)).toEqual({ next: null, sent: [] });
  });

  it("/admin/settings sets the follow-up days for estimates sent from then on; bad days are refused with nothing saved", async () => {
    const save = (fields: Record<string, string>) =>
      post(
        settingsRoute.action,
        "/admin/settings",
        { intent: "follow-ups", ...fields },
        "192.0.2.200",
        admin,
      );
    const refused = await save({ followUpFirstDays: "5", followUpSecondDays: "3" });
    expect(refused).toMatchObject({
      status: 400,
      body: {
        form: "follow-ups",
        errors: {
          followUpSecondDays: "The second follow-up comes after the first: enter more days",
        },
      },
    });
    expect(await save({ followUpFirstDays: "0", followUpSecondDays: "x" })).toMatchObject({
      status: 400,
    });
    expect(await db.select().from(schema.estimate_follow_up_settings)).toEqual([]);

    expect(await save({ followUpFirstDays: "3", followUpSecondDays: "7" })).toMatchObject({
      status: 302,
      location: "/admin/settings",
    });
    const { estimateId } = await sentEstimate(MONDAY_10AM);
    expect((await followUpRows(estimateId)).map((r) => r.due_at.toISOString())).toEqual([
      "2026-12-10T17:00:00.000Z",
      "2026-12-14T17:00:00.000Z",
    ]);
    // back to the defaults for the other tests
    await save({ followUpFirstDays: "2", followUpSecondDays: "5" });
  });

  itOnPostgres(driver)(
    "a follow-up due at the moment of acceptance reaches the homeowner at most once, never after the acceptance",
    async () => {
      for (let round = 0; round < 4; round++) {
        const { quoteId, estimateId, token, email, number } = await sentEstimate(MONDAY_10AM, {
          consent: true,
        });
        const due = new Date(MONDAY_10AM.getTime() + 2 * DAY);
        const form = await acceptForm(token);
        const [accepted] = await Promise.all([
          acceptEstimate(linkParty(token), undefined, form, client, due),
          queueDueFollowUps(due),
        ]);
        expect(accepted).toMatchObject({ ok: true });
        const [first] = await followUpRows(estimateId);
        const outbox = await followUpOutbox(quoteId);
        if (first?.sent_at) {
          // the claim committed first: the acceptance stopped its mail and text in the outbox
          expect(outbox.map((r) => r.status)).toEqual(["failed", "failed"]);
        } else {
          expect(first?.cancel_reason).toBe("the estimate was accepted");
          expect(outbox).toEqual([]);
        }
        await deliver(new Date(due.getTime() + DAY));
        expect(
          smtp.received.filter(
            (m) => m.to.includes(email) && m.subject === followUpSubject(referenceNumber(quoteId)),
          ),
        ).toEqual([]);
        expect(sink.received.filter((t) => t.to === number)).toEqual([]);
      }
    },
    120_000,
  );
});
