/**
 * The database: PGlite (embedded Postgres in WASM) in `$DATA_DIR/db` by default, or a PostgreSQL
 * server when DATABASE_URL is set. Both run the same Drizzle schema and the same committed SQL
 * migrations, applied on open. Nothing opens at import time: the server awaits `connectDatabase()`.
 */
import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { type SQLWrapper, sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";
import lockfile from "proper-lockfile";
import * as schema from "../db/schema";

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction or the database itself: feature functions accept either. */
export type Executor = Parameters<Parameters<Database["transaction"]>[0]>[0] | Database;

export interface DatabaseHandle {
  db: Database;
  driver: "pglite" | "postgres";
  /** Subscribes to a NOTIFY channel; resolves to an unsubscribe function. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  /** Resolves when the database answers a trivial query; rejects otherwise. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** PostgreSQL connection string; when absent, PGlite in `pgliteDir` */
  url?: string;
  pgliteDir: string;
  /** folder of drizzle-kit migrations; default ./drizzle under the working directory */
  migrationsFolder?: string;
  /** PostgreSQL pool size */
  poolSize?: number;
}

/** Thrown when another process already holds the PGlite data directory. */
export class DatabaseLockedError extends Error {
  constructor(dir: string) {
    super(
      `The database in ${dir} is already in use by another process. ` +
        "PGlite allows only one process per data directory: stop the other server " +
        "(or set DATA_DIR to another folder) and try again.",
    );
    this.name = "DatabaseLockedError";
  }
}

const MIGRATION_LOCK = 7_235_104_211; // pg_advisory_lock key: one migrator at a time

/**
 * Opens the database and applies pending migrations.
 * @throws DatabaseLockedError when PGlite's directory is held by another live process.
 */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  const migrationsFolder = options.migrationsFolder ?? path.resolve("drizzle");
  return options.url
    ? openPostgres(options.url, migrationsFolder, options.poolSize ?? 10)
    : openPglite(options.pgliteDir, migrationsFolder);
}

async function openPglite(dir: string, migrationsFolder: string): Promise<DatabaseHandle> {
  fs.mkdirSync(dir, { recursive: true });
  // PGlite does not lock its directory and two writers corrupt it silently, so we do.
  const release = await lockfile
    .lock(dir, { retries: 0, stale: 10_000, update: 2_000, realpath: false })
    .catch((error: NodeJS.ErrnoException) => {
      throw error.code === "ELOCKED" ? new DatabaseLockedError(dir) : error;
    });
  try {
    const client = new PGlite(dir);
    await client.waitReady;
    const db = drizzlePglite({ client, schema }) as unknown as Database;
    await migratePglite(db as never, { migrationsFolder });
    return {
      db,
      driver: "pglite",
      listen: async (channel, onPayload) => {
        const unsubscribe = await client.listen(channel, onPayload);
        return async () => unsubscribe();
      },
      ping: async () => {
        await client.query("select 1");
      },
      close: async () => {
        await client.close();
        await release();
      },
    };
  } catch (error) {
    await release();
    throw error;
  }
}

async function openPostgres(
  url: string,
  migrationsFolder: string,
  poolSize: number,
): Promise<DatabaseHandle> {
  const quiet = { onnotice: () => {} };
  const migrator = postgres(url, { max: 1, ...quiet });
  try {
    await migrator`select pg_advisory_lock(${MIGRATION_LOCK})`;
    await migratePostgres(drizzlePostgres({ client: migrator }), { migrationsFolder });
    await migrator`select pg_advisory_unlock(${MIGRATION_LOCK})`;
  } finally {
    await migrator.end({ timeout: 5 });
  }
  const sql = postgres(url, { max: poolSize, ...quiet });
  const db = drizzlePostgres({ client: sql, schema }) as unknown as Database;
  return {
    db,
    driver: "postgres",
    listen: async (channel, onPayload) => {
      const subscription = await sql.listen(channel, onPayload);
      return () => subscription.unlisten();
    },
    ping: async () => {
      await sql`select 1`;
    },
    close: () => sql.end({ timeout: 10 }),
  };
}

/**
 * Runs several INSERT/UPDATE statements as ONE SQL statement (data-modifying CTEs): atomic like a
 * transaction, in one round trip. Foreign keys are checked at the end of the statement, so a row
 * may reference another written by the same call; none may read another's result.
 * @throws the database error; nothing is written then.
 */
export async function writeAtomically(executor: Executor, statements: SQLWrapper[]): Promise<void> {
  const [last, ...first] = [...statements].reverse();
  if (!last) return;
  const ctes = first
    .reverse()
    .map((statement, i) => sql`${sql.raw(`w${i}`)} AS (${statement.getSQL()})`);
  await executor.execute(
    ctes.length ? sql`WITH ${sql.join(ctes, sql`, `)} ${last.getSQL()}` : last.getSQL(),
  );
}

let current: DatabaseHandle | undefined;

/** Makes `handle` the application's database (server start-up and tests). */
export function setDatabase(handle: DatabaseHandle | undefined): void {
  current = handle;
}

/** The application's database handle; throws if it has not been opened yet. */
export function databaseHandle(): DatabaseHandle {
  if (!current) throw new Error("The database is not open yet: await connectDatabase() first");
  return current;
}

/**
 * The application's database. A stand-in that forwards to the open handle, so modules (and
 * better-auth's adapter) can hold it at import time while the connection opens later.
 */
export const db: Database = new Proxy({} as Database, {
  get(_target, property) {
    const real = databaseHandle().db as unknown as Record<PropertyKey, unknown>;
    const value = Reflect.get(real, property, real);
    return typeof value === "function" ? value.bind(real) : value;
  },
});
