import { eq, sql } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import { auth, CLIENT_IP_HEADER } from "~/features/accounts/auth.server";
import {
  addProperty,
  getProperty,
  listProperties,
  removeProperty,
  updateProperty,
} from "~/features/accounts/properties.server";
import { confirmTotp, startTotp } from "~/features/accounts/security.server";
import { signIn, signUp as signUpThroughApp } from "~/features/accounts/sign-in.server";
import { listQuotesForUser } from "~/features/quotes/history.server";
import { submitQuoteRequest } from "~/features/quotes/submit.server";
import { db } from "~/lib/db.server";
import { smtpTransport } from "~/lib/mail.server";
import { deliverDueMail } from "~/lib/outbox.server";
import { userContext } from "~/lib/session.server";
import { action as propertiesAction } from "~/routes/account/properties";
import { drivers, freshDatabase, type TestDatabase } from "../setup/database";
import { formData, validAnswers } from "../setup/forms";
import { startSmtpServer, type TestSmtpServer } from "../setup/smtp";

const ORIGIN = "http://localhost:3000";

/** The Cookie header a browser would send back after receiving `headers`' Set-Cookie lines. */
function cookiesFrom(headers: Headers): string {
  return headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

/** The authenticator's code for `key`, `step` 30-second steps from now (0: the current one). */
async function totpCode(key: string, step = 0): Promise<string> {
  const { base32 } = await import("@better-auth/utils/base32");
  const { createOTP } = await import("@better-auth/utils/otp");
  return createOTP(base32.decode(key)).hotp(Math.floor(Date.now() / 30_000) + step);
}
const PASSWORD = "correct horse 42";

describe.each(drivers)("accounts on %s", (driver) => {
  let database: TestDatabase;
  let smtp: TestSmtpServer;
  beforeEach(async () => {
    database = await freshDatabase(driver);
    smtp = await startSmtpServer();
  });
  afterEach(async () => {
    await smtp.close();
    await database.dispose();
  });

  const headers = (ip = "192.0.2.10") => new Headers({ Origin: ORIGIN, [CLIENT_IP_HEADER]: ip });
  const deliver = () =>
    deliverDueMail({ transport: smtpTransport(smtp.url, "site <site@remediation.test>") });
  const mailTo = (to: string, subject: string) =>
    [...smtp.received].reverse().find((m) => m.to.includes(to) && m.subject.includes(subject));
  /** Delivers the outbox until the expected mail has arrived (better-auth may queue it in the background). */
  async function awaitMail(to: string, subject: string) {
    await expect
      .poll(
        async () => {
          await deliver();
          return mailTo(to, subject);
        },
        // the first sign-up of a run (cold modules, argon2id) can take more than poll's 1 s
        { timeout: 15_000 },
      )
      .toBeTruthy();
    return mailTo(to, subject)!;
  }
  const linkIn = (text: string | undefined) => text?.match(/https?:\/\/\S+/)?.[0] ?? "";

  async function signUp(email: string) {
    await auth().api.signUpEmail({
      body: { email, password: PASSWORD, name: "Test" },
      headers: headers(),
    });
    const [row] = await db.select().from(schema.user).where(eq(schema.user.email, email));
    return row!;
  }
  async function verified(email: string) {
    const user = await signUp(email);
    await db.update(schema.user).set({ emailVerified: true }).where(eq(schema.user.id, user.id));
    return user;
  }

  it("hashes passwords with argon2id, m = 19 MiB, t = 2", async () => {
    const user = await signUp("hash@example.com");
    const [account] = await db
      .select()
      .from(schema.account)
      .where(eq(schema.account.userId, user.id));
    expect(account?.password).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it("mails a verification link that signs the customer in and only then claims guest quotes", async () => {
    const email = "Claire.Claim@example.com";
    const guest = await submitQuoteRequest(
      "radon",
      formData({ ...validAnswers.radon, email: email.toLowerCase() }),
      {
        clientIp: "192.0.2.1",
        owner: { userId: null },
      },
    );
    const other = await submitQuoteRequest("radon", formData(validAnswers.radon), {
      clientIp: "192.0.2.1",
      owner: { userId: null },
    });
    const outcome = await signUpThroughApp(email.toLowerCase(), PASSWORD, headers());
    expect(outcome).toEqual({ ok: true });
    const [user] = await db
      .select()
      .from(schema.user)
      .where(eq(schema.user.email, email.toLowerCase()));
    if (!user) throw new Error("the account should exist");
    const quoteIds = [guest, other].map((o) => (o.ok === true ? o.quoteId : ""));

    // not verified yet: nothing is claimed
    let rows = await db.select().from(schema.quotes);
    expect(rows.every((q) => q.is_guest && q.user_id === null)).toBe(true);

    const link = linkIn((await awaitMail(email.toLowerCase(), "Verify your email address")).text);
    expect(link).toContain("/api/auth/verify-email?token=");
    const response = await auth().handler(new Request(link, { headers: headers() }));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/account/setup");
    expect(response.headers.getSetCookie().join()).toMatch(
      /remediation\.session_token=.+HttpOnly/i,
    );

    const [after] = await db.select().from(schema.user).where(eq(schema.user.id, user.id));
    expect(after?.emailVerified).toBe(true);
    rows = await db.select().from(schema.quotes);
    expect(rows.find((q) => q.id === quoteIds[0])).toMatchObject({
      user_id: user.id,
      is_guest: false,
    });
    expect(rows.find((q) => q.id === quoteIds[1])).toMatchObject({ user_id: null, is_guest: true });
  });

  it("mails a password reset link whose token sets a new password", async () => {
    const email = "reset@example.com";
    await verified(email);
    await auth().api.requestPasswordReset({
      body: { email, redirectTo: "/auth/reset-password" },
      headers: headers(),
    });
    const link = linkIn((await awaitMail(email, "Reset your password")).text);
    const token = new URL(link).pathname.split("/").pop() as string;
    await auth().api.resetPassword({
      body: { token, newPassword: "a brand new secret 7" },
      headers: headers(),
    });

    await expect(
      auth().api.signInEmail({ body: { email, password: PASSWORD }, headers: headers() }),
    ).rejects.toThrow();
    const signedIn = await auth().api.signInEmail({
      body: { email, password: "a brand new secret 7" },
      headers: headers(),
    });
    expect(signedIn.token).toBeTruthy();
  });

  it("mails a one-time code that signs the customer in", async () => {
    const email = "otp@example.com";
    await verified(email);
    await auth().api.sendVerificationOTP({ body: { email, type: "sign-in" }, headers: headers() });
    const mail = await awaitMail(email, "Your sign-in code");
    expect(mail.subject).not.toMatch(/\d/);
    const code = mail.text.match(/\b\d{6}\b/)?.[0] ?? "";
    expect(code).toMatch(/^\d{6}$/);
    const signedIn = await auth().api.signInEmailOTP({
      body: { email, otp: code },
      headers: headers(),
    });
    expect(signedIn.token).toBeTruthy();
  });

  it("enrols TOTP two-factor and then asks for a code at sign-in", async () => {
    const email = "totp@example.com";
    const user = await verified(email);
    const first = await auth().api.signInEmail({
      body: { email, password: PASSWORD },
      headers: headers(),
      returnHeaders: true,
    });
    const session = new Headers(headers());
    session.set("Cookie", cookiesFrom(first.headers));
    const started = await startTotp(session, user.id, PASSWORD);
    if (!started.ok) throw new Error("enrolment should start");
    const enrolment = started.enrolment;
    expect(enrolment.uri).toMatch(/^otpauth:\/\/totp\//);
    expect(enrolment.backupCodes.length).toBeGreaterThan(0);
    expect(await startTotp(session, user.id, "wrong password")).toMatchObject({
      ok: false,
      status: 400,
    });
    expect(await confirmTotp(session, "000000", user.id)).toMatchObject({ ok: false });
    expect(await confirmTotp(session, await totpCode(enrolment.secret), user.id)).toMatchObject({
      ok: true,
    });

    const challenged = await signIn(email, PASSWORD, headers());
    expect(challenged.ok).toBe("two-factor");
    if (challenged.ok !== "two-factor") return;
    const pending = new Headers(headers());
    pending.set("Cookie", cookiesFrom(challenged.headers));
    // the set-up code was used: the next step's code (accepted within its window) signs in
    const done = await confirmTotp(pending, await totpCode(enrolment.secret, 1));
    expect(done.ok && done.headers.getSetCookie().join()).toMatch(
      /remediation\.session_token=[^;]+/,
    );
  });

  it("a signed-in quote can add its property in the same atomic write", async () => {
    const c = await verified("c@example.com");
    const fields = {
      ...validAnswers.radon,
      propertyId: "new",
      newPropertyAddress: "9 Pine Ln",
      newPropertyCity: "Park City",
      newPropertyState: "UT",
    };
    const missing = await submitQuoteRequest(
      "radon",
      formData({ ...fields, newPropertyCity: "" }),
      {
        clientIp: "192.0.2.4",
        owner: { userId: c.id },
      },
    );
    expect(missing.ok === false && missing.result.error?.newPropertyCity).toEqual([
      "City is required",
    ]);

    const outcome = await submitQuoteRequest("radon", formData(fields), {
      clientIp: "192.0.2.4",
      owner: { userId: c.id },
    });
    const [home] = await listProperties(c.id);
    expect(home).toMatchObject({
      address: "9 Pine Ln",
      city: "Park City",
      state: "UT",
      zip_code: "84101",
    });
    const [quote] = await db
      .select()
      .from(schema.quotes)
      .where(eq(schema.quotes.id, outcome.ok === true ? outcome.quoteId : ""));
    expect(quote).toMatchObject({ user_id: c.id, is_guest: false, property_id: home?.id });

    await db.execute(
      sql`CREATE FUNCTION fail_radon() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'injected'; END; $$ LANGUAGE plpgsql`,
    );
    await db.execute(
      sql`CREATE TRIGGER fail_radon BEFORE INSERT ON radon_testing_details FOR EACH ROW EXECUTE FUNCTION fail_radon()`,
    );
    const failed = await submitQuoteRequest(
      "radon",
      formData({ ...fields, newPropertyAddress: "10 Pine Ln" }),
      {
        clientIp: "192.0.2.4",
        owner: { userId: c.id },
      },
    );
    expect(failed).toMatchObject({ ok: false, status: 500 });
    expect((await listProperties(c.id)).map((p) => p.address)).toEqual(["9 Pine Ln"]);
  });

  describe("customer A never reaches customer B's data", () => {
    it("properties by id, quotes and quote property fields are scoped to their owner", async () => {
      const a = await verified("a@example.com");
      const b = await verified("b@example.com");
      const aHome = await addProperty(a.id, {
        address: "1 A St",
        city: "Ogden",
        state: "UT",
        zipCode: "84401",
      });
      const aQuote = await submitQuoteRequest("mold", formData(validAnswers.mold), {
        clientIp: "192.0.2.2",
        owner: { userId: a.id },
      });

      expect(await getProperty(b.id, aHome.id)).toBeNull();
      expect(await listProperties(b.id)).toEqual([]);
      expect(
        await updateProperty(b.id, aHome.id, {
          address: "Stolen",
          city: "X",
          state: "UT",
          zipCode: "84000",
        }),
      ).toBe(false);
      expect(await removeProperty(b.id, aHome.id)).toBe(false);
      expect(await getProperty(a.id, aHome.id)).toMatchObject({ address: "1 A St" });

      expect((await listQuotesForUser(b.id)).length).toBe(0);
      expect((await listQuotesForUser(a.id)).map((q) => q.id)).toEqual([
        aQuote.ok === true ? aQuote.quoteId : "",
      ]);

      const hijack = await submitQuoteRequest(
        "mold",
        formData({ ...validAnswers.mold, propertyId: aHome.id }),
        {
          clientIp: "192.0.2.3",
          owner: { userId: b.id },
        },
      );
      expect(hijack).toMatchObject({ ok: false, status: 400 });
      expect(hijack.ok === false && hijack.result.error?.propertyId).toEqual([
        "Please choose one of your properties",
      ]);
    });

    it("the properties action refuses another customer's property id with 404", async () => {
      const a = await verified("a2@example.com");
      const b = await verified("b2@example.com");
      const aHome = await addProperty(a.id, {
        address: "2 A St",
        city: "Logan",
        state: "UT",
        zipCode: "84321",
      });
      const context = new RouterContextProvider();
      context.set(userContext, {
        id: b.id,
        email: b.email,
        emailVerified: true,
        fullName: "B",
        isAdmin: false,
        twoFactorEnabled: false,
        sessionId: "s",
      });
      for (const fields of [
        {
          intent: "update",
          form: "edit",
          id: aHome.id,
          address: "X",
          city: "Y",
          state: "UT",
          zipCode: "84000",
        },
      ]) {
        const request = new Request(`${ORIGIN}/account/properties`, {
          method: "POST",
          body: formData(fields),
        });
        const outcome = await propertiesAction({ request, context, params: {} } as never).catch(
          (e: unknown) => e,
        );
        expect(outcome).toMatchObject({ init: { status: 404 } });
      }
      const [row] = await db
        .select()
        .from(schema.properties)
        .where(sql`${schema.properties.id} = ${aHome.id}`);
      expect(row).toMatchObject({ address: "2 A St", user_id: a.id });
    });
  });
});
