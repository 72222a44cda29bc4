/**
 * A second server process for the concurrent-acceptance test: opens the PostgreSQL database
 * named by DATABASE_URL, waits for a line on stdin (so that several such processes start their
 * accept together), accepts the estimate behind the link ESTIMATE_TOKEN with option
 * ESTIMATE_OPTION and prints the outcome as one JSON line. Run with tsx (the `~` path alias).
 */
import { once } from "node:events";
import { acceptEstimate } from "~/features/estimates/acceptance.server";
import { linkParty } from "~/features/estimates/access.server";
import { openDatabase, setDatabase } from "~/lib/db.server";
import { loadEnv, setEnv } from "~/lib/env.server";

setEnv(loadEnv({ ...process.env, NODE_ENV: "test", MAIL_TRANSPORT: "file", LOG_LEVEL: "silent" }));
const handle = await openDatabase({ url: process.env.DATABASE_URL, pgliteDir: "" });
setDatabase(handle);
process.stdout.write("ready\n");
await once(process.stdin, "data");
const outcome = await acceptEstimate(
  linkParty(process.env.ESTIMATE_TOKEN as string),
  undefined,
  {
    versionId: process.env.ESTIMATE_VERSION_ID as string,
    contentSha256: process.env.ESTIMATE_SHA256 as string,
    option: Number(process.env.ESTIMATE_OPTION),
    consent: true,
    signerName: `Signer of option ${process.env.ESTIMATE_OPTION}`,
  },
  { ip: "192.0.2.7", userAgent: "second process" },
).catch((error: unknown) => ({ ok: false, error: String(error) }));
process.stdout.write(`${JSON.stringify(outcome)}\n`);
await handle.close();
process.exit(0);
