/**
 * Crash safety under load: the production server (see harness.ts) takes quote POSTs from
 * FAULT_CONNECTIONS concurrent clients (default 8), each with its own email, and is killed with
 * SIGKILL 1-3 s after the round's first acknowledged request, then started again at once; FAULT_ROUNDS times (default 5) per driver
 * (PGlite, and PostgreSQL when DATABASE_URL is set; BENCH_DRIVERS picks). Then the database is
 * read: every acknowledged request (302 to the confirmation) must be there whole (quote, details,
 * first status history row, two mails). Prints per driver: rounds, acknowledged, found, lost,
 * half-written, stored without an acknowledgement (in flight at the kill), restarts refused, and
 * the restart time (kill to "Server ready"). Asserts nothing.
 *
 *   npm run build && DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:fault
 */
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { db, openDatabase, setDatabase } from "~/lib/db.server";
import { createPostgresDatabase } from "../tests/setup/database";
import { origin, startServer } from "./harness";

const ROUNDS = Number(process.env.FAULT_ROUNDS ?? 5);
const CONNECTIONS = Number(process.env.FAULT_CONNECTIONS ?? 8);

const answers = [
  ["propertyType", "residential"],
  ["firstName", "Fault"],
  ["lastName", "Test"],
  ["phone", "8015550100"],
  ["zipCode", "84101"],
];

/** Posts one radon quote for `email`; true when it was acknowledged (redirect to confirmation). */
async function postQuote(email: string): Promise<boolean> {
  try {
    const response = await fetch(`${origin}/quotes/radon-remediation`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin },
      body: new URLSearchParams([...answers, ["email", email]]).toString(),
      redirect: "manual",
    });
    await response.arrayBuffer();
    return response.status === 302 && response.headers.get("location") === "/quotes/confirmation";
  } catch {
    return false; // the server died under the request: not acknowledged
  }
}

/** Starts the server, retrying while it refuses to start; resolves with it and the refusals. */
async function start(env: Record<string, string>) {
  for (let refused = 0; ; refused++) {
    try {
      return { server: await startServer(env), refused };
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}

async function measure(driver: "pglite" | "postgres") {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "remediation-fault-"));
  let url: string | undefined;
  let drop = async () => {};
  if (driver === "postgres") {
    ({ url, drop } = await createPostgresDatabase(process.env.DATABASE_URL as string, "fault"));
  }
  const env = {
    DATA_DIR: dataDir,
    DATABASE_URL: url ?? "",
    PUBLIC_URL: origin,
    QUOTE_RATE_LIMIT: "100000000",
    AUTH_SECRET: "fault-bench-secret-0123456789abcdef0123",
  };
  const acknowledged = new Set<string>();
  const restartSeconds: number[] = [];
  let refusedRestarts = 0;
  let { server } = await start(env);
  for (let round = 1; round <= ROUNDS; round++) {
    let running = true;
    let writing = () => {};
    const firstAcknowledged = new Promise<void>((resolve) => {
      writing = resolve;
    });
    const clients = Array.from({ length: CONNECTIONS }, async () => {
      while (running) {
        const email = `fault-${randomUUID()}@example.com`;
        if (await postQuote(email)) {
          acknowledged.add(email);
          writing();
        }
      }
    });
    // the kill lands while requests are being written, 1-3 s after the first one went through
    await Promise.race([firstAcknowledged, new Promise((resolve) => setTimeout(resolve, 60_000))]);
    await new Promise((resolve) => setTimeout(resolve, 1_000 + Math.random() * 2_000));
    const killedAt = performance.now();
    server.kill("SIGKILL");
    running = false;
    await Promise.all(clients);
    const restarted = await start(env);
    restartSeconds.push((performance.now() - killedAt) / 1000);
    refusedRestarts += restarted.refused;
    server = restarted.server;
  }
  server.kill("SIGTERM");
  await new Promise((resolve) => server.once("exit", resolve));

  const handle = await openDatabase({ url, pgliteDir: path.join(dataDir, "db") });
  setDatabase(handle);
  try {
    const rows = (await db.execute(sql`
      SELECT q.contact_email AS email,
        EXISTS (SELECT 1 FROM radon_testing_details d WHERE d.quote_id = q.id) AS details,
        (SELECT count(*) FROM quote_status_history h WHERE h.quote_id = q.id)::int AS history,
        (SELECT count(*) FROM mail_outbox m WHERE m.quote_id = q.id)::int AS mails
      FROM quotes q`)) as unknown as
      | { email: string; details: boolean; history: number; mails: number }[]
      | { rows: { email: string; details: boolean; history: number; mails: number }[] };
    // postgres.js answers an array of rows, PGlite an object with `rows`
    const stored = Array.isArray(rows) ? rows : rows.rows;
    const byEmail = new Map(stored.map((row) => [row.email, row]));
    const found = [...acknowledged].filter((email) => byEmail.has(email)).length;
    const halfWritten = stored.filter((r) => !r.details || r.history !== 1 || r.mails !== 2);
    const unacknowledged = stored.filter((r) => !acknowledged.has(r.email)).length;
    const sorted = [...restartSeconds].sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)] ?? 0;
    const slowest = sorted.at(-1) ?? 0;
    console.log(
      `${driver.padEnd(9)} rounds ${ROUNDS}  acknowledged ${acknowledged.size}  found ${found}  ` +
        `lost ${acknowledged.size - found}  half-written ${halfWritten.length}  ` +
        `stored unacknowledged ${unacknowledged}  restarts refused ${refusedRestarts}  ` +
        `restart median ${median.toFixed(1)} s, slowest ${slowest.toFixed(1)} s`,
    );
  } finally {
    setDatabase(undefined);
    await handle.close();
    await drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const wanted = process.env.BENCH_DRIVERS?.split(",") ?? ["pglite", "postgres"];
const load = os
  .loadavg()
  .map((l) => l.toFixed(1))
  .join(" ");
console.log(
  `kill -9 under load: ${CONNECTIONS} clients posting quotes, ${os.cpus().length} cores, load ${load}`,
);
if (wanted.includes("pglite")) await measure("pglite");
if (wanted.includes("postgres")) {
  if (process.env.DATABASE_URL) await measure("postgres");
  else console.log("postgres  skipped: set DATABASE_URL to measure on PostgreSQL");
}
