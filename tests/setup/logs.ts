/** Reads the JSON lines the app's logger writes (same settings and redactions as the server). */
import { createLogger, setLogger } from "~/lib/logger.server";

export interface CapturedLogs {
  /** every line written so far, parsed */
  lines(): Record<string, unknown>[];
  /** the raw text written so far */
  text(): string;
  /** gives the process its stdout logger back */
  restore(): void;
}

/**
 * Replaces the app's logger with one that keeps its lines in memory, at `level` (default: the
 * configured LOG_LEVEL, e.g. to read security events in a test database that logs nothing).
 */
export function captureLogs(level?: "info" | "warn" | "error"): CapturedLogs {
  let written = "";
  const capturing = createLogger({
    write(chunk: string) {
      written += chunk;
    },
  });
  if (level) capturing.level = level;
  setLogger(capturing);
  return {
    lines: () =>
      written
        .split("\n")
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Record<string, unknown>),
    text: () => written,
    restore: () => setLogger(undefined),
  };
}
