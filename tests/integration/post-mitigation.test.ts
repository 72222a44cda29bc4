/**
 * A completed radon job's post-mitigation test (issue 29 point 4; docs/decisions/0270) on both
 * drivers, through the routes: the completion mail's private link (`/jobs/{token}/radon-test`,
 * the sign-off link's token and rules) where the homeowner books a placement inside the SGM-SF
 * window (24 hours to 30 days after commissioning) with its pick-up 48 to 96 hours later, both in
 * one statement; staff booking the same from the job page; a booking outside the window refused
 * with the rule's message; a second booking refused by the app and by the database; who may open
 * what; the result standing in the home record beside the pre-mitigation one; the two-year retest
 * reminder offered.
 */
import { randomBytes } from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import { changeJobStatus, completeJob, openJobByHand } from "~/features/jobs/jobs.server";
import { placementWindow } from "~/features/jobs/post-mitigation";
import {
  bookTestAsHomeowner,
  bookTestAsStaff,
  TEST_ALREADY_BOOKED,
} from "~/features/jobs/post-mitigation.server";
import { saveJobRecord, setCertificationNumber } from "~/features/jobs/record.server";
import { changeQuoteStatus } from "~/features/quotes/status-change.server";
import { submitQuoteRequest } from "~/features/quotes/submit.server";
import { bookedVisits, staffChangeVisit } from "~/features/visits/booking.server";
import { remindersView, saveReminders } from "~/features/visits/reminders.server";
import { denverInstant } from "~/features/visits/slots";
import { isUniqueViolation } from "~/lib/database-errors.server";
import { db } from "~/lib/db.server";
import type { SessionUser } from "~/lib/session.server";
import * as recordRoute from "~/routes/account/property-record";
import * as jobRoute from "~/routes/admin/job";
import * as adminQuoteRoute from "~/routes/admin/quote";
import * as moveRoute from "~/routes/admin/schedule-visit";
import * as testRoute from "~/routes/jobs/radon-test";
import { contextFor, makeUser, ORIGIN, requestTo, run } from "../setup/admin";
import { drivers, freshDatabase, type TestDatabase } from "../setup/database";
import { denverTime } from "../setup/denver";
import { formData, validAnswers } from "../setup/forms";
import { jpegFile } from "../setup/job-records";
import { renderRoute } from "../setup/render";
import { FIXTURE_ADDRESS, staffEveryDay } from "../setup/visits";

const SLOW = 180_000;
const HOUR = 3_600_000;

type TestPage = Extract<
  Awaited<ReturnType<typeof testRoute.loader>>["data"],
  { state: "open" } | { state: "booked" }
>;

describe.each(drivers)("the post-mitigation radon test on %s", (driver) => {
  let database: TestDatabase;
  let admin: SessionUser;
  let owner: SessionUser;
  let seq = 0;

  beforeAll(async () => {
    database = await freshDatabase(driver);
    admin = await makeUser("installer@remediation.test", { admin: true, totp: true });
    owner = await makeUser("radon-owner@example.com");
    await staffEveryDay(admin, "192.0.2.60", admin);
    expect(await setCertificationNumber(admin.id, "NRPP-109876-RMT")).toBe(true);
  }, SLOW);
  afterAll(async () => {
    await database?.dispose();
  });

  /**
   * A job of `service` on a quote of `userId` (its service address set), worked and completed
   * now through the app's own steps; radon with the SGM-SF record.
   */
  async function completedJob(
    service: "radon" | "water_filtration" = "radon",
    userId: string | null = null,
    completedAt?: Date,
  ) {
    seq += 1;
    const email = `test-home${seq}@example.com`;
    const submitted = await submitQuoteRequest(
      service,
      formData({ ...validAnswers[service], email, lastName: `Mitigated${seq}` }),
      { clientIp: `10.29.0.${seq}`, owner: { userId } },
    );
    if (submitted.ok !== true) throw new Error("quote fixture failed");
    const quoteId = submitted.quoteId;
    await db
      .update(schema.quotes)
      .set({
        property_address: FIXTURE_ADDRESS.address,
        property_city: FIXTURE_ADDRESS.city,
        property_state: FIXTURE_ADDRESS.state,
        property_zip_code: FIXTURE_ADDRESS.zipCode,
      })
      .where(eq(schema.quotes.id, quoteId));
    expect(
      await changeQuoteStatus(
        quoteId,
        { status: "approved", expectedStatus: "pending", notes: null },
        admin.id,
      ),
    ).toMatchObject({ ok: true });
    const opened = await openJobByHand(quoteId, admin.id, "Agreed by phone");
    if (!opened.ok) throw new Error(opened.message);
    for (const [from, to] of [
      ["unscheduled", "scheduled"],
      ["scheduled", "in_progress"],
    ] as const) {
      await changeJobStatus(opened.id, { status: to, expectedStatus: from, notes: null }, admin.id);
    }
    const form = new FormData();
    if (service === "radon") {
      form.set("systemType", "sub_slab");
      form.set("fanMakeModel", "RadonAway RP145");
      form.set("manometerInchesWc", "1.25");
      form.set("installerId", admin.id);
      form.set("labelPhoto", await jpegFile("label.jpg"));
    } else {
      form.set("equipment.0.kind", "softener");
      form.set("equipment.0.make", "Fleck");
      form.set("equipment.0.model", "5600SXT");
    }
    expect(await saveJobRecord(opened.id, form, admin.id)).toEqual({ ok: true });
    expect(await completeJob(opened.id, admin.id, completedAt)).toEqual({ ok: true });
    const [job] = await db.select().from(schema.jobs).where(eq(schema.jobs.id, opened.id));
    return { jobId: opened.id, quoteId, email, completedAt: job?.completed_at as Date };
  }

  /** The completion mail's text sent to `email`. */
  async function completionMail(email: string) {
    const [mail] = (await db.select().from(schema.mail_outbox)).filter(
      (m) => m.to_address === email && m.kind === "job_sign_off_link",
    );
    return mail?.text_body ?? "";
  }

  /** The test link's token from the completion mail to `email`. */
  async function testToken(email: string) {
    const token = /\/jobs\/([A-Za-z0-9_-]{43})\/radon-test\b/.exec(
      await completionMail(email),
    )?.[1];
    if (!token) throw new Error("no test link mailed");
    return token;
  }

  const openTest = (token: string, query = "") =>
    run(testRoute.loader, {
      request: new Request(`${ORIGIN}/jobs/${token}/radon-test${query}`),
      context: contextFor(null),
      params: { token },
    });
  const postTest = (token: string, form: Record<string, string>) =>
    run(testRoute.action, {
      request: requestTo(`/jobs/${token}/radon-test`, form),
      context: contextFor(null),
      params: { token },
    });
  const postJob = (jobId: string, form: Record<string, string>, user: SessionUser | null) =>
    run(jobRoute.action, {
      request: requestTo(`/admin/jobs/${jobId}`, form),
      context: contextFor(user),
      params: { id: jobId },
    });
  const testRows = (jobId: string) =>
    db
      .select()
      .from(schema.visits)
      .where(eq(schema.visits.test_job_id, jobId))
      .orderBy(asc(schema.visits.starts_at));

  /** `at` to the whole minute before it (the job page's form takes minutes). */
  const toMinute = (at: Date) => new Date(Math.floor(at.getTime() / 60_000) * 60_000);

  /** Denver wall day and time of `at`, as the job page's form takes them. */
  const wall = (at: Date) => ({ day: denverTime(at, "yyyy-MM-dd"), time: denverTime(at, "HH:mm") });

  it(
    "completion mails a private link; the homeowner books a placement inside the window and its pick-up 48 to 96 hours later, both in one statement; a second booking is refused",
    async () => {
      const { jobId, quoteId, email, completedAt } = await completedJob();
      const window = placementWindow(completedAt);
      const token = await testToken(email);
      // the pre-mitigation test's placement and pick-up of the same quote, by a colleague
      const other = await makeUser(`second-tech-${driver}@remediation.test`, { admin: true });
      const startingAt = (iso: string, minutes: number) => ({
        starts_at: new Date(iso),
        ends_at: new Date(new Date(iso).getTime() + minutes * 60_000),
      });
      await db.insert(schema.visits).values([
        {
          quote_id: quoteId,
          kind: "radon_placement",
          staff_id: other.id,
          ...startingAt("2026-10-01T16:00:00Z", 45),
        },
        {
          quote_id: quoteId,
          kind: "radon_pickup",
          staff_id: other.id,
          ...startingAt("2026-10-03T18:00:00Z", 30),
        },
      ]);

      // the private page's headers, as the estimate's and the sign-off's links
      const raw = (await testRoute.loader({
        request: new Request(`${ORIGIN}/jobs/${token}/radon-test`),
        params: { token },
        context: contextFor(null),
      } as never)) as unknown as { init: { headers: Record<string, string> } };
      expect(raw.init.headers).toMatchObject({
        "Cache-Control": "private, no-store",
        "X-Robots-Tag": "noindex, nofollow",
        "Referrer-Policy": "no-referrer",
      });
      expect(testRoute.headers()).toMatchObject({ "Referrer-Policy": "no-referrer" });

      const page = await openTest(token);
      expect(page.status).toBe(200);
      const rendered = await renderRoute(
        testRoute as never,
        "/jobs/:token/radon-test",
        `/jobs/${token}/radon-test`,
      );
      expect(rendered.status).toBe(200);
      expect(rendered.html).toContain("Book your post-mitigation radon test");
      expect(rendered.html).toContain("Radon detector placement time");
      expect(rendered.html).toContain("Continue to the pick-up time");
      const open = page.value as Extract<TestPage, { state: "open" }>;
      expect(open.state).toBe("open");
      if (open.choose.state !== "choose") throw new Error("no times offered");
      // every day offered lies inside the window: 24 hours to 30 days after commissioning
      expect(open.choose.days.length).toBeGreaterThan(20);
      const first = open.choose.slots[0];
      if (!first) throw new Error("no placement time");
      expect(new Date(first.value).getTime()).toBeGreaterThanOrEqual(window.earliest.getTime());
      const lastDay = open.choose.days.at(-1)?.day as string;
      const late = await openTest(token, `?day=${lastDay}`);
      const lastSlot = (late.value as Extract<TestPage, { state: "open" }>).choose;
      if (lastSlot.state !== "choose") throw new Error("no times offered");
      for (const slot of lastSlot.slots) {
        expect(new Date(slot.value).getTime()).toBeLessThanOrEqual(window.latest.getTime());
      }

      // choosing a placement offers the pick-ups 48 to 96 hours after it ends
      const chosen = await openTest(token, `?day=${open.choose.day}&placement=${first.value}`);
      const withPickups = (chosen.value as Extract<TestPage, { state: "open" }>).choose;
      if (withPickups.state !== "choose") throw new Error("no pick-ups offered");
      expect(withPickups.placement?.value).toBe(first.value);
      const pickup = withPickups.pickups[0];
      if (!pickup) throw new Error("no pick-up time");
      const exposure = new Date(pickup.value).getTime() - new Date(first.value).getTime();
      expect(exposure).toBeGreaterThanOrEqual(48 * HOUR);
      expect(exposure).toBeLessThanOrEqual(97 * HOUR);

      const booked = await postTest(token, { placement: first.value, pickup: pickup.value });
      expect(booked.status).toBe(302);
      expect(booked.location).toBe(`/jobs/${token}/radon-test`);
      const rows = await testRows(jobId);
      expect(rows.map((r) => [r.kind, r.starts_at.toISOString(), r.quote_id])).toEqual([
        ["radon_placement", first.value, quoteId],
        ["radon_pickup", pickup.value, quoteId],
      ]);
      // written together (the same transaction's time); a failed pair leaves neither (below)
      expect(rows[0]?.created_at.getTime()).toBe(rows[1]?.created_at.getTime());
      // the homeowner's calendar mail: both visits, changed by reply (not the assessment's page)
      const mails = (await db.select().from(schema.mail_outbox)).filter(
        (m) => m.to_address === email && m.kind === "visit_booked",
      );
      expect(mails).toHaveLength(1);
      expect(mails[0]?.text_body).toContain("Radon detector placement:");
      expect(mails[0]?.text_body).toContain("Radon detector pick-up:");
      expect(mails[0]?.text_body).toContain(
        "To change or cancel it, reply to this email or call us.",
      );

      const bookedPage = await renderRoute(
        testRoute as never,
        "/jobs/:token/radon-test",
        `/jobs/${token}/radon-test`,
      );
      expect(bookedPage.html).toContain("Your post-mitigation radon test");
      expect(bookedPage.html).toContain("Radon detector pick-up");
      const after = await openTest(token);
      const shown = after.value as Extract<TestPage, { state: "booked" }>;
      expect(shown.state).toBe("booked");
      expect(shown.visits.map((v) => v.kind)).toEqual([
        "Radon detector placement",
        "Radon detector pick-up",
      ]);
      // the quote keeps its pre-mitigation pair beside the job's test (the per-quote index
      // loosened), and its own visit page shows only that pair
      expect((await bookedVisits(quoteId)).map((v) => v.date)).toEqual([
        "2026-10-01",
        "2026-10-03",
      ]);

      // a second booking: the app says so, nothing more written
      const later = new Date(new Date(first.value).getTime() + 24 * HOUR);
      const again = await postTest(token, {
        placement: later.toISOString(),
        pickup: new Date(later.getTime() + 50 * HOUR).toISOString(),
      });
      expect(again.status).toBe(409);
      expect((again.value as { message: string }).message).toBe(TEST_ALREADY_BOOKED);
      expect(await testRows(jobId)).toHaveLength(2);

      // and the database refuses a second placement of the job whoever writes it
      let refused: unknown = null;
      try {
        await db.insert(schema.visits).values({
          quote_id: quoteId,
          test_job_id: jobId,
          kind: "radon_placement",
          staff_id: other.id,
          starts_at: later,
          ends_at: new Date(later.getTime() + HOUR),
        });
      } catch (error) {
        refused = error;
      }
      expect(isUniqueViolation(refused, "visits_test_job_kind_unique")).toBe(true);
      // a job's test is a radon placement or pick-up, nothing else
      let wrongKind: unknown = null;
      try {
        await db.insert(schema.visits).values({
          quote_id: quoteId,
          test_job_id: jobId,
          kind: "mold",
          staff_id: other.id,
          starts_at: later,
          ends_at: new Date(later.getTime() + HOUR),
        });
      } catch (error) {
        wrongKind = error;
      }
      expect(String((wrongKind as Error)?.cause ?? wrongKind)).toMatch(/visits_test_is_radon/);
      expect(await testRows(jobId)).toHaveLength(2);
    },
    SLOW,
  );

  it(
    "a placement outside the window or a pick-up outside 48 to 96 hours is refused with the rule's message, for the homeowner and staff; nothing is written",
    async () => {
      const { jobId, completedAt } = await completedJob();
      const at = (hours: number) => new Date(completedAt.getTime() + hours * HOUR);
      const homeowner = (placement: Date, pickup: Date) => {
        const form = new FormData();
        form.set("placement", placement.toISOString());
        form.set("pickup", pickup.toISOString());
        return bookTestAsHomeowner(jobId, form, completedAt);
      };
      expect(await homeowner(at(23), at(72))).toEqual({
        ok: false,
        status: 400,
        message: "The test starts at least 24 hours after the system was commissioned.",
      });
      expect(await homeowner(at(31 * 24), at(33 * 24))).toEqual({
        ok: false,
        status: 400,
        message: "The test starts no later than 30 days after the system was commissioned.",
      });
      // the placement lasts 45 minutes: a pick-up 47 hours after its start is too soon
      expect(await homeowner(at(26), at(26 + 47))).toEqual({
        ok: false,
        status: 400,
        message: "The detector is picked up 48 to 96 hours after it is placed.",
      });

      // staff on the job page: the same rule, the same message
      const soon = wall(at(20));
      const pickupWall = wall(at(20 + 50));
      const staffTooSoon = await postJob(
        jobId,
        {
          intent: "radon-test",
          placementDay: soon.day,
          placementTime: soon.time,
          pickupDay: pickupWall.day,
          pickupTime: pickupWall.time,
          staff: admin.id,
        },
        admin,
      );
      expect(staffTooSoon.status).toBe(400);
      expect((staffTooSoon.value as { error: string }).error).toBe(
        "The test starts at least 24 hours after the system was commissioned.",
      );
      const lateStaff = await bookTestAsStaff(jobId, {
        staffId: admin.id,
        placementStartsAt: at(30 * 24 + 2),
        pickupStartsAt: at(32 * 24 + 4),
      });
      expect(lateStaff).toMatchObject({
        ok: false,
        status: 400,
        message: expect.stringMatching(/30 days/),
      });
      expect(await testRows(jobId)).toEqual([]);
    },
    SLOW,
  );

  it(
    "staff book the pair from the job page in one statement: a pick-up the database refuses leaves no placement either",
    async () => {
      const { jobId, email, quoteId, completedAt } = await completedJob();
      const placement = toMinute(new Date(completedAt.getTime() + 3 * 24 * HOUR));
      const pickup = new Date(placement.getTime() + 60 * HOUR);
      // the technician already has a visit (another quote's assessment) at the pick-up's time
      const [blocker] = await db
        .insert(schema.visits)
        .values({
          quote_id: (await completedJob("water_filtration")).quoteId,
          kind: "water_filtration",
          staff_id: admin.id,
          starts_at: new Date(pickup.getTime() - 15 * 60_000),
          ends_at: new Date(pickup.getTime() + 45 * 60_000),
        })
        .returning();
      const form = (at: Date, then: Date) => ({
        intent: "radon-test",
        placementDay: wall(at).day,
        placementTime: wall(at).time,
        pickupDay: wall(then).day,
        pickupTime: wall(then).time,
        staff: admin.id,
      });
      const mailsBefore = (await db.select().from(schema.mail_outbox)).length;
      const refused = await postJob(jobId, form(placement, pickup), admin);
      expect(refused.status).toBe(409);
      expect((refused.value as { error: string }).error).toBe(
        "The technician already has a visit at that time. Choose another time.",
      );
      // neither visit, no mail: the placement alone was free but went with its pick-up
      expect(await testRows(jobId)).toEqual([]);
      expect((await db.select().from(schema.mail_outbox)).length).toBe(mailsBefore);

      await db.delete(schema.visits).where(eq(schema.visits.id, blocker?.id as string));
      const booked = await postJob(jobId, form(placement, pickup), admin);
      expect(booked.status).toBe(302);
      expect(booked.location).toBe(`/admin/jobs/${jobId}#radon-test`);
      const rows = await testRows(jobId);
      expect(rows.map((r) => [r.kind, r.starts_at.toISOString(), r.staff_id])).toEqual([
        ["radon_placement", placement.toISOString(), admin.id],
        ["radon_pickup", pickup.toISOString(), admin.id],
      ]);
      const page = await run(jobRoute.loader, {
        request: requestTo(`/admin/jobs/${jobId}`),
        context: contextFor(admin),
        params: { id: jobId },
      });
      const loaded = page.value as Awaited<ReturnType<typeof jobRoute.loader>>;
      expect(loaded.test?.state).toBe("booked");
      const html = (
        await renderRoute(
          jobRoute as never,
          "/admin/jobs/:id",
          `/admin/jobs/${jobId}`,
          contextFor(admin),
        )
      ).html;
      expect(html).toContain("Post-mitigation test");
      expect(html).toContain("Radon detector placement");
      // the homeowner's mailed link now shows the booked pair too
      const shown = await openTest(await testToken(email));
      expect((shown.value as { state: string }).state).toBe("booked");
      expect(
        (await db.select().from(schema.mail_outbox)).filter(
          (m) => m.quote_id === quoteId && m.kind === "visit_booked",
        ),
      ).toHaveLength(1);
      // a second one from the job page is refused
      const again = await postJob(jobId, form(placement, pickup), admin);
      expect(again.status).toBe(409);
      expect((again.value as { error: string }).error).toBe(TEST_ALREADY_BOOKED);

      // staff cancel it on the schedule: the pair goes together, and the test may be booked again
      const cancel = new FormData();
      cancel.set("intent", "cancel");
      expect(await staffChangeVisit(rows[1]?.id as string, cancel, new Date())).toMatchObject({
        ok: true,
        change: "cancelled",
      });
      expect(await testRows(jobId)).toEqual([]);
      expect(((await openTest(await testToken(email))).value as { state: string }).state).toBe(
        "open",
      );
    },
    SLOW,
  );

  it(
    "who may open what: a guessed or malformed token, or another customer's link of a job that is not radon, gets 404; the job page's booking is for staff only",
    async () => {
      const radon = await completedJob("radon", owner.id);
      const water = await completedJob("water_filtration");
      // the water job's homeowner got a sign-off link but no test link
      const waterMail = await completionMail(water.email);
      expect(waterMail).not.toContain("radon-test");
      const waterToken = /\/jobs\/([A-Za-z0-9_-]{43})\b/.exec(waterMail)?.[1] as string;
      expect(waterToken).toBeTruthy();
      const guessed = randomBytes(32).toString("base64url");
      for (const token of [waterToken, guessed, "not-a-token"]) {
        expect((await openTest(token)).status, token).toBe(404);
        const shown = await renderRoute(
          testRoute as never,
          "/jobs/:token/radon-test",
          `/jobs/${token}/radon-test`,
        );
        expect(shown.status, token).toBe(404);
        expect(shown.html).toContain("Test not found");
        const posted = await postTest(token, {
          placement: new Date().toISOString(),
          pickup: new Date().toISOString(),
        });
        expect(posted.status, token).toBe(404);
      }
      // the radon link opens its own job's test only
      const own = await openTest(await testToken(radon.email));
      expect(own.status).toBe(200);

      const at = wall(new Date(radon.completedAt.getTime() + 2 * 24 * HOUR));
      const then = wall(new Date(radon.completedAt.getTime() + 4 * 24 * HOUR));
      const form = {
        intent: "radon-test",
        placementDay: at.day,
        placementTime: at.time,
        pickupDay: then.day,
        pickupTime: then.time,
        staff: admin.id,
      };
      for (const user of [owner, null]) {
        const answer = await postJob(radon.jobId, form, user);
        expect(answer.status).toBe(302);
        expect(answer.location).toMatch(user ? /^\/($|\?|auth)/ : /^\/auth\/signin/);
      }
      expect(await testRows(radon.jobId)).toEqual([]);
      // a water job has no post-mitigation test to book
      expect(
        await bookTestAsStaff(water.jobId, {
          staffId: admin.id,
          placementStartsAt: new Date(water.completedAt.getTime() + 48 * HOUR),
          pickupStartsAt: new Date(water.completedAt.getTime() + 100 * HOUR),
        }),
      ).toEqual({
        ok: false,
        status: 409,
        message: "Only a radon job has a post-mitigation test.",
      });
    },
    SLOW,
  );

  it(
    "the recorded result stands in the home record beside the pre-mitigation result, and the two-year retest reminder is offered",
    async () => {
      // completed a while ago: the after test is over and its result may be recorded (no future dates)
      const completedAt = new Date("2026-11-02T17:00:00Z");
      const { jobId, quoteId, email } = await completedJob("radon", owner.id, completedAt);
      const [property] = await db
        .insert(schema.properties)
        .values({
          user_id: owner.id,
          address: FIXTURE_ADDRESS.address,
          city: FIXTURE_ADDRESS.city,
          state: FIXTURE_ADDRESS.state,
          zip_code: FIXTURE_ADDRESS.zipCode,
        })
        .returning();
      const propertyId = property?.id as string;
      await db
        .update(schema.quotes)
        .set({ property_id: propertyId })
        .where(eq(schema.quotes.id, quoteId));
      const placement = new Date(completedAt.getTime() + 2 * 24 * HOUR);
      expect(
        await bookTestAsStaff(jobId, {
          staffId: admin.id,
          placementStartsAt: placement,
          pickupStartsAt: new Date(placement.getTime() + 49 * HOUR),
        }),
      ).toMatchObject({ ok: true });

      // staff record both results as today, on the quote page
      const record = (fields: Record<string, string>) => {
        const body = new FormData();
        for (const [name, value] of Object.entries(fields)) body.append(name, value);
        return run(adminQuoteRoute.action, {
          request: new Request(`${ORIGIN}/admin/quotes/${quoteId}`, {
            method: "POST",
            headers: { Origin: ORIGIN },
            body,
          }),
          context: contextFor(admin),
          params: { id: quoteId },
        });
      };
      const radon = {
        intent: "record-radon",
        testKind: "short_term",
        lab: "Corentium Home 2",
      };
      expect(
        (
          await record({
            ...radon,
            startedOn: "2026-10-01",
            endedOn: "2026-10-04",
            level: "9.8",
            phase: "before",
          })
        ).status,
      ).toBe(302);
      const ownerRecord = async () =>
        (
          await renderRoute(
            {
              ...recordRoute,
              loader: (args: never) =>
                recordRoute.loader({ ...(args as object), context: contextFor(owner) } as never),
            } as never,
            "/account/properties/:id",
            `/account/properties/${propertyId}`,
          )
        ).html;
      // one result: no before-and-after line yet
      expect(await ownerRecord()).not.toContain("Radon mitigation:");
      const day = (at: Date) => wall(at).day;
      expect(
        (
          await record({
            ...radon,
            startedOn: day(placement),
            endedOn: day(new Date(placement.getTime() + 49 * HOUR)),
            level: "1.1",
            phase: "after",
          })
        ).status,
      ).toBe(302);
      expect(await ownerRecord()).toContain("Radon mitigation: before 9.8 pCi/L, after 1.1 pCi/L");

      // the completion mail offers the retest reminder; the reminders page has it
      const mail = await completionMail(email);
      expect(mail).toContain(
        "Test your home for radon every two years and after major renovations.",
      );
      expect(mail).toMatch(/\/quotes\/status\/[A-Za-z0-9_-]{43}\/reminders/);
      const view = await remindersView(quoteId);
      expect(view?.options.find((o) => o.kind === "radon_retest")).toMatchObject({
        on: false,
        description: "An email 2 years after your completed radon job, then every 2 years.",
      });
      const form = new FormData();
      form.set("visit", "on");
      form.set("radon_retest", "on");
      expect(await saveReminders(quoteId, form, completedAt)).toEqual({ ok: true });
      const [retest] = await db
        .select()
        .from(schema.reminder_subscriptions)
        .where(
          and(
            eq(schema.reminder_subscriptions.quote_id, quoteId),
            eq(schema.reminder_subscriptions.kind, "radon_retest"),
          ),
        );
      expect(retest?.interval_months).toBe(24);
      // two years after the job was completed (the quote's completion in its history)
      const due = retest?.next_due_at?.getTime() ?? 0;
      expect(due).toBeGreaterThan(completedAt.getTime() + 720 * 24 * HOUR);
      expect(due).toBeLessThan(Date.now() + 740 * 24 * HOUR);
      // staff see it on the job page
      const page = await run(jobRoute.loader, {
        request: requestTo(`/admin/jobs/${jobId}`),
        context: contextFor(admin),
        params: { id: jobId },
      });
      expect((page.value as { retest: string }).retest).toMatch(
        /^On: the homeowner is reminded on /,
      );
    },
    SLOW,
  );

  type Row = typeof schema.visits.$inferSelect;

  it(
    "staff moving the test's placement or pick-up on the schedule keep the SGM-SF windows: a time outside them is refused with the rule's message and not offered",
    async () => {
      // a technician of this test alone, so the times below are free whatever the others booked
      const tech = await makeUser(`mover-tech-${driver}@remediation.test`, { admin: true });
      await staffEveryDay(admin, "192.0.2.61", tech);
      /** `hhmm` on the Utah day `days` after today, as an instant. */
      const utah = (days: number, hhmm: string) => {
        const today = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Denver" }).format(
          new Date(),
        );
        const day = new Date(Date.parse(`${today}T12:00:00Z`) + days * 24 * HOUR)
          .toISOString()
          .slice(0, 10);
        const [h, m] = hhmm.split(":").map(Number) as [number, number];
        return denverInstant(day, h * 60 + m) as Date;
      };
      const booked = async (completedAt: Date, placement: Date, pickup: Date) => {
        const { jobId } = await completedJob("radon", null, completedAt);
        const outcome = await bookTestAsStaff(jobId, {
          staffId: tech.id,
          placementStartsAt: placement,
          pickupStartsAt: pickup,
        });
        expect(outcome).toMatchObject({ ok: true });
        const [placed, picked] = await testRows(jobId);
        return { placed: placed as Row, picked: picked as Row, jobId };
      };
      const move = (visitId: string, at: Date) =>
        run(moveRoute.action, {
          request: requestTo(`/admin/schedule/visits/${visitId}`, {
            slot: `${at.toISOString()}|${tech.id}`,
          }),
          context: contextFor(admin),
          params: { id: visitId },
        });
      const errorOf = (outcome: { value: unknown }) =>
        (outcome.value as { message: string }).message;

      // commissioned tomorrow at 6 AM: the placement from the day after at 6 AM
      const soon = await booked(utah(1, "06:00"), utah(3, "10:00"), utah(5, "13:00"));
      const tooSoon = await move(soon.placed.id, utah(1, "14:00"));
      expect(tooSoon.status).toBe(400);
      expect(errorOf(tooSoon)).toBe(
        "The test starts at least 24 hours after the system was commissioned.",
      );
      // the move page does not offer it either
      const offered = await run(moveRoute.loader, {
        request: requestTo(
          `/admin/schedule/visits/${soon.placed.id}?day=${wall(utah(1, "14:00")).day}`,
        ),
        context: contextFor(admin),
        params: { id: soon.placed.id },
      });
      const options = (offered.value as { options: { value: string }[] }).options;
      expect(options.map((o) => o.value)).not.toContain(
        `${utah(1, "14:00").toISOString()}|${tech.id}`,
      );
      const lateMove = await move(soon.picked.id, utah(8, "10:00"));
      expect(lateMove.status).toBe(400);
      expect(errorOf(lateMove)).toBe(
        "The detector is picked up 48 to 96 hours after it is placed.",
      );
      expect((await testRows(soon.jobId)).map((r) => r.starts_at)).toEqual([
        utah(3, "10:00"),
        utah(5, "13:00"),
      ]);
      // inside the windows it moves
      expect((await move(soon.placed.id, utah(2, "10:00"))).status).toBe(302);

      // commissioned 28 days ago at noon: the last placement is the day after tomorrow at noon;
      // the pick-up moved later first leaves room the placement may not take
      const late = await booked(utah(-28, "12:00"), utah(1, "10:00"), utah(3, "13:00"));
      expect((await move(late.picked.id, utah(5, "09:00"))).status).toBe(302);
      const tooLate = await move(late.placed.id, utah(2, "13:00"));
      expect(tooLate.status).toBe(400);
      expect(errorOf(tooLate)).toBe(
        "The test starts no later than 30 days after the system was commissioned.",
      );
      expect((await testRows(late.jobId)).map((r) => r.starts_at)).toEqual([
        utah(1, "10:00"),
        utah(5, "09:00"),
      ]);
    },
    SLOW,
  );
});
