/**
 * Text message transport. With SMS_URL each text is posted to that Twilio-compatible Messages
 * API (`POST /2010-04-01/Accounts/{AccountSid}/Messages.json`, HTTP basic auth with the SID and
 * token from the URL, form body `To`, `From`, `Body`); without it each text is written as a file
 * in $DATA_DIR/sms and one log line says where, as mail is. Texts go through the outbox
 * (outbox.server.ts), which retries failures and erases codes once delivered; the body of a
 * text is never logged.
 */
import { randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { env } from "./env.server";
import { logger } from "./logger.server";

export interface SmsMessage {
  /** the recipient in E.164 form, e.g. +18015550123 */
  to: string;
  body: string;
}

export interface SmsTransport {
  /** Sends one text; rejects when the API refuses it or cannot be reached. */
  send(message: SmsMessage): Promise<void>;
}

/** A phone number for logs: its last 4 digits only ("+1******0123"). */
export function maskedNumber(number: string): string {
  return number.length <= 4
    ? "****"
    : `${number.slice(0, 2)}${"*".repeat(Math.max(0, number.length - 6))}${number.slice(-4)}`;
}

/** How long one API call may take before it counts as a failed attempt (ms). */
const SEND_TIMEOUT_MS = 10_000;

/**
 * The Messages API transport for `smsUrl` (https://ACCOUNT_SID:AUTH_TOKEN@host[/base]), texts
 * from `from`. A non-2xx answer rejects with its status and the API's error code and message
 * (Twilio's JSON `code`/`message`), never the text's body.
 */
export function messagesApiTransport(smsUrl: string, from: string): SmsTransport {
  const url = new URL(smsUrl);
  const sid = decodeURIComponent(url.username);
  const token = decodeURIComponent(url.password);
  const base = `${url.origin}${url.pathname.replace(/\/$/, "")}`;
  const endpoint = `${base}/2010-04-01/Accounts/${encodeURIComponent(sid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${sid}:${token}`).toString("base64")}`;
  return {
    async send(message) {
      const response = await fetch(endpoint, {
        method: "POST",
        headers: {
          authorization,
          "content-type": "application/x-www-form-urlencoded",
          accept: "application/json",
        },
        body: new URLSearchParams({ To: message.to, From: from, Body: message.body }),
        signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
      });
      if (response.ok) {
        await response.body?.cancel();
        return;
      }
      let detail = "";
      try {
        const answer = (await response.json()) as { code?: unknown; message?: unknown };
        detail = [answer.code, answer.message].filter((part) => part != null).join(" ");
      } catch {
        // not JSON: the status says enough
      }
      throw new Error(`SMS API answered ${response.status}${detail ? `: ${detail}` : ""}`);
    },
  };
}

/** The development transport: one .txt file per text in `dir`, and one log line saying where. */
export function smsFileTransport(dir: string, from: string): SmsTransport {
  let ready: Promise<unknown> | undefined;
  return {
    async send(message) {
      ready ??= fs.mkdir(dir, { recursive: true });
      await ready;
      const file = path.join(
        dir,
        `${new Date().toISOString().replaceAll(":", "-")}-${randomUUID()}.txt`,
      );
      await fs.writeFile(file, `From: ${from}\nTo: ${message.to}\n\n${message.body}\n`, {
        mode: 0o600,
      });
      logger().info({ to: maskedNumber(message.to), file }, "text written to file");
    },
  };
}

/** The transport the configuration asks for: SMS_URL's API, else files in $DATA_DIR/sms. */
export function configuredSmsTransport(): SmsTransport {
  const config = env();
  return config.SMS_URL && config.SMS_FROM
    ? messagesApiTransport(config.SMS_URL, config.SMS_FROM)
    : smsFileTransport(config.smsDir, config.SMS_FROM ?? "+10000000000");
}
