/**
 * The library internals we build on (docs/architecture.md, "Upgrade watch list"), each checked
 * for the behaviour we rely on, so that an upgrade which changes one fails here by name rather
 * than somewhere far away (or, for the performance ones, not at all). On PGlite and PostgreSQL.
 */
import { eq, type SQL, sql } from "drizzle-orm";
import { RateLimiterDrizzle } from "rate-limiter-flexible";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { blog_categories, blog_tags, rate_limits } from "~/db/schema";
import { db, insertAtomically, openDatabase } from "~/lib/db.server";
import { needsPersonalRender } from "~/lib/prerendered.server";
import { createKeyedLimit, PreparedDrizzleLimiter } from "~/lib/rate-limit.server";
import { signedInAccount } from "../setup/accounts";
import { drivers, freshDatabase, itOnPostgres, type TestDatabase } from "../setup/database";

type Row = { statement: string };

describe.each(drivers)("library internals on %s", (driver) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await freshDatabase(driver);
  });
  afterAll(async () => {
    await database.dispose();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  const slugs = async () => ({
    categories: (await db.select().from(blog_categories)).map((r) => r.slug).sort(),
    tags: (await db.select().from(blog_tags)).map((r) => r.slug).sort(),
  });
  const write = (slug: string, tagSlug = slug) =>
    insertAtomically([
      [blog_categories, [{ slug, name: `Category ${slug}` }]],
      [blog_tags, [{ slug: tagSlug, name: `Tag ${tagSlug}` }]],
    ]);

  it("Drizzle's db._.session.prepareQuery: insertAtomically writes all or nothing, rebinding each call's values", async () => {
    await write("first");
    // the same shape again: the statement prepared by the first call, with new values bound
    await write("second");
    expect(await slugs()).toEqual({ categories: ["first", "second"], tags: ["first", "second"] });
    // the tag clashes: the category of the same statement is not written either
    await expect(write("third", "first")).rejects.toThrow();
    expect(await slugs()).toEqual({ categories: ["first", "second"], tags: ["first", "second"] });
  });

  it("rate-limiter-flexible's RateLimiterDrizzle._upsert: our prepared statement does the counting", async () => {
    // the method we replace is still the one the library calls (it is not in its types)
    expect(typeof Reflect.get(RateLimiterDrizzle.prototype, "_upsert")).toBe("function");
    const upsert = vi.spyOn(PreparedDrizzleLimiter.prototype, "_upsert");
    const limit = createKeyedLimit(`watch-${driver}`, 2, 60);
    expect(await limit.consume("k")).toEqual({ ok: true });
    expect(await limit.consume("k")).toEqual({ ok: true });
    const third = await limit.consume("k");
    expect(third).toMatchObject({ ok: false, status: 429 });
    expect(third.ok === false && third.retryAfterSeconds).toBeGreaterThan(0);
    expect(third.ok === false && third.retryAfterSeconds).toBeLessThanOrEqual(60);
    expect(upsert).toHaveBeenCalledTimes(3);
    const [row] = await db
      .select()
      .from(rate_limits)
      .where(eq(rate_limits.key, `watch-${driver}:k`));
    expect(row?.points).toBe(3);
    expect(await limit.exhausted("k")).toBe(true);
    await limit.reset("k");
    expect(await limit.exhausted("k")).toBe(false);
  });

  it("Drizzle's own parsing of timestamps: the PGlite worker hands them over as text", async () => {
    const at = new Date("2026-03-08T09:30:15.123Z"); // the night Denver moves to summer time
    await db.insert(rate_limits).values({ key: `at-${driver}`, points: 1, expire: at });
    const [row] = await db
      .select({ expire: rate_limits.expire })
      .from(rate_limits)
      .where(eq(rate_limits.key, `at-${driver}`));
    expect(row?.expire).toBeInstanceOf(Date);
    expect(row?.expire?.toISOString()).toBe(at.toISOString());
  });

  it("better-auth's session cookie name (<prefix>.session_token): the one it sets is the one we look for", async () => {
    const { cookie } = await signedInAccount(`cookie-name-${driver}@example.com`);
    // the session middleware asks better-auth only when a Cookie header names a session_token
    expect(cookie).toMatch(/(?:^|; )remediation\.session_token=/);
    // and a prerendered page (the same for everyone) is never served to a signed-in visitor
    expect(needsPersonalRender(cookie, undefined)).toBe(true);
  });

  itOnPostgres(driver)(
    "Drizzle's calls into postgres.js (unsafe, begin): every query is a named prepared statement",
    async () => {
      // one connection, so the statements it prepared are the ones it lists
      const single = await openDatabase({
        url: database.url,
        pgliteDir: database.dataDir,
        poolSize: 1,
      });
      try {
        const probe = single.db.select().from(blog_tags).where(eq(blog_tags.slug, "probe"));
        await probe;
        // postgres.js answers execute() with an array of rows
        const prepared = async (run: { execute: (query: SQL) => Promise<unknown> }) =>
          ((await run.execute(sql`select statement from pg_prepared_statements`)) as Row[]).map(
            (row) => row.statement,
          );
        expect(await prepared(single.db)).toContain(probe.toSQL().sql);
        await single.db.transaction(async (tx) => {
          const inside = tx.select().from(blog_categories).where(eq(blog_categories.slug, "in"));
          await inside;
          expect(await prepared(tx)).toContain(inside.toSQL().sql);
        });
      } finally {
        await single.close();
      }
    },
  );
});
