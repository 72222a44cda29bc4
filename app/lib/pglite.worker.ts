/**
 * PGlite on its own thread. PGlite runs Postgres as WebAssembly on the thread that calls it, so
 * on the server's thread every statement stopped all request handling; here the database works
 * on the other core. The server talks to it through `PGliteWorkerClient` (pglite-client.server.ts)
 * with the messages below. Run by Node directly (type stripping): no path aliases, no app imports.
 *
 * A thread serves one database at a time and can open another after closing it: a process that
 * opens and closes databases repeatedly (the test suite) reuses its threads, since starting and
 * terminating WebAssembly-running threads over and over has crashed Node (nodejs/node#56312).
 *
 * In:  { op: "open", dir } | { id, op: "query", sql, params, rowMode, tx? } | { id, op: "begin" }
 *      | { id, op: "end", tx, commit } | { id, op: "listen" | "unlisten", channel } | { id, op: "close" }
 * Out: { id, result } | { id, error } | { op: "notify", channel, payload } | { op: "ready" } | { op: "failed", error }
 */
import { parentPort, workerData } from "node:worker_threads";
import { PGlite, type Transaction, types } from "@electric-sql/pglite";
import { btree_gist } from "@electric-sql/pglite/contrib/btree_gist";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";

type Request =
  | { op: "open"; dir: string }
  | {
      id: number;
      op: "query";
      sql: string;
      params?: unknown[];
      rowMode?: "array" | "object";
      tx?: number;
    }
  | { id: number; op: "begin" }
  | { id: number; op: "end"; tx: number; commit: boolean }
  | { id: number; op: "listen" | "unlisten"; channel: string }
  | { id: number; op: "close" };

interface OpenTransaction {
  tx: Transaction;
  finish(commit: boolean): void;
  settled: Promise<unknown>;
}

/** The types Drizzle parses itself and wants as text (the parsers drizzle-orm/pglite passes). */
export const DRIZZLE_TEXT_TYPES: number[] = [
  types.TIMESTAMP,
  types.TIMESTAMPTZ,
  types.INTERVAL,
  types.DATE,
  1231, // numeric[]
  1115, // timestamp[]
  1185, // timestamptz[]
  1187, // interval[]
  1182, // date[]
];

/** What crosses the thread boundary of a database error (all of PGlite's DatabaseError fields). */
function describeError(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { message: String(error) };
  const fields: Record<string, unknown> = { message: error.message, name: error.name };
  for (const [key, value] of Object.entries(error)) {
    if (value === undefined || typeof value === "function" || typeof value === "object") continue;
    fields[key] = value;
  }
  return fields;
}

/** Opens PGlite on `dir` and answers `port`'s requests until "close"; then resolves. */
async function serve(port: NonNullable<typeof parentPort>, dir: string, requests: Inbox) {
  const pg = new PGlite(dir, {
    // the admin search's trigram indexes (drizzle/0005_search_trgm.sql) and the visits' no-overlap constraint (drizzle/0011_visits_no_overlap.sql)
    extensions: { btree_gist, pg_trgm },
    parsers: Object.fromEntries(DRIZZLE_TEXT_TYPES.map((oid) => [oid, (text: string) => text])),
  });
  await pg.waitReady;
  const transactions = new Map<number, OpenTransaction>();
  const unlisteners = new Map<string, () => Promise<void>>();
  let nextTransaction = 1;

  async function handle(message: Exclude<Request, { op: "open" }>): Promise<unknown> {
    switch (message.op) {
      case "query": {
        const client = message.tx === undefined ? pg : transactions.get(message.tx)?.tx;
        if (!client) throw new Error("The transaction has already ended");
        const { rows, fields, affectedRows } = await client.query(message.sql, message.params, {
          rowMode: message.rowMode,
        });
        return { rows, fields, affectedRows };
      }
      case "begin": {
        const id = nextTransaction++;
        // PGlite runs nothing else until the callback's promise settles: COMMIT or ROLLBACK
        return new Promise((opened, failed) => {
          const settled = pg
            .transaction(
              (tx) =>
                new Promise<void>((commit, rollback) => {
                  transactions.set(id, {
                    tx,
                    settled,
                    finish: (ok) => (ok ? commit() : rollback(new Error("rolled back"))),
                  });
                  opened(id);
                }),
            )
            .finally(() => transactions.delete(id));
          settled.catch(failed);
        });
      }
      case "end": {
        const open = transactions.get(message.tx);
        if (!open) throw new Error("The transaction has already ended");
        open.finish(message.commit);
        if (message.commit) await open.settled;
        else await open.settled.catch(() => undefined);
        return null;
      }
      case "listen": {
        if (!unlisteners.has(message.channel)) {
          const unlisten = await pg.listen(message.channel, (payload) =>
            port.postMessage({ op: "notify", channel: message.channel, payload }),
          );
          unlisteners.set(message.channel, unlisten);
        }
        return null;
      }
      case "unlisten": {
        await unlisteners.get(message.channel)?.();
        unlisteners.delete(message.channel);
        return null;
      }
      case "close": {
        await pg.close();
        return null;
      }
    }
  }

  port.postMessage({ op: "ready" });
  for (;;) {
    const message = await requests.next();
    if (message.op === "open") continue;
    const answer = handle(message).then(
      (result) => port.postMessage({ id: message.id, result }),
      (error: unknown) => port.postMessage({ id: message.id, error: describeError(error) }),
    );
    if (message.op === "close") {
      await answer;
      return;
    }
  }
}

/** The thread's messages, in order, for whichever database it serves at the time. */
class Inbox {
  readonly #queue: Request[] = [];
  #wake: (() => void) | undefined;

  constructor(port: NonNullable<typeof parentPort>) {
    port.on("message", (message: Request) => {
      this.#queue.push(message);
      this.#wake?.();
    });
  }

  async next(): Promise<Request> {
    while (this.#queue.length === 0) await new Promise<void>((wake) => (this.#wake = wake));
    return this.#queue.shift() as Request;
  }
}

const data = workerData as { role?: string; dir?: string } | null;
if (parentPort && data?.role === "pglite" && data.dir !== undefined) {
  // a server build older than this file (it named the directory up front and waits for "ready")
  parentPort.postMessage({
    op: "failed",
    error: { message: "The server build is older than its source: run `npm run build` again" },
  });
} else if (parentPort && data?.role === "pglite") {
  const port = parentPort;
  const requests = new Inbox(port);
  (async () => {
    for (;;) {
      const message = await requests.next();
      if (message.op !== "open") continue;
      await serve(port, message.dir, requests).catch((error: unknown) =>
        port.postMessage({ op: "failed", error: describeError(error) }),
      );
    }
  })();
}
