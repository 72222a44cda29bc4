/**
 * Prints one closing line counting every test of the run ("N passed, N failed, N skipped"),
 * from the JSON reports Vitest and Playwright write into ./reports (and Vitest's rerun of files a
 * runtime crash took, when there was one).
 */
import fs from "node:fs";

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

// vitest-rerun.json: the files a V8 crash took, run once more (scripts/test-stages.ts)
for (const file of ["reports/vitest.json", "reports/vitest-rerun.json"]) {
  const vitest = read(file) as
    | {
        numPassedTests: number;
        numFailedTests: number;
        numPendingTests: number;
        numTodoTests: number;
      }
    | undefined;
  if (vitest) {
    passed += vitest.numPassedTests;
    failed += vitest.numFailedTests;
    skipped += vitest.numPendingTests + vitest.numTodoTests;
  }
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
