/**
 * Start-up and shutdown of everything the web server depends on: configuration, the database
 * (with migrations) and the outbox worker (mail and texts). server.ts calls these through the build's entry.
 */
import { type DatabaseHandle, databaseHandle, openDatabase, setDatabase } from "./db.server";
import { env } from "./env.server";
import { logger } from "./logger.server";
import { configuredTransport } from "./mail.server";
import { type OutboxWorker, setOutboxWorker, startOutboxWorker } from "./outbox.server";
import { configuredSmsTransport } from "./sms.server";

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
  if (lastCheck && lastCheck.handle === handle && now - lastCheck.at < HEALTH_CACHE_MS) {
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
