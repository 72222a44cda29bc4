import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { RouterContextProvider } from "react-router";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { handleError } from "~/entry.server";
import { loadEnv, setEnv } from "~/lib/env.server";
import { requestContext } from "~/lib/request-context";
import { userContext } from "~/lib/session.server";
import { middleware } from "~/root";
import { action as requestQuote } from "~/routes/quotes/request";
import { freshDatabase, type TestDatabase } from "../setup/database";
import { formData, validAnswers } from "../setup/forms";
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

describe("refused cross-site POSTs are security events (issue 11 point 6, ASVS V16.3)", () => {
  const captured = withoutDatabase();

  /** Runs the root middleware chain on `request` as the server would, until it answers. */
  async function throughRootMiddleware(request: Request) {
    const context = new RouterContextProvider();
    context.set(requestContext, { clientIp: "203.0.113.9", nonce: "n", requestId: "req-csrf-1" });
    const [sameOriginOnly] = middleware;
    try {
      await sameOriginOnly!(
        { request, context, params: {} } as never,
        async () => new Response("ok"),
      );
      return "let through";
    } catch (response) {
      return response as Response;
    }
  }

  it("refuses the POST with 403 and logs one line with address and request id, no secret", async () => {
    const outcome = await throughRootMiddleware(
      new Request(`${ORIGIN}/auth/reset-password?token=r3setT0ken99`, {
        method: "POST",
        headers: {
          Origin: "https://attacker.example",
          Cookie: "remediation.session_token=s3ssionT0ken77",
          "Content-Type": "application/x-www-form-urlencoded",
        },
        body: "password=hunter2hunter2&confirmPassword=hunter2hunter2",
      }),
    );
    expect(outcome).toBeInstanceOf(Response);
    expect((outcome as Response).status).toBe(403);

    const events = captured()
      .lines()
      .filter((l) => l.event === "csrf.refused");
    expect(events).toEqual([
      expect.objectContaining({
        security: true,
        level: 40,
        clientIp: "203.0.113.9",
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

  it("logs nothing for a same-origin POST", async () => {
    const before = captured().lines().length;
    const outcome = await throughRootMiddleware(
      new Request(`${ORIGIN}/auth/signout`, { method: "POST", headers: { Origin: ORIGIN } }),
    );
    expect(outcome).toBe("let through");
    expect(captured().lines().length).toBe(before);
  });
});

describe("a failing request's log line (issue 11 point 5)", () => {
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

describe("a quote request over the hourly limit is a security event (issue 11 point 6)", () => {
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
