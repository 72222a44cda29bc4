import { asc, eq, sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import { submitQuoteRequest } from "~/features/quotes/submit.server";
import { db } from "~/lib/db.server";
import { smtpTransport } from "~/lib/mail.server";
import { deliverDueMail } from "~/lib/outbox.server";
import { drivers, freshDatabase, type TestDatabase } from "../setup/database";
import { formData, validAnswers } from "../setup/forms";
import { startSmtpServer, type TestSmtpServer } from "../setup/smtp";

describe.each(drivers)("mail outbox on %s", (driver) => {
  let database: TestDatabase;
  let smtp: TestSmtpServer;
  let quoteId: string;

  beforeEach(async () => {
    database = await freshDatabase(driver);
    smtp = await startSmtpServer();
    const outcome = await submitQuoteRequest(
      "water_filtration",
      formData(validAnswers.water_filtration),
      {
        clientIp: "192.0.2.1",
        owner: { userId: null },
      },
    );
    quoteId = outcome.ok === true ? outcome.quoteId : "";
  });
  afterEach(async () => {
    await smtp.close();
    await database.dispose();
  });

  const transport = () =>
    smtpTransport(smtp.url, "Utah Home Remediation <no-reply@remediation.test>");

  it("delivers the lead alert and the confirmation through SMTP, once", async () => {
    expect(await deliverDueMail({ transport: transport() })).toEqual({ sent: 2, failed: 0 });

    const lead = smtp.received.find((m) => m.to.includes("leads@remediation.test"));
    expect(lead?.subject).toBe(
      `New Water Filtration Remediation quote request from Ann Lee (${quoteId.slice(0, 8)})`,
    );
    expect(lead?.text).toMatch(/Email:\s+ann\.lee@example\.com/);
    expect(lead?.text).toMatch(/Current issues:\s+Bad Taste, Hard Water/);
    expect(lead?.text).toContain(`/admin/quotes/${quoteId}`);
    const confirmation = smtp.received.find((m) => m.to.includes("ann.lee@example.com"));
    expect(confirmation?.text).toContain(`Your reference number is ${quoteId.slice(0, 8)}`);

    const later = new Date(Date.now() + 24 * 3600_000);
    expect(await deliverDueMail({ transport: transport(), now: later })).toEqual({
      sent: 0,
      failed: 0,
    });
    expect(smtp.received).toHaveLength(2);
    const rows = await db.select().from(schema.mail_outbox);
    expect(rows.every((r) => r.status === "sent" && r.attempts === 1 && r.sent_at)).toBe(true);
  });

  it("counts a row queued within the millisecond of `now` as due (the database keeps microseconds, a Date milliseconds)", async () => {
    const now = new Date("2026-12-07T17:37:23.305Z");
    // as the database's now() stamps a row in the same millisecond, later by 678 microseconds
    await db
      .update(schema.mail_outbox)
      .set({ next_attempt_at: sql`'2026-12-07T17:37:23.305678Z'::timestamptz` });
    expect(await deliverDueMail({ transport: transport(), now })).toEqual({ sent: 2, failed: 0 });
    await db
      .update(schema.mail_outbox)
      .set({ status: "pending", next_attempt_at: sql`'2026-12-07T17:37:23.306001Z'::timestamptz` });
    // the next millisecond is not yet due
    expect(await deliverDueMail({ transport: transport(), now })).toEqual({ sent: 0, failed: 0 });
  });

  it("retries with back-off while the server refuses, recording each attempt", async () => {
    smtp.refuse = true;
    const start = new Date();
    expect(
      await deliverDueMail({ transport: transport(), now: start, retryBaseMs: 60_000 }),
    ).toEqual({
      sent: 0,
      failed: 2,
    });
    let rows = await db.select().from(schema.mail_outbox);
    expect(rows.every((r) => r.status === "pending" && r.attempts === 1)).toBe(true);
    expect(rows[0]?.last_error).toMatch(/451|temporarily/i);
    expect(rows.every((r) => r.next_attempt_at.getTime() === start.getTime() + 60_000)).toBe(true);

    // not due yet: nothing is attempted
    const soon = new Date(start.getTime() + 30_000);
    expect(await deliverDueMail({ transport: transport(), now: soon })).toEqual({
      sent: 0,
      failed: 0,
    });

    // second failure doubles the wait
    const first = new Date(start.getTime() + 60_000);
    await deliverDueMail({ transport: transport(), now: first, retryBaseMs: 60_000 });
    rows = await db.select().from(schema.mail_outbox);
    expect(
      rows.every(
        (r) => r.attempts === 2 && r.next_attempt_at.getTime() === first.getTime() + 120_000,
      ),
    ).toBe(true);

    smtp.refuse = false;
    const second = new Date(first.getTime() + 120_000);
    expect(await deliverDueMail({ transport: transport(), now: second })).toEqual({
      sent: 2,
      failed: 0,
    });
    expect(smtp.received).toHaveLength(2);

    const attempts = await db
      .select()
      .from(schema.mail_delivery_attempts)
      .orderBy(asc(schema.mail_delivery_attempts.attempted_at));
    expect(attempts.map((a) => a.succeeded)).toEqual([false, false, false, false, true, true]);
  });

  it("marks a message failed after the last allowed attempt", async () => {
    smtp.refuse = true;
    await deliverDueMail({ transport: transport(), maxAttempts: 1 });
    const rows = await db.select().from(schema.mail_outbox);
    expect(rows.every((r) => r.status === "failed")).toBe(true);
    smtp.refuse = false;
    await deliverDueMail({ transport: transport(), now: new Date(Date.now() + 86_400_000) });
    expect(smtp.received).toHaveLength(0);
  });

  it("sends after a restart what was not sent before it", async () => {
    await database.restart();
    expect(await deliverDueMail({ transport: transport() })).toEqual({ sent: 2, failed: 0 });
    const [lead] = await db
      .select()
      .from(schema.mail_outbox)
      .where(eq(schema.mail_outbox.kind, "lead_alert"));
    expect(lead?.status).toBe("sent");
  });
});
