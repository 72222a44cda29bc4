/**
 * The database: PGlite (embedded Postgres in WASM) in `$DATA_DIR/db` by default, or a PostgreSQL
 * server when DATABASE_URL is set. Both run the same Drizzle schema and the same committed SQL
 * migrations, applied on open. Nothing opens at import time: the server opens it in
 * `startServices()` (`lib/services.server.ts`).
 */
import fs from "node:fs";
import path from "node:path";
import { type Column, getTableColumns, getTableName, sql } from "drizzle-orm";
import {
  type PgDatabase,
  PgDialect,
  type PgPreparedQuery,
  type PgQueryResultHKT,
  type PgTable,
  type PreparedQueryConfig,
} from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";
import * as schema from "../db/schema";
import { DatabaseTimeoutError } from "./database-errors.server";
import { PGliteWorkerClient } from "./pglite-client.server";
import { lockExclusively } from "./process-lock.server";

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  driver: "pglite" | "postgres";
  /** Subscribes to a NOTIFY channel; resolves to an unsubscribe function. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  /** Resolves when the database answers a trivial query; rejects otherwise. */
  ping(): Promise<void>;
  /** PostgreSQL's pool: its size, connections busy, statements waiting for one (PGlite: none) */
  poolUse?(): PoolUse;
  close(): Promise<void>;
}

/** How busy a connection pool is (for the metrics). */
export interface PoolUse {
  size: number;
  inUse: number;
  waiting: number;
}

export interface DatabaseOptions {
  /** PostgreSQL connection string; when absent, PGlite in `pgliteDir` */
  url?: string;
  pgliteDir: string;
  /** folder of drizzle-kit migrations; default ./drizzle under the working directory */
  migrationsFolder?: string;
  /** PostgreSQL pool size */
  poolSize?: number;
  /**
   * The longest one statement may take, in ms (default 10,000): a call past it fails with
   * DatabaseTimeoutError (or PostgreSQL's 57014), so an outage answers instead of hanging.
   * Migrations at open are not limited.
   */
  statementTimeoutMs?: number;
}

const STATEMENT_TIMEOUT_MS = 10_000;
/** seconds to open a PostgreSQL connection: an unreachable server fails calls after this */
const CONNECT_TIMEOUT_S = 5;

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
  const timeoutMs = options.statementTimeoutMs ?? STATEMENT_TIMEOUT_MS;
  return options.url
    ? openPostgres(options.url, migrationsFolder, options.poolSize ?? 10, timeoutMs)
    : openPglite(options.pgliteDir, migrationsFolder, timeoutMs);
}

/** The file whose OS lock marks PGlite directory `dir` as open: `<dir>.process-lock` beside it. */
export function pgliteLockFile(dir: string): string {
  return `${dir}.process-lock`;
}

async function openPglite(
  dir: string,
  migrationsFolder: string,
  timeoutMs: number,
): Promise<DatabaseHandle> {
  fs.mkdirSync(dir, { recursive: true });
  // PGlite does not lock its directory and two writers corrupt it silently, so we do; the lock
  // is the operating system's, gone with its process (docs/decisions/0126-pglite-lock-held-by-the-os.md)
  const unlock = lockExclusively(pgliteLockFile(dir));
  if (!unlock) throw new DatabaseLockedError(dir);
  const release = async () => unlock();
  let client: PGliteWorkerClient | undefined;
  try {
    client = await PGliteWorkerClient.start(dir);
    const worker = client;
    const db = drizzlePglite({ client: worker as never, schema }) as unknown as Database;
    await migratePglite(db as never, { migrationsFolder });
    worker.setStatementTimeout(timeoutMs);
    return {
      db,
      driver: "pglite",
      listen: (channel, onPayload) => worker.listen(channel, onPayload),
      ping: async () => {
        await worker.query("select 1");
      },
      close: async () => {
        try {
          await worker.close();
        } finally {
          await release();
        }
      },
    };
  } catch (error) {
    await client?.close().catch(() => undefined);
    await release();
    throw error;
  }
}

async function openPostgres(
  url: string,
  migrationsFolder: string,
  poolSize: number,
  timeoutMs: number,
): Promise<DatabaseHandle> {
  const quiet = { onnotice: () => {}, connect_timeout: CONNECT_TIMEOUT_S };
  const migrator = postgres(url, { max: 1, ...quiet });
  try {
    await migrator`select pg_advisory_lock(${MIGRATION_LOCK})`;
    await migratePostgres(drizzlePostgres({ client: migrator }), { migrationsFolder });
    await migrator`select pg_advisory_unlock(${MIGRATION_LOCK})`;
  } finally {
    await migrator.end({ timeout: 5 });
  }
  const sql = postgres(url, {
    max: poolSize,
    ...quiet,
    // named statements would otherwise switch to a generic plan after five runs, planned without
    // the search pattern's value: the admin search then walked 100,000 rows for one match
    connection: {
      plan_cache_mode: "force_custom_plan",
      // the server ends a statement past its time, and a transaction left idle (its client gone)
      statement_timeout: timeoutMs,
      idle_in_transaction_session_timeout: 6 * timeoutMs,
    },
  });
  // the client stops waiting a little later: an answer lost on a hung network never comes
  const deadlineMs = timeoutMs + 2_000;
  // statements and transactions under way: each holds a connection, or waits for one
  const activity = { busy: 0 };
  const db = drizzlePostgres({
    client: namedStatements(sql, deadlineMs, activity),
    schema,
  }) as unknown as Database;
  return {
    db,
    driver: "postgres",
    listen: async (channel, onPayload) => {
      const subscription = await sql.listen(channel, onPayload);
      return () => subscription.unlisten();
    },
    ping: async () => {
      await withDeadline(sql`select 1`, deadlineMs);
    },
    poolUse: () => ({
      size: poolSize,
      inUse: Math.min(activity.busy, poolSize),
      waiting: Math.max(0, activity.busy - poolSize),
    }),
    close: () => sql.end({ timeout: 10 }),
  };
}

type Client = postgres.Sql | postgres.TransactionSql;

/**
 * The postgres.js client as Drizzle should use it: every query as a named prepared statement,
 * parsed once per connection and then run in one round trip, and given up after `deadlineMs`.
 * Drizzle 0.45 passes `prepare: false` on every query it does not name
 * (drizzle-team/drizzle-orm#6096), which makes postgres.js describe each statement first: two
 * round trips per query. Statements are cached per connection by their text, which our query
 * builders keep to a bounded set; connections are recycled by postgres.js (max_lifetime), which
 * drops their statements. `activity.busy` counts the pool's statements and transactions under way
 * (statements inside a transaction use its connection: not counted again).
 */
function namedStatements<T extends Client>(
  client: T,
  deadlineMs: number,
  activity?: { busy: number },
): T {
  return new Proxy(client, {
    get(target, key, receiver) {
      switch (key) {
        case "unsafe":
          return (query: string, params?: unknown[], options?: postgres.UnsafeQueryOptions) =>
            withDeadline(
              target.unsafe(query, params as never, { ...options, prepare: true }),
              deadlineMs,
              activity,
            );
        case "begin":
        case "savepoint":
          return (...args: unknown[]) => {
            const callback = args.pop() as (tx: postgres.TransactionSql) => unknown;
            const open = Reflect.get(target, key) as (...a: unknown[]) => Promise<unknown>;
            // a statement that timed out ends the transaction for the caller at once: the
            // ROLLBACK postgres.js then sends may wait as long as the hung connection does
            let abandon: (error: unknown) => void = () => {};
            const abandoned = new Promise<never>((_, reject) => {
              abandon = reject;
            });
            if (activity) activity.busy++;
            const run = open(...args, async (tx: postgres.TransactionSql) => {
              try {
                return await callback(namedStatements(tx, deadlineMs));
              } catch (error) {
                if (error instanceof DatabaseTimeoutError || isTimeoutCause(error)) abandon(error);
                throw error;
              }
            });
            return Promise.race([run, abandoned]).finally(() => {
              if (activity) activity.busy--;
            });
          };
        default:
          return Reflect.get(target, key, receiver);
      }
    },
  });
}

const isTimeoutCause = (error: unknown) =>
  error instanceof Error && error.cause instanceof DatabaseTimeoutError;

/**
 * `query` (a postgres.js PendingQuery, which runs when first awaited) rejecting with
 * DatabaseTimeoutError when no answer came within `deadlineMs`. Only waiting stops: the server's
 * statement_timeout ends the statement itself. `.values()` (array rows, as Drizzle asks) is kept.
 */
function withDeadline<Q extends PromiseLike<unknown> & { values(): unknown }>(
  query: Q,
  deadlineMs: number,
  activity?: { busy: number },
): Q {
  const timed = {
    values() {
      query.values();
      return timed;
    },
    // biome-ignore lint/suspicious/noThenProperty: a thenable like the PendingQuery it stands for
    then<A, B>(
      onFulfilled?: ((value: unknown) => A | PromiseLike<A>) | null,
      onRejected?: ((reason: unknown) => B | PromiseLike<B>) | null,
    ) {
      let timer: NodeJS.Timeout | undefined;
      const deadline = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new DatabaseTimeoutError(deadlineMs)), deadlineMs);
      });
      if (activity) activity.busy++;
      return Promise.race([query, deadline])
        .finally(() => {
          clearTimeout(timer);
          if (activity) activity.busy--;
        })
        .then(onFulfilled, onRejected);
    },
  };
  return timed as unknown as Q;
}

/** Rows to insert into one table; every row of one table has the same columns. */
export type TableRows = [table: PgTable, rows: Record<string, unknown>[]];

interface PreparedInsert {
  query: PgPreparedQuery<PreparedQueryConfig>;
  /** per placeholder: its name and the column that encodes its value */
  slots: { name: string; column: Column }[];
}

const dialect = new PgDialect();
const prepared = new WeakMap<DatabaseHandle, Map<string, unknown>>();

/**
 * A statement prepared once per open database under `key` by `build`, then reused: Drizzle's
 * query building costs more CPU than a small statement's execution. `key` must name one exact
 * statement (its text never varies); values go in through `sql.placeholder`s.
 */
export function preparedStatement<T>(key: string, build: (db: Database) => T): T {
  const handle = databaseHandle();
  let statements = prepared.get(handle);
  if (!statements) {
    statements = new Map();
    prepared.set(handle, statements);
  }
  if (!statements.has(key)) statements.set(key, build(handle.db));
  return statements.get(key) as T;
}

/**
 * Inserts rows into several tables as ONE SQL statement (data-modifying CTEs): atomic like a
 * transaction, in one round trip. Foreign keys are checked at the end of the statement, so a row
 * may reference another written by the same call; none may read another's result.
 *
 * The SQL is built once per shape (tables, row counts and columns, in order) and later calls of
 * that shape only bind values: rebuilding a large statement through Drizzle on every call cost
 * more CPU than the database's own work (docs/performance.md). `undefined` leaves a column to its
 * default, as in Drizzle's `values()`; columns with a `$defaultFn` must be given a value.
 * @throws the database error; nothing is written then.
 */
export async function insertAtomically(inserts: TableRows[]): Promise<void> {
  const present = inserts.map(
    ([table, rows]) =>
      [
        table,
        rows.map((row) => Object.entries(row).filter(([, value]) => value !== undefined)),
      ] as const,
  );
  const shape = present
    .map(
      ([table, rows]) => `${getTableName(table)}(${rows.map((r) => r.map(([c]) => c)).join("|")})`,
    )
    .join(";");
  const insert = preparedStatement(`insertAtomically ${shape}`, (db) => prepareInsert(db, present));
  const values: Record<string, unknown> = {};
  let i = 0;
  for (const [, rows] of present) {
    for (const row of rows) {
      for (const [, value] of row) {
        const { name, column } = insert.slots[i++] as PreparedInsert["slots"][number];
        // Drizzle's own rule for parameters: null is sent as is, anything else through the column
        values[name] = value === null ? null : column.mapToDriverValue(value);
      }
    }
  }
  await insert.query.execute(values);
}

function prepareInsert(
  db: Database,
  inserts: (readonly [PgTable, [string, unknown][][]])[],
): PreparedInsert {
  const slots: PreparedInsert["slots"] = [];
  const statements = inserts.map(([table, rows]) => {
    const columns = getTableColumns(table);
    return db.insert(table).values(
      rows.map((row) =>
        Object.fromEntries(
          row.map(([key]) => {
            const column = columns[key];
            if (!column) throw new Error(`${getTableName(table)} has no column ${key}`);
            const name = `p${slots.length}`;
            slots.push({ name, column });
            return [key, sql`${sql.placeholder(name)}`];
          }),
        ),
      ),
    );
  });
  const [last, ...first] = statements.reverse();
  if (!last) throw new Error("insertAtomically needs at least one table");
  const ctes = first
    .reverse()
    .map((statement, i) => sql`${sql.raw(`w${i}`)} AS (${statement.getSQL()})`);
  const query = dialect.sqlToQuery(
    ctes.length ? sql`WITH ${sql.join(ctes, sql`, `)} ${last.getSQL()}` : last.getSQL(),
  );
  // a value Drizzle filled in itself ($defaultFn) would be frozen into the cached statement
  if (query.params.length !== slots.length) {
    throw new Error(
      `insertAtomically: ${inserts.map(([t]) => getTableName(t)).join(", ")} has a $defaultFn column left out`,
    );
  }
  return { query: db._.session.prepareQuery(query, undefined, undefined, false), slots };
}

let current: DatabaseHandle | undefined;

/** Makes `handle` the application's database (server start-up and tests). */
export function setDatabase(handle: DatabaseHandle | undefined): void {
  current = handle;
}

/** The application's database handle; throws if it has not been opened yet. */
export function databaseHandle(): DatabaseHandle {
  if (!current)
    throw new Error(
      "The database is not open yet: await startServices() (or openDatabase and setDatabase) first",
    );
  return current;
}

/** The open database's pool use (PostgreSQL), or undefined (PGlite, or none open). */
export function databasePoolUse(): PoolUse | undefined {
  return current?.poolUse?.();
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

/** Rows of `db.execute` / `tx.execute` on either driver (PGlite: `{ rows }`; postgres.js: an array). */
export function executedRows<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as T[];
}
