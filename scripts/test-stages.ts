/**
 * `npm test`: the test stages in order (typecheck, lint, unit and integration tests, build,
 * browser tests), stopping at the first that fails, with the time each took printed as it ends
 * and once more together at the end (CI reads them in `.ci/run`'s output).
 *
 * One exception to "a failure stops": V8 in Node 24 sometimes aborts a Vitest worker process with
 * `Check failed: jit_page_->allocations_.erase(addr) == 1` (SIGTRAP) while it frees WebAssembly
 * code (PGlite runs in worker threads, so one process compiles and frees the same module in
 * several isolates). When the only failure of the unit stage is such a crash of the runtime (no
 * test failed), the files the crashed worker had not finished run once more, and again while each
 * rerun finishes more of them (at most three reruns); the stage passes only if they all pass.
 * The files of a worker share it (vitest.config.ts), so a crash takes every file after it there.
 * See docs/decisions/0144-rerun-files-lost-to-a-v8-crash.md.
 *
 * Each stage's time and the ten slowest test files of Vitest and of Playwright (from their JSON
 * reports) are written to `reports/test-times.json` and printed, so where the time goes is known
 * after every run (CI's included): `{ total_s, stages: [{ name, seconds, status }],
 * slowest: { vitest: [{ file, seconds }], playwright: [{ file, seconds }] } }`.
 */
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import { vitestReports } from "./vitest-reports.ts";

const stages: [name: string, command: string][] = [
  ["typecheck", "npm run --silent typecheck"],
  ["lint", "npm run --silent lint"],
  ["unit/integration", "npm run --silent test:unit"],
  ["build", "npm run --silent build"],
  ["e2e", "npx playwright test"],
];

// Vitest names the files the worker held: one ("test file a.test.ts") or, with files sharing a
// worker, all of them ("test files a.test.ts, b.test.ts, ...")
const RUNTIME_CRASH =
  /Worker exited unexpectedly with signal (?:SIGTRAP|SIGSEGV|SIGABRT|SIGILL)[^\n]*?while running test files? ((?:\S+?\.test\.ts(?:, )?)+)/g;
const MAX_RERUNS = 3;

/** Runs `command` in a shell, printing its output as it comes; resolves to status and output. */
function run(command: string): Promise<{ status: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, { shell: true, stdio: ["inherit", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => {
      process.stdout.write(chunk);
      output += chunk.toString();
    });
    child.stderr.on("data", (chunk: Buffer) => {
      process.stderr.write(chunk);
      output += chunk.toString();
    });
    child.on("close", (code) => resolve({ status: code ?? 1, output }));
  });
}

/**
 * The test files a runtime crash took: those the crashed worker held that did not pass in
 * `report` (a Vitest JSON report); none when a test failed or no worker crashed.
 */
function filesLostToACrash(output: string, report: string): string[] {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: Vitest colours its output
  const plain = output.replace(/\u001b\[[0-9;]*m/g, "");
  const held = [...plain.matchAll(RUNTIME_CRASH)].flatMap((match) =>
    (match[1] as string).split(", "),
  );
  if (held.length === 0) return [];
  const parsed = readJson(report) as
    | { numFailedTests: number; testResults?: { name: string; status: string }[] }
    | undefined;
  if (parsed?.numFailedTests !== 0) return [];
  const passed = new Set(
    (parsed.testResults ?? []).filter((file) => file.status === "passed").map((file) => file.name),
  );
  return [...new Set(held)].filter((file) => !passed.has(file)).map(relative);
}

/** Seconds each test file took, slowest first (at most `count`), from Vitest's JSON report. */
function slowestVitestFiles(count: number): { file: string; seconds: number }[] {
  const files = new Map<string, number>();
  for (const report of vitestReports()) {
    const parsed = readJson(report) as
      | { testResults?: { name: string; startTime: number; endTime: number }[] }
      | undefined;
    for (const result of parsed?.testResults ?? []) {
      files.set(relative(result.name), (result.endTime - result.startTime) / 1000);
    }
  }
  return top(files, count);
}

interface PlaywrightSuite {
  file?: string;
  specs?: { tests?: { results?: { duration?: number }[] }[] }[];
  suites?: PlaywrightSuite[];
}

/**
 * Seconds of test time per spec file (the sum of its tests' durations; two workers run files
 * side by side, so the sum of all files is about twice the wall time), slowest first.
 */
function slowestPlaywrightFiles(count: number): { file: string; seconds: number }[] {
  const files = new Map<string, number>();
  const walk = (suite: PlaywrightSuite, file: string) => {
    const name = suite.file ?? file;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        for (const result of test.results ?? []) {
          files.set(name, (files.get(name) ?? 0) + (result.duration ?? 0) / 1000);
        }
      }
    }
    for (const child of suite.suites ?? []) walk(child, name);
  };
  const parsed = readJson("reports/playwright.json") as { suites?: PlaywrightSuite[] } | undefined;
  for (const suite of parsed?.suites ?? []) walk(suite, suite.file ?? "");
  return top(files, count);
}

function readJson(file: string): unknown {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8"));
  } catch {
    return undefined;
  }
}

function relative(file: string): string {
  return file.startsWith(process.cwd()) ? file.slice(process.cwd().length + 1) : file;
}

function top(files: Map<string, number>, count: number): { file: string; seconds: number }[] {
  return [...files]
    .map(([file, time]) => ({ file, seconds: Math.round(time * 10) / 10 }))
    .sort((a, b) => b.seconds - a.seconds)
    .slice(0, count);
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const took: string[] = [];
const times: { name: string; seconds: number; status: number }[] = [];
let status = 0;
const started = performance.now();
for (const report of [...vitestReports(), "reports/playwright.json", "reports/test-times.json"]) {
  fs.rmSync(report, { force: true });
}
for (const [name, command] of stages) {
  console.log(`\n==> stage ${name}: ${command}`);
  const start = performance.now();
  if (name === "unit/integration") {
    let result = await run(command);
    let report = "reports/vitest.json";
    let lost = result.status === 0 ? [] : filesLostToACrash(result.output, report);
    for (let rerun = 1; lost.length > 0 && rerun <= MAX_RERUNS; rerun++) {
      console.log(
        `\n==> the V8 runtime crashed with ${lost.length} test file(s) unfinished (no test failed): rerun ${rerun} of at most ${MAX_RERUNS} runs ${lost.join(", ")}`,
      );
      report = `reports/vitest-rerun-${rerun}.json`;
      result = await run(
        `npx vitest run --reporter=default --reporter=json --outputFile.json=${report} ${lost.join(" ")}`,
      );
      const still = result.status === 0 ? [] : filesLostToACrash(result.output, report);
      // a rerun that finished none of its files is not making progress: its failure stands
      lost = still.length < lost.length ? still : [];
    }
    status = result.status;
  } else {
    status = spawnSync(command, { shell: true, stdio: "inherit" }).status ?? 1;
  }
  times.push({ name, seconds: Math.round(performance.now() - start) / 1000, status });
  const line = `stage ${name} took ${seconds(performance.now() - start)}`;
  took.push(status === 0 ? line : `${line} (failed, status ${status})`);
  console.log(took.at(-1));
  if (status !== 0) break;
}
console.log(`\nTest stages (${seconds(performance.now() - started)} in all):`);
for (const line of took) console.log(`  ${line}`);
const summary = {
  total_s: Math.round(performance.now() - started) / 1000,
  stages: times,
  slowest: { vitest: slowestVitestFiles(10), playwright: slowestPlaywrightFiles(10) },
};
fs.mkdirSync("reports", { recursive: true });
fs.writeFileSync("reports/test-times.json", `${JSON.stringify(summary, null, 2)}\n`);
for (const [runner, files] of Object.entries(summary.slowest)) {
  if (files.length === 0) continue;
  console.log(`Slowest ${runner} files:`);
  for (const { file, seconds: s } of files) console.log(`  ${s.toFixed(1)} s  ${file}`);
}
process.exit(status);
