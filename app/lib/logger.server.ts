import pino from "pino";
import { env } from "./env.server";

// never in a log line (docs/decisions/0043-secrets-out-of-logs.md); one-time codes and tokens are
// also kept out of messages
const REDACT = [
  "req.headers.cookie",
  "req.headers.authorization",
  ...["password", "newPassword", "currentPassword", "otp", "token", "secret"].flatMap((key) => [
    key,
    `*.${key}`,
  ]),
];

let instance: pino.Logger | undefined;

/** The server's JSON logger (pino); request handlers log through a child with the request id. */
export function logger(): pino.Logger {
  instance ??= createLogger();
  return instance;
}

/** A logger with the app's level and redactions, writing to `destination` (default stdout). */
export function createLogger(destination?: pino.DestinationStream): pino.Logger {
  return pino({ level: env().LOG_LEVEL, redact: REDACT }, destination);
}

/** Replaces the process's logger (tests read the lines it writes); undefined restores stdout. */
export function setLogger(next: pino.Logger | undefined): void {
  instance = next;
}

/**
 * `url` fit for a log line: the query's values and the token of a password-reset link path are
 * replaced by "[redacted]" (they may be reset, verification or sign-in tokens), names are kept.
 * @returns e.g. "https://site/auth/reset-password?token=[redacted]"; "[invalid url]" if unparsable.
 */
export function loggableUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return "[invalid url]";
  }
  const path = parsed.pathname.replace(/^(\/api\/auth\/reset-password\/)[^/]+/, "$1[redacted]");
  const names = [...new Set(parsed.searchParams.keys())];
  const query = names.map((name) => `${encodeURIComponent(name)}=[redacted]`).join("&");
  return `${parsed.origin}${path}${query ? `?${query}` : ""}`;
}
