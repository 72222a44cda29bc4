/**
 * Rate limits stored in the database (rate-limiter-flexible's Drizzle store), so they hold across
 * server processes and survive restarts. Clients are keyed by IP address, IPv6 grouped by /64
 * (one customer's network usually owns a whole /64).
 */
import { sql } from "drizzle-orm";
import ipaddr from "ipaddr.js";
import { RateLimiterDrizzle, RateLimiterRes } from "rate-limiter-flexible";
import { rate_limits } from "../db/schema";
import { db, preparedStatement } from "./db.server";

/**
 * The rate-limit key of a client address: IPv4 as is, IPv4-mapped IPv6 as IPv4, other IPv6 as
 * its /64 network ("2001:db8:1:2::/64"). Unparseable input is returned trimmed, never thrown.
 */
export function clientKey(ip: string | undefined): string {
  const raw = (ip ?? "").trim();
  if (!ipaddr.isValid(raw)) return raw || "unknown";
  const address = ipaddr.process(raw);
  if (address.kind() === "ipv4") return address.toString();
  const parts = (address as ipaddr.IPv6).parts.slice(0, 4);
  return `${new ipaddr.IPv6([...parts, 0, 0, 0, 0]).toString()}/64`;
}

export interface RateLimit {
  /**
   * Counts one attempt by `ip`. Resolves to `{ ok: true }` or, past the limit,
   * `{ ok: false, status: 429, retryAfterSeconds }`. Store failures reject (callers answer 500).
   */
  consume(ip: string | undefined): Promise<LimitOutcome>;
}

/**
 * rate-limiter-flexible's Drizzle store with its one statement prepared once per database: the
 * library builds it through Drizzle on every request, about 8% of a quote POST's CPU. The SQL is
 * the library's (RateLimiterDrizzle._upsert, the store method its abstract class asks for).
 * Exported for the test that notices when an upgrade stops calling it (docs/architecture.md).
 */
export class PreparedDrizzleLimiter extends RateLimiterDrizzle {
  _upsert(key: string, points: number, msDuration: number, forceExpire = false) {
    const now = new Date();
    const expire = msDuration > 0 ? new Date(now.getTime() + msDuration).toISOString() : null;
    const statement = preparedStatement(`rate limit upsert ${forceExpire}`, (database) => {
      const value = (name: string) => sql`${sql.placeholder(name)}`;
      const expired = sql`${rate_limits.expire} <= ${value("now")}`;
      return database
        .insert(rate_limits)
        .values({ key: value("key"), points: value("points"), expire: value("expire") })
        .onConflictDoUpdate({
          target: rate_limits.key,
          set: forceExpire
            ? { points: value("points"), expire: value("expire") }
            : {
                points: sql`CASE WHEN ${expired} THEN ${value("points")} ELSE ${rate_limits.points} + ${value("points")} END`,
                expire: sql`CASE WHEN ${expired} THEN ${value("expire")} ELSE ${rate_limits.expire} END`,
              },
        })
        .returning()
        .prepare(`rate_limit_upsert_${forceExpire}`);
    });
    return statement.execute({ key, points, expire, now: now.toISOString() }).then(([row]) => row);
  }
}

/**
 * An attempt counted (`ok: true`) or refused past the limit: 429, and the whole seconds until the
 * next attempt is counted again (docs/decisions/0139-one-result-shape.md).
 */
export type LimitOutcome = { ok: true } | { ok: false; status: 429; retryAfterSeconds: number };

export interface KeyedLimit {
  /**
   * Counts one attempt under `key` (any string: an address key, an email, a hash). Resolves to
   * `{ ok: true }` or, past the limit, `{ ok: false, status: 429, retryAfterSeconds }`. Store
   * failures reject.
   */
  consume(key: string): Promise<LimitOutcome>;
  /** Forgets every attempt counted under `key`. */
  reset(key: string): Promise<void>;
  /** Whether `key` has used up its attempts now, without counting one. */
  exhausted(key: string): Promise<boolean>;
}

/** A limit of `points` attempts per `durationSeconds` for each key, under `name`. */
export function createKeyedLimit(
  name: string,
  points: number,
  durationSeconds: number,
): KeyedLimit {
  const limiter = new PreparedDrizzleLimiter({
    storeClient: db,
    schema: rate_limits,
    keyPrefix: name,
    points,
    duration: durationSeconds,
  });
  return {
    async consume(key) {
      try {
        await limiter.consume(key);
        return { ok: true };
      } catch (outcome) {
        if (outcome instanceof RateLimiterRes) {
          return {
            ok: false,
            status: 429,
            retryAfterSeconds: Math.ceil(outcome.msBeforeNext / 1000),
          };
        }
        throw outcome;
      }
    },
    async reset(key) {
      await limiter.delete(key);
    },
    async exhausted(key) {
      const state = await limiter.get(key);
      return state !== null && state.consumedPoints >= points;
    },
  };
}

/** A limit of `points` attempts per `durationSeconds` for each client, under `name`. */
export function createRateLimit(name: string, points: number, durationSeconds: number): RateLimit {
  const limit = createKeyedLimit(name, points, durationSeconds);
  return { consume: (ip) => limit.consume(clientKey(ip)) };
}
