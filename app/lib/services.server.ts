/**
 * Start-up and shutdown of everything the web server depends on: configuration, the database
 * (with migrations) and the outbox worker (mail and texts). server.ts calls these through the build's entry.
 */
import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import {
  type DatabaseHandle,
  databaseHandle,
  db,
  executedRows,
  openDatabase,
  setDatabase,
} from "./db.server";
import { env } from "./env.server";
import { logger } from "./logger.server";
import { configuredTransport } from "./mail.server";
import { type OutboxWorker, setOutboxWorker, startOutboxWorker } from "./outbox.server";
import { configuredSmsTransport } from "./sms.server";
import { storage } from "./storage.server";

let worker: OutboxWorker | undefined;

/**
 * Validates configuration, opens the database, applies migrations and starts the outbox worker,
 * which first queues what `options.scheduled` finds due (reminders) in each round.
 * @throws on invalid configuration or a database that cannot be opened (e.g. DatabaseLockedError).
 */
export async function startServices(
  options: { scheduled?: (now: Date) => Promise<number> } = {},
): Promise<void> {
  const config = env();
  const handle = await openDatabase({ url: config.DATABASE_URL, pgliteDir: config.pgliteDir });
  setDatabase(handle);
  worker = startOutboxWorker({
    transport: configuredTransport(),
    sms: configuredSmsTransport(),
    ...(options.scheduled ? { scheduled: options.scheduled } : {}),
  });
  setOutboxWorker(worker);
  worker.kick();
  if (config.isProduction && !config.SMS_URL) {
    logger().warn(
      { smsDir: config.smsDir },
      "SMS_URL is not set: texted codes are written to files, not sent",
    );
  }
  logger().info({ driver: handle.driver }, "services started");
}

/** Stops the outbox worker (finishing its round) and closes the database. */
export async function stopServices(): Promise<void> {
  await worker?.stop();
  setOutboxWorker(undefined);
  const handle = databaseHandle();
  setDatabase(undefined);
  await handle.close();
}

/** Settings server.ts needs before the app answers requests. */
export function serverSettings() {
  const config = env();
  return {
    port: config.PORT,
    isProduction: config.isProduction,
    https: config.PUBLIC_URL.startsWith("https:"),
    publicUrl: config.PUBLIC_URL,
    /** the company's phone and e-mail the prerendered pages are rewritten to show */
    companyContact: {
      phone: config.COMPANY_PHONE.e164,
      phoneDisplay: config.COMPANY_PHONE.display,
      email: config.COMPANY_EMAIL,
    },
    /** a hop count or a list of proxy addresses/CIDRs, never `true` (env.server.ts) */
    trustProxy: config.TRUST_PROXY,
    /** the tag manager is configured: its hosts join the CSP */
    tagManager: config.GTM_ID !== undefined,
    /**
     * Where 'Continue with {provider}' forms end up: their POST answers with a redirect to the
     * provider, which the CSP's form-action must allow (Google's sign-in, the OpenID Provider's
     * issuer origin, where its authorization endpoint is expected).
     */
    signInProviderOrigins: [
      ...(config.GOOGLE_CLIENT_ID ? ["https://accounts.google.com"] : []),
      ...(config.OIDC_ISSUER ? [new URL(config.OIDC_ISSUER).origin] : []),
    ],
    /**
     * Where an invoice's 'Pay' form ends up: its POST answers with a redirect to Stripe Checkout's
     * hosted page (the STRIPE_API_URL server's own page in tests), which form-action must allow.
     */
    paymentPageOrigins: config.STRIPE_SECRET_KEY
      ? [
          config.STRIPE_API_URL
            ? new URL(config.STRIPE_API_URL).origin
            : "https://checkout.stripe.com",
        ]
      : [],
  };
}

export interface DatabaseHealth {
  ok: boolean;
  driver?: string;
}

/** how long one check's answer is reused: under any load, at most one ping per second */
const HEALTH_CACHE_MS = 1_000;
/** a ping without an answer by then counts as down, so /healthz answers well within a second */
const HEALTH_TIMEOUT_MS = 500;
let lastCheck:
  | { handle: DatabaseHandle | undefined; at: number; health: Promise<DatabaseHealth> }
  | undefined;

/**
 * Database reachability for /healthz: `{ ok: true, driver }` when the database answered a trivial
 * query within 500 ms, else `{ ok: false }`. Concurrent and repeated calls within a second share
 * one check, so a flood of health checks costs the database nothing.
 */
export function databaseHealth(now = Date.now()): Promise<DatabaseHealth> {
  const handle = currentHandle();
  const age = lastCheck ? now - lastCheck.at : Number.POSITIVE_INFINITY;
  if (lastCheck && lastCheck.handle === handle && age >= 0 && age < HEALTH_CACHE_MS) {
    return lastCheck.health;
  }
  lastCheck = { handle, at: now, health: checkDatabase(handle) };
  return lastCheck.health;
}

function currentHandle(): DatabaseHandle | undefined {
  try {
    return databaseHandle();
  } catch {
    return undefined;
  }
}

async function checkDatabase(handle: DatabaseHandle | undefined): Promise<DatabaseHealth> {
  if (!handle) return { ok: false };
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("no answer")), HEALTH_TIMEOUT_MS);
  });
  try {
    await Promise.race([handle.ping(), timeout]);
    return { ok: true, driver: handle.driver };
  } catch {
    return { ok: false };
  } finally {
    clearTimeout(timer);
  }
}

/** One reason /readyz gives for answering 503; none: ready. */
export type NotReadyReason = "stopping" | "database" | "migrations" | "storage";

export interface Readiness {
  ready: boolean;
  /** what is not ready, when not */
  reasons: NotReadyReason[];
}

let stopping = false;

/**
 * Turns readiness off for good: server.ts calls it first thing on SIGTERM, so a proxy's check
 * sees 503 while the requests under way finish.
 */
export function beginShutdown(): void {
  stopping = true;
}

let lastReadiness: { at: number; readiness: Promise<Readiness> } | undefined;

/**
 * Readiness for /readyz: ready when the process is not stopping, the database answers within
 * 500 ms, every migration this build ships is applied (the latest in drizzle's journal), and the
 * file storage answers a listing within 2 s. Checks run at most once a second (shared answer).
 */
export function readiness(now = Date.now()): Promise<Readiness> {
  if (stopping) return Promise.resolve({ ready: false, reasons: ["stopping"] });
  const age = lastReadiness ? now - lastReadiness.at : Number.POSITIVE_INFINITY;
  if (lastReadiness && age >= 0 && age < HEALTH_CACHE_MS) return lastReadiness.readiness;
  lastReadiness = { at: now, readiness: checkReadiness(now) };
  return lastReadiness.readiness;
}

async function checkReadiness(now: number): Promise<Readiness> {
  const [database, storageAnswers] = await Promise.all([
    databaseHealth(now),
    withTimeout(storage().list("readiness/"), STORAGE_TIMEOUT_MS).then(
      () => true,
      () => false,
    ),
  ]);
  const reasons: NotReadyReason[] = [];
  if (!database.ok) reasons.push("database");
  else if (!(await migrationsApplied())) reasons.push("migrations");
  if (!storageAnswers) reasons.push("storage");
  if (stopping) reasons.unshift("stopping");
  return { ready: reasons.length === 0, reasons };
}

/** an object store slower than this to list nothing is not fit to take uploads */
const STORAGE_TIMEOUT_MS = 2_000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("no answer")), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

let shippedMigration: number | undefined;

/**
 * Whether the database holds this build's latest migration: drizzle records each applied one
 * with its journal time (`created_at`) in drizzle.__drizzle_migrations.
 */
async function migrationsApplied(): Promise<boolean> {
  shippedMigration ??= latestShippedMigration();
  try {
    const rows = await withTimeout(
      db.execute<{ latest: string | null }>(
        sql`select max(created_at)::text as latest from drizzle.__drizzle_migrations`,
      ),
      HEALTH_TIMEOUT_MS,
    );
    const latest = executedRows<{ latest: string | null }>(rows)[0]?.latest;
    return latest != null && Number(latest) >= shippedMigration;
  } catch {
    return false;
  }
}

/** The `when` (ms) of the newest migration in drizzle/meta/_journal.json. */
function latestShippedMigration(): number {
  const journal = JSON.parse(
    fs.readFileSync(path.resolve("drizzle", "meta", "_journal.json"), "utf8"),
  ) as { entries: { when: number }[] };
  return Math.max(...journal.entries.map((entry) => entry.when));
}
