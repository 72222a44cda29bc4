/**
 * Two-factor everywhere and password hygiene, through our form actions: the emailed code is a
 * first factor like the password, a TOTP code works once, backup codes are stored hashed and
 * work once at the challenge, the change-password form, common passwords refused.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import * as schema from "~/db/schema";
import { auth } from "~/features/accounts/auth.server";
import { COMMON_PASSWORD_MESSAGE } from "~/features/accounts/password-policy.server";
import { setAdmin } from "~/features/accounts/profiles.server";
import { db } from "~/lib/db.server";
import { logger } from "~/lib/logger.server";
import { smtpTransport } from "~/lib/mail.server";
import { deliverDueMail } from "~/lib/outbox.server";
import type { SessionUser } from "~/lib/session.server";
import { action as profileAction } from "~/routes/account/profile";
import { action as codeAction } from "~/routes/auth/code";
import { action as signAction } from "~/routes/auth/signin";
import { action as signUpAction } from "~/routes/auth/signup";
import { action as twoFactorAction } from "~/routes/auth/two-factor";
import { PASSWORD, sessionCount, signedInAccount, totpAccount, totpCode } from "../setup/accounts";
import { cookieHeader, post } from "../setup/actions";
import { drivers, freshDatabase, type TestDatabase } from "../setup/database";
import { startSmtpServer, type TestSmtpServer } from "../setup/smtp";

describe.each(drivers)("two-factor and passwords on %s", (driver) => {
  let database: TestDatabase;
  let smtp: TestSmtpServer;
  let ipCounter = 0;
  const freshIp = () => `203.0.113.${++ipCounter}`;
  beforeAll(async () => {
    database = await freshDatabase(driver);
    smtp = await startSmtpServer();
  });
  afterAll(async () => {
    await smtp.close();
    await database.dispose();
  });

  async function emailedCode(email: string): Promise<string> {
    let code: string | undefined;
    await expect
      .poll(async () => {
        await deliverDueMail({
          transport: smtpTransport(smtp.url, "site <site@remediation.test>"),
        });
        code = [...smtp.received]
          .reverse()
          .find((m) => m.to.includes(email) && /sign-in code/i.test(m.text))
          ?.text.match(/\b\d{6}\b/)?.[0];
        return code;
      })
      .toBeTruthy();
    return code as string;
  }

  it("signing in with an emailed code meets the TOTP challenge before any session exists", async () => {
    const email = `code-totp-${driver}@example.com`;
    const { user, secret } = await totpAccount(email);
    const before = await sessionCount(user.id);
    const ip = freshIp();

    const sent = await post(codeAction, "/auth/code", { step: "send", email }, ip);
    expect(sent.status).toBe(200);
    const code = await emailedCode(email);
    const verified = await post(codeAction, "/auth/code", { step: "verify", email, code }, ip);
    expect(verified.status).toBe(302);
    expect(verified.location).toBe("/auth/two-factor");
    expect(verified.setCookies.join()).not.toMatch(/session_token=[^;]+;/);
    expect(await sessionCount(user.id)).toBe(before);

    const challenge = cookieHeader(verified.setCookies);
    const wrong = await post(
      twoFactorAction,
      "/auth/two-factor",
      { code: "000000" },
      ip,
      null,
      challenge,
    );
    expect(wrong.status).toBe(401);
    const done = await post(
      twoFactorAction,
      "/auth/two-factor",
      { code: await totpCode(secret, 1) },
      ip,
      null,
      challenge,
    );
    expect(done.status).toBe(302);
    expect(done.location).toBe("/account/setup");
    expect(done.setCookies.join()).toMatch(/remediation\.session_token=[^;]+;/);
    expect(await sessionCount(user.id)).toBe(before + 1);
  });

  it("a TOTP code is accepted once: its replay is refused and leaves no session", async () => {
    const email = `replay-${driver}@example.com`;
    const { user, secret } = await totpAccount(email);
    const ip = freshIp();
    const signInNow = async () => {
      const first = await post(signAction, "/auth/signin", { email, password: PASSWORD }, ip);
      expect(first.location).toBe("/auth/two-factor");
      return cookieHeader(first.setCookies);
    };
    const code = await totpCode(secret, 1);
    const ok = await post(
      twoFactorAction,
      "/auth/two-factor",
      { code },
      ip,
      null,
      await signInNow(),
    );
    expect(ok.status).toBe(302);
    const sessions = await sessionCount(user.id);

    const replay = await post(
      twoFactorAction,
      "/auth/two-factor",
      { code },
      ip,
      null,
      await signInNow(),
    );
    expect(replay.status).toBe(401);
    expect(JSON.stringify(replay.body)).toContain("That code is not valid");
    expect(replay.setCookies).toEqual([]);
    expect(await sessionCount(user.id)).toBe(sessions);

    // the refused replay did not use up the challenge: the next code still gets in
    const challenge = await signInNow();
    expect(
      (await post(twoFactorAction, "/auth/two-factor", { code }, ip, null, challenge)).status,
    ).toBe(401);
    // an unused code inside the window: the set-up used step 0, this test step 1 (from then)
    const next = await totpCode(secret, code === (await totpCode(secret, 0)) ? 1 : -1);
    const after = await post(
      twoFactorAction,
      "/auth/two-factor",
      { code: next },
      ip,
      null,
      challenge,
    );
    expect(after.status).toBe(302);
  });

  it("backup codes are stored hashed and sign in once at the challenge, not twice", async () => {
    const email = `backup-${driver}@example.com`;
    const { user, backupCodes, secret } = await totpAccount(email);
    const [stored] = await db
      .select()
      .from(schema.twoFactor)
      .where(eq(schema.twoFactor.userId, user.id));
    expect(backupCodes).toHaveLength(10);
    for (const code of backupCodes) expect(stored?.backupCodes).not.toContain(code);

    const ip = freshIp();
    const challenge = async () =>
      cookieHeader(
        (await post(signAction, "/auth/signin", { email, password: PASSWORD }, ip)).setCookies,
      );
    const code = backupCodes[0] as string;
    const first = await post(
      twoFactorAction,
      "/auth/two-factor",
      { code },
      ip,
      null,
      await challenge(),
    );
    expect(first.status).toBe(302);
    expect(first.setCookies.join()).toMatch(/remediation\.session_token=[^;]+;/);
    const again = await post(
      twoFactorAction,
      "/auth/two-factor",
      { code },
      ip,
      null,
      await challenge(),
    );
    expect(again.status).toBe(401);
    expect(JSON.stringify(again.body)).toContain(
      "That backup code is not valid or was already used.",
    );
    // after a refused TOTP replay on the same challenge, a backup code still gets in
    const from = freshIp();
    const challengeFrom = async () =>
      cookieHeader(
        (await post(signAction, "/auth/signin", { email, password: PASSWORD }, from)).setCookies,
      );
    const replayed = await totpCode(secret, 1);
    const answer = (code: string, challengeCookie: string) =>
      post(twoFactorAction, "/auth/two-factor", { code }, from, null, challengeCookie);
    expect((await answer(replayed, await challengeFrom())).status).toBe(302);
    const pending = await challengeFrom();
    expect((await answer(replayed, pending)).status).toBe(401);
    expect((await answer(backupCodes[2] as string, pending)).status).toBe(302);
    // another code still works, typed without its dash
    const other = (backupCodes[1] as string).replace("-", "");
    const third = await post(
      twoFactorAction,
      "/auth/two-factor",
      { code: other },
      ip,
      null,
      await challenge(),
    );
    expect(third.status).toBe(302);
  });

  it("an admin who passes the two-factor challenge lands on /admin/dashboard", async () => {
    const email = `admin-${driver}@example.com`;
    const { user, secret } = await totpAccount(email);
    await setAdmin(user.id, true);
    const ip = freshIp();
    const first = await post(signAction, "/auth/signin", { email, password: PASSWORD }, ip);
    const done = await post(
      twoFactorAction,
      "/auth/two-factor",
      { code: await totpCode(secret, 1) },
      ip,
      null,
      cookieHeader(first.setCookies),
    );
    expect(done.location).toBe("/admin/dashboard");
  });

  describe("the change-password form", () => {
    const change = (
      who: { user: SessionUser; cookie: string },
      fields: { currentPassword: string; newPassword: string; confirmPassword?: string },
    ) =>
      post(
        profileAction,
        "/account/profile",
        {
          intent: "change-password",
          confirmPassword: fields.newPassword,
          ...fields,
        },
        freshIp(),
        who.user,
        who.cookie,
      );

    it("refuses a wrong current password and a common new one, each next to its field", async () => {
      const who = await signedInAccount(`change-refused-${driver}@example.com`);
      const wrong = await change(who, {
        currentPassword: "not the password",
        newPassword: "a long fresh secret 5",
      });
      expect(wrong.status).toBe(400);
      expect(wrong.body).toMatchObject({
        section: "password",
        result: { error: { currentPassword: ["Incorrect password"] } },
      });
      const common = await change(who, { currentPassword: PASSWORD, newPassword: "password1" });
      expect(common.status).toBe(400);
      expect(common.body).toMatchObject({
        result: { error: { newPassword: [COMMON_PASSWORD_MESSAGE] } },
      });
      // neither changed the password
      await expect(
        auth().api.signInEmail({ body: { email: who.user.email, password: PASSWORD } }),
      ).resolves.toMatchObject({ token: expect.any(String) });
    });

    it("changes the password and ends the other sessions", async () => {
      const email = `change-ok-${driver}@example.com`;
      const who = await signedInAccount(email);
      const other = await auth().api.signInEmail({ body: { email, password: PASSWORD } });
      expect(await sessionCount(who.user.id)).toBe(2);

      const done = await change(who, {
        currentPassword: PASSWORD,
        newPassword: "a long fresh secret 5",
      });
      expect(done.status).toBe(302);
      expect(done.location).toBe("/account/profile");
      const remaining = await db
        .select()
        .from(schema.session)
        .where(eq(schema.session.userId, who.user.id));
      expect(remaining).toHaveLength(1);
      expect(remaining.map((s) => s.token)).not.toContain(other.token);
      await expect(
        auth().api.signInEmail({ body: { email, password: PASSWORD } }),
      ).rejects.toThrow();
    });
  });

  it("logs two-factor changes, second-factor sign-ins and password changes, without secrets", async () => {
    const lines: Record<string, unknown>[] = [];
    const spies = (["info", "warn"] as const).map((level) =>
      vi.spyOn(logger(), level).mockImplementation(((fields: Record<string, unknown>) => {
        lines.push(fields);
      }) as never),
    );
    try {
      const email = `events-${driver}@example.com`;
      const { user, secret } = await totpAccount(email);
      const ip = freshIp();
      const first = await post(signAction, "/auth/signin", { email, password: PASSWORD }, ip);
      const code = await totpCode(secret, 1);
      await post(
        twoFactorAction,
        "/auth/two-factor",
        { code },
        ip,
        null,
        cookieHeader(first.setCookies),
      );
      const who = await signedInAccount(`events-pw-${driver}@example.com`);
      await post(
        profileAction,
        "/account/profile",
        {
          intent: "change-password",
          currentPassword: PASSWORD,
          newPassword: "quartz meadow 2231",
          confirmPassword: "quartz meadow 2231",
        },
        ip,
        who.user,
        who.cookie,
      );
      const events = lines.filter((l) => l.security === true);
      const named = (event: string) => events.filter((e) => e.event === event);
      expect(named("two_factor.enabled")[0]).toMatchObject({ userId: user.id });
      expect(named("sign_in.second_factor_required")[0]).toMatchObject({ clientIp: ip });
      expect(named("sign_in.success").at(-1)).toMatchObject({
        userId: user.id,
        method: "totp",
        clientIp: ip,
        requestId: expect.stringMatching(/^req-/),
      });
      expect(named("password.changed")[0]).toMatchObject({ userId: who.user.id, clientIp: ip });
      const logged = JSON.stringify(lines);
      for (const secretValue of [PASSWORD, "quartz meadow 2231", code, secret, who.cookie]) {
        expect(logged).not.toContain(secretValue);
      }
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
  });

  it.each(["password1", "qwerty123", "iloveyou", "iloveyou2"])(
    "sign-up refuses the common password %s with its message and creates no account",
    async (password) => {
      const email = `weak-${password}-${driver}@example.com`;
      const outcome = await post(
        signUpAction,
        "/auth/signup",
        { email, password, confirmPassword: password },
        freshIp(),
      );
      expect(outcome.status).toBe(400);
      expect(outcome.body).toMatchObject({
        result: { error: { password: [COMMON_PASSWORD_MESSAGE] } },
      });
      expect(await db.select().from(schema.user).where(eq(schema.user.email, email))).toEqual([]);
    },
  );
});
