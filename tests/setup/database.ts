/**
 * Fresh databases for integration tests: a new PGlite directory always, and a new PostgreSQL
 * database when DATABASE_URL is set (CI). Never the developer's ./data.
 */

import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";
import { inject, it } from "vitest";
import {
  type DatabaseHandle,
  type DatabaseOptions,
  openDatabase,
  setDatabase,
} from "~/lib/db.server";
import { loadEnv, setEnv } from "~/lib/env.server";

export type Driver = "pglite" | "postgres";

/** The drivers this run tests: PGlite, plus PostgreSQL when DATABASE_URL is set. */
export const drivers: Driver[] = process.env.DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];

export interface TestDatabase {
  handle: DatabaseHandle;
  dataDir: string;
  /** the PostgreSQL connection string (undefined on PGlite), for a second app instance */
  url: string | undefined;
  /** Closes and reopens the same database (a server restart). */
  restart(): Promise<DatabaseHandle>;
  /** Lets go of the database (e.g. so another process may open the PGlite directory). */
  close(): Promise<void>;
  /** Opens it again after `close()`. */
  reopen(): Promise<DatabaseHandle>;
  dispose(): Promise<void>;
}

/**
 * Creates a new, empty PostgreSQL database next to the one `base` names (same server and user).
 * @returns its connection string and a function dropping it (connections forced closed)
 */
export async function createPostgresDatabase(
  base: string,
  prefix: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString("hex")}`;
  const admin = postgres(base, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE ${name}`);
  await admin.end();
  const target = new URL(base);
  target.pathname = `/${name}`;
  return {
    url: target.href,
    drop: async () => {
      const cleanup = postgres(base, { max: 1, onnotice: () => {} });
      await cleanup.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

/**
 * The run's migrated PGlite directory (tests/setup/global-setup.ts), or undefined outside Vitest
 * (a bench script): then each fresh database is made from nothing.
 */
function pgliteTemplate(): string | undefined {
  try {
    return inject("pgliteTemplate");
  } catch {
    return undefined;
  }
}

/**
 * Creates a fresh database, makes it the app's database and configures a test environment.
 * On PGlite it starts as a copy of the run's migrated directory; openDatabase still checks it is
 * migrated.
 */
export async function freshDatabase(
  driver: Driver,
  envOverrides: Record<string, string> = {},
  openOptions: Pick<DatabaseOptions, "statementTimeoutMs"> = {},
): Promise<TestDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "remediation-test-"));
  let url: string | undefined;
  let dropDatabase = async () => {};
  if (driver === "postgres") {
    ({ url, drop: dropDatabase } = await createPostgresDatabase(
      process.env.DATABASE_URL as string,
      "test",
    ));
  }
  setEnv(
    loadEnv({
      NODE_ENV: "test",
      DATA_DIR: dataDir,
      LEADS_EMAIL: "leads@remediation.test",
      PUBLIC_URL: "http://localhost:3000",
      LOG_LEVEL: "silent",
      AUTH_SECRET: "integration-test-secret-0123456789abcdef",
      // tests deliver mail themselves; production mode would otherwise demand SMTP_URL
      MAIL_TRANSPORT: "file",
      ...envOverrides,
    }),
  );
  const pgliteDir = path.join(dataDir, "db");
  const template = pgliteTemplate();
  // a copy of the run's migrated directory: a fresh one costs initdb and every migration
  if (driver === "pglite" && template) fs.cpSync(template, pgliteDir, { recursive: true });
  const open = () => openDatabase({ ...openOptions, url, pgliteDir });
  let handle = await open();
  setDatabase(handle);
  const database: TestDatabase = {
    get handle() {
      return handle;
    },
    dataDir,
    url,
    async restart() {
      await database.close();
      return database.reopen();
    },
    async close() {
      setDatabase(undefined);
      await handle.close();
    },
    async reopen() {
      handle = await open();
      setDatabase(handle);
      return handle;
    },
    async dispose() {
      setDatabase(undefined);
      await handle.close();
      await dropDatabase();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return database;
}

/**
 * `it` for a test that only PostgreSQL can run (several processes on one database, its own
 * catalogue): registered on that driver's run only, so the PGlite run lists no skipped test.
 */
export function itOnPostgres(
  driver: Driver,
): (name: string, run: () => Promise<void>, timeout?: number) => void {
  return driver === "postgres" ? (name, run, timeout) => it(name, run, timeout) : () => {};
}
