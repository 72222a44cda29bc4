/**
 * The client logger (SPEC sections 3 'Log entry' and 9): entries kept in memory in a ring buffer
 * of 1000, oldest dropped first. Entries of level error are also sent to the server log
 * (`POST /api/client-errors`) so the company sees browser failures. Safe to import on the
 * server, where sessionId is 'server' and nothing is sent.
 */

export const logLevels = ["info", "warn", "error", "debug"] as const;
export type LogLevel = (typeof logLevels)[number];

export const logCategories = [
  "auth",
  "quotes",
  "user",
  "admin",
  "api",
  "performance",
  "security",
  "business",
  "form",
] as const;
export type LogCategory = (typeof logCategories)[number];

export interface LogEntry {
  /** ISO 8601 */
  timestamp: string;
  level: LogLevel;
  category: LogCategory;
  message: string;
  data?: unknown;
  /** the signed-in user's id from the locally stored user record, else null */
  userId: string | null;
  /** random per browser session; 'server' on the server, 'unknown' when storage cannot be read */
  sessionId: string;
}

/** A fixed-capacity buffer: pushing past `capacity` drops the oldest item. */
export class RingBuffer<T> {
  readonly #items: (T | undefined)[];
  #start = 0;
  #size = 0;
  readonly capacity: number;

  /** @throws RangeError unless `capacity` is an integer >= 1 */
  constructor(capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new RangeError("capacity must be >= 1");
    this.capacity = capacity;
    this.#items = new Array(capacity);
  }

  push(item: T): void {
    const end = (this.#start + this.#size) % this.capacity;
    this.#items[end] = item;
    if (this.#size < this.capacity) this.#size++;
    else this.#start = (this.#start + 1) % this.capacity;
  }

  get size(): number {
    return this.#size;
  }

  /** The items, oldest first. */
  toArray(): T[] {
    const out: T[] = [];
    for (let i = 0; i < this.#size; i++)
      out.push(this.#items[(this.#start + i) % this.capacity] as T);
    return out;
  }

  clear(): void {
    this.#items.fill(undefined);
    this.#start = 0;
    this.#size = 0;
  }
}

/** sessionStorage key of the locally stored user record `{ id }` (written by the root route). */
export const USER_RECORD_KEY = "remediation.user";
const SESSION_ID_KEY = "remediation.log-session";
export const CLIENT_ERRORS_PATH = "/api/client-errors";
/** the endpoint refuses larger bodies (413) */
export const CLIENT_ERROR_MAX_BYTES = 8 * 1024;

export interface ClientLoggerOptions {
  capacity?: number;
  /** session storage; undefined on the server */
  storage?: () => Storage | undefined;
  /** sends an error entry to the server; undefined on the server */
  report?: (entry: LogEntry) => void;
}

export type ClientLogger = ReturnType<typeof createClientLogger>;

/** A logger with its own buffer (the app uses the shared `clientLog`; tests make their own). */
export function createClientLogger(options: ClientLoggerOptions = {}) {
  const buffer = new RingBuffer<LogEntry>(options.capacity ?? 1000);
  const storage = options.storage;

  function sessionId(): string {
    if (!storage) return "server";
    try {
      const store = storage();
      if (!store) return "unknown";
      let id = store.getItem(SESSION_ID_KEY);
      if (!id) {
        id = crypto.randomUUID();
        store.setItem(SESSION_ID_KEY, id);
      }
      return id;
    } catch {
      return "unknown";
    }
  }

  function userId(): string | null {
    try {
      const raw = storage?.()?.getItem(USER_RECORD_KEY);
      const id = raw ? (JSON.parse(raw) as { id?: unknown }).id : null;
      return typeof id === "string" ? id : null;
    } catch {
      return null;
    }
  }

  function log(level: LogLevel, category: LogCategory, message: string, data?: unknown): LogEntry {
    const entry: LogEntry = {
      timestamp: new Date().toISOString(),
      level,
      category,
      message,
      ...(data === undefined ? {} : { data }),
      userId: userId(),
      sessionId: sessionId(),
    };
    buffer.push(entry);
    if (level === "error") options.report?.(entry);
    return entry;
  }

  return {
    debug: (category: LogCategory, message: string, data?: unknown) =>
      log("debug", category, message, data),
    info: (category: LogCategory, message: string, data?: unknown) =>
      log("info", category, message, data),
    warn: (category: LogCategory, message: string, data?: unknown) =>
      log("warn", category, message, data),
    error: (category: LogCategory, message: string, data?: unknown) =>
      log("error", category, message, data),
    /** the kept entries, oldest first */
    entries: () => buffer.toArray(),
    clear: () => buffer.clear(),
  };
}

const MAX_REPORTS_PER_PAGE = 20;
let reports = 0;

/**
 * Sends `entry` to the server log: same-origin JSON POST (keepalive, so it survives leaving the
 * page). At most 20 per page load; an entry too large for the endpoint goes without its data.
 */
function reportToServer(entry: LogEntry): void {
  if (reports >= MAX_REPORTS_PER_PAGE) return;
  reports++;
  let body = JSON.stringify(entry);
  if (new TextEncoder().encode(body).length > CLIENT_ERROR_MAX_BYTES - 512) {
    body = JSON.stringify({
      ...entry,
      message: entry.message.slice(0, 1000),
      data: { truncated: true },
    });
  }
  fetch(CLIENT_ERRORS_PATH, {
    method: "POST",
    credentials: "same-origin",
    headers: { "Content-Type": "application/json" },
    body,
    keepalive: true,
  }).catch(() => {
    // the server is unreachable: the entry stays in the buffer
  });
}

const inBrowser = typeof window !== "undefined";

/** The site's client logger. */
export const clientLog = createClientLogger(
  inBrowser ? { storage: () => window.sessionStorage, report: reportToServer } : {},
);

/** Keeps the locally stored user record in step with the session (null when signed out). */
export function storeUserRecord(userId: string | null): void {
  try {
    if (userId) window.sessionStorage.setItem(USER_RECORD_KEY, JSON.stringify({ id: userId }));
    else window.sessionStorage.removeItem(USER_RECORD_KEY);
  } catch {
    // storage blocked: entries carry no user id
  }
}
