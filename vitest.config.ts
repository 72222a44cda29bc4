import path from "node:path";
import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/** Files in path order: with shared modules, every run (here and in CI) meets them in one order. */
class PathOrder extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return [...files].sort((a, b) => a.moduleId.localeCompare(b.moduleId));
  }
}

export default defineConfig({
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  test: {
    include: ["tests/unit/**/*.test.ts", "tests/integration/**/*.test.ts"],
    environment: "node",
    // one migrated PGlite directory per run; each test's fresh PGlite database is a copy of it
    globalSetup: ["tests/setup/global-setup.ts"],
    // a test file's databases are reused between its tests (tests/setup/database.ts)
    setupFiles: ["tests/setup/spares.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // two workers, one a core; the files of a worker share it and its imported modules (the app,
    // the fonts, the migrated template): each file still makes its own databases and environment
    // (tests/setup/database.ts), so files never meet (decisions 0197, 0275)
    fileParallelism: true,
    maxWorkers: 2,
    isolate: false,
    // V8 13.6 (Node 24) can free a WebAssembly import wrapper twice while it collects wasm code,
    // aborting the worker (decision 0144); PGlite opened and closed hundreds of times meets it
    execArgv: ["--no-wasm-code-gc"],
    sequence: { sequencer: PathOrder },
  },
});
