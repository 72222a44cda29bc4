/**
 * Back-office server time with 100,000 quotes (DESIGN section 7: search + filter + one page of the
 * admin quotes list < 50 ms). Loads a fresh database per driver (PGlite always; PostgreSQL when
 * DATABASE_URL is set; BENCH_DRIVERS=pglite|postgres picks one), then times the loaders' data
 * functions in-process (what an admin request waits for besides rendering): median and p99 over
 * BENCH_RUNS (default 40) runs each. Prints figures; asserts nothing.
 *   npm run bench:admin      (tsx, for the ~ path alias; run from the project root)
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import postgres from "postgres";
import { quotes } from "~/db/schema";
import { analytics, dashboardCounts } from "~/features/admin/analytics.server";
import { parseQuoteListQuery } from "~/features/admin/quote-list";
import { listQuotes, quoteListWhere } from "~/features/admin/quotes.server";
import { db, openDatabase, setDatabase } from "~/lib/db.server";
import { loadEnv, setEnv } from "~/lib/env.server";

const QUOTES = Number(process.env.BENCH_QUOTES ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 40);
const wanted = process.env.BENCH_DRIVERS?.split(",") ?? ["pglite", "postgres"];

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
  await db.execute(sql`ANALYZE`);
}

/** BENCH_EXPLAIN=<list query string>: prints the plans of that list's page and count queries. */
async function explain(search: string) {
  const where = quoteListWhere(parseQuoteListQuery(new URLSearchParams(search)));
  for (const statement of [
    sql`SELECT id FROM ${quotes} WHERE ${where} ORDER BY created_at DESC, id DESC LIMIT 25`,
    sql`SELECT count(*) FROM ${quotes} WHERE ${where}`,
  ]) {
    const rows = await db.execute(sql`EXPLAIN (ANALYZE, BUFFERS) ${statement}`);
    console.log(
      (rows as unknown as Record<string, string>[]).map((r) => Object.values(r)[0]).join("\n"),
    );
  }
}

async function time(label: string, driver: string, fn: () => Promise<unknown>) {
  for (let i = 0; i < 3; i++) await fn(); // warm: prepared statements, caches
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    await fn();
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  const at = (p: number) =>
    samples[Math.min(samples.length - 1, Math.ceil(p * samples.length) - 1)] ?? 0;
  console.log(
    `${driver.padEnd(9)} ${label.padEnd(44)} median ${at(0.5).toFixed(1).padStart(6)} ms   p99 ${at(0.99).toFixed(1).padStart(6)} ms`,
  );
}

async function benchDriver(driver: "pglite" | "postgres") {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "remediation-bench-admin-"));
  let url: string | undefined;
  let drop = async () => {};
  if (driver === "postgres") {
    const base = process.env.DATABASE_URL as string;
    const name = `bench_${randomBytes(5).toString("hex")}`;
    const admin = postgres(base, { max: 1, onnotice: () => {} });
    await admin.unsafe(`CREATE DATABASE ${name}`);
    await admin.end();
    const target = new URL(base);
    target.pathname = `/${name}`;
    url = target.href;
    drop = async () => {
      const cleanup = postgres(base, { max: 1, onnotice: () => {} });
      await cleanup.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    };
  }
  setEnv(
    loadEnv({
      NODE_ENV: "production",
      DATA_DIR: dataDir,
      LOG_LEVEL: "silent",
      AUTH_SECRET: "bench-secret-0123456789abcdef0123456789",
    }),
  );
  const handle = await openDatabase({ url, pgliteDir: path.join(dataDir, "db") });
  setDatabase(handle);
  try {
    const seeded = performance.now();
    await seed();
    console.log(
      `${driver.padEnd(9)} seeded ${QUOTES} quotes in ${((performance.now() - seeded) / 1000).toFixed(1)} s`,
    );
    const list = (search: string) => () =>
      listQuotes(parseQuoteListQuery(new URLSearchParams(search)));
    if (process.env.BENCH_EXPLAIN) await explain(process.env.BENCH_EXPLAIN);
    await time("list: newest, page 1", driver, list(""));
    await time("list: status=pending, page 1", driver, list("status=pending"));
    await time("list: q=smith + status=pending, page 1", driver, list("q=smith&status=pending"));
    await time(
      "list: q=smith + status=pending, page 40",
      driver,
      list("q=smith&status=pending&page=40"),
    );
    await time("list: q=person4242@ (one match)", driver, list("q=person4242%40"));
    await time("list: q=<reference> (one match)", driver, list("q=0f3a9c1b"));
    await time(
      "list: sort=urgency + service=mold, page 1",
      driver,
      list("sort=urgency&service=mold"),
    );
    await time("dashboard cards", driver, () => dashboardCounts());
    await time("analytics page", driver, () => analytics());
  } finally {
    setDatabase(undefined);
    await handle.close();
    await drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

console.log(
  `admin bench: ${QUOTES} quotes, ${RUNS} runs each, ${os.cpus().length} cores, load ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" ")}`,
);
if (wanted.includes("pglite")) await benchDriver("pglite");
if (wanted.includes("postgres") && process.env.DATABASE_URL) await benchDriver("postgres");
process.exit(0);
