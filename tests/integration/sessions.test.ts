import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import { auth, CLIENT_IP_HEADER, SESSION_ABSOLUTE_SECONDS } from "~/features/accounts/auth.server";
import { sessionMiddleware } from "~/features/accounts/session-middleware.server";
import { db } from "~/lib/db.server";
import { requestContext } from "~/lib/request-context";
import { userContext } from "~/lib/session.server";
import { drivers, freshDatabase, type TestDatabase } from "../setup/database";

// This file runs the app as in production over HTTPS (its own module instance of better-auth).
const ORIGIN = "https://remediation.example";
const PASSWORD = "correct horse 42";

describe.each(drivers)("sessions in production on %s", (driver) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await freshDatabase(driver, {
      NODE_ENV: "production",
      PUBLIC_URL: ORIGIN,
      COMPANY_PHONE: "(801) 555-0123",
      COMPANY_EMAIL: "office@remediation.example",
    });
    await auth().api.signUpEmail({
      body: { email: "sue@example.com", password: PASSWORD, name: "Sue" },
      headers: new Headers({ Origin: ORIGIN, [CLIENT_IP_HEADER]: "192.0.2.20" }),
    });
    await db.update(schema.user).set({ emailVerified: true });
  });
  afterEach(async () => {
    await database.dispose();
  });

  async function signIn(extraCookie?: string) {
    const headers = new Headers({ Origin: ORIGIN, [CLIENT_IP_HEADER]: "192.0.2.20" });
    if (extraCookie) headers.set("Cookie", extraCookie);
    const result = await auth().api.signInEmail({
      body: { email: "sue@example.com", password: PASSWORD },
      headers,
      returnHeaders: true,
    });
    const setCookie = result.headers.getSetCookie().find((c) => c.includes("session_token=")) ?? "";
    return { setCookie, cookie: setCookie.split(";")[0] as string, token: result.response.token };
  }

  async function whoIs(cookie: string) {
    const context = new RouterContextProvider();
    context.set(requestContext, { clientIp: "192.0.2.20", nonce: "n", requestId: "r" });
    const request = new Request(`${ORIGIN}/account/profile`, { headers: { Cookie: cookie } });
    await sessionMiddleware(
      { request, context, params: {}, url: new URL(request.url), pattern: "" } as never,
      async () => new Response("ok"),
    );
    return context.get(userContext);
  }

  it("sets the session cookie as __Host-, Secure, HttpOnly, SameSite=Lax, Path=/", async () => {
    const { setCookie } = await signIn();
    expect(setCookie).toMatch(/^__Host-remediation\.session_token=/);
    expect(setCookie).toMatch(/; Secure/i);
    expect(setCookie).toMatch(/; HttpOnly/i);
    expect(setCookie).toMatch(/; SameSite=Lax/i);
    expect(setCookie).toMatch(/; Path=\//i);
    expect(setCookie).not.toMatch(/; Domain=/i);
  });

  it("issues a new session at every sign-in, ignoring any session the browser brought", async () => {
    const first = await signIn();
    const second = await signIn(first.cookie);
    expect(second.token).not.toBe(first.token);
    expect(second.cookie).not.toBe(first.cookie);
  });

  it("recognises a live session and ends one past its idle or absolute lifetime", async () => {
    const live = await signIn();
    expect(await whoIs(live.cookie)).toMatchObject({ email: "sue@example.com" });

    await db
      .update(schema.session)
      .set({ createdAt: new Date(Date.now() - (SESSION_ABSOLUTE_SECONDS + 60) * 1000) })
      .where(eq(schema.session.token, live.token));
    expect(await whoIs(live.cookie)).toBeNull();
    expect(
      await db.select().from(schema.session).where(eq(schema.session.token, live.token)),
    ).toEqual([]);

    const idle = await signIn();
    await db
      .update(schema.session)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(schema.session.token, idle.token));
    expect(await whoIs(idle.cookie)).toBeNull();
  });
});
