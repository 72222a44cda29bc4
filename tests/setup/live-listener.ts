/**
 * A second server process for the live-updates test: opens the database named by DATABASE_URL,
 * subscribes to changes as the SSE endpoint does, and prints each one as a JSON line.
 * Run with tsx (the `~` path alias).
 */
import { openDatabase, setDatabase } from "~/lib/db.server";
import { subscribeToChanges } from "~/lib/realtime.server";

const handle = await openDatabase({ url: process.env.DATABASE_URL, pgliteDir: "" });
setDatabase(handle);
await subscribeToChanges((topic, payload) => {
  process.stdout.write(`${JSON.stringify({ topic, payload })}\n`);
});
process.stdout.write("ready\n");
process.stdin.on("end", async () => {
  await handle.close();
  process.exit(0);
});
process.stdin.resume();
