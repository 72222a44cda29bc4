/**
 * Rendering cost in CPU time, for a machine shared with other work: N requests (default 2000,
 * after 300 to warm up) sent straight to the React Router handler of the production build, no
 * HTTP, one at a time; prints CPU milliseconds per request (all threads of the process) and
 * requests per CPU-second. Wall-clock req/s on a busy machine says more about the neighbours
 * than the code; CPU time per request does not. PROFILE=file.cpuprofile records a CPU profile of
 * the measured requests only (open it in Chrome DevTools). BUILD_DIR compares two builds (it
 * must sit inside the project, e.g. node_modules/.cache/x, so packages resolve).
 *
 *   npm run build && node bench/render.ts          # URL_PATH=/ for another page, UNIQUE=1 uncached
 */
import fs from "node:fs";
import { Session } from "node:inspector/promises";
import os from "node:os";
import path from "node:path";
import type { ServerBuild } from "react-router";

// before React and React Router load: they pick their production build from NODE_ENV
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "remediation-render-"));
process.env.DATA_DIR = dataDir;
process.env.DATABASE_URL = "";
process.env.NODE_ENV = "production";
process.env.LOG_LEVEL = "warn";
const { createRequestHandler, RouterContextProvider } = await import("react-router");
const buildDir = process.env.BUILD_DIR ?? "build";
const build = (await import(path.resolve(buildDir, "server/index.js"))) as ServerBuild;
const app = build.entry.module as typeof import("../app/entry.server");
await app.startServices();
const handler = createRequestHandler(build, "production");
const url = process.env.URL_PATH ?? "/quotes/water-filtration-remediation";
const n = Number(process.env.N ?? 2000);
// UNIQUE=1 gives each request its own query string, so no guest render is served from the
// render cache (lib/render-cache.server.ts): the cost of React rendering the page
const unique = process.env.UNIQUE === "1";
let sequence = 0;

async function once() {
  const context = new RouterContextProvider();
  context.set(app.requestContext, { clientIp: "127.0.0.1", nonce: "bench", requestId: "bench" });
  const query = unique ? `${url.includes("?") ? "&" : "?"}r=${sequence++}` : "";
  const response = await handler(new Request(`http://127.0.0.1:3000${url}${query}`), context);
  await response.text();
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
}

for (let i = 0; i < 300; i++) await once();
const session = new Session();
session.connect();
if (process.env.PROFILE) {
  await session.post("Profiler.enable");
  await session.post("Profiler.start");
}
const cpu = process.cpuUsage();
const started = performance.now();
for (let i = 0; i < n; i++) await once();
const used = process.cpuUsage(cpu);
const wall = performance.now() - started;
if (process.env.PROFILE) {
  const { profile } = await session.post("Profiler.stop");
  fs.writeFileSync(process.env.PROFILE, JSON.stringify(profile));
}
const cpuMs = (used.user + used.system) / 1000;
console.log(
  `${url} (${buildDir}): ${(cpuMs / n).toFixed(2)} ms CPU per request, ` +
    `${(n / (cpuMs / 1000)).toFixed(0)} requests per CPU-second (wall ${(wall / n).toFixed(2)} ms each)`,
);
await app.stopServices();
fs.rmSync(dataDir, { recursive: true, force: true });
