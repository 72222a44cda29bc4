/**
 * Prints one closing line counting every test of the run ("N passed, N failed, N skipped"),
 * from the JSON reports Vitest and Playwright write into ./reports (and Vitest's reruns of files a
 * runtime crash took, when there were any).
 */
import fs from "node:fs";
import { vitestReports } from "./vitest-reports.ts";

function read(file: string): unknown {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8"));
  } catch {
    return undefined;
  }
}

let passed = 0;
let failed = 0;
let skipped = 0;

// a file a V8 crash took counts once, as its last run went (scripts/vitest-reports.ts)
const vitestFiles = new Map<string, { status: string }[]>();
for (const file of vitestReports()) {
  const vitest = read(file) as
    | { testResults?: { name: string; assertionResults: { status: string }[] }[] }
    | undefined;
  for (const result of vitest?.testResults ?? []) {
    vitestFiles.set(result.name, result.assertionResults);
  }
}
for (const test of [...vitestFiles.values()].flat()) {
  if (test.status === "passed") passed += 1;
  else if (test.status === "failed") failed += 1;
  else skipped += 1;
}

const playwright = read("reports/playwright.json") as
  | { stats: { expected: number; unexpected: number; flaky: number; skipped: number } }
  | undefined;
if (playwright) {
  passed += playwright.stats.expected + playwright.stats.flaky;
  failed += playwright.stats.unexpected;
  skipped += playwright.stats.skipped;
}

console.log(`\nTests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
