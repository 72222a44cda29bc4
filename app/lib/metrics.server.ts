/**
 * The operator's numbers in Prometheus' text format (prom-client): request durations by route
 * pattern and status class, the outbox's depth and oldest message, mail and texts sent and failed,
 * the database pool, and Node's own process and event-loop metrics. server.ts serves them on
 * `/metrics` behind METRICS_TOKEN, or on METRICS_PORT only (docs/decisions/0200-metrics.md).
 */
import { timingSafeEqual } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import { mail_outbox } from "../db/schema";
import { databasePoolUse, db } from "./db.server";
import { env } from "./env.server";
import { logger } from "./logger.server";

const registry = new Registry();
collectDefaultMetrics({ register: registry });

const requestDuration = new Histogram({
  name: "http_request_duration_seconds",
  help: "Time from a request's arrival to the end of its response, by route pattern (never the raw URL) and status class",
  labelNames: ["method", "route", "status"] as const,
  // pages answer in milliseconds; a quote with files or a PDF in seconds
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

const deliveries = new Counter({
  name: "outbox_deliveries_total",
  help: "Outbox delivery attempts by channel (mail, sms) and outcome (sent, failed)",
  labelNames: ["channel", "outcome"] as const,
  registers: [registry],
});

/** The outbox's pending messages by channel and the oldest one's time, or null in an outage. */
async function readOutbox(): Promise<{ pending: Map<string, number>; oldest?: number } | null> {
  try {
    const rows = await db
      .select({
        channel: mail_outbox.channel,
        count: sql<number>`count(*)::int`,
        oldest: sql<string | null>`min(${mail_outbox.created_at})::text`,
      })
      .from(mail_outbox)
      .where(eq(mail_outbox.status, "pending"))
      .groupBy(mail_outbox.channel);
    const oldest = Math.min(...rows.map((row) => Date.parse(row.oldest ?? "")).filter(Boolean));
    return {
      pending: new Map(rows.map((row) => [row.channel, row.count])),
      ...(Number.isFinite(oldest) ? { oldest } : {}),
    };
  } catch (error) {
    // a database outage leaves the outbox out of the scrape; the other metrics still answer
    logger().warn({ err: error }, "the outbox metrics could not be read");
    return null;
  }
}

// both outbox gauges are collected at once in a scrape: they share one query
let outboxRead: ReturnType<typeof readOutbox> | undefined;
function outboxState() {
  outboxRead ??= readOutbox().finally(() => {
    outboxRead = undefined;
  });
  return outboxRead;
}

new Gauge({
  name: "outbox_pending_messages",
  help: "Mail and texts waiting for delivery",
  labelNames: ["channel"] as const,
  registers: [registry],
  async collect() {
    this.reset();
    const state = await outboxState();
    if (!state) return;
    for (const channel of ["mail", "sms"]) this.set({ channel }, state.pending.get(channel) ?? 0);
  },
});
new Gauge({
  name: "outbox_oldest_pending_age_seconds",
  help: "Age of the oldest message waiting for delivery (0 when none waits)",
  registers: [registry],
  async collect() {
    this.reset();
    const state = await outboxState();
    if (state) this.set(state.oldest ? Math.max(0, (Date.now() - state.oldest) / 1000) : 0);
  },
});

new Gauge({
  name: "db_pool_connections",
  help: "PostgreSQL pool: its size, connections in use, and statements waiting for one (none with PGlite)",
  labelNames: ["state"] as const,
  registers: [registry],
  collect() {
    this.reset();
    const use = databasePoolUse();
    if (!use) return;
    this.set({ state: "size" }, use.size);
    this.set({ state: "in_use" }, use.inUse);
    this.set({ state: "waiting" }, use.waiting);
  },
});

/** A route label for requests no route of the app answered (files, prerendered pages). */
export const NO_ROUTE = "(none)";

/**
 * Records one finished request. `route` is the matched route's pattern (e.g.
 * "/quotes/status/:token"), never a URL; `status` becomes its class ("2xx"...).
 */
export function observeRequest(method: string, route: string, status: number, seconds: number) {
  const known = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];
  requestDuration.observe(
    {
      method: known.includes(method) ? method : "other",
      route,
      status: `${Math.floor(status / 100)}xx`,
    },
    seconds,
  );
}

/** Counts `count` delivery attempts of the outbox on `channel` that ended as `outcome`. */
export function countDeliveries(channel: string, outcome: "sent" | "failed", count = 1): void {
  if (count > 0) deliveries.inc({ channel: channel === "sms" ? "sms" : "mail", outcome }, count);
}

/**
 * Where the metrics are served: on the site's port behind `METRICS_TOKEN` (a bearer token), on
 * `METRICS_PORT` alone (to be firewalled to the scraper), both, or off (neither set).
 */
export function metricsSettings(): { token?: string; port?: number } {
  const config = env();
  return {
    ...(config.METRICS_TOKEN ? { token: config.METRICS_TOKEN } : {}),
    ...(config.METRICS_PORT ? { port: config.METRICS_PORT } : {}),
  };
}

/**
 * Whether an `Authorization` header carries the metrics token (constant-time comparison).
 * @returns false when no token is configured
 */
export function hasMetricsToken(authorization: string | undefined): boolean {
  const token = env().METRICS_TOKEN;
  if (!token || !authorization) return false;
  const given = Buffer.from(/^Bearer +(\S+)$/i.exec(authorization)?.[1] ?? "");
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The scrape: `{ contentType, body }` in Prometheus' text exposition format. */
export async function metricsText(): Promise<{ contentType: string; body: string }> {
  return { contentType: registry.contentType, body: await registry.metrics() };
}
