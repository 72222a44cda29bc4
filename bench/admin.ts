/**
 * Back-office server time with 100,000 quotes (DESIGN section 7: search + filter + one page of the
 * admin quotes list < 50 ms). Loads a fresh database per driver (PGlite always; PostgreSQL when
 * DATABASE_URL is set; BENCH_DRIVERS=pglite|postgres picks one), then times the loaders' data
 * functions in-process (what an admin request waits for besides rendering): median and p99 over
 * BENCH_RUNS (default 40) runs each. Prints figures; asserts nothing.
 *   npm run bench:admin      (tsx, for the ~ path alias; run from the project root)
 */
import { sql } from "drizzle-orm";
import { quotes } from "~/db/schema";
import { analytics, dashboardCounts } from "~/features/admin/analytics.server";
import { parseQuoteListQuery } from "~/features/admin/quote-list";
import { listQuotes, quoteListWhere } from "~/features/admin/quotes.server";
import { visitsToday } from "~/features/visits/today.server";
import { db } from "~/lib/db.server";
import { benchEachDriver, time } from "./database";

const QUOTES = Number(process.env.BENCH_QUOTES ?? 100_000);

async function seed(): Promise<void> {
  await db.execute(sql`
    INSERT INTO quotes (id, service, is_guest, current_status, created_at, description,
      contact_first_name, contact_last_name, contact_email, contact_phone, zip_code, triage_score)
    SELECT gen_random_uuid(),
      (ARRAY['water_filtration','mold','radon'])[1 + i % 3]::service,
      true,
      (ARRAY['pending','approved','rejected','in_progress','completed'])[1 + (i / 7) % 5]::quote_status,
      -- about 55 requests a day over five years (a busy season every day for a small company)
      now() - make_interval(mins => i * 26),
      'Request ' || i || ': ' || (ARRAY['musty basement smell','hard water spots','radon test for sale',
        'black mold in bathroom','well water tastes odd'])[1 + i % 5],
      (ARRAY['Ann','Bob','Cara','Dan','Eve','Finn','Gus'])[1 + i % 7],
      (ARRAY['Lee','Smith','Garcia','Nguyen','Brown','Jensen','Young','Christensen'])[1 + i % 8] || (i % 50),
      'person' || i || '@example.com',
      '801-555-' || lpad((i % 10000)::text, 4, '0'),
      '84' || lpad((i % 1000)::text, 3, '0'),
      CASE WHEN i % 17 = 0 THEN 100 WHEN i % 5 = 0 THEN 10 ELSE 0 END
    FROM generate_series(1, ${QUOTES}) AS i`);
  await db.execute(sql`
    INSERT INTO mold_assessment_details (quote_id, property_type, urgency_level)
    SELECT id, 'single_family', 'medium' FROM quotes WHERE service = 'mold'`);
  await db.execute(sql`
    INSERT INTO radon_testing_details (quote_id, property_type, previous_results)
    SELECT id, 'residential', '3.1' FROM quotes WHERE service = 'radon'`);
  await db.execute(sql`
    INSERT INTO water_filtration_details (quote_id, property_type, water_source, current_issues)
    SELECT id, 'single_family', 'well', '{taste}' FROM quotes WHERE service = 'water_filtration'`);
  await db.execute(sql`
    INSERT INTO quote_status_history (quote_id, status, created_at)
    SELECT id, 'pending', created_at FROM quotes`);
  await db.execute(sql`
    INSERT INTO quote_status_history (quote_id, status, created_at)
    SELECT id, current_status, created_at + interval '5 hours' FROM quotes
    WHERE current_status <> 'pending'`);
  // one staff member with a visit for every third water quote (about 11,000), an hour each, none
  // overlapping
  await db.execute(sql`
    INSERT INTO "user" (id, name, email, email_verified, created_at, updated_at)
    VALUES ('bench-staff', 'Bench Staff', 'staff@bench.test', true, now(), now())`);
  await db.execute(sql`
    INSERT INTO visits (quote_id, kind, staff_id, starts_at, ends_at)
    SELECT id, 'water_filtration', 'bench-staff',
      now() + make_interval(hours => (n * 2)::int), now() + make_interval(hours => (n * 2 + 1)::int)
    FROM (SELECT id, row_number() OVER (ORDER BY id) AS n FROM quotes WHERE service = 'water_filtration') q
    WHERE n % 3 = 0`);
  await db.execute(sql`ANALYZE`);
}

/** BENCH_EXPLAIN=<list query string>: prints the plans of that list's page and count queries. */
async function explain(search: string) {
  const query = parseQuoteListQuery(new URLSearchParams(search));
  const where = quoteListWhere(query);
  const offset = (query.page - 1) * 25;
  for (const statement of [
    sql`SELECT id FROM ${quotes} WHERE ${where} ORDER BY created_at DESC, id DESC LIMIT 25 OFFSET ${offset}`,
    sql`SELECT count(*) FROM ${quotes} WHERE ${where}`,
  ]) {
    const result = await db.execute(sql`EXPLAIN (ANALYZE, BUFFERS) ${statement}`);
    // postgres.js answers an array of rows, PGlite an object with `rows`
    const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Record<
      string,
      string
    >[];
    console.log(rows.map((r) => Object.values(r)[0]).join("\n"));
  }
}

await benchEachDriver({
  header: `admin bench: ${QUOTES} quotes`,
  seeded: `${QUOTES} quotes`,
  seed,
  measure: async (driver) => {
    const list = (search: string) => () =>
      listQuotes(parseQuoteListQuery(new URLSearchParams(search)));
    if (process.env.BENCH_EXPLAIN) await explain(process.env.BENCH_EXPLAIN);
    const searches: [label: string, search: string][] = [
      ["list: newest, page 1", ""],
      ["list: status=pending, page 1", "status=pending"],
      ["list: q=smith + status=pending, page 1", "q=smith&status=pending"],
      ["list: q=smith + status=pending, page 40", "q=smith&status=pending&page=40"],
      ["list: q=person4242@ (one match)", "q=person4242%40"],
      ["list: q=<reference> (one match)", "q=0f3a9c1b"],
      ["list: sort=urgency + service=mold, page 1", "sort=urgency&service=mold"],
      ["list: visit=none (no visit booked), page 1", "visit=none"],
      ["list: visit=none + status=pending, page 40", "visit=none&status=pending&page=40"],
    ];
    for (const [label, search] of searches) await time(label, driver, list(search));
    await time("dashboard cards", driver, () => dashboardCounts());
    await time("dashboard: visits today", driver, () => visitsToday());
    await time("analytics page", driver, () => analytics());
  },
});

process.exit(0);
