/**
 * Start-up and shutdown of everything the web server depends on: configuration, the database
 * (with migrations) and the mail outbox worker. server.ts calls these through the build's entry.
 */
import { databaseHandle, openDatabase, setDatabase } from "./db.server";
import { env } from "./env.server";
import { logger } from "./logger.server";
import { configuredTransport } from "./mail.server";
import { type OutboxWorker, setOutboxWorker, startOutboxWorker } from "./outbox.server";

let worker: OutboxWorker | undefined;

/**
 * Validates configuration, opens the database, applies migrations and starts the outbox worker.
 * @throws on invalid configuration or a database that cannot be opened (e.g. DatabaseLockedError).
 */
export async function startServices(): Promise<void> {
  const config = env();
  const handle = await openDatabase({ url: config.DATABASE_URL, pgliteDir: config.pgliteDir });
  setDatabase(handle);
  worker = startOutboxWorker({ transport: configuredTransport() });
  setOutboxWorker(worker);
  worker.kick();
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
  };
}

/** Database reachability for /healthz. */
export async function databaseHealth(): Promise<{ ok: boolean; driver?: string }> {
  try {
    const handle = databaseHandle();
    await handle.ping();
    return { ok: true, driver: handle.driver };
  } catch {
    return { ok: false };
  }
}
