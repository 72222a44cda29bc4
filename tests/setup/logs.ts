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

/** Replaces the app's logger with one that keeps its lines in memory (level from LOG_LEVEL). */
export function captureLogs(): CapturedLogs {
  let written = "";
  setLogger(
    createLogger({
      write(chunk: string) {
        written += chunk;
      },
    }),
  );
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
