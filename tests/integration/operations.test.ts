/**
 * What an operator and a load balancer read: /readyz (database, migrations, storage, stopping)
 * and the Prometheus metrics (outbox depth and age, deliveries sent and failed, the token check).
 * The database outage's readiness is in outage.test.ts; the route labels of real requests and
 * SIGTERM on a running server in tests/e2e/operations.spec.ts.
 */
import net from "node:net";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { db } from "~/lib/db.server";
import { env, loadEnv, setEnv } from "~/lib/env.server";
import { smtpTransport } from "~/lib/mail.server";
import { hasMetricsToken, metricsSettings, metricsText } from "~/lib/metrics.server";
import { deliverDueMail, enqueueAndKick } from "~/lib/outbox.server";
import { beginShutdown, readiness } from "~/lib/services.server";
import { loader as readyz } from "~/routes/resources/readyz";
import { drivers, freshDatabase, type TestDatabase } from "../setup/database";
import { startS3Server, type TestS3Server } from "../setup/s3";
import { startSmtpServer, type TestSmtpServer } from "../setup/smtp";

const TOKEN = "metrics-token-0123456789abcdef0123456789";

/** A metric's sample value from the scrape, e.g. sample(text, 'outbox_pending_messages{channel="mail"}'). */
function sample(text: string, series: string): number | undefined {
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

/** A loopback port nothing listens on (an SMTP server that is down). */
async function closedPort(): Promise<number> {
  const server = net.createServer().listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe.each(drivers)("operations on %s", (driver) => {
  let database: TestDatabase;
  let s3: TestS3Server;
  let smtp: TestSmtpServer;
  // readiness() reuses an answer for a second: each check here is "later" than the one before
  let clock = Date.now();
  const later = () => {
    clock = Math.max(clock, Date.now()) + 5_000;
    return clock;
  };
  beforeAll(async () => {
    s3 = await startS3Server();
    smtp = await startSmtpServer();
    database = await freshDatabase(driver, { ...s3.env, METRICS_TOKEN: TOKEN });
  });
  afterAll(async () => {
    await database?.dispose();
    await smtp?.close();
    await s3?.close();
  });

  it("/readyz: ready with the database, its migrations and the bucket; names what is missing otherwise", async () => {
    const answer = await readyz();
    expect(answer.status).toBe(200);
    expect(answer.headers.get("Cache-Control")).toBe("no-store");
    expect(await answer.json()).toEqual({ status: "ready" });

    // a database one migration behind this build (an older server's, mid-upgrade)
    const found: unknown = await db.execute(
      sql`select id, hash, created_at::text from drizzle.__drizzle_migrations order by created_at desc limit 1`,
    );
    // postgres.js answers with the rows, PGlite with { rows }
    const rows = (Array.isArray(found) ? found : (found as { rows: unknown[] }).rows) as {
      id: number;
      hash: string;
      created_at: string;
    }[];
    const newest = rows[0];
    await db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${newest?.id}`);
    expect(await readiness(later())).toEqual({ ready: false, reasons: ["migrations"] });
    await db.execute(
      sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${newest?.id}, ${newest?.hash}, ${newest?.created_at})`,
    );
    expect(await readiness(later())).toEqual({ ready: true, reasons: [] });

    // a bucket that does not exist (or credentials that cannot read it)
    setEnv(loadEnv({ ...envSource(env()), S3_BUCKET: "no-such-bucket" }));
    expect(await readiness(later())).toEqual({ ready: false, reasons: ["storage"] });
    setEnv(loadEnv({ ...envSource(env()), S3_BUCKET: s3.bucket }));
    expect(await readiness(later())).toEqual({ ready: true, reasons: [] });
  });

  it("metrics: the outbox's depth and oldest message, deliveries sent and failed by channel", async () => {
    const before = (await metricsText()).body;
    const sentBefore =
      sample(before, 'outbox_deliveries_total{channel="mail",outcome="sent"}') ?? 0;
    const failedBefore =
      sample(before, 'outbox_deliveries_total{channel="mail",outcome="failed"}') ?? 0;
    await enqueueAndKick([
      { kind: "ops_test", to: "a@example.com", subject: "One", text: "one" },
      { kind: "ops_test", to: "b@example.com", subject: "Two", text: "two" },
    ]);
    await db.execute(
      sql`update mail_outbox set created_at = now() - interval '90 seconds' where to_address = 'a@example.com'`,
    );
    const queued = await metricsText();
    expect(queued.contentType).toContain("text/plain");
    expect(sample(queued.body, 'outbox_pending_messages{channel="mail"}')).toBe(2);
    expect(sample(queued.body, 'outbox_pending_messages{channel="sms"}')).toBe(0);
    const age = sample(queued.body, "outbox_oldest_pending_age_seconds") ?? 0;
    expect(age).toBeGreaterThanOrEqual(89);
    expect(age).toBeLessThan(600);

    // the mail server down: both attempts fail (and are counted), then it is up again
    const down = smtpTransport(`smtp://127.0.0.1:${await closedPort()}`, "site <a@localhost>");
    expect(await deliverDueMail({ transport: down })).toEqual({ sent: 0, failed: 2 });
    const up = smtpTransport(smtp.url, "site <no-reply@remediation.test>");
    expect(await deliverDueMail({ transport: up, now: new Date(Date.now() + 3600_000) })).toEqual({
      sent: 2,
      failed: 0,
    });
    const after = (await metricsText()).body;
    expect(sample(after, 'outbox_deliveries_total{channel="mail",outcome="failed"}')).toBe(
      failedBefore + 2,
    );
    expect(sample(after, 'outbox_deliveries_total{channel="mail",outcome="sent"}')).toBe(
      sentBefore + 2,
    );
    expect(sample(after, 'outbox_pending_messages{channel="mail"}')).toBe(0);
    expect(sample(after, "outbox_oldest_pending_age_seconds")).toBe(0);
    // Node's own: the event loop's lag and the process
    expect(after).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
    expect(after).toMatch(/^process_resident_memory_bytes \d/m);
    if (driver === "postgres") {
      expect(sample(after, 'db_pool_connections{state="size"}')).toBe(10);
      expect(sample(after, 'db_pool_connections{state="waiting"}')).toBe(0);
    } else {
      expect(after).not.toContain("db_pool_connections{");
    }
  });

  it("metrics: served only with the configured bearer token, never without one", () => {
    expect(metricsSettings()).toEqual({ token: TOKEN });
    expect(hasMetricsToken(undefined)).toBe(false);
    expect(hasMetricsToken("Bearer wrong-token-0123456789abcdef0123456789")).toBe(false);
    expect(hasMetricsToken(TOKEN)).toBe(false);
    expect(hasMetricsToken(`Basic ${TOKEN}`)).toBe(false);
    expect(hasMetricsToken(`Bearer ${TOKEN}`)).toBe(true);
    expect(() => loadEnv({ METRICS_TOKEN: "short" })).toThrow(/METRICS_TOKEN: use 32/);
    expect(() => loadEnv({ PORT: "3000", METRICS_PORT: "3000" })).toThrow(/METRICS_PORT/);
    setEnv(loadEnv({ ...envSource(env()), METRICS_TOKEN: "" }));
    expect(metricsSettings()).toEqual({});
    expect(hasMetricsToken(`Bearer ${TOKEN}`)).toBe(false);
  });
});

// last in the file: a process that began to stop stays not ready, so the files after this one
// (they share this process's modules) get fresh ones
describe("stopping", () => {
  afterAll(() => vi.resetModules());

  it("/readyz turns 503 at once when the server begins to stop, before any check", async () => {
    beginShutdown();
    const answer = await readyz();
    expect(answer.status).toBe(503);
    expect(await answer.json()).toEqual({ status: "not ready", reasons: ["stopping"] });
  });
});

/** The variables a loaded configuration came from, to load it again with one changed. */
function envSource(config: ReturnType<typeof env>): Record<string, string> {
  return {
    NODE_ENV: config.NODE_ENV,
    DATA_DIR: config.DATA_DIR,
    ...(config.DATABASE_URL ? { DATABASE_URL: config.DATABASE_URL } : {}),
    LEADS_EMAIL: config.LEADS_EMAIL,
    PUBLIC_URL: config.PUBLIC_URL,
    LOG_LEVEL: config.LOG_LEVEL,
    AUTH_SECRET: config.AUTH_SECRET,
    MAIL_TRANSPORT: config.MAIL_TRANSPORT,
    S3_BUCKET: config.S3_BUCKET ?? "",
    S3_ENDPOINT: config.S3_ENDPOINT ?? "",
    S3_ACCESS_KEY_ID: config.S3_ACCESS_KEY_ID ?? "",
    S3_SECRET_ACCESS_KEY: config.S3_SECRET_ACCESS_KEY ?? "",
    S3_FORCE_PATH_STYLE: String(config.S3_FORCE_PATH_STYLE),
    ...(config.METRICS_TOKEN ? { METRICS_TOKEN: config.METRICS_TOKEN } : {}),
  };
}
