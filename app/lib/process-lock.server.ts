/**
 * An exclusive lock on a file that the operating system holds for this process: SQLite's own
 * file locking (POSIX advisory locks through `node:sqlite`), taken by an open exclusive
 * transaction. The kernel lets go of it the moment the process ends, however it ends (kill -9, a
 * crash, a power cut), so a lock left behind is never mistaken for a live one and a restart takes
 * it at once (docs/decisions/0126-pglite-lock-held-by-the-os.md). No imports beyond Node's, so a
 * test's child process can load this file as it is.
 */
import { DatabaseSync } from "node:sqlite";

/**
 * Takes the exclusive lock on `file` (created when missing) without waiting.
 * @returns a function that releases it, or null when another holder (another process, or another
 *   open lock in this one) has it
 * @throws when the file cannot be opened at all (e.g. a missing folder or no permission)
 */
export function lockExclusively(file: string): (() => void) | null {
  const lock = new DatabaseSync(file, { timeout: 0 });
  try {
    // no -journal file beside it; the transaction writes nothing, it only holds the lock
    lock.exec("PRAGMA journal_mode = MEMORY");
    lock.exec("BEGIN EXCLUSIVE");
  } catch (error) {
    lock.close();
    if ((error as { errcode?: number }).errcode === SQLITE_BUSY) return null;
    throw error;
  }
  return () => {
    if (lock.isOpen) lock.close();
  };
}

const SQLITE_BUSY = 5;
