/**
 * Fresh databases for integration tests: a new PGlite directory always, and a new PostgreSQL
 * database when DATABASE_URL is set (CI). Never the developer's ./data.
 */

import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { inject, it } from "vitest";
import {
  type DatabaseHandle,
  type DatabaseOptions,
  openDatabase,
  setDatabase,
} from "~/lib/db.server";
import { loadEnv, setEnv } from "~/lib/env.server";
import { createPostgresDatabase } from "./postgres";

export { createPostgresDatabase };

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
 * A database a finished test handed back: still open, emptied again before the next test of the
 * same file takes it. Opening one costs about a second (PGlite's worker and WebAssembly, or
 * PostgreSQL's CREATE DATABASE and migrations check); emptying it tens of milliseconds.
 */
interface SpareDatabase {
  handle: DatabaseHandle;
  dataDir: string;
  url: string | undefined;
  pristine: Pristine;
  dropDatabase: () => Promise<void>;
}

const spares = new Map<Driver, SpareDatabase>();

/** What a just-migrated database holds outside the migrations table: its rows and sequences. */
interface Pristine {
  tables: string[];
  rows: { table: string; columns: string[]; json: string }[];
  sequences: { name: string; value: number | null }[];
}

function resultRows(result: unknown): Record<string, unknown>[] {
  return (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Record<
    string,
    unknown
  >[];
}

async function query(handle: DatabaseHandle, text: string): Promise<Record<string, unknown>[]> {
  return resultRows(await handle.db.execute(sql.raw(text)));
}

/** Reads what a fresh database holds, so `empty` can bring a used one back to it. */
async function pristineOf(handle: DatabaseHandle): Promise<Pristine> {
  // one round trip: every table with the number of rows it holds
  const counted = await query(
    handle,
    `select format('%I.%I', schemaname, tablename) as name,
       (xpath('/row/n/text()', query_to_xml(
         format('select count(*) as n from %I.%I', schemaname, tablename), false, true, '')))[1]::text::int as n
     from pg_tables where schemaname not in ('pg_catalog', 'information_schema', 'drizzle')`,
  );
  const tables = counted.map((row) => row.name as string);
  const rows: Pristine["rows"] = [];
  for (const table of tables.filter((_, index) => Number(counted[index]?.n) > 0)) {
    const [found] = await query(handle, `select json_agg(t)::text as json from ${table} t`);
    const columns = (
      await query(
        handle,
        `select quote_ident(attname) as name from pg_attribute
         where attrelid = '${table}'::regclass and attnum > 0 and not attisdropped
           and attgenerated = ''`,
      )
    ).map((row) => row.name as string);
    rows.push({ table, columns, json: String(found?.json) });
  }
  const sequences = (
    await query(
      handle,
      `select format('%I.%I', schemaname, sequencename) as name, last_value::text as value
       from pg_sequences where schemaname <> 'drizzle'`,
    )
  ).map((row) => ({
    name: row.name as string,
    value: row.value === null ? null : Number(row.value),
  }));
  return { tables, rows, sequences };
}

/**
 * Brings a used database back to `pristine` in one statement (one round trip), triggers off
 * (foreign keys included, so the order does not matter). DELETE, not TRUNCATE: tables hold a few
 * rows, and TRUNCATE makes new files for every table and index.
 */
async function empty(handle: DatabaseHandle, pristine: Pristine): Promise<void> {
  const body = [
    "perform set_config('session_replication_role', 'replica', true);",
    ...pristine.tables.map((table) => `delete from ${table};`),
    ...pristine.rows.map(({ table, columns, json }) => {
      const list = columns.join(", ");
      return `insert into ${table} (${list}) overriding system value select ${list}
        from json_populate_recordset(null::${table}, ${literal(json)}::json);`;
    }),
    ...pristine.sequences.map(({ name, value }) =>
      value === null ? `alter sequence ${name} restart;` : `perform setval('${name}', ${value});`,
    ),
    "perform set_config('session_replication_role', 'origin', true);",
  ];
  await query(handle, `do $reset$ begin ${body.join("\n")} end $reset$`);
}

function literal(text: string): string {
  return `'${text.replaceAll("'", "''")}'`;
}

/** Closes the databases kept for reuse (at the end of each test file: tests/setup/spares.ts). */
export async function closeSpareDatabases(): Promise<void> {
  for (const [driver, spare] of spares) {
    spares.delete(driver);
    await spare.handle.close().catch(() => undefined);
    await spare.dropDatabase();
    fs.rmSync(spare.dataDir, { recursive: true, force: true });
  }
}

function testEnv(dataDir: string, envOverrides: Record<string, string>) {
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
}

/**
 * A fresh database: made the app's database, with a test environment (`envOverrides` on top).
 * On PGlite it starts as a copy of the run's migrated directory; openDatabase still checks it is
 * migrated. A database the file's previous test disposed of untouched (not closed, restarted or
 * opened with `openOptions`) is emptied back to its just-migrated state and handed out again, with
 * its data directory emptied too (the PGlite files under `db/` stay): the test cannot tell it
 * from a new one, and it costs tens of milliseconds instead of about a second.
 */
export async function freshDatabase(
  driver: Driver,
  envOverrides: Record<string, string> = {},
  openOptions: Pick<DatabaseOptions, "statementTimeoutMs"> = {},
): Promise<TestDatabase> {
  const reusable = Object.keys(openOptions).length === 0;
  const spare = reusable ? spares.get(driver) : undefined;
  if (spare) spares.delete(driver);
  let dataDir: string;
  let url: string | undefined;
  let dropDatabase = async () => {};
  let handle: DatabaseHandle;
  let pristine: Pristine | undefined;
  const pgliteDir = () => path.join(dataDir, "db");
  const open = () => openDatabase({ ...openOptions, url, pgliteDir: pgliteDir() });
  if (spare) {
    ({ dataDir, url, dropDatabase, handle, pristine } = spare);
    for (const entry of fs.readdirSync(dataDir)) {
      if (entry === "db" || entry === "db.process-lock") continue;
      fs.rmSync(path.join(dataDir, entry), { recursive: true, force: true });
    }
    testEnv(dataDir, envOverrides);
    await empty(handle, pristine);
  } else {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "remediation-test-"));
    if (driver === "postgres") {
      ({ url, drop: dropDatabase } = await createPostgresDatabase(
        process.env.DATABASE_URL as string,
        "test",
      ));
    }
    testEnv(dataDir, envOverrides);
    const template = pgliteTemplate();
    // a copy of the run's migrated directory: a fresh one costs initdb and every migration
    if (driver === "pglite" && template) fs.cpSync(template, pgliteDir(), { recursive: true });
    handle = await open();
    if (reusable) pristine = await pristineOf(handle);
  }
  setDatabase(handle);
  // closing, restarting or reopening hands the test a handle of its own: not reused after it
  let untouched = reusable;
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
      untouched = false;
      setDatabase(undefined);
      await handle.close();
    },
    async reopen() {
      untouched = false;
      handle = await open();
      setDatabase(handle);
      return handle;
    },
    async dispose() {
      setDatabase(undefined);
      if (untouched && pristine && !spares.has(driver)) {
        spares.set(driver, { handle, dataDir, url, pristine, dropDatabase });
        return;
      }
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
