/**
 * A second server process for the concurrent-booking test: opens the PostgreSQL database named by
 * DATABASE_URL, waits for a line on stdin (so that several such processes book together), books
 * quote VISIT_QUOTE_ID's visit at VISIT_SLOT (an ISO instant) and prints the outcome as one JSON
 * line. Run with tsx (the `~` path alias).
 */
import { once } from "node:events";
import { bookVisit } from "~/features/visits/booking.server";
import { openDatabase, setDatabase } from "~/lib/db.server";
import { loadEnv, setEnv } from "~/lib/env.server";

setEnv(loadEnv({ ...process.env, NODE_ENV: "test", MAIL_TRANSPORT: "file", LOG_LEVEL: "silent" }));
const handle = await openDatabase({ url: process.env.DATABASE_URL, pgliteDir: "" });
setDatabase(handle);
process.stdout.write("ready\n");
await once(process.stdin, "data");
const form = new FormData();
form.set("slot", process.env.VISIT_SLOT as string);
const outcome = await bookVisit(process.env.VISIT_QUOTE_ID as string, form, new Date()).catch(
  (error: unknown) => ({ ok: false, message: String(error) }),
);
process.stdout.write(`${JSON.stringify(outcome)}\n`);
await handle.close();
process.exit(0);
