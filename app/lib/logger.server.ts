import pino from "pino";
import { env } from "./env.server";

let instance: pino.Logger | undefined;

/** The server's JSON logger (pino); request handlers log through a child with the request id. */
export function logger(): pino.Logger {
  instance ??= pino({
    level: env().LOG_LEVEL,
    redact: ["req.headers.cookie", "req.headers.authorization", "*.password"],
  });
  return instance;
}
