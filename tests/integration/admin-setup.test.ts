/**
 * The admin dashboard's set-up checklist, through its loader and page: shown until visit staff
 * have working hours, the price book is out of its sample prices and the company's phone is set;
 * then it goes away.
 */
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import { listPriceBook, retirePriceBookItem } from "~/features/estimates/price-book.server";
import { seedPriceBook } from "~/features/estimates/seed.server";
import { db } from "~/lib/db.server";
import { env, loadEnv, setEnv } from "~/lib/env.server";
import type { SessionUser } from "~/lib/session.server";
import * as dashboardRoute from "~/routes/admin/dashboard";
import { contextFor, makeUser, ORIGIN } from "../setup/admin";
import { drivers, freshDatabase, type TestDatabase } from "../setup/database";
import { renderRoute } from "../setup/render";
import { staffEveryDay } from "../setup/visits";

describe.each(drivers)("the admin set-up checklist on %s", (driver) => {
  let database: TestDatabase;
  let admin: SessionUser;
  beforeEach(async () => {
    database = await freshDatabase(driver);
    admin = await makeUser("owner@remediation.test", { admin: true, totp: true });
  }, 180_000);
  afterEach(async () => {
    await database.dispose();
  });

  const dashboard = async () =>
    (await dashboardRoute.loader({
      request: new Request(`${ORIGIN}/admin/dashboard`),
      params: {},
      context: contextFor(admin),
    } as never)) as Awaited<ReturnType<typeof dashboardRoute.loader>>;
  const steps = async () =>
    Object.fromEntries(
      (((await dashboard()).setup ?? []) as { id: string; done: boolean }[]).map((step) => [
        step.id,
        step.done,
      ]),
    );

  it("lists what a new owner must set up, and goes away once all is done", async () => {
    await seedPriceBook();
    const first = await dashboard();
    expect(first.setup?.map((step) => [step.id, step.done])).toEqual([
      ["visit-staff", false],
      ["price-book", false],
      ["company-contact", false],
    ]);
    expect(first.setup?.[1]?.detail).toMatch(/^\d+ of \d+ items still carry the sample prices/);
    expect(first.setup?.[2]?.detail).toContain("(801) 555-0100");

    // visit staff with hours: homeowners can book
    await staffEveryDay(admin, "198.51.100.7", admin);
    expect(await steps()).toEqual({
      "visit-staff": true,
      "price-book": false,
      "company-contact": false,
    });

    // every sample retired and one real price added
    for (const item of await listPriceBook()) await retirePriceBookItem(item.id);
    expect(await steps()).toMatchObject({ "price-book": false }); // an empty book is not done
    await db.insert(schema.price_book_items).values({
      service: "radon",
      name: "Active sub-slab system",
      description: "Our installed price.",
      unit: "each",
      unit_price_cents: 185_000,
    });
    expect(await steps()).toMatchObject({ "price-book": true });

    // the company's own phone, set in the server's environment
    setEnv(loadEnv({ ...envSource(), COMPANY_PHONE: "(801) 555-0123" }));
    expect((await dashboard()).setup).toBeNull();
  });

  it("is shown on the dashboard page with links to where each step is done", async () => {
    // the admin's loader data, rendered by the dashboard's own component
    const data = await dashboard();
    const page = await renderRoute(
      { default: dashboardRoute.default, loader: () => data },
      "/admin/dashboard",
      "/admin/dashboard",
    );
    expect(page.html).toContain("Set-up checklist");
    expect(page.html).toContain("3 of 3 steps left");
    expect(page.html).toMatch(/<a[^>]+href="\/admin\/schedule"[^>]*>Set up visit staff<\/a>/);
    expect(page.html).toMatch(/<a[^>]+href="\/admin\/price-book"[^>]*>Open the price book<\/a>/);
    expect(page.html).toContain("COMPANY_PHONE");
  });
});

/** The test database's configuration as loadEnv's input. */
function envSource(): Record<string, string> {
  const current = env();
  return {
    NODE_ENV: current.NODE_ENV,
    DATA_DIR: path.dirname(current.pgliteDir),
    PUBLIC_URL: current.PUBLIC_URL,
    LOG_LEVEL: "silent",
    AUTH_SECRET: current.AUTH_SECRET,
    MAIL_TRANSPORT: "file",
    ...(current.DATABASE_URL ? { DATABASE_URL: current.DATABASE_URL } : {}),
  };
}
