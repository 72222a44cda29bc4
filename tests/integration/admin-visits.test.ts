/**
 * The admin inbox's view of visits (issue 20 point 6) through the admin loaders: the quotes list's
 * next-visit column (America/Denver with the zone) and its 'No visit booked' filter, and the
 * dashboard's 'Visits today' card linking to the quotes.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import { referenceNumber } from "~/features/quotes/reference";
import { submitQuoteRequest } from "~/features/quotes/submit.server";
import { denverInstant } from "~/features/visits/slots";
import { addDays, denverDate } from "~/lib/dates";
import { db } from "~/lib/db.server";
import type { SessionUser } from "~/lib/session.server";
import * as dashboardRoute from "~/routes/admin/dashboard";
import * as quotesRoute from "~/routes/admin/quotes";
import { contextFor, makeUser } from "../setup/admin";
import { drivers, freshDatabase, type TestDatabase } from "../setup/database";
import { formData, validAnswers } from "../setup/forms";

const ORIGIN = "http://localhost:3000";

describe.each(drivers)("visits in the admin inbox on %s", (driver) => {
  let database: TestDatabase;
  let admin: SessionUser;

  beforeEach(async () => {
    database = await freshDatabase(driver);
    admin = await makeUser("boss@remediation.test", { admin: true, totp: true });
  }, 180_000);
  afterEach(async () => {
    await database.dispose();
  });

  async function quote(lastName: string) {
    const outcome = await submitQuoteRequest(
      "water_filtration",
      formData({ ...validAnswers.water_filtration, lastName }),
      { clientIp: "192.0.2.1", owner: { userId: null } },
    );
    if (outcome.ok !== true) throw new Error("quote fixture failed");
    return outcome.quoteId;
  }

  const visit = (quoteId: string, start: Date, minutes = 60) =>
    db.insert(schema.visits).values({
      quote_id: quoteId,
      kind: "water_filtration",
      staff_id: admin.id,
      starts_at: start,
      ends_at: new Date(start.getTime() + minutes * 60_000),
    });

  const list = async (search: string) =>
    (await quotesRoute.loader({
      request: new Request(`${ORIGIN}/admin/quotes${search}`),
      params: {},
      context: contextFor(admin),
    } as never)) as Awaited<ReturnType<typeof quotesRoute.loader>>;

  it("the quotes list shows each quote's next visit in Denver time and filters 'No visit booked'", async () => {
    const booked = await quote("Booked");
    const none = await quote("Waiting");
    // 10:00 in Denver, ten days from now
    const day = addDays(denverDate(new Date()), 10);
    const start = denverInstant(day, 600)!;
    await visit(booked, start);

    const all = await list("");
    const row = all.quotes.find((q) => q.reference === referenceNumber(booked));
    expect(row?.nextVisit).toMatch(/ at 10:00 AM M[DS]T$/);
    expect(all.quotes.find((q) => q.reference === referenceNumber(none))?.nextVisit).toBeNull();

    const waiting = await list("?visit=none");
    expect(waiting.quotes.map((q) => q.reference)).toEqual([referenceNumber(none)]);
    expect(waiting.total).toBe(1);
    const withVisit = await list("?visit=booked");
    expect(withVisit.quotes.map((q) => q.reference)).toEqual([referenceNumber(booked)]);
    // an unknown value is no filter
    expect((await list("?visit=sometimes")).total).toBe(2);
  });

  it("the dashboard card counts today's visits (Denver day) and links each to its quote", async () => {
    const today = denverDate(new Date());
    const first = await quote("Early");
    const second = await quote("Late");
    const tomorrow = await quote("Tomorrow");
    await visit(first, denverInstant(today, 0)!, 30); // midnight: today
    await visit(second, denverInstant(today, 23 * 60)!, 30); // 11 PM: still today
    await visit(tomorrow, denverInstant(addDays(today, 1), 0)!, 30); // next midnight: not today
    const data = (await dashboardRoute.loader({
      request: new Request(`${ORIGIN}/admin/dashboard`),
      params: {},
      context: contextFor(admin),
    } as never)) as Awaited<ReturnType<typeof dashboardRoute.loader>>;
    expect(data.visitsToday).toEqual([
      expect.objectContaining({
        quoteId: first,
        time: expect.stringMatching(/^12:00 AM – 12:30 AM M[DS]T$/),
        kind: "Water assessment",
        customer: "Ann Early",
        staff: "Name of boss@remediation.test",
      }),
      expect.objectContaining({ quoteId: second, customer: "Ann Late" }),
    ]);
  });
});
