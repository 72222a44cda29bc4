/**
 * Reminders (issue 20 point 5) through the outbox worker's rounds (lib/outbox.server.ts with
 * `scheduled: queueDueReminders`, as the server runs it) and our routes: a visit reminder due
 * while no server ran goes once after start, with both List-Unsubscribe headers (RFC 8058);
 * moved and cancelled visits get no stale reminder; one-click unsubscribe through our route stops
 * the next one; a confirmed mobile number gets a text; follow-ups opted into through the status
 * page's form; two workers (and, on PostgreSQL, two processes) never send one reminder twice.
 */
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import { setProfileTextConsent } from "~/features/messages/consent.server";
import { queueDueReminders } from "~/features/visits/reminders.server";
import { db } from "~/lib/db.server";
import { smtpTransport } from "~/lib/mail.server";
import { deliverDueMail } from "~/lib/outbox.server";
import { messagesApiTransport } from "~/lib/sms.server";
import * as accountRemindersRoute from "~/routes/account/quote-reminders";
import * as statusRoute from "~/routes/quotes/status";
import * as remindersRoute from "~/routes/quotes/status-reminders";
import * as statusVisitRoute from "~/routes/quotes/status-visit";
import * as unsubscribeRoute from "~/routes/unsubscribe";
import { post } from "../setup/actions";
import { contextFor, makeUser } from "../setup/admin";
import { drivers, freshDatabase, itOnPostgres, type TestDatabase } from "../setup/database";
import { validAnswers } from "../setup/forms";
import { captureLogs } from "../setup/logs";
import { renderRoute } from "../setup/render";
import { type SmsSink, startSmsSink } from "../setup/sms-sink";
import { startSmtpServer, type TestSmtpServer } from "../setup/smtp";
import { runTogether } from "../setup/together";
import { quoteWithLink } from "../setup/visits";

const ORIGIN = "http://localhost:3000";
const FROM = "+18015550100";
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const ip = "192.0.2.90";

describe.each(drivers)("reminders on %s", (driver) => {
  let database: TestDatabase;
  let smtp: TestSmtpServer;
  let sink: SmsSink;
  let staffId: string;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    sink = await startSmsSink();
  });
  afterAll(async () => {
    await smtp.close();
    await sink.close();
  });
  beforeEach(async () => {
    database = await freshDatabase(driver, { SMS_URL: sink.url, SMS_FROM: FROM });
    staffId = (await makeUser("tech@remediation.test", { admin: true, totp: true })).id;
    smtp.received.length = 0;
    sink.received.length = 0;
  }, 180_000);
  afterEach(async () => {
    await database.dispose();
  });

  /** One round of the server's outbox worker at the clock `now`: reminders queued, then sent. */
  const round = (now: Date) =>
    deliverDueMail({
      transport: smtpTransport(smtp.url, "site <site@remediation.test>"),
      sms: messagesApiTransport(sink.url, FROM),
      scheduled: queueDueReminders,
      now,
    });
  const reminders = () => smtp.received.filter((m) => m.subject.startsWith("Reminder:"));

  /** A booked visit of `quoteId` starting at `start` (one hour), as booking writes it. */
  async function visit(
    quoteId: string,
    start: Date,
    kind: "water_filtration" | "radon_placement" | "radon_pickup" = "water_filtration",
  ) {
    const [row] = await db
      .insert(schema.visits)
      .values({
        quote_id: quoteId,
        kind,
        staff_id: staffId,
        starts_at: start,
        ends_at: new Date(start.getTime() + HOUR),
      })
      .returning();
    return row!;
  }

  /** Noon (UTC) a few days ahead: clear of the clock's own minute. */
  const daysAhead = (days: number) => {
    const at = new Date(Date.now() + days * DAY);
    at.setUTCHours(18, 0, 0, 0);
    return at;
  };

  it("a visit reminder due while no server ran goes once after start, with one-click unsubscribe headers", async () => {
    const { quoteId } = await quoteWithLink("water_filtration");
    const start = daysAhead(3);
    await visit(quoteId, start);
    // running now: not due yet
    await round(new Date());
    expect(reminders()).toHaveLength(0);

    // the server is down across the due time (24 h before), then starts: its first round sends it
    await database.restart();
    await round(new Date(start.getTime() - 20 * HOUR));
    await round(new Date(start.getTime() - 19 * HOUR));
    await round(new Date(start.getTime() - 2 * HOUR));
    const sent = reminders();
    expect(sent).toHaveLength(1);
    const [mail] = sent;
    expect(mail!.to).toEqual([validAnswers.water_filtration.email]);
    expect(mail!.text).toContain("reminder of your water assessment");
    expect(mail!.text).toMatch(/\d{1,2}:\d{2} [AP]M – \d{1,2}:\d{2} [AP]M M[DS]T/);
    expect(mail!.text).toContain("Name of tech@remediation.test");
    expect(mail!.headers["list-unsubscribe"]).toMatch(
      /^<http:\/\/localhost:3000\/unsubscribe\/[A-Za-z0-9_-]{43}>$/,
    );
    expect(mail!.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
    // a guest has no confirmed number: no text
    expect(sink.received).toHaveLength(0);
  });

  it("a guest's visit reminder carries a fresh status link to change or cancel the visit, never logged", async () => {
    const { quoteId, token: first } = await quoteWithLink("water_filtration");
    const start = daysAhead(2);
    await visit(quoteId, start);
    const logs = captureLogs("info");
    try {
      await round(new Date(start.getTime() - 6 * HOUR));
    } finally {
      logs.restore();
    }
    const [mail] = reminders();
    expect(mail!.text).not.toContain("earlier emails");
    const url = mail!.text.match(
      /To change or cancel the visit: (http:\/\/localhost:3000\/quotes\/status\/([A-Za-z0-9_-]{43})\/visit)\n/,
    );
    expect(url).not.toBeNull();
    const token = url![2]!;
    // a link minted for this mail (the first one's token is stored as a hash only)
    expect(token).not.toBe(first);
    // it opens the visit's page: the booked visit, still changeable online
    const page = await statusVisitRoute.loader({
      request: new Request(url![1]!),
      params: { token },
      context: contextFor(null),
    } as never);
    expect(page).toMatchObject({ state: "booked", changeable: true });
    expect(logs.text()).not.toContain(token);
  });

  it("a moved visit is reminded of its new time only; a cancelled one gets none", async () => {
    const moved = await quoteWithLink("water_filtration");
    const cancelled = await quoteWithLink("water_filtration");
    const oldStart = daysAhead(2);
    const newStart = daysAhead(5);
    const a = await visit(moved.quoteId, oldStart);
    const b = await visit(cancelled.quoteId, new Date(oldStart.getTime() + 2 * HOUR));
    await db
      .update(schema.visits)
      .set({ starts_at: newStart, ends_at: new Date(newStart.getTime() + HOUR) })
      .where(eq(schema.visits.id, a.id));
    await db.delete(schema.visits).where(eq(schema.visits.id, b.id));

    await round(new Date(oldStart.getTime() - 12 * HOUR));
    expect(reminders()).toHaveLength(0);
    await round(new Date(newStart.getTime() - 12 * HOUR));
    expect(reminders()).toHaveLength(1);
    expect(reminders()[0]!.subject).toContain(
      new Intl.DateTimeFormat("en-US", { weekday: "long", timeZone: "America/Denver" }).format(
        newStart,
      ),
    );
  });

  it("one-click unsubscribe (POST with the RFC 8058 body, no sign-in) stops the next reminder", async () => {
    const { quoteId } = await quoteWithLink("radon");
    const placement = daysAhead(3);
    const pickup = new Date(placement.getTime() + 2 * DAY);
    await visit(quoteId, placement, "radon_placement");
    await visit(quoteId, pickup, "radon_pickup");
    await round(new Date(placement.getTime() - 10 * HOUR));
    expect(reminders()).toHaveLength(1);
    const url = reminders()[0]!.headers["list-unsubscribe"]!.slice(1, -1);
    const token = url.split("/").pop()!;

    // the confirm page (GET) changes nothing
    const confirm = await unsubscribeRoute.loader({
      request: new Request(url),
      params: { token },
      context: contextFor(null),
    } as never);
    expect(confirm).toMatchObject({ label: "Assessment visit reminders", stopped: false });

    // the mail provider's POST: cross-site, no cookie, body List-Unsubscribe=One-Click
    const response = await unsubscribeRoute.action({
      request: new Request(url, {
        method: "POST",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          origin: "https://mail.example.net",
        },
        body: "List-Unsubscribe=One-Click",
      }),
      params: { token },
      context: contextFor(null),
    } as never);
    expect(JSON.parse(JSON.stringify(response))).toMatchObject({
      data: { stopped: true },
    });
    await round(new Date(pickup.getTime() - 10 * HOUR));
    expect(reminders()).toHaveLength(1);
    // an unknown token is a 404
    const unknown = await unsubscribeRoute
      .loader({
        request: new Request(url),
        params: { token: "A".repeat(43) },
        context: contextFor(null),
      } as never)
      .catch((e: unknown) => e);
    expect(unknown).toMatchObject({ init: { status: 404 } });
  });

  it("a customer with a confirmed mobile number also gets the reminder as a text", async () => {
    const customer = await makeUser("ann@example.com");
    await db
      .update(schema.user)
      .set({ phoneNumber: "+18015550199", phoneNumberVerified: true })
      .where(eq(schema.user.id, customer.id));
    // texts about a request only with consent ('Text me about my request' on the profile)
    await setProfileTextConsent(customer.id, true);
    const { quoteId } = await quoteWithLink("water_filtration", customer.id);
    const start = daysAhead(2);
    await visit(quoteId, start);
    // 05:00 Utah time: the mail goes, the text waits for the end of quiet hours (08:00)
    await round(new Date(start.getTime() - 6 * HOUR));
    expect(reminders()).toHaveLength(1);
    expect(sink.received).toEqual([]);
    await round(new Date(start.getTime() - 3 * HOUR));
    // a customer's quote: the account's visit page (they sign in), no status link
    expect(reminders()[0]!.text).toContain(
      `To change or cancel the visit: ${ORIGIN}/account/quotes/${quoteId}/visit\n`,
    );
    expect(reminders()[0]!.text).not.toContain("/quotes/status/");
    expect(sink.received).toEqual([
      expect.objectContaining({
        to: "+18015550199",
        from: FROM,
        body: expect.stringMatching(/water assessment .* M[DS]T/),
      }),
    ]);
  });

  it("follow-ups opted into on the status page's reminders form are mailed when due, with unsubscribe", async () => {
    const { quoteId, token } = await quoteWithLink("water_filtration"); // answered 'well'
    const save = (fields: Record<string, string>) =>
      post(
        (args: { request: Request; context: unknown }) =>
          remindersRoute.action({ ...args, params: { token } } as never),
        `/quotes/status/${token}/reminders`,
        fields,
        ip,
      );
    const view = (await remindersRoute.loader({
      request: new Request(`${ORIGIN}/quotes/status/${token}/reminders`),
      params: { token },
      context: contextFor(null),
    } as never)) as Awaited<ReturnType<typeof remindersRoute.loader>>;
    expect(view.options.map((o) => [o.kind, o.on])).toEqual([
      ["visit", true],
      ["well_test", false],
      ["filter_change", false],
    ]);
    expect(view.filterType).toBe("whole_house");

    // refused: a filter change without a filter type, a radon retest for a water request
    const noType = await save({ visit: "on", filter_change: "on", filterType: "" });
    expect(noType.status).toBe(400);
    expect(noType.body).toMatchObject({
      errors: { filterType: ["Choose your filter type to get filter change reminders"] },
      posted: { kinds: ["visit", "filter_change"], filterType: "" },
    });
    // without JavaScript the page drawn anew keeps the boxes ticked, not the saved choices
    const drawn = await renderRoute(
      remindersRoute as never,
      "/quotes/status/:token/reminders",
      `/quotes/status/${token}/reminders`,
      undefined,
      {
        method: "POST",
        headers: { Origin: ORIGIN },
        body: new URLSearchParams({ visit: "on", well_test: "on", filter_change: "on" }),
      },
    );
    expect(drawn.status).toBe(400);
    for (const kind of ["visit", "well_test", "filter_change"]) {
      expect(drawn.html).toMatch(new RegExp(`id="reminder-${kind}"[^>]*checked=""`));
    }
    expect((await save({ visit: "on", radon_retest: "on" })).status).toBe(400);
    expect(await db.select().from(schema.reminder_subscriptions)).toHaveLength(0);

    const saved = await save({
      visit: "on",
      well_test: "on",
      filter_change: "on",
      filterType: "under_sink",
    });
    expect(saved).toMatchObject({ status: 302, location: `/quotes/status/${token}/reminders` });
    const rows = await db
      .select()
      .from(schema.reminder_subscriptions)
      .where(eq(schema.reminder_subscriptions.quote_id, quoteId));
    expect(rows.map((r) => [r.kind, r.interval_months, r.filter_type]).sort()).toEqual([
      ["filter_change", 6, "under_sink"],
      ["visit", null, null],
      ["well_test", 12, null],
    ]);

    const followUps = () => smtp.received.filter((m) => m.subject.startsWith("Time "));
    await round(new Date(Date.now() + 5 * 30 * DAY));
    expect(followUps()).toHaveLength(0);
    await round(new Date(Date.now() + 190 * DAY));
    expect(followUps().map((m) => m.subject)).toEqual(["Time to change your water filter"]);
    expect(followUps()[0]!.text).toContain("Under-sink filter (every 6 months)");
    expect(followUps()[0]!.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
    await round(new Date(Date.now() + 370 * DAY));
    expect(
      followUps()
        .map((m) => m.subject)
        .sort(),
    ).toEqual([
      "Time for your private well's yearly test",
      "Time to change your water filter",
      "Time to change your water filter",
    ]);
    expect(followUps().find((m) => m.subject.includes("well"))!.text).toContain(
      "https://www.epa.gov/privatewells/protect-your-homes-water",
    );

    // unsubscribing the well test's mail stops the next year's
    const wellUrl = followUps()
      .find((m) => m.subject.includes("well"))!
      .headers["list-unsubscribe"]!.slice(1, -1);
    const wellToken = wellUrl.split("/").pop()!;
    await unsubscribeRoute.action({
      request: new Request(wellUrl, { method: "POST", body: "List-Unsubscribe=One-Click" }),
      params: { token: wellToken },
      context: contextFor(null),
    } as never);
    await round(new Date(Date.now() + 740 * DAY));
    expect(followUps().filter((m) => m.subject.includes("well"))).toHaveLength(1);
  });

  it("the status page's Reminders card offers the well test only where the water source is a well", async () => {
    const card = async (quote: { token: string }) => {
      const { status, html } = await renderRoute(
        statusRoute,
        "/quotes/status/:token",
        `/quotes/status/${quote.token}`,
      );
      expect(status).toBe(200);
      return html.replace(/<!-- -->/g, "");
    };
    const well = await card(await quoteWithLink("water_filtration"));
    expect(well).toContain(
      "Get a reminder before your visit, and opt into follow-ups: a yearly private well test or a filter change.",
    );
    const city = await card(
      await quoteWithLink("water_filtration", null, { waterSource: "municipal" }),
    );
    expect(city).toContain(
      "Get a reminder before your visit, and opt into a follow-up: a filter change.",
    );
    expect(city).not.toMatch(/well test/i);
    const radon = await card(await quoteWithLink("radon"));
    expect(radon).toContain("Get a reminder before your visit.");
    expect(radon).not.toMatch(/well test|retest|filter change/i);
  });

  it("a radon retest is offered once the job is completed and falls due 2 years after it", async () => {
    const { quoteId, token } = await quoteWithLink("radon");
    const load = async () =>
      (await remindersRoute.loader({
        request: new Request(`${ORIGIN}/quotes/status/${token}/reminders`),
        params: { token },
        context: contextFor(null),
      } as never)) as Awaited<ReturnType<typeof remindersRoute.loader>>;
    expect((await load()).options.map((o) => o.kind)).toEqual(["visit"]);
    const completedAt = new Date("2026-06-01T18:00:00Z");
    await db
      .update(schema.quotes)
      .set({ current_status: "completed" })
      .where(eq(schema.quotes.id, quoteId));
    await db
      .insert(schema.quote_status_history)
      .values({ quote_id: quoteId, status: "completed", created_at: completedAt });
    expect((await load()).options.map((o) => o.kind)).toEqual(["visit", "radon_retest"]);
    const saved = await post(
      (args: { request: Request; context: unknown }) =>
        remindersRoute.action({ ...args, params: { token } } as never),
      `/quotes/status/${token}/reminders`,
      { visit: "on", radon_retest: "on" },
      ip,
    );
    expect(saved.status).toBe(302);
    const [row] = await db
      .select()
      .from(schema.reminder_subscriptions)
      .where(eq(schema.reminder_subscriptions.kind, "radon_retest"));
    expect(row!.next_due_at!.toISOString()).toBe("2028-06-01T18:00:00.000Z");
    expect((await load()).options[1]).toMatchObject({ on: true, next: "Thursday, June 1, 2028" });
  });

  it("a customer opts into a follow-up from the account's quote page; another account cannot", async () => {
    const owner = await makeUser("owner@example.com");
    const stranger = await makeUser("stranger@example.com");
    const { quoteId } = await quoteWithLink("water_filtration", owner.id);
    const save = (who: typeof owner) =>
      post(
        (args: { request: Request; context: unknown }) =>
          accountRemindersRoute.action({ ...args, params: { id: quoteId } } as never),
        `/account/quotes/${quoteId}/reminders`,
        { visit: "on", well_test: "on" },
        ip,
        who,
      ).catch((e: unknown) => e);
    expect(await save(stranger)).toMatchObject({ status: 404 });
    expect(await db.select().from(schema.reminder_subscriptions)).toHaveLength(0);
    expect(await save(owner)).toMatchObject({
      status: 302,
      location: `/account/quotes/${quoteId}/reminders`,
    });
    const view = (await accountRemindersRoute.loader({
      request: new Request(`${ORIGIN}/account/quotes/${quoteId}/reminders`),
      params: { id: quoteId },
      context: contextFor(owner),
    } as never)) as Awaited<ReturnType<typeof accountRemindersRoute.loader>>;
    expect(view.options.find((o) => o.kind === "well_test")).toMatchObject({ on: true });
  });

  it("two workers running at once send each reminder once", async () => {
    const start = daysAhead(2);
    for (let i = 0; i < 4; i++) {
      const { quoteId } = await quoteWithLink("water_filtration");
      await visit(quoteId, new Date(start.getTime() + i * 2 * HOUR));
    }
    const at = new Date(start.getTime() - 4 * HOUR);
    await Promise.all([round(at), round(at), round(at)]);
    await Promise.all([round(at), round(at)]);
    expect(reminders()).toHaveLength(4);
    expect(new Set(reminders().map((m) => m.headers["list-unsubscribe"])).size).toBe(4);
  });

  itOnPostgres(driver)(
    "two server processes at once on PostgreSQL never send one reminder twice",
    async () => {
      const start = daysAhead(2);
      for (let i = 0; i < 6; i++) {
        const { quoteId } = await quoteWithLink("water_filtration");
        await visit(quoteId, new Date(start.getTime() + i * 2 * HOUR));
      }
      await round(new Date()); // the requests' own mails go first: the processes send reminders only
      smtp.received.length = 0;
      const remindAt = new Date(start.getTime() - 4 * HOUR).toISOString();
      const totals = await runTogether<{ sent: number }>(
        database,
        "tests/setup/remind-worker.ts",
        [0, 1].map(() => ({ SMTP_URL: smtp.url, REMIND_AT: remindAt })),
      );
      expect(totals.reduce((sum, t) => sum + t.sent, 0)).toBe(6);
      expect(reminders()).toHaveLength(6);
      expect(new Set(reminders().map((m) => m.headers["list-unsubscribe"])).size).toBe(6);
    },
    120_000,
  );
});
