/**
 * A local SMS sink: a real HTTP server on a loopback port that speaks the Twilio Messages API
 * (`POST /2010-04-01/Accounts/{AccountSid}/Messages.json`, HTTP basic auth with the account SID
 * and token, form body `To`, `From`, `Body`) and records each text. It can be stopped and started
 * again on the same port (a provider outage). It also plays the provider's side of inbound texts:
 * `inboundRequest()` builds the signed post the provider sends to our `/webhooks/sms`, and
 * `sendInbound()` posts it to a running site. Run on its own (`node tests/setup/sms-sink.ts
 * PORT`) it serves the end-to-end tests, which read texts from `GET /texts`.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import webhooks from "twilio/lib/webhooks/webhooks.js";

export const SINK_SID = "ACtest0123456789";
export const SINK_TOKEN = "sink-token";

export interface ReceivedText {
  to: string;
  from: string;
  body: string;
}

export interface SmsSink {
  /** SMS_URL for the app: http://SID:TOKEN@127.0.0.1:PORT */
  url: string;
  port: number;
  received: ReceivedText[];
  /** the 6-digit code of the latest text to `to` (E.164), if any */
  latestCode(to: string): string | undefined;
  /** Stops listening (connections are refused) until `start()`. */
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

const MESSAGES_PATH = new RegExp(`^/2010-04-01/Accounts/${SINK_SID}/Messages\\.json$`);
const EXPECTED_AUTH = `Basic ${Buffer.from(`${SINK_SID}:${SINK_TOKEN}`).toString("base64")}`;

/** An inbound text as the provider reports it. */
export interface InboundText {
  from: string;
  body: string;
  /** the provider's id of the message; a fresh one by default */
  sid?: string;
  to?: string;
  numMedia?: number;
}

let inboundCount = 0;

/**
 * The provider's post of `text` to `publicUrl` + /webhooks/sms: form fields From, To, Body,
 * MessageSid, NumMedia, signed in X-Twilio-Signature with `token` (the sink's by default) over the
 * public URL, as Twilio signs (HMAC-SHA1 of the URL and the sorted fields).
 */
export function inboundRequest(publicUrl: string, text: InboundText, token = SINK_TOKEN): Request {
  const url = new URL("/webhooks/sms", publicUrl).href;
  const params: Record<string, string> = {
    AccountSid: SINK_SID,
    From: text.from,
    To: text.to ?? "+18015550100",
    Body: text.body,
    MessageSid:
      text.sid ?? `SM${Date.now().toString(16)}${(++inboundCount).toString().padStart(8, "0")}`,
    NumMedia: String(text.numMedia ?? 0),
  };
  const signature = webhooks.getExpectedTwilioSignature(token, url, params);
  return new Request(url, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      "x-twilio-signature": signature,
    },
    body: new URLSearchParams(params),
  });
}

/** Posts `text` as the provider would to the site at `publicUrl`; resolves to its status. */
export async function sendInbound(publicUrl: string, text: InboundText): Promise<number> {
  const response = await fetch(inboundRequest(publicUrl, text));
  await response.body?.cancel();
  return response.status;
}

/** Starts the sink on `port` (0: a free one). */
export async function startSmsSink(port = 0): Promise<SmsSink> {
  const received: ReceivedText[] = [];
  const handler: http.RequestListener = (request, response) => {
    const answer = (status: number, body: unknown) => {
      response.writeHead(status, { "content-type": "application/json" });
      response.end(JSON.stringify(body));
    };
    if (request.method === "GET" && request.url === "/texts") return answer(200, received);
    if (request.method !== "POST" || !MESSAGES_PATH.test(request.url ?? "")) {
      return answer(404, { code: 20404, message: "The requested resource was not found" });
    }
    if (request.headers.authorization !== EXPECTED_AUTH) {
      return answer(401, { code: 20003, message: "Authenticate" });
    }
    let raw = "";
    request.setEncoding("utf8");
    request.on("data", (chunk: string) => {
      raw += chunk;
    });
    request.on("end", () => {
      const form = new URLSearchParams(raw);
      const text = {
        to: form.get("To") ?? "",
        from: form.get("From") ?? "",
        body: form.get("Body") ?? "",
      };
      if (!text.to || !text.from || !text.body) {
        return answer(400, { code: 21604, message: "A 'To', 'From' and 'Body' are required" });
      }
      received.push(text);
      answer(201, { sid: `SM${received.length}`, status: "queued", to: text.to });
    });
  };
  let server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const bound = (server.address() as AddressInfo).port;
  const sink: SmsSink = {
    url: `http://${SINK_SID}:${SINK_TOKEN}@127.0.0.1:${bound}`,
    port: bound,
    received,
    latestCode: (to) =>
      [...received]
        .reverse()
        .find((text) => text.to === to)
        ?.body.match(/\b\d{6}\b/)?.[0],
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
    async start() {
      server = http.createServer(handler);
      await new Promise<void>((resolve) => server.listen(bound, "127.0.0.1", resolve));
    },
    close: () => sink.stop(),
  };
  return sink;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const sink = await startSmsSink(Number(process.argv[2] ?? 0));
  console.log(`SMS sink listening on ${sink.port}`);
}
