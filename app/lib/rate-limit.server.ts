/**
 * Rate limits stored in the database (rate-limiter-flexible's Drizzle store), so they hold across
 * server processes and survive restarts. Clients are keyed by IP address, IPv6 grouped by /64
 * (one customer's network usually owns a whole /64).
 */
import ipaddr from "ipaddr.js";
import { RateLimiterDrizzle, RateLimiterRes } from "rate-limiter-flexible";
import { rate_limits } from "../db/schema";
import { db } from "./db.server";

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
   * Counts one attempt by `ip`. Resolves to `{ allowed: true }` or, past the limit,
   * `{ allowed: false, retryAfterSeconds }`. Store failures reject (callers answer 500).
   */
  consume(
    ip: string | undefined,
  ): Promise<{ allowed: true } | { allowed: false; retryAfterSeconds: number }>;
}

/** A limit of `points` attempts per `durationSeconds` for each client, under `name`. */
export function createRateLimit(name: string, points: number, durationSeconds: number): RateLimit {
  const limiter = new RateLimiterDrizzle({
    storeClient: db,
    schema: rate_limits,
    keyPrefix: name,
    points,
    duration: durationSeconds,
  });
  return {
    async consume(ip) {
      try {
        await limiter.consume(clientKey(ip));
        return { allowed: true };
      } catch (outcome) {
        if (outcome instanceof RateLimiterRes) {
          return { allowed: false, retryAfterSeconds: Math.ceil(outcome.msBeforeNext / 1000) };
        }
        throw outcome;
      }
    },
  };
}
