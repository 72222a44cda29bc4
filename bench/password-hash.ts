/**
 * The password hash's cost on this machine (docs/decisions/0170-password-hash-cost.md). Prints,
 * as median and p90 wall-clock milliseconds of N runs (default 9) after one warm-up:
 *  - argon2id hash and verify (@node-rs/argon2) for each of OWASP's equivalent settings
 *    (Password Storage Cheat Sheet: m=47 MiB t=1, m=19 MiB t=2, m=12 MiB t=3, m=9 MiB t=4,
 *    m=7 MiB t=5, all p=1), the one in use (PASSWORD_HASH) marked;
 *  - sign-up and sign-in through our route actions (routes/auth/signup, routes/auth/signin), on a
 *    fresh PGlite database (PostgreSQL when BENCH_DATABASE_URL names an empty database), each
 *    with its own client address so no rate limit is met.
 * Asserts nothing.
 *
 *   npm run bench:password          # N=9
 *   N=21 npm run bench:password
 */
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { hash, verify } from "@node-rs/argon2";
import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import * as schema from "~/db/schema";
import { PASSWORD_HASH } from "~/features/accounts/auth.server";
import { db, openDatabase, setDatabase } from "~/lib/db.server";
import { loadEnv, setEnv } from "~/lib/env.server";
import { requestContext } from "~/lib/request-context";
import { userContext } from "~/lib/session.server";
import { action as signInAction } from "~/routes/auth/signin";
import { action as signUpAction } from "~/routes/auth/signup";

const runs = Number(process.env.N ?? 9);
const PASSWORD = "Bench-password-4-argon2id!";
const ORIGIN = "http://localhost:3000";

async function measure(label: string, run: (i: number) => Promise<unknown>): Promise<void> {
  await run(-1);
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await run(i);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0;
  console.log(
    `${label.padEnd(44)} median ${at(0.5).toFixed(1).padStart(7)} ms   p90 ${at(0.9).toFixed(1).padStart(7)} ms`,
  );
}

const KIB_PER_MIB = 1024;
const owasp = [
  { memoryCost: 47 * KIB_PER_MIB, timeCost: 1 },
  { memoryCost: 19 * KIB_PER_MIB, timeCost: 2 },
  { memoryCost: 12 * KIB_PER_MIB, timeCost: 3 },
  { memoryCost: 9 * KIB_PER_MIB, timeCost: 4 },
  { memoryCost: 7 * KIB_PER_MIB, timeCost: 5 },
];

console.log(
  `Node ${process.version}, ${os.cpus().length} cores (${os.cpus()[0]?.model ?? "?"}), load average ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")}; N=${runs}`,
);
for (const setting of owasp) {
  const options = { algorithm: 2 as const, parallelism: 1, ...setting };
  const inUse =
    setting.memoryCost === PASSWORD_HASH.memoryCost && setting.timeCost === PASSWORD_HASH.timeCost;
  const name = `argon2id m=${setting.memoryCost / KIB_PER_MIB} MiB t=${setting.timeCost} p=1${inUse ? " (in use)" : ""}`;
  const stored = await hash(PASSWORD, options);
  await measure(`${name}: hash`, () => hash(PASSWORD, options));
  await measure(`${name}: verify`, () => verify(stored, PASSWORD));
}

// sign-up and sign-in as a browser's form posts reach our actions
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-password-"));
setEnv(
  loadEnv({
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    PUBLIC_URL: ORIGIN,
    LOG_LEVEL: "silent",
    AUTH_SECRET: "bench-secret-".padEnd(40, "x"),
    MAIL_TRANSPORT: "file",
  }),
);
setDatabase(
  await openDatabase({ url: process.env.BENCH_DATABASE_URL, pgliteDir: path.join(dataDir, "db") }),
);

let client = 0;
async function post(
  action: (args: never) => Promise<unknown>,
  pathname: string,
  fields: Record<string, string>,
): Promise<number> {
  const context = new RouterContextProvider();
  context.set(requestContext, {
    clientIp: `198.18.${Math.floor(++client / 250)}.${(client % 250) + 1}`,
    nonce: "n",
    requestId: randomUUID(),
  });
  context.set(userContext, null);
  const request = new Request(`${ORIGIN}${pathname}`, {
    method: "POST",
    headers: { Origin: ORIGIN },
    body: new URLSearchParams(fields),
  });
  const outcome = await action({ request, context, params: {} } as never).catch((e: unknown) => e);
  const status =
    outcome instanceof Response
      ? outcome.status
      : ((outcome as { init?: { status?: number } }).init?.status ?? 200);
  if (status >= 400) throw new Error(`${pathname} answered ${status}`);
  return status;
}

const email = (i: number) => `bench.${i < 0 ? "warm" : i}.${Date.now()}@example.com`;
try {
  const signedUp: string[] = [];
  await measure("sign-up (POST /auth/signup)", async (i) => {
    const address = email(i);
    signedUp.push(address);
    await post(signUpAction, "/auth/signup", {
      email: address,
      password: PASSWORD,
      confirmPassword: PASSWORD,
    });
  });
  const [account = ""] = signedUp;
  await db.update(schema.user).set({ emailVerified: true }).where(eq(schema.user.email, account));
  await measure("sign-in (POST /auth/signin)", () =>
    post(signInAction, "/auth/signin", { email: account, password: PASSWORD }),
  );
} finally {
  setDatabase(undefined);
  fs.rmSync(dataDir, { recursive: true, force: true });
}
process.exit(0);
