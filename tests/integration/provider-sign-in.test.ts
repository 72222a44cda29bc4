/**
 * Sign-in through an OpenID Provider (a real one: oidc-provider on a local port), through our
 * routes as a browser goes: the 'Continue with' form post, the provider, its callback to
 * /api/auth, /auth/continue. The refusals (state, nonce, expired / wrongly signed / foreign ID
 * token, unverified email against an existing account, the provider's error answers) each end
 * on the sign-in page with a message, nothing created or linked. Then linking from the profile,
 * disconnecting, the last method kept, and two-factor after a provider sign-in.
 */
import { randomUUID } from "node:crypto";
import { count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import { saveFullName, setAdmin } from "~/features/accounts/profiles.server";
import { LAST_METHOD_MESSAGE } from "~/features/accounts/provider-sign-in.server";
import { providerErrorMessage } from "~/features/accounts/providers";
import { submitQuoteRequest } from "~/features/quotes/submit.server";
import { db } from "~/lib/db.server";
import { loadEnv, setEnv } from "~/lib/env.server";
import type { SessionUser } from "~/lib/session.server";
import { action as profileAction, loader as profileLoader } from "~/routes/account/profile";
import { loader as setupLoader } from "~/routes/account/setup";
import { loader as apiAuthLoader } from "~/routes/api/auth";
import { loader as continueLoader } from "~/routes/auth/continue";
import { action as providerAction } from "~/routes/auth/provider";
import { loader as signInLoader } from "~/routes/auth/signin";
import { loader as signUpLoader } from "~/routes/auth/signup";
import { signedInAccount, totpAccount } from "../setup/accounts";
import { cookieHeader, ORIGIN, post } from "../setup/actions";
import { contextFor, makeUser, requestTo, run } from "../setup/admin";
import { drivers, freshDatabase, type TestDatabase } from "../setup/database";
import { formData, validAnswers } from "../setup/forms";
import { captureLogs } from "../setup/logs";
import {
  startOidcProvider,
  type Tamper,
  type TestOidcProvider,
  throughTestProvider,
} from "../setup/oidc-provider";
import { throughRoot } from "../setup/through-root";

/** Follows the provider's redirects (its own cookies kept) until it sends the browser back to us. */
const throughProvider = (authorizeUrl: string) => throughTestProvider(authorizeUrl, ORIGIN);

// one provider for the file: better-auth reads its discovery document once per process
let op: TestOidcProvider;
beforeAll(async () => {
  op = await startOidcProvider({ publicUrl: ORIGIN });
});
afterAll(async () => {
  await op.close();
});

interface Return {
  /** where our callback sent the browser */
  location: string;
  /** the browser's cookies for our site afterwards */
  cookie: string;
}

describe.each(drivers)("sign-in through an OpenID Provider on %s", (driver) => {
  let database: TestDatabase;
  let ipCounter = 0;
  const freshIp = () => `203.0.113.${++ipCounter}`;

  beforeAll(async () => {
    database = await freshDatabase(driver, op.env());
  });
  afterAll(async () => {
    await database.dispose();
  });

  function addUser(email: string, emailVerified = true, name = "Pat Provider"): string {
    const sub = `sub-${randomUUID()}`;
    op.users.set(sub, { sub, email, email_verified: emailVerified, name });
    return sub;
  }

  /** 'Continue with Test ID' up to the provider's authorization URL. */
  async function start(cookie = "", ip = freshIp()) {
    const started = await post(
      providerAction,
      "/auth/provider",
      { provider: "oidc" },
      ip,
      null,
      cookie,
    );
    expect(started.status).toBe(302);
    expect(started.location?.startsWith(`${op.issuer}/auth?`)).toBe(true);
    return {
      authorize: started.location as string,
      cookie: cookieHeader(started.setCookies, cookie),
    };
  }

  async function callback(url: string, cookie: string): Promise<Return> {
    const answer = await throughRoot(
      new Request(url, { headers: { Cookie: cookie } }),
      apiAuthLoader,
    );
    expect(answer.status).toBe(302);
    return {
      location: answer.headers.get("Location") as string,
      cookie: cookieHeader(answer.headers.getSetCookie(), cookie),
    };
  }

  /** A whole provider sign-in as `sub`, optionally with a broken token answer. */
  async function signInAs(sub: string, options: { tamper?: Tamper; cookie?: string } = {}) {
    const { authorize, cookie } = await start(options.cookie);
    op.nextLogin = sub;
    op.tamper = options.tamper ?? null;
    return callback(await throughProvider(authorize), cookie);
  }

  async function get(handler: (args: never) => unknown, path: string, cookie: string) {
    return throughRoot(new Request(`${ORIGIN}${path}`, { headers: { Cookie: cookie } }), handler);
  }

  async function signInPageError(location: string): Promise<string | null> {
    const url = new URL(location, ORIGIN);
    expect(url.pathname).toBe("/auth/signin");
    const page = await get(signInLoader, `${url.pathname}${url.search}`, "");
    return ((await page.json()) as { providerError: string | null }).providerError;
  }

  const usersWith = async (email: string) =>
    (
      await db
        .select({ n: count() })
        .from(schema.user)
        .where(sql`lower(${schema.user.email}) = lower(${email})`)
    )[0]?.n;
  const identitiesOf = async (userId: string) =>
    db
      .select({ id: schema.account.id, providerId: schema.account.providerId })
      .from(schema.account)
      .where(eq(schema.account.userId, userId));
  const sessionsOf = async (userId: string) =>
    (
      await db.select({ n: count() }).from(schema.session).where(eq(schema.session.userId, userId))
    )[0]?.n;

  it("shows 'Continue with Test ID' on the sign-in and sign-up pages", async () => {
    for (const [loader, path] of [
      [signInLoader, "/auth/signin"],
      [signUpLoader, "/auth/signup"],
    ] as const) {
      const page = await get(loader, path, "");
      expect(((await page.json()) as { providers: unknown }).providers).toEqual([
        { id: "oidc", name: "Test ID" },
      ]);
    }
  });

  it("a first sign-in creates the account with the provider's email, its name taken into /account/setup; the next one signs into the same account", async () => {
    const email = `new-${driver}@example.com`;
    const sub = addUser(email, true, "Robin Rivera");
    const first = await signInAs(sub);
    expect(first.location).toBe("/auth/continue");
    expect(first.cookie).toMatch(/session_token=/);
    const landed = await get(continueLoader, "/auth/continue", first.cookie);
    expect(landed.headers.get("Location")).toBe("/account/setup");
    const setup = await get(setupLoader, "/account/setup", first.cookie);
    expect(await setup.json()).toMatchObject({ signedIn: true, fullName: "Robin Rivera" });

    const [created] = await db.select().from(schema.user).where(eq(schema.user.email, email));
    expect(created?.emailVerified).toBe(true);
    expect((await identitiesOf(created!.id)).map((a) => a.providerId)).toEqual(["oidc"]);

    const again = await signInAs(sub);
    expect(again.location).toBe("/auth/continue");
    expect(await usersWith(email)).toBe(1);
    expect(await sessionsOf(created!.id)).toBe(2);
  });

  it("claims guest quotes of a provider-verified email, and never those of an unverified one", async () => {
    const guestQuote = async (email: string) => {
      const outcome = await submitQuoteRequest("mold", formData({ ...validAnswers.mold, email }), {
        clientIp: freshIp(),
        owner: { userId: null },
      });
      if (outcome.ok !== true) throw new Error(`quote not created: ${JSON.stringify(outcome)}`);
      return outcome.quoteId;
    };
    const ownerOf = async (quoteId: string) =>
      (
        await db
          .select({ userId: schema.quotes.user_id })
          .from(schema.quotes)
          .where(eq(schema.quotes.id, quoteId))
      )[0]?.userId;

    const verifiedEmail = `claims-${driver}@example.com`;
    const verifiedQuote = await guestQuote(verifiedEmail);
    await signInAs(addUser(verifiedEmail, true));
    const [verified] = await db
      .select()
      .from(schema.user)
      .where(eq(schema.user.email, verifiedEmail));
    expect(await ownerOf(verifiedQuote)).toBe(verified?.id);

    const unverifiedEmail = `no-claims-${driver}@example.com`;
    const unverifiedQuote = await guestQuote(unverifiedEmail);
    const back = await signInAs(addUser(unverifiedEmail, false));
    expect(await signInPageError(back.location)).toBe(providerErrorMessage("email_not_verified"));
    expect(back.cookie).not.toMatch(/session_token=/);
    expect(await ownerOf(unverifiedQuote)).toBeNull();
  });

  it.each([
    ["wrong-nonce"],
    ["expired"],
    ["bad-signature"],
    ["wrong-audience"],
    ["wrong-issuer"],
    ["token-error"],
  ] as const)("an ID token answer with %s signs nobody in and creates nothing", async (tamper) => {
    const email = `${tamper}-${driver}@example.com`;
    const sub = addUser(email);
    const back = await signInAs(sub, { tamper });
    expect(back.cookie).not.toMatch(/session_token=/);
    expect(await signInPageError(back.location)).toBe(providerErrorMessage("invalid_code"));
    expect(await usersWith(email)).toBe(0);
  });

  it("a callback whose state is not this browser's is refused, nothing created", async () => {
    const email = `state-${driver}@example.com`;
    const sub = addUser(email);
    const { authorize, cookie } = await start();
    op.nextLogin = sub;
    const url = new URL(await throughProvider(authorize));
    url.searchParams.set("state", "a-state-this-site-never-issued");
    const back = await callback(url.href, cookie);
    expect(back.cookie).not.toMatch(/session_token=/);
    expect(await signInPageError(back.location)).toBeTruthy();
    expect(await usersWith(email)).toBe(0);
  });

  it("a cancelled sign-in and a provider's error answer come back with a plain message", async () => {
    const { authorize, cookie } = await start();
    // the provider's login page: the person presses Cancel
    const login = await fetch(authorize, { redirect: "manual" });
    const interaction = new URL(login.headers.get("Location") as string, authorize);
    const cookies = login.headers
      .getSetCookie()
      .map((line) => line.split(";")[0])
      .join("; ");
    const cancelled = await fetch(`${interaction.href}/cancel`, {
      method: "POST",
      redirect: "manual",
      headers: { Cookie: cookies },
    });
    const resumed = await fetch(new URL(cancelled.headers.get("Location") as string, authorize), {
      redirect: "manual",
      headers: { Cookie: cookies },
    });
    const back = await callback(resumed.headers.get("Location") as string, cookie);
    expect(await signInPageError(back.location)).toMatch(/cancelled/);

    const other = await start();
    const state = new URL(other.authorize).searchParams.get("state") as string;
    const errorAnswer = await callback(
      `${ORIGIN}/api/auth/callback/oidc?error=server_error&state=${state}`,
      other.cookie,
    );
    expect(await signInPageError(errorAnswer.location)).toMatch(/did not work/);
  });

  it("an unverified provider email never joins the existing account with that email", async () => {
    const email = `existing-${driver}@example.com`;
    const existing = await signedInAccount(email);
    const sub = addUser(email, false);
    const back = await signInAs(sub);
    expect(back.cookie).not.toMatch(/session_token=/);
    expect(await signInPageError(back.location)).toBe(providerErrorMessage("account_not_linked"));
    expect((await identitiesOf(existing.user.id)).map((a) => a.providerId)).toEqual(["credential"]);
    expect(await usersWith(email)).toBe(1);
  });

  it("a verified provider email joins the existing account, and two-factor is still asked", async () => {
    const email = `totp-${driver}@example.com`;
    const { user } = await totpAccount(email);
    const sessionsBefore = await sessionsOf(user.id);
    const sub = addUser(email, true);
    const back = await signInAs(sub);
    expect(back.location).toBe("/auth/continue");
    expect(back.cookie).not.toMatch(/session_token=/);
    expect(await sessionsOf(user.id)).toBe(sessionsBefore);
    const next = await get(continueLoader, "/auth/continue", back.cookie);
    expect(next.headers.get("Location")).toBe("/auth/two-factor");
    expect((await identitiesOf(user.id)).map((a) => a.providerId).sort()).toEqual([
      "credential",
      "oidc",
    ]);
  });

  it("connects the provider from the profile, lists it, disconnects it, and never the last way in", async () => {
    const email = `link-${driver}@example.com`;
    const account = await signedInAccount(email);
    const sub = addUser(`other-${driver}@example.com`, true);
    const ip = freshIp();
    const started = await post(
      profileAction,
      "/account/profile",
      { intent: "connect-provider", provider: "oidc" },
      ip,
      account.user,
      account.cookie,
    );
    expect(started.status).toBe(302);
    op.nextLogin = sub;
    const back = await callback(
      await throughProvider(started.location as string),
      cookieHeader(started.setCookies, account.cookie),
    );
    expect(back.location).toBe("/account/profile?connected=oidc");
    const page = await get(profileLoader, "/account/profile", account.cookie);
    const { signInMethods } = (await page.json()) as {
      signInMethods: { kind: string; email?: string; id: string }[];
    };
    const identity = signInMethods.find((m) => m.kind === "identity");
    expect(identity?.email).toBe(`other-${driver}@example.com`);

    const gone = await post(
      profileAction,
      "/account/profile",
      { intent: "disconnect-provider", identityId: identity!.id },
      ip,
      account.user,
      account.cookie,
    );
    expect(gone.status).toBe(302);
    expect((await identitiesOf(account.user.id)).map((a) => a.providerId)).toEqual(["credential"]);

    // an account made through the provider: its identity is its only way in
    const onlyEmail = `only-${driver}@example.com`;
    const onlySub = addUser(onlyEmail, true);
    const signedIn = await signInAs(onlySub);
    const [only] = await db.select().from(schema.user).where(eq(schema.user.email, onlyEmail));
    const [session] = await db
      .select()
      .from(schema.session)
      .where(eq(schema.session.userId, only!.id));
    const onlyUser: SessionUser = {
      id: only!.id,
      email: onlyEmail,
      emailVerified: true,
      fullName: null,
      isAdmin: false,
      twoFactorEnabled: false,
      sessionId: session!.id,
    };
    const [identityRow] = await identitiesOf(only!.id);
    const refused = await post(
      profileAction,
      "/account/profile",
      { intent: "disconnect-provider", identityId: identityRow!.id },
      ip,
      onlyUser,
      signedIn.cookie,
    );
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ section: "methods", error: LAST_METHOD_MESSAGE });
    expect(await identitiesOf(only!.id)).toHaveLength(1);
  });
});

describe.each(drivers)("role x route matrix of the provider routes on %s", (driver) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await freshDatabase(driver, op.env());
  });
  afterAll(async () => {
    await database.dispose();
  });

  it("guest, customer and admin each get what their role allows, and nobody reaches another's identity", async () => {
    // real sessions: 'Connect' asks better-auth, which reads the session from the cookie
    const customerAccount = await signedInAccount(`matrix-c-${driver}@example.com`);
    const adminAccount = await signedInAccount(`matrix-a-${driver}@example.com`);
    await setAdmin(adminAccount.user.id, true);
    const customer = { ...customerAccount.user, fullName: "Casey Customer" };
    await saveFullName(customer.id, "Casey Customer");
    const admin = { ...adminAccount.user, isAdmin: true, twoFactorEnabled: true };
    const cookies = new Map([
      [customer.id, customerAccount.cookie],
      [admin.id, adminAccount.cookie],
    ]);
    const other = await makeUser(`matrix-o-${driver}@example.com`, { fullName: null });
    const [identity] = await db
      .insert(schema.account)
      .values({
        id: randomUUID(),
        accountId: "sub-other",
        providerId: "oidc",
        userId: other.id,
        updatedAt: new Date(),
      })
      .returning({ id: schema.account.id });
    const roles = { guest: null, customer, admin } as const;
    // [route, handler, path, form, expected status per role, expected location per role]
    const cases: [
      string,
      (args: never) => unknown,
      string,
      Record<string, string> | undefined,
      Record<keyof typeof roles, [number, RegExp | null]>,
    ][] = [
      [
        "provider start",
        providerAction,
        "/auth/provider",
        { provider: "oidc" },
        {
          guest: [302, /^http:\/\/127\.0\.0\.1:\d+\/auth\?/],
          customer: [302, /^http:\/\/127\.0\.0\.1:\d+\/auth\?/],
          admin: [302, /^http:\/\/127\.0\.0\.1:\d+\/auth\?/],
        },
      ],
      [
        "provider start, unknown provider",
        providerAction,
        "/auth/provider",
        { provider: "github" },
        {
          guest: [303, /^\/auth\/signin\?error=provider_unavailable$/],
          customer: [303, /error=provider_unavailable/],
          admin: [303, /error=provider_unavailable/],
        },
      ],
      [
        "continue",
        continueLoader,
        "/auth/continue",
        undefined,
        {
          guest: [302, /^\/auth\/signin$/],
          customer: [302, /^\/account\/profile$/],
          admin: [302, /^\/admin\/dashboard$/],
        },
      ],
      [
        "connect",
        profileAction,
        "/account/profile",
        { intent: "connect-provider", provider: "oidc" },
        {
          guest: [302, /^\/auth\/signin/],
          customer: [302, /^http:\/\/127\.0\.0\.1/],
          admin: [302, /^http:\/\/127\.0\.0\.1/],
        },
      ],
      [
        "disconnect another's identity",
        profileAction,
        "/account/profile",
        { intent: "disconnect-provider", identityId: identity!.id },
        { guest: [302, /^\/auth\/signin/], customer: [404, null], admin: [404, null] },
      ],
    ];
    for (const [name, handler, path, form, expected] of cases) {
      for (const [role, user] of Object.entries(roles) as [
        keyof typeof roles,
        typeof customer | null,
      ][]) {
        const request = requestTo(path, form);
        if (user) request.headers.set("Cookie", cookies.get(user.id) ?? "");
        const outcome = await run(handler, {
          request,
          context: contextFor(user),
        });
        const [status, location] = expected[role];
        expect(outcome.status, `${name} as ${role}`).toBe(status);
        if (location) expect(outcome.location, `${name} as ${role}`).toMatch(location);
      }
    }
    expect(await identitiesOfUser(other.id)).toEqual(["oidc"]);
  });

  it("logs the provider sign-in's start and outcome as security events, without tokens", async () => {
    const logs = captureLogs("info");
    try {
      const sub = `sub-${randomUUID()}`;
      op.users.set(sub, {
        sub,
        email: `events-${driver}@example.com`,
        email_verified: true,
        name: "Eve",
      });
      const started = await post(
        providerAction,
        "/auth/provider",
        { provider: "oidc" },
        "203.0.113.200",
      );
      op.nextLogin = sub;
      const url = await throughProvider(started.location as string);
      await throughRoot(
        new Request(url, { headers: { Cookie: cookieHeader(started.setCookies) } }),
        apiAuthLoader,
        { ip: "203.0.113.200" },
      );
      const events = logs.lines().filter((line) => line.security === true);
      expect(events.map((e) => e.event)).toEqual(
        expect.arrayContaining(["sign_in.provider_started", "sign_in.success"]),
      );
      expect(events.find((e) => e.event === "sign_in.success")).toMatchObject({
        method: "provider",
        provider: "oidc",
        clientIp: "203.0.113.200",
      });
      expect(logs.text()).not.toMatch(/eyJ[\w-]+\.[\w-]+\./);
    } finally {
      logs.restore();
    }
  });
});

async function identitiesOfUser(userId: string) {
  return (
    await db
      .select({ p: schema.account.providerId })
      .from(schema.account)
      .where(eq(schema.account.userId, userId))
  ).map((r) => r.p);
}

describe("without a provider configured", () => {
  it("the sign-in and sign-up pages show no provider button, and /auth/provider starts nothing", async () => {
    setEnv(
      loadEnv({
        NODE_ENV: "test",
        LOG_LEVEL: "silent",
        AUTH_SECRET: "integration-test-secret-0123456789abcdef",
      }),
    );
    for (const [loader, path] of [
      [signInLoader, "/auth/signin"],
      [signUpLoader, "/auth/signup"],
    ] as const) {
      const page = await throughRoot(new Request(`${ORIGIN}${path}`), loader);
      expect(((await page.json()) as { providers: unknown[] }).providers).toEqual([]);
    }
    const started = await post(
      providerAction,
      "/auth/provider",
      { provider: "oidc" },
      "203.0.113.250",
    );
    expect(started.location).toBe("/auth/signin?error=provider_unavailable");
  });
});
