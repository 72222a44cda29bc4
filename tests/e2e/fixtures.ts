/**
 * Signed-in sessions for specs that only need to *be* signed in. Accounts are made through the
 * running server's own forms over HTTP (sign-up, the mailed verification link, profile set-up,
 * two-factor enrolment on the profile page, the sign-in and two-factor forms): the e2e server
 * alone opens its PGlite directory, and no test-only route exists. A worker makes its customer and
 * its admin once and hands their storage state (cookies) to every test; the flows themselves
 * (sign-up, sign-in, two-factor) keep their own tests through the UI (accounts.spec.ts, the first
 * test of admin.spec.ts).
 *
 * Usage: `import { test, expect } from "./fixtures"`, then `{ customer, admin, newCustomer }`
 * in a test's arguments; `signInAs(page, customer)` or
 * `browser.newContext({ storageState: admin.storageState })`.
 */
import fs from "node:fs";
import path from "node:path";
import {
  type APIRequestContext,
  type BrowserContext,
  test as base,
  expect,
  type Page,
} from "@playwright/test";
import { baseURL, fixtureAdminEmail, MAX_WORKERS } from "../../playwright.config";
import { hydrated, linkFromMail, totpCode, uniqueEmail } from "./helpers";

export { expect };

/** Cookies and origins as `browser.newContext({ storageState })` takes them. */
export type StorageState = Awaited<ReturnType<APIRequestContext["storageState"]>>;

/** A verified account made for tests, with the cookies of one signed-in session. */
export interface Account {
  email: string;
  password: string;
  /** null when the profile was not set up (the account lands on /account/setup) */
  fullName: string | null;
  /** the base32 TOTP key, when two-factor is on */
  totpKey?: string;
  storageState: StorageState;
}

/** What `newCustomer` may be told. */
export interface NewCustomerOptions {
  /** the full name typed at set-up; null leaves the profile unset */
  fullName?: string | null;
  /** the start of the address (a unique suffix is added) */
  label?: string;
  password?: string;
}

export const PASSWORD = "correct horse 42";

/**
 * The lock of tests that publish or unpublish blog posts and of tests that read every published
 * post in more than one request (lists, feed, sitemap): they never run at the same time.
 */
export const PUBLISHED_POSTS = "published-posts";

/** A request context on the e2e server, sending the Origin a same-site browser form sends. */
async function apiContext(
  playwright: { request: { newContext: (options: object) => Promise<APIRequestContext> } },
  storageState?: StorageState,
) {
  return playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { Origin: baseURL },
    storageState,
  });
}

/** Posts `form` as a browser without JavaScript does; fails the test on a 4xx/5xx answer. */
async function postForm(api: APIRequestContext, url: string, form: Record<string, string>) {
  const response = await api.post(url, { form });
  const html = await response.text();
  expect(response.status(), `${url}: ${html.slice(0, 300)}`).toBeLessThan(400);
  return { response, html };
}

/** The session's cookies only (a one-time toast cookie would show on the test's first page). */
async function sessionState(api: APIRequestContext): Promise<StorageState> {
  const state = await api.storageState();
  return { ...state, cookies: state.cookies.filter((c) => c.name !== "toast") };
}

/**
 * Makes a verified customer through the site's forms: sign-up, the verification link from the
 * dev mail, and (unless `fullName` is null) the profile set-up. Its session is signed in.
 */
async function createCustomer(
  api: APIRequestContext,
  { fullName = "Casey Fixture", label = "fixture", password = PASSWORD }: NewCustomerOptions = {},
): Promise<Account> {
  return createAccount(api, uniqueEmail(label), password, fullName);
}

/**
 * Signs `email` up through the forms, opens the verification link (`mailLink` finds it: the dev
 * mail files by default), sets the profile up unless `fullName` is null; signed in.
 */
export async function createAccount(
  api: APIRequestContext,
  email: string,
  password: string,
  fullName: string | null,
  mailLink: (to: string, subject: string) => Promise<string> = linkFromMail,
): Promise<Account> {
  await postForm(api, "/auth/signup", { email, password, confirmPassword: password });
  const link = await mailLink(email, "Verify your email address");
  const verified = await api.get(link.replace(/^https?:\/\/[^/]+/, ""));
  expect(new URL(verified.url()).pathname, "the verification link signs in").toBe("/account/setup");
  if (fullName !== null) {
    const { response } = await postForm(api, "/account/setup", { fullName });
    expect(new URL(response.url()).pathname).not.toBe("/account/setup");
  }
  return { email, password, fullName, storageState: await sessionState(api) };
}

/**
 * Turns two-factor on for the signed-in account of `api` from the profile page's forms.
 * @returns the base32 key the page shows.
 */
export async function enrolTotp(api: APIRequestContext, password: string): Promise<string> {
  const { html } = await postForm(api, "/account/profile", {
    intent: "two-factor-start",
    password,
  });
  const key = html.match(/<code[^>]*>([A-Z2-7]+=*)<\/code>/)?.[1] ?? "";
  expect(key, "the profile page shows the TOTP key").not.toBe("");
  const { html: after } = await postForm(api, "/account/profile", {
    intent: "two-factor-verify",
    code: await totpCode(key),
  });
  expect(after).toContain("Two-factor authentication is on");
  return key;
}

/** Signs `account` in through the sign-in and two-factor forms; returns the new session. */
export async function signInOverHttp(
  api: APIRequestContext,
  account: Account,
): Promise<StorageState> {
  const { response } = await postForm(api, "/auth/signin", {
    email: account.email,
    password: account.password,
  });
  if (account.totpKey && new URL(response.url()).pathname === "/auth/two-factor") {
    // a code is accepted once: a worker started again may meet the one its predecessor used
    let answer = await api.post("/auth/two-factor", {
      form: { code: await totpCode(account.totpKey) },
    });
    if (answer.status() === 400) {
      answer = await api.post("/auth/two-factor", {
        form: { code: await totpCode(account.totpKey) },
      });
    }
    expect(answer.status()).toBeLessThan(400);
  }
  return sessionState(api);
}

/**
 * This worker's admin (listed in the e2e server's ADMIN_EMAILS by parallel index) with two-factor
 * on. Its credentials are kept in the run's data directory, so a worker started again after a
 * failure signs the same account in instead of signing it up twice.
 */
async function workerAdmin(api: APIRequestContext, parallelIndex: number): Promise<Account> {
  expect(parallelIndex, "playwright.config.ts lists an admin for this many workers").toBeLessThan(
    MAX_WORKERS,
  );
  const dir = path.join(process.env.E2E_DATA_DIR as string, "e2e-accounts");
  const file = path.join(dir, `admin-${parallelIndex}.json`);
  if (fs.existsSync(file)) {
    const known = JSON.parse(fs.readFileSync(file, "utf8")) as Account;
    return { ...known, storageState: await signInOverHttp(api, known) };
  }
  const account = await createAccount(
    api,
    fixtureAdminEmail(parallelIndex),
    PASSWORD,
    `Ada Fixture ${parallelIndex}`,
  );
  const totpKey = await enrolTotp(api, PASSWORD);
  const dashboard = await api.get("/admin/dashboard");
  expect(new URL(dashboard.url()).pathname, "the fixture admin reaches the back office").toBe(
    "/admin/dashboard",
  );
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(file, JSON.stringify({ ...account, totpKey, storageState: undefined }));
  return { ...account, totpKey, storageState: await sessionState(api) };
}

/** Adds `account`'s session cookies to a page's (or a context's) browser context. */
export async function signInAs(target: Page | BrowserContext, account: Account) {
  const context = "context" in target ? target.context() : target;
  await context.addCookies(account.storageState.cookies);
}

/**
 * Signs `page` in as `account` and opens `path`, then waits for hydration, as a page reached by
 * signing in through the UI would have (keyboard shortcuts and client-side forms work).
 */
export async function openAs(page: Page, account: Account, path: string) {
  await signInAs(page, account);
  await page.goto(path);
  await hydrated(page);
}

export const test = base.extend<
  {
    /** A fresh verified customer per call, for tests that change their account or sign out. */
    newCustomer: (options?: NewCustomerOptions) => Promise<Account>;
  },
  {
    /** This worker's customer (profile set up), shared by its tests: do not sign it out. */
    customer: Account;
    /** This worker's admin with two-factor on, shared by its tests: do not sign it out. */
    admin: Account;
  }
>({
  customer: [
    async ({ playwright }, use) => {
      const api = await apiContext(playwright);
      const account = await createCustomer(api, { label: "worker.customer" });
      await api.dispose();
      await use(account);
    },
    { scope: "worker", timeout: 120_000 },
  ],
  admin: [
    async ({ playwright }, use, workerInfo) => {
      const api = await apiContext(playwright);
      const account = await workerAdmin(api, workerInfo.parallelIndex);
      await api.dispose();
      await use(account);
    },
    // up to one 30-second TOTP step of waiting on a loaded machine
    { scope: "worker", timeout: 180_000 },
  ],
  newCustomer: async ({ playwright }, use) => {
    const contexts: APIRequestContext[] = [];
    await use(async (options) => {
      const api = await apiContext(playwright);
      contexts.push(api);
      return createCustomer(api, options);
    });
    for (const api of contexts) await api.dispose();
  },
});
