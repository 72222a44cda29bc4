import { RouterContextProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CLIENT_ERROR_RATE_LIMIT } from "~/lib/client-errors.server";
import { logger } from "~/lib/logger.server";
import { requestContext } from "~/lib/request-context";
import { action } from "~/routes/api/client-errors";
import { drivers, freshDatabase, type TestDatabase } from "../setup/database";

const entry = {
  timestamp: "2026-11-23T17:00:00.000Z",
  level: "error",
  category: "form",
  message: "Quote request was not accepted",
  data: { service: "radon", fields: [] },
  userId: null,
  sessionId: "5a0c3f0e-0000-4000-8000-000000000001",
};

function post(body: string, clientIp: string, headers: Record<string, string> = {}) {
  const request = new Request("http://localhost:3000/api/client-errors", {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body,
  });
  const context = new RouterContextProvider();
  context.set(requestContext, { clientIp, nonce: "", requestId: "req-1" });
  return action({ request, params: {}, context } as never);
}

describe.each(drivers)("POST /api/client-errors on %s", (driver) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await freshDatabase(driver);
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    await database.dispose();
  });

  it("writes an accepted entry to the server log as one line and answers 204", async () => {
    const error = vi.spyOn(logger(), "error").mockImplementation(() => undefined);
    const response = await post(JSON.stringify(entry), "192.0.2.10");
    expect(response.status).toBe(204);
    expect(error).toHaveBeenCalledTimes(1);
    expect(error.mock.calls[0]).toEqual([
      {
        browser: {
          timestamp: entry.timestamp,
          level: "error",
          category: "form",
          message: entry.message,
          data: entry.data,
          sessionId: entry.sessionId,
          claimedUserId: null,
        },
        userId: null,
        clientIp: "192.0.2.10",
        requestId: "req-1",
      },
      "browser error: Quote request was not accepted",
    ]);
  });

  it("refuses bad input with 400 and logs nothing", async () => {
    const error = vi.spyOn(logger(), "error").mockImplementation(() => undefined);
    const bad = [
      "not json",
      JSON.stringify({ ...entry, level: "info" }),
      JSON.stringify({ ...entry, category: "ui" }),
      JSON.stringify({ ...entry, message: "" }),
    ];
    for (const body of bad) expect((await post(body, "192.0.2.11")).status).toBe(400);
    const form = await post(JSON.stringify(entry), "192.0.2.11", {
      "Content-Type": "application/x-www-form-urlencoded",
    });
    expect(form.status).toBe(400);
    expect(error).not.toHaveBeenCalled();
  });

  it("refuses a body over 8 KB with 413, declared or not", async () => {
    const error = vi.spyOn(logger(), "error").mockImplementation(() => undefined);
    const big = JSON.stringify({ ...entry, data: { blob: "x".repeat(9000) } });
    expect((await post(big, "192.0.2.12")).status).toBe(413);
    // a chunked body carries no Content-Length: the reader stops at the cap
    const stream = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(big));
        controller.close();
      },
    });
    const request = new Request("http://localhost:3000/api/client-errors", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: stream,
      duplex: "half",
    } as RequestInit);
    const context = new RouterContextProvider();
    context.set(requestContext, { clientIp: "192.0.2.12", nonce: "", requestId: "req-2" });
    const response = await action({ request, params: {}, context } as never);
    expect(response.status).toBe(413);
    expect(error).not.toHaveBeenCalled();
  });

  it(`answers 429 past ${CLIENT_ERROR_RATE_LIMIT} entries per client per hour`, async () => {
    vi.spyOn(logger(), "error").mockImplementation(() => undefined);
    for (let i = 0; i < CLIENT_ERROR_RATE_LIMIT; i++) {
      expect((await post(JSON.stringify(entry), "192.0.2.13")).status).toBe(204);
    }
    const refused = await post(JSON.stringify(entry), "192.0.2.13");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    // another client is not affected
    expect((await post(JSON.stringify(entry), "192.0.2.14")).status).toBe(204);
  });
});
