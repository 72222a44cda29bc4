/**
 * A second server process for the reminders test: opens the PostgreSQL database named by
 * DATABASE_URL, waits for a line on stdin (so that several such processes run together), runs
 * outbox rounds with the reminders queued first (as the server's worker does) at the clock
 * REMIND_AT (an ISO instant), mail to SMTP_URL, until a round finds nothing, and prints the
 * totals as one JSON line. Run with tsx (the `~` path alias).
 */
import { once } from "node:events";
import { queueDueReminders } from "~/features/visits/reminders.server";
import { openDatabase, setDatabase } from "~/lib/db.server";
import { loadEnv, setEnv } from "~/lib/env.server";
import { smtpTransport } from "~/lib/mail.server";
import { deliverDueMail } from "~/lib/outbox.server";

setEnv(
  loadEnv({
    ...process.env,
    NODE_ENV: "test",
    MAIL_TRANSPORT: "file",
    LOG_LEVEL: "silent",
    PUBLIC_URL: "http://localhost:3000",
  }),
);
const handle = await openDatabase({ url: process.env.DATABASE_URL, pgliteDir: "" });
setDatabase(handle);
process.stdout.write("ready\n");
await once(process.stdin, "data");
const now = new Date(process.env.REMIND_AT as string);
const transport = smtpTransport(process.env.SMTP_URL as string, "site <site@remediation.test>");
let sent = 0;
for (let round = 0; round < 10; round++) {
  const result = await deliverDueMail({
    transport,
    now,
    scheduled: queueDueReminders,
    batchSize: 3,
  });
  sent += result.sent;
  if (result.sent + result.failed === 0) break;
}
process.stdout.write(`${JSON.stringify({ sent })}\n`);
await handle.close();
process.exit(0);
