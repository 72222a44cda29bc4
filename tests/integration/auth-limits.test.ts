/**
 * The authentication rate limits, attacked the way a person would: through our form actions
 * (not better-auth's handler), on PGlite and PostgreSQL. docs/decisions.md lists the numbers.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import * as schema from "~/db/schema";
import { auth, CLIENT_IP_HEADER } from "~/features/accounts/auth.server";
import { db, openDatabase, setDatabase } from "~/lib/db.server";
import { env, setEnv } from "~/lib/env.server";
import { logger } from "~/lib/logger.server";
import type { SessionUser } from "~/lib/session.server";
import { action as profileAction } from "~/routes/account/profile";
import { action as codeAction } from "~/routes/auth/code";
import { action as forgotAction } from "~/routes/auth/forgot-password";
import { action as signAction } from "~/routes/auth/sign";
import { action as twoFactorAction } from "~/routes/auth/two-factor";
import { post } from "../setup/actions";
import { drivers, freshDatabase, type TestDatabase } from "../setup/database";

const ORIGIN = "http://localhost:3000";
const PASSWORD = "correct horse 42";

const text = (body: unknown) => JSON.stringify(body);
const outboxCount = async (kind: string, to: string) =>
  (
    await db
      .select({ id: schema.mail_outbox.id })
      .from(schema.mail_outbox)
      .where(sql`${schema.mail_outbox.kind} = ${kind} AND ${schema.mail_outbox.to_address} = ${to}`)
  ).length;

describe.each(drivers)("authentication rate limits on %s", (driver) => {
  let database: TestDatabase;
  let ipCounter = 0;
  /** A fresh client address for each test, so tests do not share a client's counts. */
  const freshIp = () => `198.51.100.${++ipCounter}`;

  beforeAll(async () => {
    database = await freshDatabase(driver);
  });
  afterAll(async () => {
    await database.dispose();
  });

  async function account(email: string): Promise<SessionUser & { cookie: string }> {
    const headers = new Headers({ Origin: ORIGIN, [CLIENT_IP_HEADER]: "192.0.2.250" });
    await auth().api.signUpEmail({ body: { email, password: PASSWORD, name: "T" }, headers });
    await db.update(schema.user).set({ emailVerified: true }).where(eq(schema.user.email, email));
    const signedIn = await auth().api.signInEmail({
      body: { email, password: PASSWORD },
      headers,
      returnHeaders: true,
    });
    const cookie = signedIn.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const [session] = await db
      .select()
      .from(schema.session)
      .where(eq(schema.session.token, signedIn.response.token));
    return {
      id: signedIn.response.user.id,
      email,
      emailVerified: true,
      fullName: null,
      isAdmin: false,
      twoFactorEnabled: false,
      sessionId: session!.id,
      cookie,
    };
  }

  it("the sixth sign-in in a minute from one address gets 429 with the wait, also after a restart", async () => {
    const email = `signin-${driver}@example.com`;
    await account(email);
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

    await database.restart();
    expect((await attempt(ip)).status).toBe(429);
    // another network is not limited by this one
    expect((await attempt(freshIp())).status).toBe(401);
  });

  it("twenty sign-ins an hour for one email, from any number of addresses", async () => {
    const email = `victim-${driver}@example.com`;
    await account(email);
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
    await account(email);
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
    await account(email);
    const limited = await post(forgotAction, "/auth/forgot-password", { email }, ip);
    expect(limited.status).toBe(429);
    expect(await outboxCount("password_reset", email)).toBe(0);
  });

  it("sign-in codes: a fourth request for one inbox and a sixth wrong code get 429, no mail", async () => {
    const email = `code-${driver}@example.com`;
    await account(email);
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
        signAction,
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
    expect((await post(signAction, "/auth/signup", fields, ip)).status).toBe(429);
    expect(await outboxCount("email_verification", email)).toBe(0);

    const one = `same-${driver}@example.com`;
    const again = { email: one, password: PASSWORD, confirmPassword: PASSWORD };
    expect((await post(signAction, "/auth/signup", again, freshIp())).status).toBe(302);
    expect((await post(signAction, "/auth/signup", again, freshIp())).status).toBe(409);
    expect((await post(signAction, "/auth/signup", again, freshIp())).status).toBe(409);
    expect((await post(signAction, "/auth/signup", again, freshIp())).status).toBe(429);
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
    const user = await account(`profile-${driver}@example.com`);
    const wrong = { intent: "two-factor-start", password: "not my password" };
    for (let i = 0; i < 3; i++) {
      const outcome = await post(
        profileAction,
        "/account/profile",
        wrong,
        freshIp(),
        user,
        user.cookie,
      );
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
        user.cookie,
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
      user.cookie,
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

  if (driver === "postgres") {
    it("holds across two app instances on one PostgreSQL database", async () => {
      const first = database.handle;
      const second = await openDatabase({ url: database.url, pgliteDir: database.dataDir });
      try {
        const ip = freshIp();
        const email = `two-instances@example.com`;
        await account(email);
        for (let i = 0; i < 5; i++) {
          setDatabase(i % 2 === 0 ? first : second);
          const outcome = await post(signAction, "/auth/signin", { email, password: "x" }, ip);
          expect(outcome.status).toBe(401);
        }
        setDatabase(second);
        expect((await post(signAction, "/auth/signin", { email, password: "x" }, ip)).status).toBe(
          429,
        );
      } finally {
        setDatabase(first);
        await second.close();
      }
    });
  }
});
