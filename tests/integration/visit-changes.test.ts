/**
 * Assessment visits (issue 20, points 3 and 4) through the routes a browser reaches: the calendar
 * mail of a booking, a move and a cancellation (a parseable .ics whose DTSTART is the chosen
 * Denver wall time), the homeowner's move and cancel until the lead time, the staff's move and
 * cancel, and who may touch which visit.
 */
import { desc, eq } from "drizzle-orm";
import ICAL from "ical.js";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import { changeQuoteStatus } from "~/features/quotes/status-change.server";
import type { BookingView } from "~/features/visits/booking.server";
import { db } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { subscribeToChanges } from "~/lib/realtime.server";
import type { SessionUser } from "~/lib/session.server";
import * as accountVisitRoute from "~/routes/account/quote-visit";
import * as accountQuotesRoute from "~/routes/account/quotes";
import * as adminQuoteRoute from "~/routes/admin/quote";
import * as scheduleRoute from "~/routes/admin/schedule";
import * as staffVisitRoute from "~/routes/admin/schedule-visit";
import * as statusRoute from "~/routes/quotes/status";
import * as visitRoute from "~/routes/quotes/status-visit";
import { post } from "../setup/actions";
import { contextFor, makeUser, toastIn } from "../setup/admin";
import { drivers, freshDatabase, type TestDatabase } from "../setup/database";
import { denverTime, denverWallTime } from "../setup/denver";
import { renderRoute } from "../setup/render";
import { quoteWithLink, schedulePost, staffEveryDay, statusVisitPage } from "../setup/visits";

const ORIGIN = "http://localhost:3000";
const ip = "192.0.2.81";
const TAKEN = "That time was just taken, please choose another";

interface ParsedEvent {
  method: string;
  attendees: string[];
  description: string;
  url: string;
  uid: string;
  sequence: number;
  status: string;
  tzid: string;
  start: string;
  location: string;
  summary: string;
}

/** Parses an .ics file with ical.js (an independent parser) into what a calendar app reads. */
function parseIcs(text: string): ParsedEvent {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const event = calendar.getFirstSubcomponent("vevent");
  if (!event) throw new Error("no VEVENT");
  const start = event.getFirstProperty("dtstart");
  return {
    method: String(calendar.getFirstPropertyValue("method")),
    attendees: event
      .getAllProperties("attendee")
      .map((a) => String(a.getFirstValue()).replace(/^mailto:/i, "")),
    description: String(event.getFirstPropertyValue("description")),
    url: String(event.getFirstPropertyValue("url")),
    uid: String(event.getFirstPropertyValue("uid")),
    sequence: Number(event.getFirstPropertyValue("sequence")),
    status: String(event.getFirstPropertyValue("status")),
    tzid: String(start?.getParameter("tzid")),
    start: String(start?.getFirstValue()),
    location: String(event.getFirstPropertyValue("location")),
    summary: String(event.getFirstPropertyValue("summary")),
  };
}

describe.each(drivers)("visit changes on %s", (driver) => {
  let database: TestDatabase;
  let admin: SessionUser;

  beforeEach(async () => {
    database = await freshDatabase(driver);
    admin = await makeUser("boss@remediation.test", {
      admin: true,
      totp: true,
      fullName: "Dana Field",
    });
  }, 180_000);
  afterEach(async () => {
    await database.dispose();
  });

  const schedule = (fields: Record<string, string>) => schedulePost(admin, ip, fields);

  const send = (token: string, fields: Record<string, string>) =>
    post(
      (args: { request: Request; context: unknown }) =>
        visitRoute.action({ ...args, params: { token } } as never),
      `/quotes/status/${token}/visit`,
      fields,
      ip,
    );

  const staffSend = (visitId: string, fields: Record<string, string>, who = admin) =>
    post(
      (args: { request: Request; context: unknown }) =>
        staffVisitRoute.action({ ...args, params: { id: visitId } } as never),
      `/admin/schedule/visits/${visitId}`,
      fields,
      ip,
      who,
    );

  function choosing(view: BookingView) {
    if (view.state !== "choose") throw new Error(`expected slots, got ${view.state}`);
    return view;
  }

  /**
   * The first day offered with five or more free times: the first day offered may hold only its
   * last hours (the booking window opens the lead time after now), fewer as the day goes on.
   */
  async function fullDay(token: string): Promise<string> {
    const day = choosing(await statusVisitPage(token)).days.find((d) => d.slots >= 5)?.day;
    if (!day) throw new Error("no day offered with five free times");
    return day;
  }

  /**
   * The homeowner's calendar mails of quote `quoteId` (or those of `kinds`), oldest first, with
   * their parsed .ics.
   */
  async function calendarMail(quoteId: string, kinds?: string[]) {
    const rows = await db
      .select()
      .from(schema.mail_outbox)
      .where(eq(schema.mail_outbox.quote_id, quoteId))
      // mails of one transaction share created_at: staff invitations before the company's alert
      .orderBy(schema.mail_outbox.created_at, desc(schema.mail_outbox.kind));
    const mails = [];
    for (const row of rows.filter((r) =>
      kinds ? kinds.includes(r.kind) : r.kind.startsWith("visit_"),
    )) {
      const files = await db
        .select()
        .from(schema.mail_outbox_attachments)
        .where(eq(schema.mail_outbox_attachments.outbox_id, row.id))
        .orderBy(schema.mail_outbox_attachments.filename);
      mails.push({
        kind: row.kind,
        to: row.to_address,
        subject: row.subject,
        text: row.text_body,
        files: files.map((f) => ({
          filename: f.filename,
          contentType: f.content_type,
          event: parseIcs(Buffer.from(f.content ?? "").toString("utf8")),
        })),
      });
    }
    return mails;
  }

  /** The staff members' calendar mails and the company's alerts of quote `quoteId`. */
  const staffMail = (quoteId: string) =>
    calendarMail(quoteId, ["staff_invitation", "booking_alert"]);

  it("booking, moving and cancelling mail the homeowner an invitation at the chosen Denver time", async () => {
    await staffEveryDay(admin, ip, admin);
    const { token, quoteId } = await quoteWithLink("water_filtration");
    const day = await fullDay(token);
    const view = choosing(await statusVisitPage(token, `?day=${day}`));
    const slot = view.slots[0]!.value;
    expect((await send(token, { slot })).status).toBe(302);

    const [booked] = await calendarMail(quoteId);
    const [visit] = await db.select().from(schema.visits);
    expect(booked).toMatchObject({ kind: "visit_booked", to: "ann.lee@example.com" });
    expect(booked!.text).toContain("Dana Field");
    expect(booked!.text).toContain(`/quotes/status/`);
    expect(booked!.files).toHaveLength(1);
    expect(booked!.files[0]!.contentType).toContain("text/calendar");
    expect(booked!.files[0]!.event).toMatchObject({
      method: "REQUEST",
      uid: visit!.id,
      sequence: 0,
      tzid: "America/Denver",
      start: denverWallTime(slot),
      status: "CONFIRMED",
    });
    expect(booked!.files[0]!.event.summary).toContain("Dana Field");
    expect(booked!.files[0]!.event.location).toMatch(/\d{5}/);

    // the status page shows the visit with its staff member
    const status = await statusRoute.loader({
      params: { token },
      request: new Request(`${ORIGIN}/quotes/status/${token}`),
      context: contextFor(null),
    } as never);
    expect(status.visits).toEqual([
      expect.objectContaining({ kind: "Water assessment", staff: "Dana Field" }),
    ]);

    // move: the same UID, SEQUENCE 1, the new time
    const moving = choosing(await statusVisitPage(token, `?change=1&day=${day}`));
    expect(moving.rescheduling).toBe(true);
    const later = moving.slots.at(-1)!.value;
    expect(later).not.toBe(slot);
    expect((await send(token, { intent: "reschedule", slot: later })).status).toBe(302);
    const [row] = await db.select().from(schema.visits);
    expect(row).toMatchObject({ id: visit!.id, sequence: 1 });
    expect(row!.starts_at.toISOString()).toBe(later);
    const moved = (await calendarMail(quoteId))[1]!;
    expect(moved.kind).toBe("visit_moved");
    expect(moved.files[0]!.event).toMatchObject({
      method: "REQUEST",
      uid: visit!.id,
      sequence: 1,
      start: denverWallTime(later),
    });

    // cancel: METHOD:CANCEL with the next SEQUENCE; the quote may book again
    const cancelAnswer = await send(token, { intent: "cancel" });
    expect(cancelAnswer.status).toBe(302);
    expect(await toastIn(cancelAnswer.setCookies.join("\n"))).toMatchObject({
      title: "Your visit is cancelled",
      description: expect.stringMatching(/We emailed you the cancellation for your calendar\.$/),
    });
    expect(await db.select().from(schema.visits)).toHaveLength(0);
    const cancelled = (await calendarMail(quoteId))[2]!;
    expect(cancelled.kind).toBe("visit_cancelled");
    expect(cancelled.files[0]!.event).toMatchObject({
      method: "CANCEL",
      uid: visit!.id,
      sequence: 2,
      status: "CANCELLED",
    });
    expect((await statusVisitPage(token)).state).toBe("choose");
  });

  it("radon: one mail with two invitations; the pick-up 48 to 96 hours after the placement ends, also after a move", async () => {
    await staffEveryDay(admin, ip, admin);
    const { token, quoteId } = await quoteWithLink("radon");
    const view = choosing(await statusVisitPage(token));
    const placement = view.slots[0]!.value;
    const withPickups = choosing(
      await statusVisitPage(token, `?day=${view.day}&placement=${encodeURIComponent(placement)}`),
    );
    const pickup = withPickups.pickups[0]!.value;
    // the detector's 48 hours count from the end of the placement visit (45 minutes), not its start
    const placementEnd = new Date(placement).getTime() + 45 * 60_000;
    for (const offered of withPickups.pickups) {
      expect(new Date(offered.value).getTime() - placementEnd).toBeGreaterThanOrEqual(
        48 * 3_600_000,
      );
    }
    const fromStart = new Date(new Date(placement).getTime() + 48 * 3_600_000).toISOString();
    expect(await send(token, { placement, pickup: fromStart })).toMatchObject({
      status: 409,
      body: { message: TAKEN },
    });
    expect((await send(token, { placement, pickup })).status).toBe(302);
    const [mail] = await calendarMail(quoteId);
    expect(mail!.files.map((f) => [f.filename, f.event.start])).toEqual([
      ["radon-pickup.ics", denverWallTime(pickup)],
      ["radon-placement.ics", denverWallTime(placement)],
    ]);
    // the staff member's one mail holds both invitations too
    const [staffSide] = await staffMail(quoteId);
    expect(staffSide!.files.map((f) => [f.filename, f.event.method, f.event.start])).toEqual([
      ["radon-pickup.ics", "REQUEST", denverWallTime(pickup)],
      ["radon-placement.ics", "REQUEST", denverWallTime(placement)],
    ]);

    // moving: a new placement, and a pick-up outside its window is refused
    const day2 = choosing(await statusVisitPage(token, "?change=1")).days[1]!.day;
    const moving = choosing(await statusVisitPage(token, `?change=1&day=${day2}`));
    const newPlacement = moving.slots[0]!.value;
    const tooSoon = new Date(new Date(newPlacement).getTime() + 24 * 3_600_000).toISOString();
    const refused = await send(token, {
      intent: "reschedule",
      placement: newPlacement,
      pickup: tooSoon,
    });
    expect(refused).toMatchObject({ status: 409, body: { message: TAKEN } });
    const pickups = choosing(
      await statusVisitPage(
        token,
        `?change=1&day=${day2}&placement=${encodeURIComponent(newPlacement)}`,
      ),
    ).pickups;
    const newPickup = pickups[0]!.value;
    const gap = new Date(newPickup).getTime() - (new Date(newPlacement).getTime() + 45 * 60_000);
    expect(gap).toBeGreaterThanOrEqual(48 * 3_600_000);
    expect(gap).toBeLessThanOrEqual(96 * 3_600_000);
    expect(
      (await send(token, { intent: "reschedule", placement: newPlacement, pickup: newPickup }))
        .status,
    ).toBe(302);
    const rows = await db.select().from(schema.visits).orderBy(schema.visits.starts_at);
    expect(rows.map((r) => [r.kind, r.starts_at.toISOString(), r.sequence])).toEqual([
      ["radon_placement", newPlacement, 1],
      ["radon_pickup", newPickup, 1],
    ]);
  });

  it("radon: the placement moves onto the time its own pick-up holds, the pick-up later (one staff member)", async () => {
    await staffEveryDay(admin, ip, admin);
    const { token } = await quoteWithLink("radon");
    const day = await fullDay(token);
    const placement = choosing(await statusVisitPage(token, `?day=${day}`)).slots[0]!.value;
    const pickup = choosing(
      await statusVisitPage(token, `?day=${day}&placement=${encodeURIComponent(placement)}`),
    ).pickups[0]!.value;
    expect((await send(token, { placement, pickup })).status).toBe(302);

    const pickupDay = denverTime(pickup, "yyyy-MM-dd");
    const moving = choosing(
      await statusVisitPage(
        token,
        `?change=1&day=${pickupDay}&placement=${encodeURIComponent(pickup)}`,
      ),
    );
    expect(moving.placement?.value).toBe(pickup);
    const newPickup = moving.pickups[0]!.value;
    expect(
      (await send(token, { intent: "reschedule", placement: pickup, pickup: newPickup })).status,
    ).toBe(302);
    const rows = await db.select().from(schema.visits).orderBy(schema.visits.starts_at);
    expect(rows.map((r) => [r.kind, r.starts_at.toISOString(), r.sequence])).toEqual([
      ["radon_placement", pickup, 1],
      ["radon_pickup", newPickup, 1],
    ]);
  });

  it("the staff's move page offers a radon placement only times whose end leaves the pick-up 48 to 96 hours later", async () => {
    await staffEveryDay(admin, ip, admin);
    const { token } = await quoteWithLink("radon");
    const view = choosing(await statusVisitPage(token));
    const placement = view.slots[0]!.value;
    const pickup = choosing(
      await statusVisitPage(token, `?day=${view.day}&placement=${encodeURIComponent(placement)}`),
    ).pickups.at(-1)!.value;
    expect((await send(token, { placement, pickup })).status).toBe(302);
    const placed = (await db.select().from(schema.visits)).find(
      (v) => v.kind === "radon_placement",
    )!;
    const movePage = (day = "") =>
      staffVisitRoute.loader({
        request: new Request(`${ORIGIN}/admin/schedule/visits/${placed.id}${day && `?day=${day}`}`),
        params: { id: placed.id },
        context: contextFor(admin),
      } as never);
    const pickupAt = new Date(pickup).getTime();
    const starts: number[] = [];
    for (const { day } of (await movePage()).days) {
      for (const option of (await movePage(day)).options) {
        starts.push(new Date(option.value.split("|")[0]!).getTime());
      }
    }
    expect(starts.length).toBeGreaterThan(0);
    for (const start of starts) {
      const exposure = pickupAt - (start + 45 * 60_000);
      expect(exposure).toBeGreaterThanOrEqual(48 * 3_600_000);
      expect(exposure).toBeLessThanOrEqual(96 * 3_600_000);
    }
  });

  it("refuses a move to a time just taken, and any change inside the lead time ('call us')", async () => {
    await staffEveryDay(admin, ip, admin);
    const first = await quoteWithLink("water_filtration");
    const second = await quoteWithLink("water_filtration");
    const day = await fullDay(first.token);
    const slots = choosing(await statusVisitPage(first.token, `?day=${day}`)).slots;
    expect((await send(first.token, { slot: slots[0]!.value })).status).toBe(302);
    expect((await send(second.token, { slot: slots[2]!.value })).status).toBe(302);
    // the second homeowner tries the first one's time (one staff member): taken
    const taken = await send(second.token, { intent: "reschedule", slot: slots[0]!.value });
    expect(taken).toMatchObject({ status: 409, body: { message: TAKEN } });
    expect(
      (await db.select().from(schema.visits)).map((v) => v.starts_at.toISOString()).sort(),
    ).toEqual([slots[0]!.value, slots[2]!.value].sort());

    // a lead time longer than the wait until the visit: no change online, the page says call us
    expect(
      (
        await schedule({
          intent: "save-settings",
          leadTimeHours: "336",
          length_water_filtration: "60",
          length_mold: "120",
          length_radon_placement: "45",
          length_radon_pickup: "30",
        })
      ).status,
    ).toBe(302);
    const late = await statusVisitPage(first.token, "?change=1");
    expect(late).toMatchObject({ state: "booked", changeable: false, leadTimeHours: 336 });
    const refused = await send(first.token, { intent: "cancel" });
    expect(refused.status).toBe(409);
    expect((refused.body as { message: string }).message).toMatch(/call us/);
    const moveRefused = await send(first.token, { intent: "reschedule", slot: slots[4]!.value });
    expect(moveRefused.status).toBe(409);
    expect(await db.select().from(schema.visits)).toHaveLength(2);
    const mails = await db
      .select()
      .from(schema.mail_outbox)
      .where(eq(schema.mail_outbox.quote_id, first.quoteId));
    expect(mails.filter((m) => m.kind !== "visit_booked" && m.kind.startsWith("visit_"))).toEqual(
      [],
    );
  });

  it("a closed request's visit changes only through the office; a booking post on a closed request writes nothing, not even its address", async () => {
    await staffEveryDay(admin, ip, admin);
    const booked = await quoteWithLink("water_filtration");
    const day = await fullDay(booked.token);
    const slots = choosing(await statusVisitPage(booked.token, `?day=${day}`)).slots;
    expect((await send(booked.token, { slot: slots[0]!.value })).status).toBe(302);
    const zipOnly = await quoteWithLink("water_filtration", null, {}, { zipOnly: true });
    for (const quote of [booked, zipOnly]) {
      const closed = await changeQuoteStatus(
        quote.quoteId,
        { status: "rejected", expectedStatus: "pending", notes: null },
        admin.id,
      );
      expect(closed.ok).toBe(true);
    }
    // the booked page offers no change, and a move or a cancellation posted anyway is refused
    expect(await statusVisitPage(booked.token, "?change=1")).toMatchObject({
      state: "booked",
      changeable: false,
    });
    const changes: Record<string, string>[] = [
      { intent: "reschedule", slot: slots[3]!.value },
      { intent: "cancel" },
    ];
    for (const fields of changes) {
      const refused = await send(booked.token, fields);
      expect(refused.status).toBe(409);
      expect((refused.body as { message: string }).message).toMatch(/closed: please call us/);
    }
    const [visit] = await db
      .select()
      .from(schema.visits)
      .where(eq(schema.visits.quote_id, booked.quoteId));
    expect(visit?.starts_at.toISOString()).toBe(slots[0]!.value);
    // a booking posted with a street address to the closed ZIP-only request
    const answer = await send(zipOnly.token, {
      slot: slots[2]!.value,
      address: "1 Attacker Way",
      city: "Provo",
      state: "UT",
      zipCode: "84604",
    });
    expect(answer.status).toBe(409);
    const [quote] = await db
      .select()
      .from(schema.quotes)
      .where(eq(schema.quotes.id, zipOnly.quoteId));
    expect(quote?.property_address).toBeNull();
    const changed = await db
      .select({ kind: schema.mail_outbox.kind })
      .from(schema.mail_outbox)
      .where(eq(schema.mail_outbox.quote_id, booked.quoteId));
    expect(changed.map((m) => m.kind)).not.toContain("visit_moved");
  });

  it("the homeowner's booking, move and cancellation alert the company and put the visit on its staff member's calendar (same UID and SEQUENCE)", async () => {
    await staffEveryDay(admin, ip, admin);
    const { token, quoteId } = await quoteWithLink("water_filtration");
    const day = await fullDay(token);
    const view = choosing(await statusVisitPage(token, `?day=${day}`));
    const slot = view.slots[0]!.value;
    expect((await send(token, { slot })).status).toBe(302);
    const [visit] = await db.select().from(schema.visits);

    const booked = await staffMail(quoteId);
    expect(booked.map((m) => [m.kind, m.to])).toEqual([
      ["staff_invitation", "boss@remediation.test"],
      ["booking_alert", env().LEADS_EMAIL],
    ]);
    const [invitation, alert] = booked;
    expect(invitation!.files).toHaveLength(1);
    expect(invitation!.files[0]!.contentType).toContain("method=REQUEST");
    expect(invitation!.files[0]!.event).toMatchObject({
      method: "REQUEST",
      uid: visit!.id,
      sequence: 0,
      tzid: "America/Denver",
      start: denverWallTime(slot),
      attendees: ["boss@remediation.test"],
      url: `${ORIGIN}/admin/schedule/visits/${visit!.id}`,
    });
    expect(invitation!.files[0]!.event.summary).toContain("Ann Lee");
    expect(invitation!.text).toContain(view.slots[0]!.label);
    // the staff's copy carries no homeowner's status link
    expect(`${invitation!.text} ${invitation!.files[0]!.event.description}`).not.toContain(
      "/quotes/status/",
    );
    expect(alert!.subject).toContain("Visit booked: Water assessment");
    expect(alert!.subject).toContain("Ann Lee");
    expect(alert!.text).toContain("Ann Lee booked their visit");
    expect(alert!.text).toContain(view.slots[0]!.label);
    expect(alert!.text).toContain(`${ORIGIN}/admin/quotes/${quoteId}`);
    expect(alert!.text).not.toContain("/quotes/status/");
    expect(alert!.files).toEqual([]);

    // moved by the homeowner: the invitation's next SEQUENCE, and the alert shows before and after
    const later = choosing(await statusVisitPage(token, `?change=1&day=${day}`)).slots.at(-1)!;
    expect((await send(token, { intent: "reschedule", slot: later.value })).status).toBe(302);
    const moved = (await staffMail(quoteId)).slice(2);
    expect(moved.map((m) => m.kind)).toEqual(["staff_invitation", "booking_alert"]);
    expect(moved[0]!.files[0]!.event).toMatchObject({
      method: "REQUEST",
      uid: visit!.id,
      sequence: 1,
      start: denverWallTime(later.value),
    });
    expect(moved[1]!.subject).toContain("Visit moved");
    expect(moved[1]!.text).toMatch(
      new RegExp(`${later.label}[\\s\\S]*Before:[\\s\\S]*${view.slots[0]!.label}`),
    );

    // cancelled by the homeowner: METHOD:CANCEL with the SEQUENCE the homeowner's has
    expect((await send(token, { intent: "cancel" })).status).toBe(302);
    const cancelled = (await staffMail(quoteId)).slice(4);
    expect(cancelled.map((m) => [m.kind, m.to])).toEqual([
      ["staff_invitation", "boss@remediation.test"],
      ["booking_alert", env().LEADS_EMAIL],
    ]);
    expect(cancelled[0]!.files[0]!.event).toMatchObject({
      method: "CANCEL",
      uid: visit!.id,
      sequence: 2,
      status: "CANCELLED",
    });
    expect(cancelled[1]!.subject).toContain("Visit cancelled");
    const homeowners = await calendarMail(quoteId);
    expect(homeowners.map((m) => m.files[0]!.event.sequence)).toEqual([0, 1, 2]);
  });

  it("a short-notice booking (no lead time: within hours, even this evening) is flagged in the company's alert", async () => {
    await staffEveryDay(admin, ip, admin);
    const hours: Record<string, string> = { intent: "save-hours", staffId: admin.id };
    for (let day = 0; day < 7; day++) {
      hours[`start_${day}`] = "00:00";
      hours[`end_${day}`] = "23:59";
    }
    expect((await schedule(hours)).status).toBe(302);
    expect(
      (
        await schedule({
          intent: "save-settings",
          leadTimeHours: "0",
          length_water_filtration: "60",
          length_mold: "120",
          length_radon_placement: "45",
          length_radon_pickup: "30",
        })
      ).status,
    ).toBe(302);
    const { token, quoteId } = await quoteWithLink("water_filtration");
    // the first free time starts within the next hour or so: well inside 24 hours
    const slot = choosing(await statusVisitPage(token)).slots[0]!.value;
    expect((await send(token, { slot })).status).toBe(302);
    const alert = (await staffMail(quoteId)).find((m) => m.kind === "booking_alert");
    expect(alert!.subject).toMatch(/^Short notice: Visit booked: Water assessment/);
    expect((await staffMail(quoteId)).map((m) => m.kind)).toContain("staff_invitation");
  });

  it("the booked page says the lead time in correct English: 1 hour, not '1 hours'", async () => {
    await staffEveryDay(admin, ip, admin);
    const settings = (leadTimeHours: string) =>
      schedule({
        intent: "save-settings",
        leadTimeHours,
        length_water_filtration: "60",
        length_mold: "120",
        length_radon_placement: "45",
        length_radon_pickup: "30",
      });
    expect((await settings("1")).status).toBe(302);
    const { token } = await quoteWithLink("water_filtration");
    expect(
      (await send(token, { slot: choosing(await statusVisitPage(token)).slots[0]!.value })).status,
    ).toBe(302);
    const page = async () =>
      (
        await renderRoute(
          visitRoute,
          "/quotes/status/:token/visit",
          `/quotes/status/${token}/visit`,
        )
      ).html.replace(/<!-- -->/g, "");
    const html = await page();
    expect(html).toContain("You can change or cancel online until 1 hour before the visit.");
    expect(html).not.toContain("1 hours");
    expect((await settings("0")).status).toBe(302);
    expect(await page()).toContain("You can change or cancel online until the visit starts.");
  });

  it("a customer changes only their own quote's visit; an unknown status link is 404", async () => {
    await staffEveryDay(admin, ip, admin);
    const ann = await makeUser("ann@example.com");
    const bob = await makeUser("bob@example.com");
    const annQuote = await quoteWithLink("water_filtration", ann.id);
    const slot = choosing(await statusVisitPage(annQuote.token)).slots[0]!.value;
    expect((await send(annQuote.token, { slot })).status).toBe(302);
    const accountSend = (who: SessionUser, fields: Record<string, string>) =>
      post(
        (args: { request: Request; context: unknown }) =>
          accountVisitRoute.action({ ...args, params: { id: annQuote.quoteId } } as never),
        `/account/quotes/${annQuote.quoteId}/visit`,
        fields,
        ip,
        who,
      );
    // the account's quote list shows the booked visit
    const list = await accountQuotesRoute.loader({
      request: new Request(`${ORIGIN}/account/quotes`),
      params: {},
      context: contextFor(ann),
    } as never);
    expect(list.quotes.find((q) => q.id === annQuote.quoteId)?.visits).toEqual([
      expect.objectContaining({ kind: "Water assessment", staff: "Dana Field" }),
    ]);
    expect((await accountSend(bob, { intent: "cancel" })).status).toBe(404);
    expect(await db.select().from(schema.visits)).toHaveLength(1);
    expect((await send("B".repeat(43), { intent: "cancel" })).status).toBe(404);
    expect(await db.select().from(schema.visits)).toHaveLength(1);
    // the owner cancels from the account's quote visit page
    const own = await accountSend(ann, { intent: "cancel" });
    expect(own).toMatchObject({
      status: 302,
      location: `/account/quotes/${annQuote.quoteId}/visit`,
    });
    expect(await db.select().from(schema.visits)).toHaveLength(0);
  });

  it("staff see the visit on the week and the quote page, move it to another staff member's free time and cancel it", async () => {
    await staffEveryDay(admin, ip, admin);
    const { token, quoteId } = await quoteWithLink("water_filtration");
    const view = choosing(await statusVisitPage(token));
    expect((await send(token, { slot: view.slots[0]!.value })).status).toBe(302);
    const [visit] = await db.select().from(schema.visits);
    expect(visit?.staff_id).toBe(admin.id);
    // a second staff member from now on (with two free, the booking's choice between equally
    // busy staff goes by id, which is random)
    const other = await makeUser("tech@remediation.test", {
      admin: true,
      totp: true,
      fullName: "Sam Tech",
    });
    await staffEveryDay(admin, ip, other);

    const week = await scheduleRoute.loader({
      request: new Request(`${ORIGIN}/admin/schedule?week=${view.day}`),
      params: {},
      context: contextFor(admin),
    } as never);
    const listed = week.week.days.flatMap((d) => d.visits);
    expect(listed).toEqual([
      expect.objectContaining({ id: visit!.id, customer: "Ann Lee", quoteId }),
    ]);
    const quotePage = await adminQuoteRoute.loader({
      request: new Request(`${ORIGIN}/admin/quotes/${quoteId}`),
      params: { id: quoteId },
      context: contextFor(admin),
    } as never);
    expect(quotePage.visits).toEqual([expect.objectContaining({ id: visit!.id })]);

    // the move page offers each staff member's free times; moving to Sam's mails the homeowner
    const movePage = await staffVisitRoute.loader({
      request: new Request(`${ORIGIN}/admin/schedule/visits/${visit!.id}?day=${view.days[1]!.day}`),
      params: { id: visit!.id },
      context: contextFor(admin),
    } as never);
    const samSlot = movePage.options.find((o) => o.label.endsWith("with Sam Tech"))!;
    expect(samSlot).toBeDefined();
    const moved = await staffSend(visit!.id, { intent: "move", slot: samSlot.value });
    expect(moved.status).toBe(302);
    expect(moved.location).toMatch(/^\/admin\/schedule\?week=\d{4}-\d{2}-\d{2}$/);
    const [after] = await db.select().from(schema.visits);
    expect(after).toMatchObject({ staff_id: other.id, sequence: 1 });
    expect(after!.starts_at.toISOString()).toBe(samSlot.value.split("|")[0]);
    const mails = await calendarMail(quoteId);
    expect(mails.at(-1)).toMatchObject({ kind: "visit_moved" });
    expect(mails.at(-1)!.files[0]!.event).toMatchObject({
      uid: visit!.id,
      sequence: 1,
      start: denverWallTime(samSlot.value.split("|")[0]!),
    });
    expect(mails.at(-1)!.text).toContain("Sam Tech");
    // the visit leaves Dana's calendar and goes on Sam's, same UID and SEQUENCE; a staff change
    // sends the company no alert
    const staffSide = (await staffMail(quoteId)).slice(2);
    // written in one transaction, so in no order of their own
    expect(
      staffSide
        .map((m) => [m.kind, m.to, m.files[0]!.event.method, m.files[0]!.event.sequence])
        .sort(),
    ).toEqual([
      ["staff_invitation", "boss@remediation.test", "CANCEL", 1],
      ["staff_invitation", "tech@remediation.test", "REQUEST", 1],
    ]);
    expect(staffSide.every((m) => m.files[0]!.event.uid === visit!.id)).toBe(true);

    // a staff member's time another visit holds is refused; so is a move without a time
    const third = await quoteWithLink("water_filtration");
    expect((await send(third.token, { slot: view.slots[0]!.value })).status).toBe(302);
    const thirdVisit = (
      await db.select().from(schema.visits).where(eq(schema.visits.quote_id, third.quoteId))
    )[0]!;
    const busyStaff = thirdVisit.staff_id;
    const clash = await staffSend(visit!.id, {
      intent: "move",
      slot: `${thirdVisit.starts_at.toISOString()}|${busyStaff}`,
    });
    expect(clash).toMatchObject({ status: 409, body: { message: TAKEN } });
    expect((await staffSend(visit!.id, { intent: "move" })).status).toBe(400);

    // cancel: the homeowner gets METHOD:CANCEL
    expect((await staffSend(visit!.id, { intent: "cancel" })).status).toBe(302);
    expect(
      await db.select().from(schema.visits).where(eq(schema.visits.quote_id, quoteId)),
    ).toHaveLength(0);
    expect((await calendarMail(quoteId)).at(-1)!.files[0]!.event).toMatchObject({
      method: "CANCEL",
      uid: visit!.id,
      sequence: 2,
    });
    // customers cannot; an unknown visit is 404
    const customer = await makeUser("eve@example.com");
    const refused = await staffSend(thirdVisit.id, { intent: "cancel" }, customer);
    expect(refused.location).toBe("/");
    expect((await staffSend(crypto.randomUUID(), { intent: "cancel" })).status).toBe(404);
    expect(
      await db.select().from(schema.visits).where(eq(schema.visits.id, thirdVisit.id)),
    ).toHaveLength(1);
  });

  it("announces booked, moved and cancelled visits to the live admin pages (topic visits)", async () => {
    await staffEveryDay(admin, ip, admin);
    const events: { topic: string; payload: { op: string; id: string } }[] = [];
    const stop = await subscribeToChanges((topic, payload) => {
      if (topic === "visits") events.push({ topic, payload: JSON.parse(payload) });
    });
    try {
      const { token } = await quoteWithLink("water_filtration");
      const day = await fullDay(token);
      const view = choosing(await statusVisitPage(token, `?day=${day}`));
      expect((await send(token, { slot: view.slots[0]!.value })).status).toBe(302);
      const [visit] = await db.select().from(schema.visits);
      const moving = choosing(await statusVisitPage(token, `?change=1&day=${day}`));
      expect(
        (await send(token, { intent: "reschedule", slot: moving.slots.at(-1)!.value })).status,
      ).toBe(302);
      expect((await staffSend(visit!.id, { intent: "cancel" })).status).toBe(302);
      await expect.poll(() => events.length).toBe(3);
      expect(events.map((e) => [e.payload.op, e.payload.id])).toEqual([
        ["INSERT", visit!.id],
        ["UPDATE", visit!.id],
        ["DELETE", visit!.id],
      ]);
    } finally {
      stop();
    }
  });
});
