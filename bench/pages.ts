/**
 * Server-rendered page throughput: GETs a dynamic page (the water-filtration quote form: root and
 * route loaders run, the page is rendered by React on every request) from the production server
 * (see harness.ts) and prints req/s, latency p50/p99 and errors (anything but 200) per driver.
 * BENCH_PATH picks another page. Budget (DESIGN section 7): a dynamic SSR page >= 700 req/s on
 * 2 cores, 0 errors. Prints figures; asserts nothing.
 *
 *   npm run build && DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node bench/pages.ts
 */
import { benchDrivers } from "./harness.ts";

await benchDrivers({
  path: process.env.BENCH_PATH ?? "/quotes/water-filtration-remediation",
  expectStatus: 200,
});
