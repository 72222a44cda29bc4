/**
 * /api/auth/* serves only the links we mail (docs/decisions/0049-api-auth-mailed-links-only.md):
 * every other better-auth endpoint answers 404 through our route, so nobody can sign in, ask for
 * codes or check two-factor codes around our rate-limited forms. Through app/routes/api/auth.ts, on
 * PGlite and PostgreSQL.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import { db } from "~/lib/db.server";
import { action, loader } from "~/routes/api/auth";
import { PASSWORD, sessionCount, signedInAccount, totpAccount, totpCode } from "../setup/accounts";
import { ORIGIN } from "../setup/actions";
import { contextFor, run } from "../setup/admin";
import { drivers, freshDatabase, type TestDatabase } from "../setup/database";

describe.each(drivers)("/api/auth on %s", (driver) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await freshDatabase(driver);
  });
  afterAll(async () => {
    await database.dispose();
  });

  /** A request to better-auth's endpoint `path` as its client library would send it. */
  const call = (path: string, body?: Record<string, unknown>, cookie?: string) => {
    const headers = new Headers({ Origin: ORIGIN });
    if (cookie) headers.set("Cookie", cookie);
    if (body) headers.set("Content-Type", "application/json");
    const request = new Request(`${ORIGIN}/api/auth/${path}`, {
      method: body ? "POST" : "GET",
      headers,
      body: body ? JSON.stringify(body) : undefined,
    });
    return run(body ? action : loader, {
      request,
      context: contextFor(null),
      params: { "*": path },
    });
  };

  it("answers 404 to sign-in, sign-up, code and two-factor endpoints, and does nothing", async () => {
    const email = `api-${driver}@example.com`;
    const { user, cookie } = await signedInAccount(email);
    const totp = await totpAccount(`api-totp-${driver}@example.com`);
    const sessionsBefore = await sessionCount(user.id);
    const outboxBefore = (await db.select().from(schema.mail_outbox)).length;

    const posts: [string, Record<string, unknown>][] = [
      ["sign-in/email", { email, password: PASSWORD }],
      ["sign-up/email", { email: `new-${driver}@example.com`, password: PASSWORD, name: "N" }],
      ["email-otp/send-verification-otp", { email, type: "sign-in" }],
      ["sign-in/email-otp", { email, otp: "123456" }],
      ["request-password-reset", { email, redirectTo: "/auth/reset-password" }],
      ["two-factor/verify-totp", { code: await totpCode(totp.secret, 1) }],
      ["two-factor/verify-backup-code", { code: totp.backupCodes[0] }],
      ["two-factor/disable", { password: PASSWORD }],
      ["change-password", { currentPassword: PASSWORD, newPassword: "another long one 8" }],
      // provider sign-in and linking start only from our rate-limited forms
      ["sign-in/social", { provider: "google", callbackURL: "/" }],
      ["link-social", { provider: "google", callbackURL: "/" }],
      ["unlink-account", { accountId: "x" }],
      ["set-password", { newPassword: "another long one 8" }],
    ];
    for (const [path, body] of posts) {
      const outcome = await call(path, body, path.startsWith("two-factor") ? totp.cookie : cookie);
      expect(outcome.status, path).toBe(404);
      expect(outcome.setCookie, path).toBe("");
    }
    for (const path of [
      "get-session",
      "list-sessions",
      "sign-in/email",
      "two-factor/get-totp-uri",
      "list-accounts",
      "callback/github",
    ]) {
      expect((await call(path, undefined, cookie)).status, path).toBe(404);
    }

    expect(await sessionCount(user.id)).toBe(sessionsBefore);
    expect((await db.select().from(schema.mail_outbox)).length).toBe(outboxBefore);
    expect(
      await db
        .select()
        .from(schema.user)
        .where(eq(schema.user.email, `new-${driver}@example.com`)),
    ).toEqual([]);
    const [twoFactorOn] = await db
      .select({ on: schema.user.twoFactorEnabled })
      .from(schema.user)
      .where(eq(schema.user.id, totp.user.id));
    expect(twoFactorOn?.on).toBe(true);
  });

  it("still serves the mailed links: email verification and the reset link's token check", async () => {
    const verify = await call("verify-email?token=not-a-token&callbackURL=/account/setup");
    expect(verify.status).toBe(302);
    expect(new URL(verify.location ?? "", ORIGIN).pathname).toBe("/account/setup");
    expect(verify.location).toMatch(/[?&]error=/);
    const reset = await call("reset-password/not-a-token?callbackURL=/auth/reset-password");
    expect(reset.status).toBe(302);
    expect(reset.location).toBe(`${ORIGIN}/auth/reset-password?error=INVALID_TOKEN`);
  });
});
