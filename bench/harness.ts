/**
 * What every benchmark shares: the production server (run `npm run build` first) started on a
 * fresh PGlite directory, and on a fresh PostgreSQL database when DATABASE_URL is set, loaded by
 * autocannon for BENCH_SECONDS (default 20) with BENCH_CONNECTIONS (default 20); one line of
 * figures per driver. BENCH_DRIVERS=pglite or postgres runs one driver. BENCH_PORT (default 3300)
 * is the server's port. Prints; asserts nothing.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import postgres from "postgres";

export const port = Number(process.env.BENCH_PORT ?? 3300);
export const origin = `http://127.0.0.1:${port}`;
const seconds = Number(process.env.BENCH_SECONDS ?? 20);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);

export interface Load {
  path: string;
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  body?: string;
  /** the status code a correct answer has (others count as errors) */
  expectStatus: number;
}

/** A valid water-filtration quote form, URL-encoded (answered 302 to the confirmation). */
export const waterQuoteBody = new URLSearchParams([
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

/** Starts the production server (`npm run build` first) on `port` with `env` added; resolves when ready. */
export async function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ["server.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      MAIL_TRANSPORT: "file",
      LOG_LEVEL: "warn",
      ...env,
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout.on("data", (d: Buffer) => d.toString().includes("Server ready") && resolve());
    child.on("exit", (code) => reject(new Error(`server exited with ${code}`)));
  });
  return child;
}

/** Loads `base` + `load.path` with autocannon and prints one line; resolves to the req/s. */
export async function loadAndReport(label: string, base: string, load: Load): Promise<number> {
  const result = await autocannon({
    url: `${base}${load.path}`,
    method: load.method ?? "GET",
    headers: load.headers,
    body: load.body,
    connections,
    duration: seconds,
  });
  const correct = result.statusCodeStats?.[`${load.expectStatus}`]?.count ?? 0;
  const wrongStatus = result.requests.total - correct;
  console.log(
    `${label.padEnd(10)} ${result.requests.average.toFixed(0).padStart(6)} req/s  ` +
      `p50 ${result.latency.p50} ms  p99 ${result.latency.p99} ms  ` +
      `errors ${result.errors + result.timeouts + wrongStatus} ` +
      `(${result.requests.total} requests, ${connections} connections, ${seconds} s)`,
  );
  return result.requests.average;
}

async function measure(label: string, env: Record<string, string>, load: Load) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "remediation-bench-"));
  const server = await startServer({
    DATA_DIR: dataDir,
    QUOTE_RATE_LIMIT: "100000000",
    PUBLIC_URL: origin,
    ...env,
  });
  try {
    await loadAndReport(label, origin, load);
  } finally {
    server.kill("SIGTERM");
    await new Promise((resolve) => server.on("exit", resolve));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Measures `load` on PGlite, then on PostgreSQL when DATABASE_URL is set (or as BENCH_DRIVERS says). */
export async function benchDrivers(load: Load): Promise<void> {
  const only = process.env.BENCH_DRIVERS?.split(",") ?? ["pglite", "postgres"];
  if (only.includes("pglite")) await measure("pglite", { DATABASE_URL: "" }, load);
  if (!only.includes("postgres")) return;
  if (!process.env.DATABASE_URL) {
    console.log("postgres   skipped: set DATABASE_URL to measure on PostgreSQL");
    return;
  }
  const name = `bench_${Date.now()}`;
  const admin = postgres(process.env.DATABASE_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE ${name}`);
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/${name}`;
  try {
    await measure(
      "postgres",
      { DATABASE_URL: url.href, AUTH_SECRET: "bench-secret-".padEnd(40, "x") },
      load,
    );
  } finally {
    await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}
