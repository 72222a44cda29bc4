/**
 * A second server process for the concurrent-webhook test: opens the PostgreSQL database named by
 * DATABASE_URL, waits for a line on stdin (so that several such processes start together), hands
 * the signed events in WEBHOOK_EVENTS (a JSON list of { payload, signature }) to the webhook's
 * handler all at once and prints the answers' statuses as one JSON line. Run with tsx.
 */
import { once } from "node:events";
import { receiveStripeWebhook } from "~/features/invoices/webhooks.server";
import { openDatabase, setDatabase } from "~/lib/db.server";
import { loadEnv, setEnv } from "~/lib/env.server";

setEnv(loadEnv({ ...process.env, NODE_ENV: "test", MAIL_TRANSPORT: "file", LOG_LEVEL: "silent" }));
const handle = await openDatabase({ url: process.env.DATABASE_URL, pgliteDir: "" });
setDatabase(handle);
const events = JSON.parse(process.env.WEBHOOK_EVENTS as string) as {
  payload: string;
  signature: string;
}[];
process.stdout.write("ready\n");
await once(process.stdin, "data");
const statuses = await Promise.all(
  events.map((e) =>
    receiveStripeWebhook(e.payload, e.signature).then(
      (answer) => answer.status,
      (error: unknown) => String(error),
    ),
  ),
);
process.stdout.write(`${JSON.stringify(statuses)}\n`);
await handle.close();
process.exit(0);
