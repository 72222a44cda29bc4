/**
 * A small Stripe-compatible HTTP server for tests: the subset of Stripe's API the site calls
 * (Checkout Sessions create/retrieve/expire, Refunds create, PaymentIntents retrieve), form-encoded
 * requests and JSON answers as Stripe's, and a hosted "pay" page. Paying on that page completes
 * the session and delivers `checkout.session.completed` to the site's webhook, signed as Stripe
 * signs it (`stripe.webhooks.generateTestHeaderString`). The official SDK reaches it through
 * STRIPE_API_URL. Tests also build and sign events themselves (`signedEvent`).
 */
import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";

export const TEST_WEBHOOK_SECRET = "whsec_test_local_secret";
export const TEST_SECRET_KEY = "sk_test_local";

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString("hex")}`;

// biome-ignore lint/suspicious/noExplicitAny: Stripe's objects are loose JSON here
type Json = Record<string, any>;

/** Form-encoded `a[b][0][c]=v` as nested objects and arrays (Stripe's request encoding). */
export function parseStripeForm(body: string): Json {
  const root: Json = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.replace(/\]/g, "").split("[");
    let node: Json = root;
    path.forEach((part, i) => {
      const last = i === path.length - 1;
      const nextIsIndex = /^\d+$/.test(path[i + 1] ?? "");
      if (last) node[part] = value;
      else {
        node[part] ??= nextIsIndex ? [] : {};
        node = node[part];
      }
    });
  }
  return root;
}

export interface StripeServer {
  /** e.g. http://127.0.0.1:41234 (STRIPE_API_URL) */
  url: string;
  sessions: Map<string, Json>;
  intents: Map<string, Json>;
  charges: Map<string, Json>;
  /** each API call: method, path and parsed body */
  calls: { method: string; path: string; body: Json }[];
  /** where events go (the site's /webhooks/stripe); set by the test */
  webhookUrl: string | undefined;
  /** instead of `webhookUrl`: hands each event to the test (e.g. the route's action) */
  deliverTo: ((payload: string, signature: string) => Promise<number>) | undefined;
  /**
   * Pays session `sessionId` as the hosted page does (method card or bank), delivers its
   * completion event and answers the event.
   */
  pay(sessionId: string, method?: "card" | "bank", amount?: number): Promise<Json>;
  /** A signed event of `type` about `object`: the payload and its Stripe-Signature header. */
  signedEvent(
    type: string,
    object: Json,
    options?: { id?: string; timestamp?: number; secret?: string },
  ): { event: Json; payload: string; signature: string };
  /** Delivers a signed event to `webhookUrl`; returns the answer's status. */
  deliver(signed: { payload: string; signature: string }): Promise<number>;
  close(): Promise<void>;
}

const sdk = new Stripe(TEST_SECRET_KEY);

/** Starts the server on loopback port `port` (0: any free one). */
export async function startStripeServer(port = 0): Promise<StripeServer> {
  const sessions = new Map<string, Json>();
  const intents = new Map<string, Json>();
  const charges = new Map<string, Json>();
  const calls: StripeServer["calls"] = [];
  let base = "";

  const chargeOf = (intent: Json) => charges.get(intent.latest_charge);

  const server: StripeServer = {
    url: "",
    sessions,
    intents,
    charges,
    calls,
    webhookUrl: undefined,
    deliverTo: undefined,
    async pay(sessionId, method = "card", amount) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      const intentId = id("pi");
      const chargeId = id("ch");
      const total = amount ?? session.amount_total;
      charges.set(chargeId, {
        id: chargeId,
        object: "charge",
        amount: total,
        amount_refunded: 0,
        payment_intent: intentId,
        metadata: {},
        payment_method_details: { type: method === "card" ? "card" : "us_bank_account" },
        refunds: { object: "list", data: [] },
      });
      intents.set(intentId, {
        id: intentId,
        object: "payment_intent",
        amount: total,
        currency: "usd",
        metadata: session.payment_intent_data?.metadata ?? {},
        status: method === "card" ? "succeeded" : "processing",
        latest_charge: chargeId,
      });
      Object.assign(session, {
        status: "complete",
        payment_status: method === "card" ? "paid" : "unpaid",
        payment_intent: intentId,
        amount_total: total,
      });
      const signed = server.signedEvent("checkout.session.completed", session);
      await server.deliver(signed);
      return signed.event;
    },
    signedEvent(type, object, options = {}) {
      const event = {
        id: options.id ?? id("evt"),
        object: "event",
        api_version: "2026-11-18.endive",
        created: options.timestamp ?? Math.floor(Date.now() / 1000),
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type,
        data: { object: structuredClone(object) },
      };
      const payload = JSON.stringify(event, null, 2);
      const signature = sdk.webhooks.generateTestHeaderString({
        payload,
        secret: options.secret ?? TEST_WEBHOOK_SECRET,
        timestamp: options.timestamp,
      });
      return { event, payload, signature };
    },
    async deliver({ payload, signature }) {
      if (server.deliverTo) return server.deliverTo(payload, signature);
      if (!server.webhookUrl) return 0;
      const answer = await fetch(server.webhookUrl, {
        method: "POST",
        headers: { "Content-Type": "application/json", "Stripe-Signature": signature },
        body: payload,
      });
      await answer.arrayBuffer();
      return answer.status;
    },
    close: () => new Promise((resolve) => httpServer.close(() => resolve())),
  };

  const json = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { "Content-Type": "application/json", "Request-Id": id("req") });
    res.end(JSON.stringify(body));
  };
  const notFound = (res: http.ServerResponse, what: string) =>
    json(res, 404, {
      error: {
        type: "invalid_request_error",
        code: "resource_missing",
        message: `No such ${what}`,
      },
    });

  async function api(req: http.IncomingMessage, res: http.ServerResponse, body: Json) {
    const url = new URL(req.url ?? "/", base);
    const path = url.pathname;
    if (req.headers.authorization !== `Bearer ${TEST_SECRET_KEY}`) {
      return json(res, 401, {
        error: { type: "invalid_request_error", message: "Invalid API Key" },
      });
    }
    calls.push({ method: req.method ?? "GET", path, body });
    if (req.method === "POST" && path === "/v1/checkout/sessions") {
      const sessionId = `cs_test_${randomBytes(16).toString("hex")}`;
      const amount = (body.line_items ?? []).reduce(
        (sum: number, item: Json) =>
          sum + Number(item.price_data?.unit_amount ?? 0) * Number(item.quantity ?? 1),
        0,
      );
      const session = {
        id: sessionId,
        object: "checkout.session",
        mode: body.mode,
        status: "open",
        payment_status: "unpaid",
        amount_total: amount,
        currency: "usd",
        client_reference_id: body.client_reference_id ?? null,
        customer_email: body.customer_email ?? null,
        metadata: body.metadata ?? {},
        payment_intent_data: body.payment_intent_data ?? {},
        allowed_payment_method_types: body.allowed_payment_method_types ?? ["card"],
        payment_intent: null,
        success_url: body.success_url,
        cancel_url: body.cancel_url,
        url: `${base}/pay/${sessionId}`,
      };
      sessions.set(sessionId, session);
      return json(res, 200, session);
    }
    const sessionPath = /^\/v1\/checkout\/sessions\/(\w+)(\/expire)?$/.exec(path);
    if (sessionPath) {
      const match = sessionPath;
      const session = sessions.get(match[1] as string);
      if (!session) return notFound(res, "checkout.session");
      if (match[2] && req.method === "POST") {
        if (session.status !== "open") {
          return json(res, 400, {
            error: {
              type: "invalid_request_error",
              message: `Only Checkout Sessions with a status in ["open"] can be expired.`,
            },
          });
        }
        session.status = "expired";
      }
      return json(res, 200, session);
    }
    const intentPath = /^\/v1\/payment_intents\/(\w+)$/.exec(path);
    if (req.method === "GET" && intentPath) {
      const match = intentPath;
      const intent = intents.get(match[1] as string);
      return intent ? json(res, 200, intent) : notFound(res, "payment_intent");
    }
    if (req.method === "POST" && path === "/v1/refunds") {
      const intent = intents.get(body.payment_intent);
      if (!intent) return notFound(res, "payment_intent");
      const charge = chargeOf(intent) as Json;
      const amount = Number(body.amount ?? charge.amount - charge.amount_refunded);
      if (amount > charge.amount - charge.amount_refunded) {
        return json(res, 400, {
          error: {
            type: "invalid_request_error",
            message: "Refund amount is greater than unrefunded amount on charge",
          },
        });
      }
      const refund = {
        id: id("re"),
        object: "refund",
        amount,
        charge: charge.id,
        payment_intent: intent.id,
        status: "succeeded",
        metadata: body.metadata ?? {},
      };
      charge.amount_refunded += amount;
      charge.refunded = charge.amount_refunded === charge.amount;
      charge.refunds.data.push(refund);
      return json(res, 200, refund);
    }
    return notFound(res, path);
  }

  function payPage(res: http.ServerResponse, session: Json) {
    const dollars = (session.amount_total / 100).toFixed(2);
    res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
    res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Pay (test)</title></head>
<body><main><h1>Pay $${dollars}</h1><p>${session.client_reference_id ?? ""}</p>
<form method="post"><fieldset><legend>Payment method</legend>
<label><input type="radio" name="method" value="card" checked> Card</label>
<label><input type="radio" name="method" value="bank"> US bank account</label></fieldset>
<button type="submit">Pay</button></form></main></body></html>`);
  }

  const httpServer = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      const url = new URL(req.url ?? "/", base);
      const page = /^\/pay\/(\w+)$/.exec(url.pathname);
      const handle = async () => {
        if (page) {
          const session = sessions.get(page[1] as string);
          if (session?.status !== "open") {
            res.writeHead(410, { "Content-Type": "text/plain" });
            res.end("This payment page has expired.");
            return;
          }
          if (req.method !== "POST") return payPage(res, session);
          const method = new URLSearchParams(text).get("method") === "bank" ? "bank" : "card";
          await server.pay(session.id, method);
          res.writeHead(303, {
            Location: String(session.success_url).replace("{CHECKOUT_SESSION_ID}", session.id),
          });
          res.end();
          return;
        }
        await api(req, res, parseStripeForm(text));
      };
      handle().catch((error: unknown) => json(res, 500, { error: { message: String(error) } }));
    });
  });
  await new Promise<void>((resolve) => httpServer.listen(port, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(httpServer.address() as AddressInfo).port}`;
  server.url = base;
  return server;
}
