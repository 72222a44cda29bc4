/**
 * Staff single sign-on (issue 18 point 3) against a real OpenID Provider (oidc-provider on a
 * local port, configured both as OIDC_* and as SSO_* for example-remediation.com), through our
 * routes: the sign-in form sends a company email to the provider (no password asked), a first
 * SSO sign-in makes an account that is not an admin by that, and the password, code, sign-up,
 * reset and other-provider paths are refused for the company's domain.
 */
import { randomUUID } from "node:crypto";
import { count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import { auth, CLIENT_IP_HEADER } from "~/features/accounts/auth.server";
import {
  COMPANY_ACCOUNT_MESSAGE,
  providerErrorMessage,
  SSO_ONLY_MESSAGE,
} from "~/features/accounts/providers";
import { db } from "~/lib/db.server";
import { action as profileAction, loader as profileLoader } from "~/routes/account/profile";
import { loader as apiAuthLoader } from "~/routes/api/auth";
import { action as codeAction } from "~/routes/auth/code";
import { loader as continueLoader } from "~/routes/auth/continue";
import { action as forgotAction } from "~/routes/auth/forgot-password";
import { action as providerAction } from "~/routes/auth/provider";
import { action as resendAction } from "~/routes/auth/resend-verification";
import { action as resetAction } from "~/routes/auth/reset-password";
import { action as signInAction, loader as signInLoader } from "~/routes/auth/signin";
import { action as signUpAction } from "~/routes/auth/signup";
import { totpCode } from "../setup/accounts";
import { cookieHeader, ORIGIN, post } from "../setup/actions";
import { makeUser } from "../setup/admin";
import { drivers, freshDatabase, type TestDatabase } from "../setup/database";
import { captureLogs } from "../setup/logs";
import {
  startOidcProvider,
  type TestOidcProvider,
  throughTestProvider,
} from "../setup/oidc-provider";
import { throughRoot } from "../setup/through-root";

const DOMAIN = "example-remediation.com";

let op: TestOidcProvider;
beforeAll(async () => {
  op = await startOidcProvider({ publicUrl: ORIGIN });
});
afterAll(async () => {
  await op.close();
});

describe.each(drivers)("staff single sign-on on %s", (driver) => {
  let database: TestDatabase;
  let ipCounter = 0;
  const freshIp = () => `198.51.100.${++ipCounter}`;

  beforeAll(async () => {
    database = await freshDatabase(driver, {
      ...op.env(),
      ...op.ssoEnv(`${DOMAIN}, Other-Remediation.com`),
      ADMIN_EMAILS: `boss-${driver}@${DOMAIN}`,
    });
  });
  afterAll(async () => {
    await database.dispose();
  });

  function addUser(email: string, name = "Sam Staff"): string {
    const sub = `sub-${randomUUID()}`;
    op.users.set(sub, { sub, email, email_verified: true, name });
    return sub;
  }

  const usersWith = async (email: string) =>
    (
      await db
        .select({ n: count() })
        .from(schema.user)
        .where(sql`lower(${schema.user.email}) = lower(${email})`)
    )[0]?.n;

  /** The sign-in form posted with `fields`, then the provider as `sub`, then our callback. */
  async function ssoSignIn(sub: string, fields: Record<string, string>) {
    const started = await post(signInAction, "/auth/signin", fields, freshIp());
    expect(started.status).toBe(302);
    const cookie = cookieHeader(started.setCookies);
    op.nextLogin = sub;
    const back = await throughTestProvider(started.location as string, ORIGIN);
    expect(new URL(back).pathname).toBe("/api/auth/callback/sso");
    const answer = await throughRoot(
      new Request(back, { headers: { Cookie: cookie } }),
      apiAuthLoader,
    );
    expect(answer.status).toBe(302);
    return {
      location: answer.headers.get("Location") as string,
      cookie: cookieHeader(answer.headers.getSetCookie(), cookie),
    };
  }

  it("the sign-in page knows the SSO domains, and a company email's POST (no password, any case) answers with the redirect to the company's provider", async () => {
    const page = await throughRoot(new Request(`${ORIGIN}/auth/signin`), signInLoader);
    expect(((await page.json()) as { ssoDomains: string[] }).ssoDomains).toEqual([
      DOMAIN,
      "other-remediation.com",
    ]);
    const logs = captureLogs("info");
    try {
      const email = `Pat.Staff-${driver}@Example-Remediation.com`;
      const started = await post(signInAction, "/auth/signin", { email }, freshIp());
      expect(started.status).toBe(302);
      const authorize = new URL(started.location as string);
      expect(`${authorize.origin}${authorize.pathname}`).toBe(`${op.issuer}/auth`);
      expect(authorize.searchParams.get("login_hint")).toBe(email);
      expect(authorize.searchParams.get("code_challenge_method")).toBe("S256");
      expect(authorize.searchParams.get("nonce")).toBeTruthy();
      expect(logs.lines().some((line) => line.event === "sso.started")).toBe(true);
    } finally {
      logs.restore();
    }
    // a subdomain is not the company's domain: the password form answers as usual
    const other = await post(
      signInAction,
      "/auth/signin",
      { email: `x@staff.${DOMAIN}`, password: "wrong password 1" },
      freshIp(),
    );
    expect(other.status).toBe(401);
  });

  it("a company email with a password is still sent to the provider: the password is never checked", async () => {
    const email = `typed-${driver}@${DOMAIN}`;
    const started = await post(
      signInAction,
      "/auth/signin",
      { email, password: "anything at all 1" },
      freshIp(),
    );
    expect(started.status).toBe(302);
    expect(started.location?.startsWith(`${op.issuer}/auth?`)).toBe(true);
    expect(started.setCookies.some((line) => /session_token=[^;]/.test(line))).toBe(false);
  });

  it("a first SSO sign-in creates a verified account that is not an admin; ADMIN_EMAILS still decides", async () => {
    const logs = captureLogs("info");
    try {
      const email = `new-${driver}@${DOMAIN}`;
      const first = await ssoSignIn(addUser(email, "Sam Staff"), { email });
      expect(first.location).toBe("/auth/continue");
      expect(first.cookie).toMatch(/session_token=/);
      const landed = await throughRoot(
        new Request(`${ORIGIN}/auth/continue`, { headers: { Cookie: first.cookie } }),
        continueLoader,
      );
      expect(landed.headers.get("Location")).toBe("/account/setup");
      const [created] = await db.select().from(schema.user).where(eq(schema.user.email, email));
      expect(created?.emailVerified).toBe(true);
      const identities = await db
        .select({ providerId: schema.account.providerId })
        .from(schema.account)
        .where(eq(schema.account.userId, created!.id));
      expect(identities.map((row) => row.providerId)).toEqual(["sso"]);
      const [profile] = await db
        .select({ isAdmin: schema.profiles.is_admin })
        .from(schema.profiles)
        .where(eq(schema.profiles.id, created!.id));
      expect(profile?.isAdmin ?? false).toBe(false);
      expect(
        logs
          .lines()
          .some(
            (line) =>
              line.event === "sign_in.success" &&
              line.method === "sso" &&
              line.userId === created!.id,
          ),
      ).toBe(true);

      // the listed one is made an admin by ADMIN_EMAILS, and is asked for nothing else here
      const boss = `boss-${driver}@${DOMAIN}`;
      await ssoSignIn(addUser(boss, "Bo Boss"), { email: boss });
      const [bossUser] = await db.select().from(schema.user).where(eq(schema.user.email, boss));
      const [bossProfile] = await db
        .select({ isAdmin: schema.profiles.is_admin })
        .from(schema.profiles)
        .where(eq(schema.profiles.id, bossUser!.id));
      expect(bossProfile?.isAdmin).toBe(true);
    } finally {
      logs.restore();
    }
  });

  it("refuses emailed-code sign-in, sign-up, password reset and a new verification link for the company's domain, sending nothing", async () => {
    const email = `refused-${driver}@${DOMAIN}`;
    const logs = captureLogs("info");
    try {
      const cases = [
        [codeAction, "/auth/code", { step: "send", email }],
        [codeAction, "/auth/code", { step: "verify", email, code: "123456" }],
        [
          signUpAction,
          "/auth/signup",
          { email, password: "a strong pass 42", confirmPassword: "a strong pass 42" },
        ],
        [forgotAction, "/auth/forgot-password", { email }],
        [resendAction, "/auth/resend-verification", { email }],
      ] as const;
      for (const [action, path, fields] of cases) {
        const answer = await post(action, path, fields, freshIp());
        expect(answer.status, path).toBe(403);
        expect(JSON.stringify(answer.body), path).toContain(SSO_ONLY_MESSAGE);
      }
      expect(await usersWith(email)).toBe(0);
      const [mails] = await db
        .select({ n: count() })
        .from(schema.mail_outbox)
        .where(sql`lower(${schema.mail_outbox.to_address}) = lower(${email})`);
      expect(mails?.n).toBe(0);
      expect(logs.lines().filter((line) => line.event === "sso.refused")).toHaveLength(5);
    } finally {
      logs.restore();
    }
  });

  it("a reset link of a company account made before SSO does not set a password", async () => {
    const staffer = await makeUser(`old-${driver}@${DOMAIN}`);
    const token = `tok-${randomUUID()}`;
    await (await auth().$context).internalAdapter.createVerificationValue({
      identifier: `reset-password:${token}`,
      value: staffer.id,
      expiresAt: new Date(Date.now() + 60 * 60 * 1000),
    });
    const answer = await post(
      resetAction,
      "/auth/reset-password",
      { token, password: "a strong pass 42", confirmPassword: "a strong pass 42" },
      freshIp(),
    );
    expect(answer.status).toBe(403);
    expect(JSON.stringify(answer.body)).toContain(SSO_ONLY_MESSAGE);
    const [credential] = await db
      .select({ n: count() })
      .from(schema.account)
      .where(eq(schema.account.userId, staffer.id));
    expect(credential?.n).toBe(0);
  });

  it("better-auth itself creates no account for a password sign-up of a company email (behind our routes too)", async () => {
    const email = `direct-${driver}@${DOMAIN}`;
    const headers = new Headers({ Origin: ORIGIN, [CLIENT_IP_HEADER]: freshIp() });
    // with verification required better-auth answers a refusal like a duplicate (no enumeration)
    const answer = await auth().api.signUpEmail({
      body: { email, password: "a strong pass 42", name: "D" },
      headers,
    });
    expect(answer.token).toBeNull();
    expect(await usersWith(email)).toBe(0);
    const [mails] = await db
      .select({ n: count() })
      .from(schema.mail_outbox)
      .where(sql`lower(${schema.mail_outbox.to_address}) = lower(${email})`);
    expect(mails?.n).toBe(0);
  });

  it("a company email through 'Continue with Test ID' is refused, and the SSO provider cannot bring an outside email", async () => {
    const start = (provider: string) =>
      post(providerAction, "/auth/provider", { provider }, freshIp());
    const email = `sidestep-${driver}@${DOMAIN}`;
    const sub = addUser(email);
    const started = await start("oidc");
    expect(started.status).toBe(302);
    op.nextLogin = sub;
    const back = await throughTestProvider(started.location as string, ORIGIN);
    const answer = await throughRoot(
      new Request(back, { headers: { Cookie: cookieHeader(started.setCookies) } }),
      apiAuthLoader,
    );
    const location = new URL(answer.headers.get("Location") as string, ORIGIN);
    expect(location.pathname).toBe("/auth/signin");
    expect(providerErrorMessage(location.searchParams.get("error"))).toBe(SSO_ONLY_MESSAGE);
    expect(await usersWith(email)).toBe(0);

    // 'sso' is no button: the provider form refuses it
    const button = await start("sso");
    expect(button.status).toBe(303);
    expect(button.location).toBe("/auth/signin?error=provider_unavailable");

    // the company's provider answering for someone outside the company's domains
    const outsider = `outsider-${driver}@example.com`;
    const outsiderSub = addUser(outsider);
    const refused = await ssoSignIn(outsiderSub, { email: `asked-${driver}@${DOMAIN}` });
    const refusedAt = new URL(refused.location, ORIGIN);
    expect(refusedAt.pathname).toBe("/auth/signin");
    expect(refusedAt.searchParams.get("error")).toBe("sso_domain_mismatch");
    expect(refused.cookie).not.toMatch(/session_token=/);
    expect(await usersWith(outsider)).toBe(0);
  });

  it("a company account's profile offers no other provider and refuses one when posted; a password it sets confirms two-factor set-up but never signs in, and TOTP is then asked after SSO", async () => {
    const email = `profile-${driver}@${DOMAIN}`;
    const sub = addUser(email);
    const { cookie } = await ssoSignIn(sub, { email });
    const page = await throughRoot(
      new Request(`${ORIGIN}/account/profile`, { headers: { Cookie: cookie } }),
      profileLoader,
    );
    expect(await page.json()).toMatchObject({ companyAccount: true, providers: [] });
    const postProfile = (fields: Record<string, string>) =>
      throughRoot(
        new Request(`${ORIGIN}/account/profile`, {
          method: "POST",
          headers: {
            Origin: ORIGIN,
            Cookie: cookie,
            "Content-Type": "application/x-www-form-urlencoded",
          },
          body: new URLSearchParams(fields),
        }),
        profileAction,
        { ip: freshIp() },
      );
    const connect = await postProfile({ intent: "connect-provider", provider: "oidc" });
    expect(connect.status).toBe(403);
    expect(await connect.text()).toContain(COMPANY_ACCOUNT_MESSAGE);

    const password = "a strong pass 42";
    const set = await postProfile({ intent: "set-password", newPassword: password });
    expect(set.status).toBeLessThan(400);
    const totp = await postProfile({ intent: "two-factor-start", password });
    expect(totp.status).toBe(200);
    const secret = (await totp.text()).match(/otpauth:\/\/totp\/[^"]*?secret=([A-Z2-7]+)/)?.[1];
    expect(secret).toBeTruthy();
    const on = await postProfile({ intent: "two-factor-verify", code: await totpCode(secret!) });
    expect(on.status).toBeLessThan(400);
    const signIn = await post(signInAction, "/auth/signin", { email, password }, freshIp());
    expect(signIn.location?.startsWith(`${op.issuer}/auth?`)).toBe(true);
    expect(signIn.setCookies.some((line) => /session_token=[^;]/.test(line))).toBe(false);
    const [created] = await db.select().from(schema.user).where(eq(schema.user.email, email));
    const methods = await db
      .select({ providerId: schema.account.providerId })
      .from(schema.account)
      .where(eq(schema.account.userId, created!.id));
    expect(methods.map((row) => row.providerId).sort()).toEqual(["credential", "sso"]);

    // the next SSO sign-in asks for the second factor: no session until the code
    const again = await ssoSignIn(sub, { email });
    expect(again.location).toBe("/auth/continue");
    expect(again.cookie).not.toMatch(/session_token=/);
    const next = await throughRoot(
      new Request(`${ORIGIN}/auth/continue`, { headers: { Cookie: again.cookie } }),
      continueLoader,
    );
    expect(next.headers.get("Location")).toBe("/auth/two-factor");
  });
});
