/**
 * What the in-process benchmarks (admin, blog, jobs, invoices, messages, uploads) share: a fresh database per driver made the app's
 * database (PGlite in a temporary directory; a new PostgreSQL database when DATABASE_URL is set),
 * and a timer printing median and p99. BENCH_DRIVERS=pglite|postgres picks one driver; BENCH_RUNS
 * (default 40) sets the timed runs. Never touches ./data.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openDatabase, setDatabase } from "~/lib/db.server";
import { loadEnv, setEnv } from "~/lib/env.server";
import { createPostgresDatabase } from "../tests/setup/database";

export type Driver = "pglite" | "postgres";

export const RUNS = Number(process.env.BENCH_RUNS ?? 40);

/** The drivers this run measures: BENCH_DRIVERS, else PGlite, plus PostgreSQL with DATABASE_URL. */
export function benchDrivers(): Driver[] {
  const wanted = process.env.BENCH_DRIVERS?.split(",") ?? ["pglite", "postgres"];
  return (["pglite", "postgres"] as const).filter(
    (d) => wanted.includes(d) && (d === "pglite" || process.env.DATABASE_URL),
  );
}

/** Prints the bench's first line: what it measures and how busy the machine is. */
export function printHeader(what: string): void {
  const load = os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" ");
  console.log(`${what}, ${RUNS} runs each, ${os.cpus().length} cores, load ${load}`);
}

/**
 * Runs `work` on a fresh, migrated database of `driver` (the app's database meanwhile), then
 * closes and deletes it.
 */
export async function withFreshDatabase(driver: Driver, work: () => Promise<void>): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "remediation-bench-"));
  let url: string | undefined;
  let drop = async () => {};
  if (driver === "postgres") {
    ({ url, drop } = await createPostgresDatabase(process.env.DATABASE_URL as string, "bench"));
  }
  setEnv(
    loadEnv({
      NODE_ENV: "production",
      DATA_DIR: dataDir,
      LOG_LEVEL: "silent",
      AUTH_SECRET: "bench-secret-0123456789abcdef0123456789",
      MAIL_TRANSPORT: "file",
    }),
  );
  const handle = await openDatabase({
    url,
    pgliteDir: path.join(dataDir, "db"),
    // a seed writes 100,000 rows in one statement, far past a request's time limit
    statementTimeoutMs: 10 * 60_000,
  });
  setDatabase(handle);
  try {
    await work();
  } finally {
    setDatabase(undefined);
    await handle.close();
    await drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Times `fn` (3 warm-up runs, then RUNS) and prints one line: median and p99 in ms. */
export async function time(label: string, driver: Driver, fn: () => Promise<unknown>) {
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

/**
 * A whole in-process bench: prints `header`, then per driver (benchDrivers) seeds a fresh
 * database with `seed` (its time printed as "seeded <seeded> in N s") and runs `measure`.
 */
export async function benchEachDriver(bench: {
  header: string;
  seeded: string;
  seed: () => Promise<void>;
  measure: (driver: Driver) => Promise<void>;
}): Promise<void> {
  printHeader(bench.header);
  for (const driver of benchDrivers()) {
    await withFreshDatabase(driver, async () => {
      await timedSeed(driver, bench.seeded, bench.seed);
      await bench.measure(driver);
    });
  }
}

/** Runs `seed` and prints how long it took. */
export async function timedSeed(driver: Driver, what: string, seed: () => Promise<void>) {
  const started = performance.now();
  await seed();
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`${driver.padEnd(9)} seeded ${what} in ${seconds} s`);
}
