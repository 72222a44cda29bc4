/**
 * The Stripe client (the official SDK), built once from the configuration: STRIPE_SECRET_KEY,
 * and STRIPE_API_URL when set (host, port and protocol of another Stripe-compatible server, such
 * as the tests' local one). Without a key online payment is off and the pages say how to pay by
 * check or phone.
 */
import Stripe from "stripe";
import { env } from "~/lib/env.server";

let cached: { key: string; url: string | undefined; client: Stripe } | undefined;

/** True when card and bank payments through Stripe Checkout are configured. */
export function onlinePaymentsEnabled(): boolean {
  return Boolean(env().STRIPE_SECRET_KEY);
}

/**
 * The Stripe client for the current configuration.
 * @throws Error when STRIPE_SECRET_KEY is not set (check `onlinePaymentsEnabled()` first)
 */
export function stripe(): Stripe {
  const key = env().STRIPE_SECRET_KEY;
  if (!key) throw new Error("STRIPE_SECRET_KEY is not set");
  const url = env().STRIPE_API_URL;
  if (cached?.key === key && cached.url === url) return cached.client;
  const target = url ? new URL(url) : undefined;
  const client = new Stripe(key, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    ...(target
      ? {
          host: target.hostname,
          port: target.port || (target.protocol === "https:" ? 443 : 80),
          protocol: target.protocol === "https:" ? "https" : "http",
        }
      : {}),
  });
  cached = { key, url, client };
  return client;
}

/** How long a webhook signature stays valid after its timestamp (Stripe's default too). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;
