/**
 * The server's side of PGlite on its own thread (pglite.worker.ts): the part of PGlite's client
 * interface that Drizzle uses (`query`, `transaction`), plus `listen` and `close`. Values cross the
 * thread boundary by structured clone; database errors come back as Errors with PGlite's fields
 * (code, constraint, detail...). Once `setStatementTimeout()` is called, a statement (or the start or
 * end of a transaction) without an answer in time fails with DatabaseTimeoutError; the worker
 * cannot interrupt it and finishes it later, but the caller stops waiting.
 */
import path from "node:path";
import { Worker } from "node:worker_threads";
import type { QueryOptions, Results } from "@electric-sql/pglite";
import { DatabaseTimeoutError } from "./database-errors.server";
import { logger } from "./logger.server";
import { DRIZZLE_TEXT_TYPES } from "./pglite.worker";

const TEXT_TYPES = new Set(DRIZZLE_TEXT_TYPES.map(String));

type Pending = { resolve(value: unknown): void; reject(error: Error): void };

/** The client of one transaction: its queries run inside it, in order. */
export interface PGliteWorkerTransaction {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
}

function toError(fields: Record<string, unknown>): Error {
  return Object.assign(new Error(String(fields.message)), fields);
}

/** Threads whose database was closed, kept (unref'd) for the next database this process opens. */
const idleThreads: Worker[] = [];

function pgliteThread(): Worker {
  const idle = idleThreads.pop();
  if (idle) {
    idle.ref();
    return idle;
  }
  return new Worker(path.resolve("app/lib/pglite.worker.ts"), { workerData: { role: "pglite" } });
}

export class PGliteWorkerClient {
  readonly #worker: Worker;
  readonly #pending = new Map<number, Pending>();
  readonly #listeners = new Map<string, Set<(payload: string) => void>>();
  #nextId = 1;
  #timeoutMs: number | undefined;
  #failure: Error | undefined;
  #closing = false;
  readonly #detach: () => void;

  private constructor(worker: Worker) {
    this.#worker = worker;
    const onMessage = (message: { id?: number; op?: string; [key: string]: unknown }) => {
      if (message.op === "notify") {
        for (const listener of this.#listeners.get(message.channel as string) ?? [])
          listener(message.payload as string);
        return;
      }
      const pending = this.#pending.get(message.id as number);
      if (!pending) return;
      this.#pending.delete(message.id as number);
      if (message.error) pending.reject(toError(message.error as Record<string, unknown>));
      else pending.resolve(message.result);
    };
    const fail = (error: Error) => {
      if (!this.#failure && !this.#closing) {
        logger().error({ err: error }, "the PGlite worker stopped: restart the server");
      }
      this.#failure = error;
      for (const pending of this.#pending.values()) pending.reject(error);
      this.#pending.clear();
    };
    const onExit = (code: number) =>
      fail(new Error(`The PGlite worker stopped (exit code ${code})`));
    worker.on("message", onMessage);
    worker.on("error", fail);
    worker.on("exit", onExit);
    this.#detach = () => {
      worker.off("message", onMessage);
      worker.off("error", fail);
      worker.off("exit", onExit);
    };
  }

  /**
   * Starts PGlite on a worker thread on data directory `dir` and resolves once it is ready.
   * @throws the worker's start-up error (e.g. a damaged data directory).
   */
  static async start(dir: string): Promise<PGliteWorkerClient> {
    const worker = pgliteThread();
    let detach = () => {};
    await new Promise<void>((resolve, reject) => {
      const onMessage = (message: { op?: string; error?: Record<string, unknown> }) => {
        if (message.op === "ready") resolve();
        if (message.op === "failed") reject(toError(message.error ?? {}));
      };
      const onExit = (code: number) => reject(new Error(`The PGlite worker exited (code ${code})`));
      worker.on("message", onMessage);
      worker.on("error", reject);
      worker.on("exit", onExit);
      detach = () => {
        worker.off("message", onMessage);
        worker.off("error", reject);
        worker.off("exit", onExit);
      };
      worker.postMessage({ op: "open", dir });
    })
      .catch(async (error: unknown) => {
        await worker.terminate();
        throw error;
      })
      .finally(() => detach());
    return new PGliteWorkerClient(worker);
  }

  /**
   * Sends `message` and resolves to the worker's answer. With `timed`, gives up after the
   * statement timeout; a late answer then goes to `late` (e.g. to end a transaction it opened).
   */
  #call<T>(
    message: Record<string, unknown>,
    timed = false,
    late: (result: unknown) => void = () => {},
  ): Promise<T> {
    if (this.#failure) return Promise.reject(this.#failure);
    const id = this.#nextId++;
    const timeoutMs = timed ? this.#timeoutMs : undefined;
    return new Promise<T>((resolve, reject) => {
      const timer =
        timeoutMs === undefined
          ? undefined
          : setTimeout(() => {
              this.#pending.set(id, { resolve: late, reject: () => {} });
              reject(new DatabaseTimeoutError(timeoutMs));
            }, timeoutMs);
      this.#pending.set(id, {
        resolve: (value) => {
          clearTimeout(timer);
          resolve(value as T);
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      });
      this.#worker.postMessage({ ...message, id });
    });
  }

  /** From now on, every statement gives up after `milliseconds` (DatabaseTimeoutError). */
  setStatementTimeout(milliseconds: number): void {
    this.#timeoutMs = milliseconds;
  }

  #query<T>(
    sql: string,
    params: unknown[] | undefined,
    options: QueryOptions | undefined,
    tx?: number,
  ) {
    // parsers are functions and cannot cross threads; the worker parses these types as text
    for (const oid of Object.keys(options?.parsers ?? {})) {
      if (!TEXT_TYPES.has(oid)) throw new Error(`PGlite worker: no parser for type ${oid}`);
    }
    return this.#call<Results<T>>(
      { op: "query", sql, params, rowMode: options?.rowMode, tx },
      true,
    );
  }

  /** Runs one statement (PGlite's `query`). */
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.#query<T>(sql, params, options);
  }

  /**
   * Runs `callback` in a transaction: committed when it resolves, rolled back when it throws
   * (and the error rethrown). Other statements wait until it ends, as in PGlite itself.
   */
  async transaction<T>(callback: (tx: PGliteWorkerTransaction) => Promise<T>): Promise<T> {
    // a transaction opened after we stopped waiting would hold PGlite's one session forever
    const tx = await this.#call<number>({ op: "begin" }, true, (opened) => {
      this.#call({ op: "end", tx: opened, commit: false }).catch(() => undefined);
    });
    let result: T;
    try {
      result = await callback({
        query: (sql, params, options) => this.#query(sql, params, options, tx),
      });
    } catch (error) {
      await this.#call({ op: "end", tx, commit: false }, true).catch(() => undefined);
      throw error;
    }
    await this.#call({ op: "end", tx, commit: true }, true);
    return result;
  }

  /** Calls `onPayload` for every NOTIFY on `channel`; resolves to the unsubscribe function. */
  async listen(
    channel: string,
    onPayload: (payload: string) => void,
  ): Promise<() => Promise<void>> {
    let listeners = this.#listeners.get(channel);
    if (!listeners) {
      listeners = new Set();
      this.#listeners.set(channel, listeners);
      await this.#call({ op: "listen", channel });
    }
    listeners.add(onPayload);
    return async () => {
      listeners.delete(onPayload);
      if (listeners.size === 0 && this.#listeners.get(channel) === listeners) {
        this.#listeners.delete(channel);
        await this.#call({ op: "unlisten", channel });
      }
    };
  }

  /**
   * Closes the database (flushing it to disk). The thread is kept for the next database this
   * process opens (unref'd, so it never keeps the process alive); after a failure it is stopped.
   */
  async close(): Promise<void> {
    this.#closing = true;
    try {
      await this.#call({ op: "close" });
    } catch (error) {
      this.#detach();
      await this.#worker.terminate();
      throw error;
    }
    this.#detach();
    this.#failure = new Error("The database is closed");
    this.#worker.unref();
    idleThreads.push(this.#worker);
  }
}
