/**
 * Assessment visits (issue 20, points 1 and 2) through the routes a browser reaches: the admin's
 * schedule page, booking from the status link (water and radon), the database's no-overlap
 * constraint, and two processes booking one slot at once on PostgreSQL.
 */
import { and, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import type { BookingView } from "~/features/visits/booking.server";
import { ADDRESS_NEEDED } from "~/features/visits/booking-route.server";
import { db } from "~/lib/db.server";
import type { SessionUser } from "~/lib/session.server";
import * as accountVisitRoute from "~/routes/account/quote-visit";
import * as scheduleRoute from "~/routes/admin/schedule";
import * as oldWeekRoute from "~/routes/admin/visits";
import * as confirmationVisitRoute from "~/routes/quotes/confirmation-visit";
import * as visitRoute from "~/routes/quotes/status-visit";
import { post } from "../setup/actions";
import { contextFor, makeUser } from "../setup/admin";
import { drivers, freshDatabase, itOnPostgres, type TestDatabase } from "../setup/database";
import { renderRoute } from "../setup/render";
import { runTogether } from "../setup/together";
import { quoteWithLink, schedulePost, staffEveryDay, statusVisitPage } from "../setup/visits";

const ORIGIN = "http://localhost:3000";
const ip = "192.0.2.80";

describe.each(drivers)("assessment visits on %s", (driver) => {
  let database: TestDatabase;
  let admin: SessionUser;

  beforeEach(async () => {
    database = await freshDatabase(driver);
    admin = await makeUser("boss@remediation.test", { admin: true, totp: true });
  }, 180_000);
  afterEach(async () => {
    await database.dispose();
  });

  const schedule = (fields: Record<string, string>) => schedulePost(admin, ip, fields);

  const book = (token: string, fields: Record<string, string>) =>
    post(
      (args: { request: Request; context: unknown }) =>
        visitRoute.action({ ...args, params: { token } } as never),
      `/quotes/status/${token}/visit`,
      fields,
      ip,
    );

  function choosing(view: BookingView) {
    if (view.state !== "choose") throw new Error(`expected slots, got ${view.state}`);
    return view;
  }

  describe("schedule (admins)", () => {
    it("adds an admin to the visit staff with Monday to Friday hours, and saves settings", async () => {
      expect((await schedule({ intent: "add-staff", staffId: admin.id })).status).toBe(302);
      const hours = await db.select().from(schema.visit_working_hours);
      expect(hours.map((h) => [h.weekday, h.start_minute, h.end_minute]).sort()).toEqual(
        [1, 2, 3, 4, 5].map((d) => [d, 480, 1020]),
      );
      const lengths = {
        length_water_filtration: "60",
        length_mold: "90",
        length_radon_placement: "45",
        length_radon_pickup: "30",
      };
      expect(
        (await schedule({ intent: "save-settings", leadTimeHours: "48", ...lengths })).status,
      ).toBe(302);
      const [settings] = await db.select().from(schema.visit_settings);
      expect(settings?.lead_time_hours).toBe(48);
      const mold = await db
        .select()
        .from(schema.visit_lengths)
        .where(eq(schema.visit_lengths.kind, "mold"));
      expect(mold[0]?.minutes).toBe(90);
    });

    it("refuses a customer, bad hours and bad settings, writing nothing", async () => {
      const customer = await makeUser("ann@example.com");
      const refused = await schedule({ intent: "add-staff", staffId: customer.id });
      expect(refused.status).toBe(400);
      expect(await db.select().from(schema.visit_staff)).toHaveLength(0);
      await schedule({ intent: "add-staff", staffId: admin.id });
      const bad = await schedule({
        intent: "save-hours",
        staffId: admin.id,
        start_1: "10:00",
        end_1: "09:00",
        start_2: "8am",
        end_2: "12:00",
      });
      expect(bad.status).toBe(400);
      expect(bad.body).toMatchObject({
        errors: {
          end_1: ["Monday must end after it starts"],
          start_2: [expect.stringContaining("HH:MM")],
        },
      });
      expect(await db.select().from(schema.visit_working_hours)).toHaveLength(5);
      const settings = await schedule({
        intent: "save-settings",
        leadTimeHours: "-1",
        length_water_filtration: "abc",
        length_mold: "120",
        length_radon_placement: "45",
        length_radon_pickup: "30",
      });
      expect(settings.status).toBe(400);
      expect(await db.select().from(schema.visit_settings)).toHaveLength(0);
      expect(await db.select().from(schema.visit_lengths)).toHaveLength(0);
    });

    it("is for admins only", async () => {
      const customer = await makeUser("ann@example.com");
      const outcome = await post(
        scheduleRoute.action,
        "/admin/schedule",
        { intent: "add-staff", staffId: customer.id },
        ip,
        customer,
      );
      expect(outcome.location).toBe("/");
      expect(await db.select().from(schema.visit_staff)).toHaveLength(0);
    });
  });

  it("the database refuses two overlapping visits of one staff member (back to back is fine)", async () => {
    await staffEveryDay(admin, ip, admin);
    const other = await makeUser("second@remediation.test", { admin: true, totp: true });
    const a = await quoteWithLink("water_filtration");
    const b = await quoteWithLink("water_filtration");
    const at = (iso: string) => new Date(iso);
    const visit = (quoteId: string, staffId: string, start: string, end: string) =>
      db.insert(schema.visits).values({
        quote_id: quoteId,
        kind: "water_filtration",
        staff_id: staffId,
        starts_at: at(start),
        ends_at: at(end),
      });
    await visit(a.quoteId, admin.id, "2030-01-07T16:00:00Z", "2030-01-07T17:00:00Z");
    const overlapping = await visit(
      b.quoteId,
      admin.id,
      "2030-01-07T16:30:00Z",
      "2030-01-07T17:30:00Z",
    ).then(
      () => null,
      (error: unknown) => error,
    );
    expect(overlapping).toBeInstanceOf(Error);
    const codes: unknown[] = [];
    for (let e = overlapping; e instanceof Error; e = e.cause)
      codes.push((e as { code?: unknown }).code);
    expect(codes).toContain("23P01");
    // another staff member at the same time, and the same staff member right after: both fine
    await visit(b.quoteId, other.id, "2030-01-07T16:30:00Z", "2030-01-07T17:30:00Z");
    const c = await quoteWithLink("water_filtration");
    await visit(c.quoteId, admin.id, "2030-01-07T17:00:00Z", "2030-01-07T18:00:00Z");
    expect(await db.select().from(schema.visits)).toHaveLength(3);
  });

  it("a homeowner books a free slot from the status link; a taken slot gets the message and fresh times", async () => {
    await staffEveryDay(admin, ip, admin);
    const first = await quoteWithLink("water_filtration");
    const second = await quoteWithLink("water_filtration");
    const view = choosing(await statusVisitPage(first.token));
    expect(view.slots.length).toBeGreaterThan(0);
    expect(view.slots[0]?.label).toMatch(/^\d{1,2}:\d{2} [AP]M – \d{1,2}:\d{2} [AP]M M[DS]T$/);
    // nothing sooner than the 24-hour lead time, nothing past 14 days
    expect(view.days.length).toBeLessThanOrEqual(14);
    const slot = view.slots[0]!.value;
    expect(new Date(slot).getTime()).toBeGreaterThanOrEqual(Date.now() + 24 * 3_600_000 - 60_000);

    const booked = await book(first.token, { slot });
    expect(booked.status).toBe(302);
    expect(booked.location).toBe(`/quotes/status/${first.token}/visit`);
    const [row] = await db.select().from(schema.visits);
    expect(row).toMatchObject({
      quote_id: first.quoteId,
      staff_id: admin.id,
      kind: "water_filtration",
    });
    expect(row!.ends_at.getTime() - row!.starts_at.getTime()).toBe(60 * 60_000);
    expect((await statusVisitPage(first.token)).state).toBe("booked");

    // the second homeowner had the same list open: the slot is gone
    const taken = await book(second.token, { slot });
    expect(taken.status).toBe(409);
    expect(taken.body).toEqual({ message: "That time was just taken, please choose another" });
    const fresh = choosing(await statusVisitPage(second.token, `?day=${view.day}`));
    expect(fresh.slots.map((s) => s.value)).not.toContain(slot);
    expect(await db.select().from(schema.visits)).toHaveLength(1);
    // in the browser, each booking page loads its data again after that answer (React Router
    // would skip it after a 4xx), so the taken time leaves the open list; a 400 changes nothing
    const url = new URL(`${ORIGIN}/quotes/status/${second.token}/visit`);
    for (const route of [visitRoute, confirmationVisitRoute, accountVisitRoute]) {
      const revalidates = (actionStatus: number) =>
        route.shouldRevalidate({
          currentUrl: url,
          nextUrl: url,
          currentParams: {},
          nextParams: {},
          formMethod: "POST",
          actionStatus,
          actionResult: taken.body,
          defaultShouldRevalidate: false,
        } as never);
      expect(revalidates(taken.status)).toBe(true);
      expect(revalidates(400)).toBe(false);
    }
  });

  it("a guest's request with only a ZIP code books only with a valid street address, which the mail and the staff's week then carry", async () => {
    await staffEveryDay(admin, ip, admin);
    const { token, quoteId } = await quoteWithLink("water_filtration", null, {}, { zipOnly: true });
    const view = await statusVisitPage(token);
    expect(view).toMatchObject({ address: { address: null, zipCode: "84101" } });
    const slot = choosing(view).slots[0]!.value;
    // the page asks for it (labelled fields in the booking form, which works without JavaScript)
    const { status, html: page } = await renderRoute(
      visitRoute as never,
      "/quotes/status/:token/visit",
      `/quotes/status/${token}/visit`,
    );
    expect(status).toBe(200);
    expect(page).toContain("Where should we come?");
    expect(page).toMatch(/<label[^>]*>Street address/);
    expect(page).toMatch(/name="zipCode"[^>]*value="84101"|value="84101"[^>]*name="zipCode"/);

    const missing = await book(token, { slot });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({
      message: ADDRESS_NEEDED,
      addressResult: {
        error: { address: ["Address is required"], city: ["City is required"] },
      },
    });
    const badZip = await book(token, {
      slot,
      address: "2345 E Evergreen Ave",
      city: "Salt Lake City",
      state: "UT",
      zipCode: "84l06",
    });
    expect(badZip.status).toBe(400);
    expect(badZip.body).toMatchObject({
      addressResult: { error: { zipCode: ["Please enter a 5-digit ZIP code"] } },
    });
    expect(await db.select().from(schema.visits)).toHaveLength(0);

    const booked = await book(token, {
      slot,
      address: " 2345 E Evergreen Ave ",
      city: "Salt Lake City",
      state: "UT",
      zipCode: "84106",
    });
    expect(booked.status).toBe(302);
    const [quote] = await db.select().from(schema.quotes).where(eq(schema.quotes.id, quoteId));
    expect(quote).toMatchObject({
      property_address: "2345 E Evergreen Ave",
      property_city: "Salt Lake City",
      property_state: "UT",
      property_zip_code: "84106",
    });
    const [mail] = await db
      .select()
      .from(schema.mail_outbox)
      .where(
        and(eq(schema.mail_outbox.quote_id, quoteId), eq(schema.mail_outbox.kind, "visit_booked")),
      );
    expect(mail?.text_body).toContain("Address: 2345 E Evergreen Ave, Salt Lake City, UT 84106");
    expect(mail?.text_body).not.toContain("ZIP 84101");
    const week = await scheduleRoute.loader({
      request: new Request(`${ORIGIN}/admin/schedule?week=${choosing(view).day}`),
      params: {},
      context: contextFor(admin),
    } as never);
    expect(JSON.stringify(week.week)).toContain("2345 E Evergreen Ave");
  });

  it("two bookings of one slot at once: one is booked, the other is told and nothing overlaps", async () => {
    await staffEveryDay(admin, ip, admin);
    const first = await quoteWithLink("water_filtration");
    const second = await quoteWithLink("water_filtration");
    const slot = choosing(await statusVisitPage(first.token)).slots[0]!.value;
    const outcomes = await Promise.all([book(first.token, { slot }), book(second.token, { slot })]);
    expect(outcomes.map((o) => o.status).sort()).toEqual([302, 409]);
    expect(outcomes.find((o) => o.status === 409)?.body).toEqual({
      message: "That time was just taken, please choose another",
    });
    expect(await db.select().from(schema.visits)).toHaveLength(1);
  });

  it("refuses a time outside working hours, a missing choice and an unknown link", async () => {
    await staffEveryDay(admin, ip, admin);
    const { token } = await quoteWithLink("water_filtration");
    const night = new Date(Date.now() + 3 * 86_400_000);
    night.setUTCHours(9, 0, 0, 0); // 02:00 or 03:00 in Denver
    expect((await book(token, { slot: night.toISOString() })).status).toBe(409);
    expect((await book(token, {})).status).toBe(400);
    expect((await book(token, { slot: "tomorrow" })).status).toBe(400);
    const unknown = await book("A".repeat(43), { slot: night.toISOString() });
    expect(unknown.status).toBe(404);
    expect(await db.select().from(schema.visits)).toHaveLength(0);
  });

  it("radon books the placement and a pick-up 48 to 96 hours after its end together", async () => {
    await staffEveryDay(admin, ip, admin);
    const { token, quoteId } = await quoteWithLink("radon");
    const view = choosing(await statusVisitPage(token));
    expect(view.radon).toBe(true);
    const placement = view.slots[0]!.value;
    const withPickups = choosing(
      await statusVisitPage(token, `?day=${view.day}&placement=${encodeURIComponent(placement)}`),
    );
    expect(withPickups.placement?.value).toBe(placement);
    const placedAt = new Date(placement).getTime();
    const placementEnd = placedAt + 45 * 60_000; // the default placement length
    for (const pickup of withPickups.pickups) {
      const after = new Date(pickup.value).getTime() - placementEnd;
      expect(after).toBeGreaterThanOrEqual(48 * 3_600_000);
      expect(after).toBeLessThanOrEqual(96 * 3_600_000);
    }
    expect(withPickups.pickups.length).toBeGreaterThan(0);
    // a pick-up sooner than 48 hours is refused, and the placement is not booked alone
    const tooSoon = new Date(placedAt + 24 * 3_600_000).toISOString();
    expect((await book(token, { placement, pickup: tooSoon })).status).toBe(409);
    expect(await book(token, { placement })).toMatchObject({ status: 400 });
    expect(await db.select().from(schema.visits)).toHaveLength(0);

    const pickup = withPickups.pickups.at(-1)!.value;
    expect((await book(token, { placement, pickup })).status).toBe(302);
    const rows = await db.select().from(schema.visits).where(eq(schema.visits.quote_id, quoteId));
    expect(
      rows
        .map((r) => [
          r.kind,
          r.starts_at.toISOString(),
          r.ends_at.getTime() - r.starts_at.getTime(),
        ])
        .sort(),
    ).toEqual([
      ["radon_pickup", pickup, 30 * 60_000],
      ["radon_placement", placement, 45 * 60_000],
    ]);
    const booked = await statusVisitPage(token);
    expect(booked).toMatchObject({
      state: "booked",
      visits: [{ kind: "Radon detector placement" }, { kind: "Radon detector pick-up" }],
    });
  });

  it("the staff's week lists booked visits by day, for everyone or one staff member (admins only)", async () => {
    await staffEveryDay(admin, ip, admin);
    const { token, quoteId } = await quoteWithLink("water_filtration");
    const view = choosing(await statusVisitPage(token));
    const slot = view.slots[0]!;
    expect((await book(token, { slot: slot.value })).status).toBe(302);
    const week = (who: SessionUser | null, query: string) =>
      scheduleRoute
        .loader({
          request: new Request(`${ORIGIN}/admin/schedule${query}`),
          params: {},
          context: contextFor(who),
        } as never)
        .then((page) => page.week)
        .catch((e: unknown) => e);
    const shown = (await week(admin, `?week=${view.day}`)) as Awaited<
      ReturnType<typeof scheduleRoute.loader>
    >["week"];
    const day = shown.days.find((d) => d.day === view.day);
    expect(day?.visits).toEqual([
      expect.objectContaining({
        time: slot.label,
        kind: "Water assessment",
        quoteId,
        customer: "Ann Lee",
        staff: `Name of ${admin.email}`,
        service: "Water Filtration Remediation",
      }),
    ]);
    expect(shown.days.map((d) => d.label)[0]).toMatch(/^Monday, /);
    const other = await makeUser("second@remediation.test", { admin: true, totp: true });
    await staffEveryDay(admin, ip, other);
    const filtered = (await week(admin, `?week=${view.day}&staff=${other.id}`)) as typeof shown;
    expect(filtered.staffId).toBe(other.id);
    expect(filtered.count).toBe(0);
    const customer = await makeUser("ann@example.com");
    const refused = await week(customer, "");
    expect(refused).toBeInstanceOf(Response);
    expect((refused as Response).headers.get("Location")).toBe("/");
    // the week's old address still leads to it, with its query
    const moved = await oldWeekRoute.loader({
      request: new Request(`${ORIGIN}/admin/visits?week=${view.day}`),
      params: {},
      context: contextFor(admin),
    } as never);
    expect(moved.status).toBe(301);
    expect(moved.headers.get("Location")).toBe(`/admin/schedule?week=${view.day}`);
  });

  it("without visit staff or hours says the company will call, not 'No time is free'; nothing on a day off", async () => {
    const { token } = await quoteWithLink("water_filtration");
    const arrange = {
      state: "arrange",
      phoneDisplay: "(801) 555-0100",
      phone: "+18015550100",
    };
    expect(await statusVisitPage(token)).toMatchObject(arrange);
    const page = await renderRoute(
      visitRoute,
      "/quotes/status/:token/visit",
      `/quotes/status/${token}/visit`,
    );
    expect(page.html).toContain("We will call you to arrange a time for your visit.");
    expect(page.html).toContain('href="tel:+18015550100"');
    expect(page.html).not.toContain("No time is free");
    await staffEveryDay(admin, ip, admin);
    const view = choosing(await statusVisitPage(token));
    const firstDay = view.day!;
    expect(
      (await schedule({ intent: "add-day-off", staffId: admin.id, day: firstDay })).status,
    ).toBe(302);
    expect(choosing(await statusVisitPage(token)).days.map((d) => d.day)).not.toContain(firstDay);
  });

  itOnPostgres(driver)(
    "two processes booking one slot at once on PostgreSQL: exactly one succeeds",
    async () => {
      await staffEveryDay(admin, ip, admin);
      const quotes = [
        await quoteWithLink("water_filtration"),
        await quoteWithLink("water_filtration"),
      ];
      const slot = choosing(await statusVisitPage(quotes[0]!.token)).slots[0]!.value;
      const outcomes = await runTogether<{ ok: boolean; message?: string }>(
        database,
        "tests/setup/book-visit.ts",
        quotes.map((quote) => ({ VISIT_QUOTE_ID: quote.quoteId, VISIT_SLOT: slot })),
      );
      expect(outcomes.filter((o) => o.ok)).toHaveLength(1);
      expect(outcomes.filter((o) => !o.ok).map((o) => o.message)).toEqual([
        "That time was just taken, please choose another",
      ]);
      const rows = await db.select().from(schema.visits);
      expect(rows).toHaveLength(1);
      expect(rows[0]!.starts_at.toISOString()).toBe(slot);
    },
    120_000,
  );
});
