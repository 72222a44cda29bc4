/**
 * Quote submission throughput: starts the production server (run `npm run build` first) on a fresh
 * PGlite directory, and on a fresh PostgreSQL database when DATABASE_URL is set, then POSTs valid
 * water-filtration quotes with autocannon for BENCH_SECONDS (default 20) and prints req/s, latency
 * p50/p99 and errors. A request counts as successful only when answered 302 (to the confirmation).
 * Budget (DESIGN section 7): >= 600 req/s, p99 < 100 ms, 0 errors. Prints figures; asserts nothing.
 *
 *   npm run build && DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node bench/quotes.ts
 *   BENCH_DRIVERS=postgres (or pglite) runs one driver; BENCH_CONNECTIONS, BENCH_SECONDS shape the load.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import postgres from "postgres";

const seconds = Number(process.env.BENCH_SECONDS ?? 20);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
const port = 3300;

const body = new URLSearchParams([
  ["waterSource", "municipal"],
  ["currentIssues", "hardness"],
  ["currentIssues", "taste"],
  ["propertyType", "single_family"],
  ["numBathrooms", "2"],
  ["numResidents", "3"],
  ["firstName", "Bench"],
  ["lastName", "Mark"],
  ["email", "bench@example.com"],
  ["phone", "8015550100"],
  ["zipCode", "84101"],
  ["preferredContactMethod", "email"],
  ["bestTimeToContact", "morning"],
]).toString();

async function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ["server.ts"], {
    env: { ...process.env, NODE_ENV: "production", PORT: String(port), LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout.on("data", (d: Buffer) => d.toString().includes("Server ready") && resolve());
    child.on("exit", (code) => reject(new Error(`server exited with ${code}`)));
  });
  return child;
}

async function run(label: string, env: Record<string, string>) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "remediation-bench-"));
  const server = await startServer({
    DATA_DIR: dataDir,
    QUOTE_RATE_LIMIT: "100000000",
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    ...env,
  });
  try {
    const result = await autocannon({
      url: `http://127.0.0.1:${port}/quotes/water-filtration-remediation`,
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin: `http://127.0.0.1:${port}`,
      },
      body,
      connections,
      duration: seconds,
    });
    const redirects = result.statusCodeStats?.["302"]?.count ?? 0;
    const wrongStatus = result.requests.total - redirects;
    console.log(
      `${label.padEnd(10)} ${result.requests.average.toFixed(0).padStart(6)} req/s  ` +
        `p50 ${result.latency.p50} ms  p99 ${result.latency.p99} ms  ` +
        `errors ${result.errors + result.timeouts + wrongStatus} ` +
        `(${result.requests.total} requests, ${connections} connections, ${seconds} s)`,
    );
  } finally {
    server.kill("SIGTERM");
    await new Promise((resolve) => server.on("exit", resolve));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const only = process.env.BENCH_DRIVERS?.split(",") ?? ["pglite", "postgres"];

if (only.includes("pglite")) await run("pglite", { DATABASE_URL: "" });

if (process.env.DATABASE_URL && only.includes("postgres")) {
  const name = `bench_${Date.now()}`;
  const admin = postgres(process.env.DATABASE_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE ${name}`);
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/${name}`;
  try {
    await run("postgres", { DATABASE_URL: url.href, AUTH_SECRET: "bench-secret-".padEnd(40, "x") });
  } finally {
    await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
} else {
  console.log("postgres   skipped: set DATABASE_URL to measure on PostgreSQL");
}
