/**
 * `npm test`: the test stages in order (typecheck, lint, unit and integration tests, build,
 * browser tests), stopping at the first that fails, with the time each took printed as it ends
 * and once more together at the end (CI reads them in `.ci/run`'s output).
 *
 * One exception to "a failure stops": V8 12/13 in Node 24 sometimes aborts a Vitest worker
 * process with `Check failed: jit_page_->allocations_.erase(addr) == 1` (SIGTRAP) while it frees
 * WebAssembly code (PGlite runs in worker threads, so one process compiles and frees the same
 * module in several isolates). About one run in two lost one test file to it. When the only
 * failure of the unit stage is such a crash of the runtime (no test failed), the crashed files
 * run once more on their own and the stage passes only if they pass; the rerun is printed.
 * See docs/decisions/0144-rerun-files-lost-to-a-v8-crash.md.
 */
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";

const stages: [name: string, command: string][] = [
  ["typecheck", "npm run --silent typecheck"],
  ["lint", "npm run --silent lint"],
  ["unit/integration", "npm run --silent test:unit"],
  ["build", "npm run --silent build"],
  ["e2e", "npx playwright test"],
];

const RUNTIME_CRASH =
  /Worker exited unexpectedly with signal (SIGTRAP|SIGSEGV|SIGABRT|SIGILL)[^\n]*?while running test file (\S+?\.test\.ts)/g;

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

/** The test files a runtime crash took, when no test of the run failed; else none. */
function filesLostToACrash(output: string): string[] {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: Vitest colours its output
  const plain = output.replace(/\u001b\[[0-9;]*m/g, "");
  const files = [...plain.matchAll(RUNTIME_CRASH)].map((match) => match[2] as string);
  if (files.length === 0) return [];
  try {
    const report = JSON.parse(fs.readFileSync("reports/vitest.json", "utf8")) as {
      numFailedTests: number;
    };
    return report.numFailedTests === 0 ? [...new Set(files)] : [];
  } catch {
    return [];
  }
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const took: string[] = [];
let status = 0;
const started = performance.now();
fs.rmSync("reports/vitest-rerun.json", { force: true });
for (const [name, command] of stages) {
  console.log(`\n==> stage ${name}: ${command}`);
  const start = performance.now();
  if (name === "unit/integration") {
    const result = await run(command);
    status = result.status;
    const lost = status === 0 ? [] : filesLostToACrash(result.output);
    if (lost.length > 0) {
      console.log(
        `\n==> the V8 runtime crashed while running ${lost.join(", ")} (no test failed): running ${lost.length === 1 ? "it" : "them"} once more`,
      );
      status =
        spawnSync(
          `npx vitest run --reporter=default --reporter=json --outputFile.json=reports/vitest-rerun.json ${lost.join(" ")}`,
          { shell: true, stdio: "inherit" },
        ).status ?? 1;
    }
  } else {
    status = spawnSync(command, { shell: true, stdio: "inherit" }).status ?? 1;
  }
  const line = `stage ${name} took ${seconds(performance.now() - start)}`;
  took.push(status === 0 ? line : `${line} (failed, status ${status})`);
  console.log(took.at(-1));
  if (status !== 0) break;
}
console.log(`\nTest stages (${seconds(performance.now() - started)} in all):`);
for (const line of took) console.log(`  ${line}`);
process.exit(status);
