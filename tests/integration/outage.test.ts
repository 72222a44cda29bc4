/**
 * Database outages as a visitor and a load balancer meet them: /healthz answers 503 within a
 * second, a quote request gets the form back with its answers and a plain message, and service
 * comes back by itself when the database does. The PostgreSQL outage is a proxy in front of the
 * shared test server (stopped, or hung), never the server itself.
 */
import { count, sql } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { quotes, rate_limits } from "~/db/schema";
import { RECORDS_UNAVAILABLE_MESSAGE } from "~/features/accounts/session-middleware.server";
import { SUBMIT_UNAVAILABLE_MESSAGE } from "~/features/quotes/submit.server";
import { type DatabaseHandle, db, openDatabase, setDatabase } from "~/lib/db.server";
import { requestContext } from "~/lib/request-context";
import { userContext } from "~/lib/session.server";
import { loader as accountPage } from "~/routes/account/index";
import { action as requestQuote } from "~/routes/quotes/request";
import { loader as healthz } from "~/routes/resources/healthz";
import { loader as readyz } from "~/routes/resources/readyz";
import { signedInAccount } from "../setup/accounts";
import { drivers, freshDatabase, type TestDatabase } from "../setup/database";
import { formData, validAnswers } from "../setup/forms";
import { startTcpProxy, type TcpProxy } from "../setup/tcp-proxy";
import { throughRoot } from "../setup/through-root";

const ORIGIN = "http://localhost:3000";
const STATEMENT_TIMEOUT_MS = 1_000;

/** Posts the valid mold form through the quote route's action, as a browser would. */
async function postQuote(ip = "198.51.100.7") {
  const context = new RouterContextProvider();
  context.set(requestContext, { clientIp: ip, nonce: "n", requestId: "r" });
  context.set(userContext, null);
  const outcome = await requestQuote({
    request: new Request(`${ORIGIN}/quotes/mold-remediation`, {
      method: "POST",
      headers: { Origin: ORIGIN },
      body: formData(validAnswers.mold),
    }),
    context,
    params: { service: "mold-remediation" },
  } as never).catch((thrown: unknown) => thrown);
  if (outcome instanceof Response) return { status: outcome.status, body: undefined };
  const { data, init } = outcome as {
    data: { error?: Record<string, string[]>; initialValue?: Record<string, unknown> };
    init: { status: number };
  };
  return { status: init.status, body: data };
}

/** The health answer, or "no answer" if it took more than a second. */
async function healthWithinASecond() {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<"no answer">((resolve) => {
    timer = setTimeout(() => resolve("no answer"), 1_000);
  });
  const answer = await Promise.race([healthz().then((r) => r.status), late]);
  clearTimeout(timer);
  return answer;
}

const quoteCount = async () => (await db.select({ n: count() }).from(quotes))[0]?.n;

/** The quote form came back with the plain outage message and every answer kept. */
function expectAnswersKept(outcome: Awaited<ReturnType<typeof postQuote>>) {
  expect(outcome.status).toBe(503);
  expect(outcome.body?.error?.[""]).toEqual([SUBMIT_UNAVAILABLE_MESSAGE]);
  expect(outcome.body?.initialValue).toMatchObject({
    firstName: validAnswers.mold.firstName,
    email: validAnswers.mold.email,
    moldType: validAnswers.mold.moldType,
    problemAreas: [...validAnswers.mold.problemAreas],
  });
}

describe.each(drivers.filter((driver) => driver === "postgres"))("a %s outage", (driver) => {
  let database: TestDatabase;
  let proxy: TcpProxy;
  let proxied: DatabaseHandle;
  beforeEach(async () => {
    database = await freshDatabase(driver, { QUOTE_RATE_LIMIT: "100" });
    const url = new URL(database.url as string);
    proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
    url.port = String(proxy.port);
    proxied = await openDatabase({
      url: url.href,
      pgliteDir: "unused",
      statementTimeoutMs: STATEMENT_TIMEOUT_MS,
    });
    setDatabase(proxied);
  });
  afterEach(async () => {
    await proxy.start();
    await proxied.close();
    await database.dispose();
    await proxy.stop();
  });

  it.each([
    ["gone (connections dropped, new ones refused)", () => proxy.stop()],
    ["hung (connections open, no answers)", async () => proxy.hang()],
  ])(
    "with the server %s: /healthz and /readyz 503 within a second, the form back with its answers, recovery without a restart",
    async (_, outage) => {
      expect((await postQuote()).status).toBe(302);

      await outage();
      expect(await healthWithinASecond()).toBe(503);
      const readiness = await readyz();
      expect(readiness.status).toBe(503);
      expect(await readiness.json()).toEqual({ status: "not ready", reasons: ["database"] });
      expectAnswersKept(await postQuote());

      await proxy.start();
      await expect.poll(healthWithinASecond, { timeout: 10_000 }).toBe(200);
      await expect.poll(async () => (await readyz()).status, { timeout: 10_000 }).toBe(200);
      expect((await postQuote()).status).toBe(302);
      expect(await quoteCount()).toBe(2);
    },
  );
  it("a signed-in visitor's quote keeps its answers, and their pages say plainly that the account is out of reach", async () => {
    const who = await signedInAccount(`outage-${Date.now()}@example.com`);
    await proxy.stop();
    const headers = { Origin: ORIGIN, Cookie: who.cookie };
    const posted = await throughRoot(
      new Request(`${ORIGIN}/quotes/mold-remediation`, {
        method: "POST",
        headers: { ...headers, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(
          Object.entries(validAnswers.mold).flatMap(([name, value]) =>
            (typeof value === "string" ? [value] : value).map((v) => [name, v]),
          ),
        ),
      }),
      requestQuote,
      { params: { service: "mold-remediation" } },
    );
    expect(posted.status).toBe(503);
    const body = (await posted.json()) as Awaited<ReturnType<typeof postQuote>>["body"];
    expectAnswersKept({ status: 503, body });

    const page = await throughRoot(new Request(`${ORIGIN}/account`, { headers }), accountPage);
    expect(page.status).toBe(503);
    expect(await page.text()).toBe(RECORDS_UNAVAILABLE_MESSAGE);
  });
});

describe.each(drivers)("a statement past its time limit on %s", (driver) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await freshDatabase(
      driver,
      { QUOTE_RATE_LIMIT: "100" },
      { statementTimeoutMs: STATEMENT_TIMEOUT_MS },
    );
  });
  afterEach(async () => {
    await database.dispose();
  });

  it("answers the quote form with the plain message, and the database goes on once it is free", async () => {
    // a transaction holding what the quote's rate limit needs (PGlite: its one session)
    let locked = () => {};
    const lockTaken = new Promise<void>((resolve) => {
      locked = resolve;
    });
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const holding = db.transaction(async (tx) => {
      await tx.execute(sql`LOCK TABLE rate_limits IN EXCLUSIVE MODE`);
      locked();
      await held;
    });
    try {
      await lockTaken;
      // PGlite: a transaction asked for meanwhile times out waiting to begin; once the session
      // is free it must not stay open (nothing would ever run again)
      const waitingTransaction = db
        .transaction(async (tx) => {
          await tx.insert(rate_limits).values({ key: "waiting", points: 1, expire: new Date() });
        })
        .then(
          () => "committed",
          (error: unknown) => error,
        );
      expectAnswersKept(await postQuote());
      expect(await waitingTransaction).toBeInstanceOf(Error);
    } finally {
      release();
      await holding;
    }
    expect((await postQuote()).status).toBe(302);
    expect(await quoteCount()).toBe(1);
    expect(await healthWithinASecond()).toBe(200);
  });
});
