/**
 * Another app instance for the rate-limit tests: a separate Node process (its own module state,
 * so nothing held in memory is shared with the test) that opens the database named by
 * DATABASE_URL (PostgreSQL) or PGLITE_DIR, and posts wrong passwords to our sign-in route action.
 * Each stdin line "<count> <address>" makes `count` attempts for SIGN_IN_EMAIL from `address`
 * (a `*` in it is replaced by the attempt's number, for a new address each time) and prints the
 * statuses as one JSON line; the process closes the database and exits when stdin ends.
 * Run with tsx (the `~` path alias): `npx tsx tests/setup/sign-in-attempts.ts`.
 */
import readline from "node:readline";
import { openDatabase, setDatabase } from "~/lib/db.server";
import { loadEnv, setEnv } from "~/lib/env.server";
import { action as signAction } from "~/routes/auth/signin";
import { post } from "./actions";

const email = process.env.SIGN_IN_EMAIL as string;
setEnv(
  loadEnv({
    NODE_ENV: "test",
    DATA_DIR: process.env.DATA_DIR as string,
    PUBLIC_URL: "http://localhost:3000",
    LEADS_EMAIL: "leads@remediation.test",
    LOG_LEVEL: "silent",
    AUTH_SECRET: "integration-test-secret-0123456789abcdef",
    MAIL_TRANSPORT: "file",
  }),
);
const handle = await openDatabase({
  url: process.env.DATABASE_URL || undefined,
  pgliteDir: process.env.PGLITE_DIR as string,
});
setDatabase(handle);
process.stdout.write("ready\n");

let attempt = 0;
for await (const line of readline.createInterface({ input: process.stdin })) {
  const [count, address] = line.trim().split(/\s+/);
  if (!count || !address) continue;
  const statuses: number[] = [];
  for (let i = 0; i < Number(count); i++) {
    const from = address.replace("*", String(++attempt));
    const outcome = await post(
      signAction,
      "/auth/signin",
      { email, password: `wrong guess ${attempt}` },
      from,
    );
    statuses.push(outcome.status);
  }
  process.stdout.write(`${JSON.stringify(statuses)}\n`);
}
await handle.close();
process.exit(0);
