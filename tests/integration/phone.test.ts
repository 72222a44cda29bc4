/**
 * Mobile numbers and texted codes (issue 18 point 4), through our route actions, with texts
 * delivered by the outbox to a local Twilio-compatible Messages API (tests/setup/sms-sink.ts):
 * adding and confirming a number on the profile, 'Text me a sign-in code', a texted second factor,
 * the limits (429 with the wait and no text), answers that never tell whether a number has an
 * account, a stopped sink that delays a text without losing it, the security events, and the
 * role x route matrix of the new routes and profile forms.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import { confirmedMobileOf } from "~/features/accounts/phone.server";
import { setAdmin } from "~/features/accounts/profiles.server";
import { db } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { fileTransport } from "~/lib/mail.server";
import { deliverDueMail, ERASED_BODY } from "~/lib/outbox.server";
import type { SessionUser } from "~/lib/session.server";
import { messagesApiTransport } from "~/lib/sms.server";
import { action as profileAction, loader as profileLoader } from "~/routes/account/profile";
import { action as signInAction } from "~/routes/auth/signin";
import { action as smsCodeAction } from "~/routes/auth/sms-code";
import { action as twoFactorAction, loader as twoFactorLoader } from "~/routes/auth/two-factor";
import { PASSWORD, sessionCount, signedInAccount, totpAccount } from "../setup/accounts";
import { cookieHeader, ORIGIN, post } from "../setup/actions";
import { contextFor, requestTo, run } from "../setup/admin";
import { drivers, freshDatabase, type TestDatabase } from "../setup/database";
import { captureLogs } from "../setup/logs";
import { type SmsSink, startSmsSink } from "../setup/sms-sink";

const FROM = "+18015550100";

describe.each(drivers)("mobile numbers and texted codes on %s", (driver) => {
  let database: TestDatabase;
  let sink: SmsSink;
  let ipCounter = 0;
  const freshIp = () => `198.51.100.${++ipCounter}`;
  let numberCounter = 10;
  /** a new valid US number each call: [as typed, E.164] */
  const freshNumber = () => {
    const line = String(++numberCounter).padStart(2, "0");
    return [`(801) 555-01${line}`, `+1801555 01${line}`.replace(" ", "")] as const;
  };

  beforeAll(async () => {
    sink = await startSmsSink();
    database = await freshDatabase(driver, { SMS_URL: sink.url, SMS_FROM: FROM });
  });
  afterAll(async () => {
    await sink.close();
    await database.dispose();
  });

  /**
   * One outbox round, texts to the sink (as the server's worker does). Its clock runs a second
   * ahead: a row written a moment ago carries the database's microsecond `now()`, which can be
   * later than this process's millisecond clock within the same millisecond (then not yet due).
   */
  const deliver = (now = new Date(Date.now() + 1_000)) =>
    deliverDueMail({
      transport: fileTransport(env().mailDir, "site <site@remediation.test>"),
      sms: messagesApiTransport(sink.url, FROM),
      now,
    });
  const textsTo = (to: string) => sink.received.filter((text) => text.to === to).length;

  /** Adds and confirms `typed` as `account`'s mobile number through the profile. */
  async function confirmNumber(
    account: { user: SessionUser; cookie: string },
    typed: string,
    e164: string,
  ) {
    const ip = freshIp();
    const sent = await post(
      profileAction,
      "/account/profile",
      { intent: "phone-send", phoneNumber: typed },
      ip,
      account.user,
      account.cookie,
    );
    expect(sent.status).toBe(200);
    await deliver();
    const code = sink.latestCode(e164) as string;
    const confirmed = await post(
      profileAction,
      "/account/profile",
      { intent: "phone-confirm", phoneNumber: e164, code },
      ip,
      account.user,
      account.cookie,
    );
    expect(confirmed.status).toBe(302);
  }

  it("adds a mobile number on the profile and confirms it with the texted 6-digit code", async () => {
    const account = await signedInAccount(`add-${driver}@example.com`);
    await deliver(); // the account's verification mail
    const [typed, e164] = freshNumber();
    const ip = freshIp();
    const profile = (fields: Record<string, string>) =>
      post(profileAction, "/account/profile", fields, ip, account.user, account.cookie);

    const invalid = await profile({ intent: "phone-send", phoneNumber: "801-555-01" });
    expect(invalid.status).toBe(400);
    expect(JSON.stringify(invalid.body)).toContain("Enter a valid mobile number");

    const sent = await profile({ intent: "phone-send", phoneNumber: typed });
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({
      section: "phone",
      pendingMobile: { phoneNumber: e164, display: "(801) 555-0111" },
    });
    expect(await deliver()).toEqual({ sent: 1, failed: 0 });
    const text = sink.received.at(-1);
    expect(text).toMatchObject({ to: e164, from: FROM });
    expect(text?.body).toMatch(/^Your .+ code is \d{6}\. It works for 10 minutes\./);
    const code = sink.latestCode(e164) as string;

    const wrong = await profile({
      intent: "phone-confirm",
      phoneNumber: e164,
      code: code === "000000" ? "111111" : "000000",
    });
    expect(wrong.status).toBe(400);
    expect(JSON.stringify(wrong.body)).toContain("That code is not valid or has expired");
    const [unconfirmed] = await db
      .select()
      .from(schema.user)
      .where(eq(schema.user.id, account.user.id));
    expect(unconfirmed?.phoneNumber).toBeNull();

    const confirmed = await profile({ intent: "phone-confirm", phoneNumber: e164, code });
    expect(confirmed.status).toBe(302);
    expect(confirmed.location).toBe("/account/profile");
    const [row] = await db.select().from(schema.user).where(eq(schema.user.id, account.user.id));
    expect(row).toMatchObject({ phoneNumber: e164, phoneNumberVerified: true });
    const page = await run(profileLoader, {
      request: requestTo("/account/profile"),
      context: contextFor(account.user),
    });
    expect(page.value).toMatchObject({ mobileNumber: "(801) 555-0111" });

    // the code is erased from the outbox once delivered
    const rows = await db
      .select()
      .from(schema.mail_outbox)
      .where(eq(schema.mail_outbox.to_address, e164));
    expect(rows.map((r) => [r.channel, r.status, r.text_body])).toEqual([
      ["sms", "sent", ERASED_BODY],
    ]);

    // a number on another account: only the phone's holder learns it, after the right code
    const other = await signedInAccount(`add-other-${driver}@example.com`);
    const otherIp = freshIp();
    await post(
      profileAction,
      "/account/profile",
      { intent: "phone-send", phoneNumber: typed },
      otherIp,
      other.user,
      other.cookie,
    );
    await deliver();
    const taken = await post(
      profileAction,
      "/account/profile",
      { intent: "phone-confirm", phoneNumber: e164, code: sink.latestCode(e164) as string },
      otherIp,
      other.user,
      other.cookie,
    );
    expect(taken.status).toBe(400);
    expect(JSON.stringify(taken.body)).toContain("This number is on another account");

    const removed = await profile({ intent: "phone-remove" });
    expect(removed.status).toBe(302);
    const [gone] = await db.select().from(schema.user).where(eq(schema.user.id, account.user.id));
    expect(gone).toMatchObject({ phoneNumber: null, phoneNumberVerified: false });
  });

  it("signs in with a texted code, and answers the same for a number without an account (no text)", async () => {
    const account = await signedInAccount(`sms-sign-in-${driver}@example.com`);
    const [typed, e164] = freshNumber();
    await confirmNumber(account, typed, e164);
    const ip = freshIp();
    const before = await sessionCount(account.user.id);

    const sent = await post(
      smsCodeAction,
      "/auth/sms-code",
      { step: "send", phoneNumber: typed },
      ip,
    );
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ step: "verify", phoneNumber: e164 });
    await deliver();
    const code = sink.latestCode(e164) as string;
    const signedIn = await post(
      smsCodeAction,
      "/auth/sms-code",
      { step: "verify", phoneNumber: e164, code },
      ip,
    );
    expect(signedIn.status).toBe(302);
    expect(signedIn.setCookies.join()).toMatch(/session_token=[^;]+;/);
    expect(await sessionCount(account.user.id)).toBe(before + 1);

    // the code worked once
    const again = await post(
      smsCodeAction,
      "/auth/sms-code",
      { step: "verify", phoneNumber: e164, code },
      ip,
    );
    expect(again.status).toBe(401);

    // a number no account has confirmed: the same answer, and no text
    const [strangerTyped, stranger] = freshNumber();
    const texts = sink.received.length;
    const unknown = await post(
      smsCodeAction,
      "/auth/sms-code",
      { step: "send", phoneNumber: strangerTyped },
      freshIp(),
    );
    expect(unknown.status).toBe(200);
    expect(unknown.body).toMatchObject({ step: "verify", phoneNumber: stranger });
    expect(Object.keys(unknown.body as object).sort()).toEqual(
      Object.keys(sent.body as object).sort(),
    );
    await deliver();
    expect(sink.received.length).toBe(texts);
    const guessed = await post(
      smsCodeAction,
      "/auth/sms-code",
      { step: "verify", phoneNumber: stranger, code: "123456" },
      freshIp(),
    );
    const wrongForKnown = await post(
      smsCodeAction,
      "/auth/sms-code",
      { step: "verify", phoneNumber: e164, code: "123456" },
      freshIp(),
    );
    expect(guessed.status).toBe(wrongForKnown.status);
    expect(JSON.stringify(guessed.body)).toContain("That code is not valid or has expired");
    expect(JSON.stringify(wrongForKnown.body)).toContain("That code is not valid or has expired");
  });

  it("texts the second factor beside TOTP, and a texted sign-in code meets the challenge first", async () => {
    const account = await totpAccount(`sms-2fa-${driver}@example.com`);
    const [typed, e164] = freshNumber();
    await confirmNumber(account, typed, e164);
    const ip = freshIp();

    // a texted sign-in code is a first factor: the two-factor challenge follows
    await post(smsCodeAction, "/auth/sms-code", { step: "send", phoneNumber: e164 }, ip);
    await deliver();
    const first = await post(
      smsCodeAction,
      "/auth/sms-code",
      { step: "verify", phoneNumber: e164, code: sink.latestCode(e164) as string },
      ip,
    );
    expect(first.status).toBe(302);
    expect(first.location).toBe("/auth/two-factor");
    expect(first.setCookies.join()).not.toMatch(/session_token=[^;]+;/);

    // password sign-in, then the second factor by text
    const password = await post(
      signInAction,
      "/auth/signin",
      { email: account.user.email, password: PASSWORD },
      ip,
    );
    expect(password.location).toBe("/auth/two-factor");
    const challenge = cookieHeader(password.setCookies);
    const page = await run(twoFactorLoader, {
      request: new Request(`${ORIGIN}/auth/two-factor`, { headers: { Cookie: challenge } }),
      context: contextFor(null),
    });
    expect(page.value).toMatchObject({ mobileEnding: e164.slice(-4) });

    const texted = await post(
      twoFactorAction,
      "/auth/two-factor",
      { intent: "sms-send" },
      ip,
      null,
      challenge,
    );
    expect(texted.status).toBe(200);
    expect(texted.body).toMatchObject({ texted: true });
    await deliver();
    const code = sink.latestCode(e164) as string;
    const wrong = await post(
      twoFactorAction,
      "/auth/two-factor",
      { method: "sms", code: code === "000000" ? "111111" : "000000" },
      ip,
      null,
      challenge,
    );
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({ texted: true });
    const before = await sessionCount(account.user.id);
    const signedIn = await post(
      twoFactorAction,
      "/auth/two-factor",
      { method: "sms", code },
      ip,
      null,
      challenge,
    );
    expect(signedIn.status).toBe(302);
    expect(signedIn.setCookies.join()).toMatch(/session_token=[^;]+;/);
    expect(await sessionCount(account.user.id)).toBe(before + 1);
  });

  it("turns two-factor on with texted codes alone (no app), then asks for a texted code at sign-in", async () => {
    const account = await signedInAccount(`sms-only-2fa-${driver}@example.com`);
    const ip = freshIp();
    const profile = (fields: Record<string, string>) =>
      post(profileAction, "/account/profile", fields, ip, account.user, account.cookie);

    // without a confirmed number the choice is refused and nothing changes
    const noNumber = await profile({ intent: "two-factor-start-sms", password: PASSWORD });
    expect(noNumber.status).toBe(400);
    expect(JSON.stringify(noNumber.body)).toContain("Add and confirm a mobile number first.");

    const [typed, e164] = freshNumber();
    await confirmNumber(account, typed, e164);
    const wrongPassword = await profile({
      intent: "two-factor-start-sms",
      password: "not-it-1234",
    });
    expect(wrongPassword.status).toBe(400);
    expect(JSON.stringify(wrongPassword.body)).toContain("Incorrect password");
    await deliver();
    const textsBefore = textsTo(e164);

    const started = await profile({ intent: "two-factor-start-sms", password: PASSWORD });
    expect(started.status).toBe(200);
    const reply = started.body as { smsEnrolment: { ending: string; backupCodes: string[] } };
    expect(reply.smsEnrolment.ending).toBe(e164.slice(-4));
    expect(reply.smsEnrolment.backupCodes.length).toBeGreaterThanOrEqual(5);
    await deliver();
    expect(textsTo(e164)).toBe(textsBefore + 1);
    const code = sink.latestCode(e164) as string;
    const offBefore = await db
      .select()
      .from(schema.user)
      .where(eq(schema.user.id, account.user.id));
    expect(offBefore[0]?.twoFactorEnabled).toBe(false);

    const wrong = await profile({
      intent: "two-factor-verify-sms",
      code: code === "000000" ? "111111" : "000000",
    });
    expect(wrong.status).toBe(401);
    expect(JSON.stringify(wrong.body)).toContain("That code is not valid or has expired");
    const on = await profile({ intent: "two-factor-verify-sms", code });
    expect(on.status).toBe(302);
    const [row] = await db.select().from(schema.user).where(eq(schema.user.id, account.user.id));
    expect(row?.twoFactorEnabled).toBe(true);

    // its only factor's number cannot be removed while two-factor is on
    const removal = await profile({ intent: "phone-remove" });
    expect(removal.status).toBe(409);
    expect(JSON.stringify(removal.body)).toContain("Turn off two-factor first");
    expect(await confirmedMobileOf(account.user.id)).toBe(e164);

    // the next password sign-in stops at the challenge, which a texted code answers
    const password = await post(
      signInAction,
      "/auth/signin",
      { email: account.user.email, password: PASSWORD },
      freshIp(),
    );
    expect(password.location).toBe("/auth/two-factor");
    const challenge = cookieHeader(password.setCookies);
    expect(password.setCookies.join()).not.toMatch(/session_token=[^;]+;/);
    const challengePage = await run(twoFactorLoader, {
      request: new Request(`${ORIGIN}/auth/two-factor`, { headers: { Cookie: challenge } }),
      context: contextFor(null),
    });
    expect(challengePage.value).toMatchObject({ mobileEnding: e164.slice(-4), app: false });
    const texted = await post(
      twoFactorAction,
      "/auth/two-factor",
      { intent: "sms-send" },
      ip,
      null,
      challenge,
    );
    expect(texted.status).toBe(200);
    await deliver();
    const signedIn = await post(
      twoFactorAction,
      "/auth/two-factor",
      { method: "sms", code: sink.latestCode(e164) as string },
      ip,
      null,
      challenge,
    );
    expect(signedIn.status).toBe(302);
    expect(signedIn.setCookies.join()).toMatch(/session_token=[^;]+;/);
  });

  it("limits codes sent to 3 per hour per number and 5 per hour per client: 429 with the wait, no text", async () => {
    const account = await signedInAccount(`limits-${driver}@example.com`);
    const [typed, e164] = freshNumber();
    await confirmNumber(account, typed, e164); // 1 code to this number
    for (let i = 0; i < 2; i++) {
      const sent = await post(
        smsCodeAction,
        "/auth/sms-code",
        { step: "send", phoneNumber: e164 },
        freshIp(),
      );
      expect(sent.status).toBe(200);
    }
    await deliver();
    const texts = textsTo(e164);
    const limited = await post(
      smsCodeAction,
      "/auth/sms-code",
      { step: "send", phoneNumber: e164 },
      freshIp(),
    );
    expect(limited.status).toBe(429);
    expect(JSON.stringify(limited.body)).toMatch(/Please wait \d+ minutes? and try again/);
    await deliver();
    expect(textsTo(e164)).toBe(texts);

    // one client, five different numbers an hour (accounts or not)
    const ip = freshIp();
    for (let i = 0; i < 5; i++) {
      const sent = await post(
        smsCodeAction,
        "/auth/sms-code",
        { step: "send", phoneNumber: freshNumber()[0] },
        ip,
      );
      expect(sent.status).toBe(200);
    }
    const sixth = await post(
      smsCodeAction,
      "/auth/sms-code",
      { step: "send", phoneNumber: freshNumber()[0] },
      ip,
    );
    expect(sixth.status).toBe(429);
  });

  it("limits code checks to 5 per minute per client and 10 per hour per number", async () => {
    const [, number] = freshNumber();
    const ip = freshIp();
    const check = (from: string, phoneNumber = number) =>
      post(smsCodeAction, "/auth/sms-code", { step: "verify", phoneNumber, code: "123456" }, from);
    for (let i = 0; i < 5; i++) expect((await check(ip)).status).toBe(401);
    const limited = await check(ip);
    expect(limited.status).toBe(429);
    expect(JSON.stringify(limited.body)).toMatch(
      /Please wait (\d+ seconds?|1 minute) and try again/,
    );

    // every attempt counted for the number, the refused sixth too: 6 so far
    for (let i = 0; i < 4; i++) expect((await check(freshIp())).status).toBe(401);
    const perNumber = await check(freshIp());
    expect(perNumber.status).toBe(429);
    expect(JSON.stringify(perNumber.body)).toMatch(/Please wait \d+ minutes? and try again/);
  });

  it("a stopped sink delays a text and never loses it; its code is erased once delivered", async () => {
    const account = await signedInAccount(`outage-${driver}@example.com`);
    await deliver(); // the account's verification mail
    const [typed, e164] = freshNumber();
    await sink.stop();
    try {
      const sent = await post(
        profileAction,
        "/account/profile",
        { intent: "phone-send", phoneNumber: typed },
        freshIp(),
        account.user,
        account.cookie,
      );
      expect(sent.status).toBe(200);
      expect(await deliver()).toEqual({ sent: 0, failed: 1 });
      const [pending] = await db
        .select()
        .from(schema.mail_outbox)
        .where(eq(schema.mail_outbox.to_address, e164));
      expect(pending).toMatchObject({ channel: "sms", status: "pending", attempts: 1 });
      expect(pending?.text_body).toMatch(/\d{6}/);
    } finally {
      await sink.start();
    }
    expect(textsTo(e164)).toBe(0);
    expect(await deliver(new Date(Date.now() + 60 * 60_000))).toEqual({ sent: 1, failed: 0 });
    expect(textsTo(e164)).toBe(1);
    const [delivered] = await db
      .select()
      .from(schema.mail_outbox)
      .where(eq(schema.mail_outbox.to_address, e164));
    expect(delivered).toMatchObject({ status: "sent", attempts: 2, text_body: ERASED_BODY });
  });

  it("logs phone added and texted codes sent or refused as security events, never a code", async () => {
    const logs = captureLogs("info");
    try {
      const account = await signedInAccount(`events-${driver}@example.com`);
      const [typed, e164] = freshNumber();
      await confirmNumber(account, typed, e164);
      await post(
        smsCodeAction,
        "/auth/sms-code",
        { step: "send", phoneNumber: freshNumber()[0] },
        freshIp(),
      );
      const events = logs.lines().filter((line) => line.security === true);
      expect(events.find((e) => e.event === "sms_code.sent")).toMatchObject({
        userId: account.user.id,
        purpose: "confirm",
      });
      expect(events.find((e) => e.event === "phone.added")).toMatchObject({
        userId: account.user.id,
      });
      expect(events.find((e) => e.event === "sms_code.refused")).toMatchObject({
        purpose: "sign_in",
        reason: "no_account",
      });
      const code = sink.latestCode(e164) as string;
      expect(logs.text()).not.toContain(code);
      expect(logs.text()).not.toContain(e164);
    } finally {
      logs.restore();
    }
  });

  it("role x route matrix: the texted-code routes and the profile's phone forms", async () => {
    const customerAccount = await signedInAccount(`matrix-c-${driver}@example.com`);
    const adminAccount = await signedInAccount(`matrix-a-${driver}@example.com`);
    await setAdmin(adminAccount.user.id, true);
    const customer = customerAccount.user;
    const admin = { ...adminAccount.user, isAdmin: true };
    const cookies = new Map([
      [customer.id, customerAccount.cookie],
      [admin.id, adminAccount.cookie],
    ]);
    const roles = { guest: null, customer, admin } as const;
    const cases: [
      string,
      (args: never) => unknown,
      string,
      () => Record<string, string> | undefined,
      Record<keyof typeof roles, [number, RegExp | null]>,
    ][] = [
      [
        "sms sign-in code",
        smsCodeAction,
        "/auth/sms-code",
        () => ({ step: "send", phoneNumber: freshNumber()[0] }),
        { guest: [200, null], customer: [200, null], admin: [200, null] },
      ],
      [
        "sms sign-in check",
        smsCodeAction,
        "/auth/sms-code",
        () => ({ step: "verify", phoneNumber: freshNumber()[1], code: "123456" }),
        { guest: [401, null], customer: [401, null], admin: [401, null] },
      ],
      [
        "texted second factor without a challenge",
        twoFactorAction,
        "/auth/two-factor",
        () => ({ intent: "sms-send" }),
        { guest: [401, null], customer: [401, null], admin: [401, null] },
      ],
      [
        "profile: text a confirmation code",
        profileAction,
        "/account/profile",
        () => ({ intent: "phone-send", phoneNumber: freshNumber()[0] }),
        { guest: [302, /^\/auth\/signin/], customer: [200, null], admin: [200, null] },
      ],
      [
        "profile: confirm with a wrong code",
        profileAction,
        "/account/profile",
        () => ({ intent: "phone-confirm", phoneNumber: freshNumber()[1], code: "123456" }),
        { guest: [302, /^\/auth\/signin/], customer: [400, null], admin: [400, null] },
      ],
      [
        "profile: remove the number",
        profileAction,
        "/account/profile",
        () => ({ intent: "phone-remove" }),
        {
          guest: [302, /^\/auth\/signin/],
          customer: [302, /^\/account\/profile$/],
          admin: [302, /^\/account\/profile$/],
        },
      ],
    ];
    for (const [name, handler, path, form, expected] of cases) {
      for (const [role, user] of Object.entries(roles) as [
        keyof typeof roles,
        SessionUser | null,
      ][]) {
        const request = requestTo(path, form());
        if (user) request.headers.set("Cookie", cookies.get(user.id) ?? "");
        const context = contextFor(user);
        const outcome = await run(handler, { request, context });
        const [status, location] = expected[role];
        expect(outcome.status, `${name} as ${role}`).toBe(status);
        if (location) expect(outcome.location, `${name} as ${role}`).toMatch(location);
      }
    }
  });
});
