/**
 * Vitest's global setup: one migrated PGlite data directory for the whole run, which every
 * integration test's fresh PGlite database starts as a copy of (tests/setup/database.ts). A fresh
 * PGlite directory costs its initdb and every migration (about 9 s on this machine, under load);
 * a copy of the migrated one about 1.5 s, and there are hundreds per run.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { openDatabase } from "~/lib/db.server";
import { loadEnv, setEnv } from "~/lib/env.server";

declare module "vitest" {
  interface ProvidedContext {
    /** a closed, migrated PGlite data directory to copy (read only) */
    pgliteTemplate: string;
  }
}

export async function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "remediation-template-"));
  setEnv(
    loadEnv({
      NODE_ENV: "test",
      DATA_DIR: dir,
      PUBLIC_URL: "http://localhost:3000",
      LOG_LEVEL: "silent",
      AUTH_SECRET: "integration-test-secret-0123456789abcdef",
      MAIL_TRANSPORT: "file",
    }),
  );
  const template = path.join(dir, "db");
  const handle = await openDatabase({ pgliteDir: template });
  await handle.close();
  project.provide("pgliteTemplate", template);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
