import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import { handleError } from "~/entry.server";
import { db } from "~/lib/db.server";
import { loadEnv, setEnv } from "~/lib/env.server";
import { requestContext } from "~/lib/request-context";
import { userContext } from "~/lib/session.server";
import { action as profileAction } from "~/routes/account/profile";
import * as customerRoute from "~/routes/admin/customer";
import { action as forgotAction } from "~/routes/auth/forgot-password";
import { action as resetAction } from "~/routes/auth/reset-password";
import { action as requestQuote } from "~/routes/quotes/request";
import { PASSWORD, sessionCount, signedInAccount, totpAccount } from "../setup/accounts";
import { post } from "../setup/actions";
import { contextFor, makeUser, requestTo, run } from "../setup/admin";
import { drivers, freshDatabase, type TestDatabase } from "../setup/database";
import { formData, validAnswers } from "../setup/forms";
import { type GuardedServer, startGuardedServer } from "../setup/guarded-server";
import { type CapturedLogs, captureLogs } from "../setup/logs";

const ORIGIN = "http://localhost:3000";

/** A test configuration without a database, logging at info (the database tests make their own). */
function withoutDatabase() {
  let dataDir = "";
  let logs: CapturedLogs | undefined;
  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "remediation-events-"));
    setEnv(
      loadEnv({
        NODE_ENV: "test",
        DATA_DIR: dataDir,
        PUBLIC_URL: ORIGIN,
        LOG_LEVEL: "info",
        AUTH_SECRET: "integration-test-secret-0123456789abcdef",
      }),
    );
    logs = captureLogs();
  });
  afterAll(() => {
    logs?.restore();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  return () => logs as CapturedLogs;
}

describe("refused cross-site POSTs are security events (ASVS V16.3)", () => {
  const captured = withoutDatabase();
  let guarded: GuardedServer;
  beforeAll(async () => {
    guarded = await startGuardedServer();
  });
  afterAll(() => guarded.close());

  it("refuses the POST with 403 and a plain page before the router, logging one line and no secret", async () => {
    const before = guarded.reached();
    const response = await fetch(`${guarded.origin}/auth/reset-password?token=r3setT0ken99`, {
      method: "POST",
      headers: {
        Origin: "https://attacker.example",
        Cookie: "remediation.session_token=s3ssionT0ken77",
        "Content-Type": "application/x-www-form-urlencoded",
        "X-Request-Id": "req-csrf-1",
      },
      body: "password=hunter2hunter2&confirmPassword=hunter2hunter2",
    });
    expect(response.status).toBe(403);
    expect(await response.text()).toContain("This request came from another site and was refused.");
    expect(guarded.reached()).toBe(before);

    const events = captured()
      .lines()
      .filter((l) => l.event === "csrf.refused");
    expect(events).toEqual([
      expect.objectContaining({
        security: true,
        level: 40,
        clientIp: "127.0.0.1",
        requestId: "req-csrf-1",
        method: "POST",
        path: "/auth/reset-password",
        origin: "https://attacker.example",
      }),
    ]);
    for (const secret of ["r3setT0ken99", "s3ssionT0ken77", "hunter2"]) {
      expect(captured().text()).not.toContain(secret);
    }
  });

  it("refuses a malformed Origin and a cross-site Sec-Fetch-Site the same way", async () => {
    const probes: Record<string, string>[] = [
      { Origin: "not a url" },
      { "Sec-Fetch-Site": "cross-site" },
    ];
    for (const headers of probes) {
      const response = await fetch(`${guarded.origin}/quotes/mold-remediation`, {
        method: "POST",
        headers: { ...headers, "Content-Type": "application/x-www-form-urlencoded" },
        body: "firstName=x",
      });
      expect(response.status).toBe(403);
    }
    expect(guarded.reached()).toBe(0);
  });

  it("takes `Origin: null` as our own only with Sec-Fetch-Site: same-origin (a no-referrer page's form)", async () => {
    const post = (headers: Record<string, string>) =>
      fetch(`${guarded.origin}/estimates/x`, {
        method: "POST",
        headers: { ...headers, "Content-Type": "application/x-www-form-urlencoded" },
        body: "intent=accept",
      });
    const before = guarded.reached();
    const refusals: Record<string, string>[] = [
      { Origin: "null" },
      { Origin: "null", "Sec-Fetch-Site": "cross-site" },
      { Origin: "null", "Sec-Fetch-Site": "same-site" },
      { Origin: "null", "Sec-Fetch-Site": "none" },
    ];
    for (const refused of refusals) {
      expect((await post(refused)).status, JSON.stringify(refused)).toBe(403);
    }
    expect(guarded.reached()).toBe(before);
    const ours = await post({ Origin: "null", "Sec-Fetch-Site": "same-origin" });
    expect(await ours.text()).toBe("ok");
    expect(guarded.reached()).toBe(before + 1);
  });

  it("logs nothing for a same-origin POST and lets it through", async () => {
    const before = captured().lines().length;
    const response = await fetch(`${guarded.origin}/auth/signout`, {
      method: "POST",
      headers: { Origin: guarded.origin },
    });
    expect(await response.text()).toBe("ok");
    expect(captured().lines().length).toBe(before);
  });
});

describe("a failing request's log line (docs/decisions/0043-secrets-out-of-logs.md)", () => {
  const captured = withoutDatabase();

  it("logs a failing request's URL without its query's values", async () => {
    const request = new Request(`${ORIGIN}/auth/reset-password?token=tok3nS3cret42&next=/x`);
    handleError(new Error("boom"), { request } as never);
    const [line] = captured()
      .lines()
      .filter((l) => l.msg === "request failed");
    expect(line?.url).toBe(`${ORIGIN}/auth/reset-password?token=[redacted]&next=[redacted]`);
    expect(captured().text()).not.toContain("tok3nS3cret42");
  });
});

describe("a quote request over the hourly limit is a security event (ASVS V16.3)", () => {
  let database: TestDatabase | undefined;
  let logs: CapturedLogs | undefined;
  beforeEach(async () => {
    database = await freshDatabase("pglite", { QUOTE_RATE_LIMIT: "1", LOG_LEVEL: "info" });
    logs = captureLogs();
  });
  afterEach(async () => {
    logs?.restore();
    await database?.dispose();
  });

  it("answers 429 and logs rate_limit.hit with address and request id, not what was typed", async () => {
    const submit = async () => {
      const context = new RouterContextProvider();
      context.set(requestContext, { clientIp: "198.51.100.7", nonce: "n", requestId: "req-q-2" });
      context.set(userContext, null);
      const response = await requestQuote({
        request: new Request(`${ORIGIN}/quotes/radon-remediation`, {
          method: "POST",
          headers: { Origin: ORIGIN },
          body: formData({ ...validAnswers.radon, email: "rita.limit@example.com" }),
        }),
        context,
        params: { service: "radon-remediation" },
      } as never);
      return response instanceof Response
        ? response.status
        : (response as { init: { status: number } }).init.status;
    };
    expect(await submit()).toBe(302);
    expect(logs!.lines().filter((l) => l.event === "rate_limit.hit")).toEqual([]);
    expect(await submit()).toBe(429);
    expect(logs!.lines().filter((l) => l.event === "rate_limit.hit")).toEqual([
      expect.objectContaining({
        security: true,
        limit: "quote",
        userId: null,
        clientIp: "198.51.100.7",
        requestId: "req-q-2",
      }),
    ]);
    expect(logs!.text()).not.toContain("rita.limit@example.com");
  });
});

describe.each(drivers)("account security events on %s (ASVS V16.3)", (driver) => {
  let database: TestDatabase;
  let logs: CapturedLogs;
  beforeAll(async () => {
    database = await freshDatabase(driver, { LOG_LEVEL: "info" });
    logs = captureLogs();
  });
  afterAll(async () => {
    logs.restore();
    await database.dispose();
  });

  const events = (name: string) => logs.lines().filter((line) => line.event === name);
  const fromRequest = (clientIp: string) => ({
    security: true,
    clientIp,
    requestId: expect.stringMatching(/^req-/),
  });

  it("logs a password reset's request and completion with the account, and no token or password", async () => {
    const email = `reset-events-${driver}@example.com`;
    const { user } = await signedInAccount(email);
    const ip = "203.0.113.21";
    expect((await post(forgotAction, "/auth/forgot-password", { email }, ip)).status).toBe(200);
    const nobody = `nobody-${driver}@example.com`;
    expect((await post(forgotAction, "/auth/forgot-password", { email: nobody }, ip)).status).toBe(
      200,
    );
    let token = "";
    await expect
      .poll(async () => {
        const [mail] = await db
          .select()
          .from(schema.mail_outbox)
          .where(
            sql`${schema.mail_outbox.kind} = 'password_reset' AND ${schema.mail_outbox.to_address} = ${email}`,
          );
        token = mail?.text_body.match(/\/reset-password\/([^?\s]+)/)?.[1] ?? "";
        return token;
      })
      .toBeTruthy();
    const password = "a brand new secret 7";
    const done = await post(
      resetAction,
      "/auth/reset-password",
      { token, password, confirmPassword: password },
      ip,
    );
    expect(done.status).toBe(302);

    expect(events("password_reset.requested")).toEqual([
      expect.objectContaining({ ...fromRequest(ip), userId: user.id }),
      expect.objectContaining({ ...fromRequest(ip), userId: null }),
    ]);
    expect(events("password_reset.completed")).toEqual([
      expect.objectContaining({ ...fromRequest(ip), userId: user.id }),
    ]);
    for (const secret of [token, password, PASSWORD]) expect(logs.text()).not.toContain(secret);
  });

  it("logs turning two-factor off with the account, and no password, key or backup code", async () => {
    const who = await totpAccount(`off-events-${driver}@example.com`);
    const ip = "203.0.113.22";
    const off = await post(
      profileAction,
      "/account/profile",
      { intent: "two-factor-disable", password: PASSWORD },
      ip,
      who.user,
      who.cookie,
    );
    expect(off.status).toBe(302);
    expect(events("two_factor.disabled")).toEqual([
      expect.objectContaining({ ...fromRequest(ip), userId: who.user.id }),
    ]);
    const sessionToken = who.cookie.match(/session_token=([^;.]+)/)?.[1] ?? "";
    expect(sessionToken).not.toBe("");
    for (const secret of [PASSWORD, who.secret, sessionToken, ...who.backupCodes]) {
      expect(logs.text()).not.toContain(secret);
    }
  });

  it("logs an admin grant and revoke from the customer page: target, acting admin, time", async () => {
    const admin = await makeUser(`boss-${driver}@example.com`, { admin: true, totp: true });
    const customer = await makeUser(`customer-${driver}@example.com`);
    const before = Date.now();
    for (const intent of ["grant", "revoke"]) {
      const outcome = await run(customerRoute.action, {
        request: requestTo(`/admin/customers/${customer.id}`, { intent }),
        context: contextFor(admin),
        params: { id: customer.id },
      });
      expect(outcome.status, intent).toBe(302);
    }
    const after = Date.now();
    for (const name of ["admin.grant", "admin.revoke"]) {
      const lines = events(name).filter((line) => line.userId === customer.id);
      // contextFor's request: address 192.0.2.50, request id "r"
      expect(lines, name).toEqual([
        expect.objectContaining({
          security: true,
          userId: customer.id,
          grantedBy: admin.id,
          clientIp: "192.0.2.50",
          requestId: "r",
        }),
      ]);
      const at = Date.parse(String(lines[0]?.at));
      expect(at).toBeGreaterThanOrEqual(before);
      expect(at).toBeLessThanOrEqual(after);
    }
  });

  it("refuses a signed-in user's cross-site POST before any action, logging no secret", async () => {
    const who = await signedInAccount(`csrf-${driver}@example.com`);
    const requestId = `req-csrf-${driver}`;
    const stolen = "stolen new password 99";
    const guarded = await startGuardedServer();
    const response = await fetch(`${guarded.origin}/account/profile`, {
      method: "POST",
      headers: {
        Origin: "https://attacker.example",
        Cookie: who.cookie,
        "Content-Type": "application/x-www-form-urlencoded",
        "X-Request-Id": requestId,
      },
      body: new URLSearchParams({
        intent: "change-password",
        currentPassword: PASSWORD,
        newPassword: stolen,
        confirmPassword: stolen,
      }),
    });
    await guarded.close();
    expect(response.status).toBe(403);
    expect(guarded.reached()).toBe(0);
    expect(events("csrf.refused")).toEqual([
      expect.objectContaining({
        security: true,
        requestId,
        method: "POST",
        path: "/account/profile",
        origin: "https://attacker.example",
      }),
    ]);
    const sessionToken = who.cookie.match(/session_token=([^;.]+)/)?.[1] ?? "";
    for (const secret of [sessionToken, PASSWORD, stolen])
      expect(logs.text()).not.toContain(secret);
    // the victim's session is untouched
    expect(await sessionCount(who.user.id)).toBe(1);
  });
});
