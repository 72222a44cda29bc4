/**
 * Telling an outage from a refusal: a database that cannot be reached or does not answer in time
 * (callers say "try again in a minute") versus one that answered with an error (a bug or a broken
 * rule, which a retry does not fix).
 */

/** A database call that got no answer within its time limit (lib/db.server.ts). */
export class DatabaseTimeoutError extends Error {
  readonly code = "DATABASE_TIMEOUT";
  constructor(milliseconds: number) {
    super(`The database did not answer within ${milliseconds} ms`);
    this.name = "DatabaseTimeoutError";
  }
}

/** postgres.js and Node network error codes that mean no connection to the server. */
const CONNECTION_CODES = new Set([
  "DATABASE_TIMEOUT",
  "CONNECT_TIMEOUT",
  "CONNECTION_CLOSED",
  "CONNECTION_ENDED",
  "CONNECTION_DESTROYED",
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);

/**
 * PostgreSQL SQLSTATEs of a server that is there but cannot serve now: class 08 (connection
 * exception), 57014 (statement timeout or cancel), 57P01-57P03 (shutting down, crashed, starting),
 * 53300 (too many connections).
 */
function unavailableState(code: string): boolean {
  return code.startsWith("08") || /^57(014|P01|P02|P03)$/.test(code) || code === "53300";
}

/**
 * Whether `error` (or an error it wraps as `cause`, as Drizzle does) means the database could not
 * be reached or did not answer in time, including a stopped PGlite worker.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && (CONNECTION_CODES.has(code) || unavailableState(code))) {
      return true;
    }
    if (e.message.startsWith("The PGlite worker stopped")) return true;
  }
  return false;
}

/**
 * Whether `error` (or an error it wraps as `cause`) is PostgreSQL's unique violation (23505),
 * of `constraint` when given (checked when the driver reports the constraint's name).
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (let e = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    const { code, constraint: name } = e as { code?: unknown; constraint?: unknown };
    if (code === "23505") {
      return (
        !constraint ||
        typeof name !== "string" ||
        name === constraint ||
        e.message.includes(constraint)
      );
    }
  }
  return false;
}

/**
 * Whether `error` (or an error it wraps as `cause`) is PostgreSQL's exclusion violation (23P01),
 * e.g. two visits of one staff member overlapping (visits_staff_no_overlap).
 */
export function isExclusionViolation(error: unknown): boolean {
  return hasSqlState(error, "23P01");
}

/**
 * Whether `error` (or an error it wraps as `cause`) is PostgreSQL's serialization failure
 * (40001): what was read changed before the write, which the caller may try again.
 */
export function isSerializationFailure(error: unknown): boolean {
  return hasSqlState(error, "40001");
}

function hasSqlState(error: unknown, state: string): boolean {
  for (let e = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    if ((e as { code?: unknown }).code === state) return true;
  }
  return false;
}
