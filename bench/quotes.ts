/**
 * Quote submission throughput: POSTs valid water-filtration quotes to the production server (see
 * harness.ts) and prints req/s, latency p50/p99 and errors per driver. A request counts as
 * successful only when answered 302 (to the confirmation); each one also queues two mails, which
 * the outbox worker delivers during the run.
 * Budget (DESIGN section 7): >= 600 req/s, p99 < 100 ms, 0 errors. Prints figures; asserts nothing.
 *
 *   npm run build && DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node bench/quotes.ts
 */
import { benchDrivers, waterQuoteBody as body, origin } from "./harness.ts";

await benchDrivers({
  path: "/quotes/water-filtration-remediation",
  method: "POST",
  headers: { "content-type": "application/x-www-form-urlencoded", origin },
  body,
  expectStatus: 302,
});
