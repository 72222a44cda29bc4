/**
 * The authentication rate limits, attacked the way a person would: through our form actions
 * (not better-auth's handler), on PGlite and PostgreSQL. docs/decisions/0025-auth-rate-limits.md
 * lists the numbers.
 */
import { spawn } from "node:child_process";
import path from "node:path";
import readline from "node:readline";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import * as schema from "~/db/schema";
import { auth } from "~/features/accounts/auth.server";
import type { SecurityReply } from "~/features/accounts/profile-actions.server";
import { db } from "~/lib/db.server";
import { env, setEnv } from "~/lib/env.server";
import { logger } from "~/lib/logger.server";
import { action as profileAction } from "~/routes/account/profile";
import { action as codeAction } from "~/routes/auth/code";
import { action as forgotAction } from "~/routes/auth/forgot-password";
import { action as signAction } from "~/routes/auth/signin";
import { action as signUpAction } from "~/routes/auth/signup";
import { action as twoFactorAction } from "~/routes/auth/two-factor";
import { PASSWORD, sessionCount, signedInAccount, totpAccount, totpCode } from "../setup/accounts";
import { cookieHeader, post } from "../setup/actions";
import { drivers, freshDatabase, type TestDatabase } from "../setup/database";

const text = (body: unknown) => JSON.stringify(body);
const outbox = (kind: string, to: string) =>
  db
    .select()
    .from(schema.mail_outbox)
    .where(sql`${schema.mail_outbox.kind} = ${kind} AND ${schema.mail_outbox.to_address} = ${to}`);
const outboxCount = async (kind: string, to: string) => (await outbox(kind, to)).length;

/** Starting Node processes and opening a database can take a minute on the shared machine. */
const SLOW = 180_000;

/** Another app instance: a Node process of its own (tests/setup/sign-in-attempts.ts). */
interface Instance {
  /** Makes `count` wrong-password sign-ins from `address` (`*`: a new one each time). */
  attempts(count: number, address: string): Promise<number[]>;
  /** Lets it close the database and exit. */
  stop(): Promise<void>;
}

/** Starts an app instance on `database` that signs in as `email`; resolves once it is ready. */
async function startInstance(database: TestDatabase, email: string): Promise<Instance> {
  const child = spawn("npx", ["tsx", "tests/setup/sign-in-attempts.ts"], {
    env: {
      ...process.env,
      DATABASE_URL: database.url ?? "",
      PGLITE_DIR: path.join(database.dataDir, "db"),
      DATA_DIR: database.dataDir,
      SIGN_IN_EMAIL: email,
    },
    stdio: ["pipe", "pipe", "inherit"],
  });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  const lines = readline.createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const nextLine = async () => {
    const { value, done } = await lines.next();
    if (done) throw new Error("the other app instance stopped");
    return value as string;
  };
  const stop = async () => {
    child.stdin.end();
    await exited;
  };
  try {
    expect(await nextLine()).toBe("ready");
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    async attempts(count, address) {
      child.stdin.write(`${count} ${address}\n`);
      return JSON.parse(await nextLine()) as number[];
    },
    stop,
  };
}

describe.each(drivers)("authentication rate limits on %s", (driver) => {
  let database: TestDatabase;
  let ipCounter = 0;
  /** A fresh client address for each test, so tests do not share a client's counts. */
  const freshIp = () => {
    ipCounter++;
    return `198.51.${100 + Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
  };

  beforeAll(async () => {
    database = await freshDatabase(driver);
  });
  afterAll(async () => {
    await database.dispose();
  });

  it("the sixth sign-in in a minute from one address gets 429 with the wait", async () => {
    const email = `signin-${driver}@example.com`;
    await signedInAccount(email);
    const ip = "2001:db8:5:5::1";
    const attempt = (from: string) =>
      post(signAction, "/auth/signin", { email, password: "wrong password!" }, from);
    for (let i = 0; i < 5; i++) expect((await attempt(ip)).status).toBe(401);
    const limited = await attempt(ip);
    expect(limited.status).toBe(429);
    expect(text(limited.body)).toMatch(
      /Too many attempts\. Please wait (\d+ seconds?|1 minute) and try again\./,
    );
    // the same /64 network is the same client
    expect((await attempt("2001:db8:5:5:ffff::2")).status).toBe(429);
    // the right password does not get through either
    const right = await post(signAction, "/auth/signin", { email, password: PASSWORD }, ip);
    expect(right.status).toBe(429);
    // another network is not limited by this one
    expect((await attempt(freshIp())).status).toBe(401);
  });

  it("twenty sign-ins an hour for one email, from any number of addresses", async () => {
    const email = `victim-${driver}@example.com`;
    await signedInAccount(email);
    for (let i = 0; i < 20; i++) {
      const outcome = await post(
        signAction,
        "/auth/signin",
        { email, password: `guess number ${i}` },
        freshIp(),
      );
      expect(outcome.status).toBe(401);
    }
    const limited = await post(
      signAction,
      "/auth/signin",
      { email: email.toUpperCase(), password: "guess 21" },
      freshIp(),
    );
    expect(limited.status).toBe(429);
    expect(text(limited.body)).toMatch(/Please wait \d+ minutes? and try again/);
  });

  it("a fourth reset request for one inbox in an hour gets 429 and sends no mail", async () => {
    const email = `reset-${driver}@example.com`;
    await signedInAccount(email);
    for (let i = 0; i < 3; i++) {
      const outcome = await post(forgotAction, "/auth/forgot-password", { email }, freshIp());
      expect(outcome.status).toBe(200);
    }
    await expect.poll(() => outboxCount("password_reset", email)).toBe(3);
    const limited = await post(forgotAction, "/auth/forgot-password", { email }, freshIp());
    expect(limited.status).toBe(429);
    expect(text(limited.body)).toMatch(/Too many attempts/);
    expect(await outboxCount("password_reset", email)).toBe(3);
  });

  it("a sixth reset request from one address in an hour gets 429, whatever the email", async () => {
    const ip = freshIp();
    for (let i = 0; i < 5; i++) {
      const outcome = await post(
        forgotAction,
        "/auth/forgot-password",
        { email: `nobody${i}@example.com` },
        ip,
      );
      expect(outcome.status).toBe(200);
    }
    const email = `reset-client-${driver}@example.com`;
    await signedInAccount(email);
    const limited = await post(forgotAction, "/auth/forgot-password", { email }, ip);
    expect(limited.status).toBe(429);
    expect(await outboxCount("password_reset", email)).toBe(0);
  });

  it("sign-in codes: a fourth request for one inbox and a sixth wrong code get 429, no mail", async () => {
    const email = `code-${driver}@example.com`;
    await signedInAccount(email);
    for (let i = 0; i < 3; i++) {
      const sent = await post(codeAction, "/auth/code", { step: "send", email }, freshIp());
      expect(sent.status).toBe(200);
    }
    await expect.poll(() => outboxCount("sign_in_code", email)).toBe(3);
    const limited = await post(codeAction, "/auth/code", { step: "send", email }, freshIp());
    expect(limited.status).toBe(429);
    expect(await outboxCount("sign_in_code", email)).toBe(3);

    const ip = freshIp();
    const check = () =>
      post(codeAction, "/auth/code", { step: "verify", email, code: "000000" }, ip);
    for (let i = 0; i < 5; i++) expect((await check()).status).not.toBe(429);
    expect((await check()).status).toBe(429);
  });

  it("sign-up: the eleventh from one address in an hour, and the fourth for one email, get 429", async () => {
    const ip = freshIp();
    for (let i = 0; i < 10; i++) {
      const outcome = await post(
        signUpAction,
        "/auth/signup",
        {
          email: `new${i}-${driver}@example.com`,
          password: PASSWORD,
          confirmPassword: PASSWORD,
        },
        ip,
      );
      expect(outcome.status).toBe(302);
    }
    const email = `eleventh-${driver}@example.com`;
    const fields = { email, password: PASSWORD, confirmPassword: PASSWORD };
    expect((await post(signUpAction, "/auth/signup", fields, ip)).status).toBe(429);
    expect(await outboxCount("email_verification", email)).toBe(0);

    const one = `same-${driver}@example.com`;
    const again = { email: one, password: PASSWORD, confirmPassword: PASSWORD };
    expect((await post(signUpAction, "/auth/signup", again, freshIp())).status).toBe(302);
    expect((await post(signUpAction, "/auth/signup", again, freshIp())).status).toBe(409);
    expect((await post(signUpAction, "/auth/signup", again, freshIp())).status).toBe(409);
    expect((await post(signUpAction, "/auth/signup", again, freshIp())).status).toBe(429);
  });

  it("the two-factor challenge: the sixth code in a minute from one address gets 429", async () => {
    const ip = freshIp();
    for (let i = 0; i < 5; i++) {
      const outcome = await post(twoFactorAction, "/auth/two-factor", { code: "123456" }, ip);
      expect(outcome.status).toBe(401);
    }
    const limited = await post(twoFactorAction, "/auth/two-factor", { code: "abcde-12345" }, ip);
    expect(limited.status).toBe(429);
  });

  it("the profile's password-confirmed actions share 5 tries in 15 minutes per account", async () => {
    const { user, cookie } = await signedInAccount(`profile-${driver}@example.com`);
    const wrong = { intent: "two-factor-start", password: "not my password" };
    for (let i = 0; i < 3; i++) {
      const outcome = await post(profileAction, "/account/profile", wrong, freshIp(), user, cookie);
      expect(outcome.status).toBe(400);
    }
    for (let i = 0; i < 2; i++) {
      const outcome = await post(
        profileAction,
        "/account/profile",
        {
          intent: "change-password",
          currentPassword: "not my password",
          newPassword: "a fresh long secret 9",
          confirmPassword: "a fresh long secret 9",
        },
        freshIp(),
        user,
        cookie,
      );
      expect(outcome.status).toBe(400);
      expect(text(outcome.body)).toContain("Incorrect password");
    }
    const limited = await post(
      profileAction,
      "/account/profile",
      { intent: "two-factor-disable", password: PASSWORD },
      freshIp(),
      user,
      cookie,
    );
    expect(limited.status).toBe(429);
    expect(text(limited.body)).toMatch(
      /Too many attempts\. Please wait \d+ minutes? and try again/,
    );
  });

  it("RATE_LIMIT_SCALE multiplies the limits", async () => {
    const before = env();
    setEnv({ ...before, RATE_LIMIT_SCALE: 2 });
    try {
      const ip = freshIp();
      const email = `scaled-${driver}@example.com`;
      for (let i = 0; i < 10; i++) {
        const outcome = await post(signAction, "/auth/signin", { email, password: "x" }, ip);
        expect(outcome.status).toBe(401);
      }
      expect((await post(signAction, "/auth/signin", { email, password: "x" }, ip)).status).toBe(
        429,
      );
    } finally {
      setEnv(before);
    }
  });

  it("logs limit hits and sign-in failures as security events without passwords", async () => {
    const lines: unknown[] = [];
    const capture = (...args: unknown[]) => {
      lines.push(args[0]);
    };
    const spies = (["info", "warn"] as const).map((level) =>
      vi.spyOn(logger(), level).mockImplementation(capture as never),
    );
    try {
      const ip = freshIp();
      const secret = "my secret guess 77";
      for (let i = 0; i < 6; i++) {
        await post(signAction, "/auth/signin", { email: "who@example.com", password: secret }, ip);
      }
      const events = lines.filter(
        (line): line is { security: true; event: string; clientIp: string; requestId: string } =>
          (line as { security?: boolean }).security === true,
      );
      expect(events.filter((e) => e.event === "sign_in.failure")).toHaveLength(5);
      const hit = events.find((e) => e.event === "rate_limit.hit");
      expect(hit).toMatchObject({ clientIp: ip, limit: "sign-in", keyedBy: ["client"] });
      expect(hit?.requestId).toMatch(/^req-/);
      expect(JSON.stringify(lines)).not.toContain(secret);
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
  });

  it("sign-in code requests: the sixth from one address in an hour gets 429 and sends no mail", async () => {
    const ip = freshIp();
    for (let i = 0; i < 5; i++) {
      const email = `code-client${i}-${driver}@example.com`;
      const sent = await post(codeAction, "/auth/code", { step: "send", email }, ip);
      expect(sent.status).toBe(200);
    }
    const email = `code-client-${driver}@example.com`;
    await signedInAccount(email);
    const limited = await post(codeAction, "/auth/code", { step: "send", email }, ip);
    expect(limited.status).toBe(429);
    expect(text(limited.body)).toMatch(
      /Too many attempts\. Please wait \d+ minutes? and try again\./,
    );
    expect(await outboxCount("sign_in_code", email)).toBe(0);
    // the refusal was this address's limit: from another one, that inbox gets one code
    expect((await post(codeAction, "/auth/code", { step: "send", email }, freshIp())).status).toBe(
      200,
    );
    await expect.poll(() => outboxCount("sign_in_code", email)).toBe(1);
  });

  it("sign-in code checks: the eleventh for one inbox in an hour gets 429, even with the right code", async () => {
    const email = `code-check-${driver}@example.com`;
    const { user } = await signedInAccount(email);
    for (let i = 0; i < 10; i++) {
      const check = { step: "verify", email, code: "000000" };
      const wrong = await post(codeAction, "/auth/code", check, freshIp());
      expect(wrong.status).toBe(400);
      expect(text(wrong.body)).toContain("That code is not valid or has expired.");
    }
    expect((await post(codeAction, "/auth/code", { step: "send", email }, freshIp())).status).toBe(
      200,
    );
    await expect.poll(() => outboxCount("sign_in_code", email)).toBe(1);
    const [mail] = await outbox("sign_in_code", email);
    const code = mail?.text_body.match(/\b\d{6}\b/)?.[0] ?? "";
    expect(code).toMatch(/^\d{6}$/);
    const sessions = await sessionCount(user.id);

    const limited = await post(
      codeAction,
      "/auth/code",
      { step: "verify", email, code },
      freshIp(),
    );
    expect(limited.status).toBe(429);
    expect(text(limited.body)).toMatch(
      /Too many attempts\. Please wait \d+ minutes? and try again\./,
    );
    expect(limited.setCookies).toEqual([]);
    expect(await sessionCount(user.id)).toBe(sessions);
  });

  it("the profile's password-confirmed actions: the sixth from one address gets 429, whatever the account", async () => {
    const ip = freshIp();
    const first = await signedInAccount(`confirm-a-${driver}@example.com`);
    const second = await signedInAccount(`confirm-b-${driver}@example.com`);
    const third = await signedInAccount(`confirm-c-${driver}@example.com`);
    for (const who of [first, first, first, second, second]) {
      const wrong = await post(
        profileAction,
        "/account/profile",
        { intent: "two-factor-start", password: "not my password" },
        ip,
        who.user,
        who.cookie,
      );
      expect(wrong.status).toBe(400);
    }
    const fresh = "a fresh long secret 9";
    const limited = await post(
      profileAction,
      "/account/profile",
      {
        intent: "change-password",
        currentPassword: PASSWORD,
        newPassword: fresh,
        confirmPassword: fresh,
      },
      ip,
      third.user,
      third.cookie,
    );
    expect(limited.status).toBe(429);
    expect(text(limited.body)).toMatch(
      /Too many attempts\. Please wait \d+ minutes? and try again/,
    );
    // the password did not change
    await expect(
      auth().api.signInEmail({ body: { email: third.user.email, password: PASSWORD } }),
    ).resolves.toMatchObject({ token: expect.any(String) });
    // the third account is not limited from another address
    const elsewhere = await post(
      profileAction,
      "/account/profile",
      { intent: "two-factor-start", password: PASSWORD },
      freshIp(),
      third.user,
      third.cookie,
    );
    expect(elsewhere.status).toBe(200);
  });

  it("two-factor set-up: the eleventh code for one account in an hour gets 429 and leaves it off", async () => {
    const { user, cookie } = await signedInAccount(`setup-limit-${driver}@example.com`);
    const profilePost = (fields: Record<string, string>) =>
      post(profileAction, "/account/profile", fields, freshIp(), user, cookie);
    const started = await profilePost({ intent: "two-factor-start", password: PASSWORD });
    expect(started.status).toBe(200);
    const secret = (started.body as SecurityReply).enrolment?.secret ?? "";
    for (let i = 0; i < 10; i++) {
      const wrong = await profilePost({ intent: "two-factor-verify", code: "000000" });
      expect(wrong.status).toBe(400);
    }
    const limited = await profilePost({
      intent: "two-factor-verify",
      code: await totpCode(secret),
    });
    expect(limited.status).toBe(429);
    // our limit's message (better-auth's own lockout says "Too many wrong codes")
    expect(text(limited.body)).toMatch(
      /Too many attempts\. Please wait \d+ minutes? and try again/,
    );
    const [row] = await db
      .select({ twoFactorEnabled: schema.user.twoFactorEnabled })
      .from(schema.user)
      .where(eq(schema.user.id, user.id));
    expect(row?.twoFactorEnabled).toBe(false);
  });

  it("the two-factor challenge: the sixth backup code in a minute from one address gets 429, no session", async () => {
    const email = `backup-limit-${driver}@example.com`;
    const { user, backupCodes } = await totpAccount(email);
    const challenge = async () =>
      cookieHeader(
        (await post(signAction, "/auth/signin", { email, password: PASSWORD }, freshIp()))
          .setCookies,
      );
    const ip = freshIp();
    const pending = await challenge();
    for (let i = 0; i < 5; i++) {
      const wrong = await post(
        twoFactorAction,
        "/auth/two-factor",
        { code: `zzzz${i}-zzzzz` },
        ip,
        null,
        pending,
      );
      expect(wrong.status).toBe(401);
      expect(text(wrong.body)).toContain("That backup code is not valid or was already used.");
    }
    const sessions = await sessionCount(user.id);
    const valid = backupCodes[0] as string;
    const next = await challenge();
    const limited = await post(
      twoFactorAction,
      "/auth/two-factor",
      { code: valid },
      ip,
      null,
      next,
    );
    expect(limited.status).toBe(429);
    expect(text(limited.body)).toMatch(
      /Too many attempts\. Please wait (\d+ seconds?|1 minute) and try again\./,
    );
    expect(limited.setCookies).toEqual([]);
    expect(await sessionCount(user.id)).toBe(sessions);
    // the refused code was not used up: from another address it signs in at that challenge
    const elsewhere = await post(
      twoFactorAction,
      "/auth/two-factor",
      { code: valid },
      freshIp(),
      null,
      next,
    );
    expect(elsewhere.status).toBe(302);
    expect(await sessionCount(user.id)).toBe(sessions + 1);
  });

  it(
    "a client limited by one app process is still limited by the next one after a restart",
    async () => {
      const email = `restart-${driver}@example.com`;
      await signedInAccount(email);
      const ip = freshIp();
      // this process lets go of the database, as a stopped server would (PGlite: one process)
      await database.close();
      try {
        const before = await startInstance(database, email);
        try {
          expect(await before.attempts(5, ip)).toEqual([401, 401, 401, 401, 401]);
        } finally {
          await before.stop();
        }
        const after = await startInstance(database, email);
        try {
          expect(await after.attempts(1, ip)).toEqual([429]);
          // the count is the client's: another address still gets an answer about the password
          expect(await after.attempts(1, freshIp())).toEqual([401]);
        } finally {
          await after.stop();
        }
      } finally {
        await database.reopen();
      }
    },
    SLOW,
  );

  if (driver === "postgres") {
    it(
      "two app processes alive at once on one PostgreSQL database share the per-email limit",
      async () => {
        const email = `two-instances-${driver}@example.com`;
        await signedInAccount(email);
        const [one, two] = await Promise.all([
          startInstance(database, email),
          startInstance(database, email),
        ]);
        try {
          // twenty guesses for one email, each from its own address, taking turns
          for (let round = 0; round < 2; round++) {
            expect(await one.attempts(5, "198.18.1.*")).toEqual(Array(5).fill(401));
            expect(await two.attempts(5, "198.18.2.*")).toEqual(Array(5).fill(401));
          }
          expect(await one.attempts(1, "198.18.3.1")).toEqual([429]);
          expect(await two.attempts(1, "198.18.4.1")).toEqual([429]);
        } finally {
          await Promise.all([one.stop(), two.stop()]);
        }
      },
      SLOW,
    );
  }
});
