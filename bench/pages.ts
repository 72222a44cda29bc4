/**
 * Server-rendered page throughput: GETs a dynamic page (the water-filtration quote form: root and
 * route loaders run, the page is rendered by React on every request) from the production server
 * (see harness.ts) and prints req/s, latency p50/p99 and errors (anything but 200) per driver.
 * BENCH_PATH picks another page. Budget (DESIGN section 7): a dynamic SSR page >= 700 req/s on
 * 2 cores, 0 errors.
 *
 * Then a prerendered (static) page: the app server answering BENCH_STATIC's URL against a bare
 * express.static serving the same file, in the same run (budget: the app at least 0.9x).
 * BENCH_STATIC is "<url path>=<file>"; by default the prerendered /products page
 * ("/products=build/client/products/index.html"). BENCH_SKIP_SSR=1 runs only this part.
 * Prints figures; asserts nothing.
 *
 *   npm run build && DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node bench/pages.ts
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import express from "express";
import { benchDrivers, loadAndReport, origin, port, startServer } from "./harness.ts";

if (!process.env.BENCH_SKIP_SSR) {
  await benchDrivers({
    path: process.env.BENCH_PATH ?? "/quotes/water-filtration-remediation",
    expectStatus: 200,
  });
}

const [urlPath = "/products", file = "build/client/products/index.html"] = (
  process.env.BENCH_STATIC ?? "/products=build/client/products/index.html"
).split("=");
if (!fs.existsSync(file)) throw new Error(`${file} does not exist: run npm run build first`);
console.log(`static     ${urlPath} (${fs.statSync(file).size} bytes from ${file})`);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "remediation-bench-"));
const server = await startServer({ DATA_DIR: dataDir, DATABASE_URL: "", PUBLIC_URL: origin });
// the page's URL mapped onto its file (serve-static will not serve a file as a mount's index)
const bare = express()
  .use((req, _res, next) => {
    if (req.path === urlPath) req.url = `/${path.basename(file)}`;
    next();
  })
  .use(express.static(path.dirname(file), { redirect: false }))
  .listen(port + 1);
try {
  const app = await loadAndReport("app", origin, { path: urlPath, expectStatus: 200 });
  const plain = await loadAndReport("express.static", `http://127.0.0.1:${port + 1}`, {
    path: urlPath,
    expectStatus: 200,
  });
  console.log(`ratio      app / express.static = ${(app / plain).toFixed(2)} (budget >= 0.9)`);
} finally {
  bare.close();
  server.kill("SIGTERM");
  await new Promise((resolve) => server.on("exit", resolve));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
