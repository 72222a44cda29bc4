import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { PORT } from "../../playwright.config";
import {
  fillContact,
  fillMold,
  fillRadon,
  fillWater,
  signUpAndVerify,
  uniqueEmail,
} from "./helpers";

/** window.dataLayer as the tag manager would read it ([] when never created). */
function dataLayer(page: Page): Promise<Record<string, unknown>[]> {
  return page.evaluate(() => structuredClone(window.dataLayer ?? []) as Record<string, unknown>[]);
}

/** Waits until the page has hydrated and pushed `count` entries, then returns them. */
async function dataLayerOf(page: Page, count: number) {
  await expect.poll(async () => (await dataLayer(page)).length).toBe(count);
  return dataLayer(page);
}

/** Waits for hydration (React attaches its root) on a page that pushes nothing. */
async function hydrated(page: Page) {
  await page.waitForFunction(
    () => "__reactRouterContext" in window && document.readyState === "complete",
  );
  // the page-view effect runs right after hydration; give it the same chance a public page gets
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50))),
  );
}

const pageView = (page_path: string, title: string) => ({
  event: "page_view",
  page_path,
  page_title: `${title} | Utah Home Remediation`,
});

test("first load, a landing-page quote click and the client navigation it starts", async ({
  page,
}) => {
  await page.goto("/");
  expect(await dataLayerOf(page, 1)).toEqual([
    pageView("/", "Expert Environmental Remediation in Utah"),
  ]);
  await page.getByRole("link", { name: "Get Remediation Quote for Radon Remediation" }).click();
  await expect(page).toHaveURL(/\/quotes\/radon-remediation$/);
  expect(await dataLayerOf(page, 3)).toEqual([
    pageView("/", "Expert Environmental Remediation in Utah"),
    { event: "quote_request", action: "click", category: "quote", label: "radon", value: 1 },
    pageView("/quotes/radon-remediation", "Free Radon Remediation Quote"),
  ]);
});

test("a client-side route change with a query string is a page view with path and query", async ({
  page,
}) => {
  await page.goto("/auth/signin?redirectTo=%2Faccount%2Fquotes");
  expect(await dataLayerOf(page, 1)).toEqual([
    pageView("/auth/signin?redirectTo=%2Faccount%2Fquotes", "Sign In"),
  ]);
  await page.getByRole("link", { name: "Create an account" }).click();
  await expect(page).toHaveURL(/\/auth\/signup\?redirectTo=/);
  expect((await dataLayerOf(page, 2))[1]).toEqual(
    pageView("/auth/signup?redirectTo=%2Faccount%2Fquotes", "Create Account"),
  );
});

test("radon: a rejected submission pushes nothing, an accepted one pushes radon_quote_submit once", async ({
  page,
}) => {
  await page.goto("/quotes/radon-remediation");
  await dataLayerOf(page, 1);

  // rejected in the browser (required fields missing): no request, no event
  await page.getByRole("button", { name: "Request Free Quote" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "There is a problem" })).toBeVisible();

  // rejected by the server: the browser's valid answer is changed on the way (square footage 50)
  await fillRadon(page);
  await fillContact(page);
  await page.route("**/quotes/radon-remediation*", async (route) => {
    const body = route.request().postData() ?? "";
    await route.continue({ postData: body.replace("squareFootage=2400", "squareFootage=50") });
  });
  const rejected = page.waitForResponse(
    (r) => r.request().method() === "POST" && r.url().includes("/quotes/radon-remediation"),
  );
  await page.getByRole("button", { name: "Request Free Quote" }).click();
  const answer = await rejected;
  expect(answer.status()).toBe(400);
  expect(await answer.text()).toContain("Invalid square footage");
  // the page settles on the form again (the button no longer reads 'Submitting...')
  await expect(page.getByRole("button", { name: "Request Free Quote" })).toBeEnabled();
  await expect(page).toHaveURL(/\/quotes\/radon-remediation$/);
  expect(await dataLayer(page)).toEqual([
    pageView("/quotes/radon-remediation", "Free Radon Remediation Quote"),
  ]);
  await page.unroute("**/quotes/radon-remediation*");

  // accepted: the event is pushed before the confirmation, which itself adds no page view
  await page.getByLabel("Square Footage").fill("2400");
  await page.getByRole("button", { name: "Request Free Quote" }).click();
  await expect(page).toHaveURL(/\/quotes\/confirmation$/);
  await expect(page.getByRole("heading", { name: "Quote Submitted Successfully!" })).toBeVisible();
  expect(await dataLayer(page)).toEqual([
    pageView("/quotes/radon-remediation", "Free Radon Remediation Quote"),
    { event: "radon_quote_submit", action: "submit", category: "quote", label: "quote", value: 1 },
  ]);
});

test("mold: an accepted submission pushes mold_quote_submit; water pushes none (SPEC)", async ({
  page,
}) => {
  test.slow(); // two submissions / a sign-up with mail: several page loads
  await page.goto("/quotes/mold-remediation");
  await dataLayerOf(page, 1);
  await fillMold(page);
  await fillContact(page);
  await page.getByRole("button", { name: "Request Free Quote" }).click();
  await expect(page).toHaveURL(/\/quotes\/confirmation$/);
  expect((await dataLayer(page)).map((e) => e.event)).toEqual(["page_view", "mold_quote_submit"]);

  await page.goto("/quotes/water-filtration-remediation");
  await dataLayerOf(page, 1);
  await fillWater(page);
  await fillContact(page);
  await page.getByRole("button", { name: "Request Free Quote" }).click();
  await expect(page).toHaveURL(/\/quotes\/confirmation$/);
  await expect(page.getByRole("heading", { name: "Quote Submitted Successfully!" })).toBeVisible();
  expect((await dataLayer(page)).map((e) => e.event)).toEqual(["page_view"]);
});

test("nothing is pushed on /quotes/confirmation, /admin or /account", async ({ page }) => {
  test.slow(); // two submissions / a sign-up with mail: several page loads
  for (const url of ["/quotes/confirmation", "/admin", "/admin/dashboard"]) {
    await page.goto(url);
    await hydrated(page);
    // a guest is sent from /admin to sign-in, a public page: only that page may be counted
    const privatePushes = (await dataLayer(page)).filter((entry) =>
      /^\/(admin|account|quotes\/confirmation)/.test(String(entry.page_path ?? "")),
    );
    expect(privatePushes, url).toEqual([]);
  }
  await signUpAndVerify(page, uniqueEmail("analytics"));
  await page.goto("/account/quotes");
  await hydrated(page);
  expect(await dataLayer(page)).toEqual([]);
  await page.getByRole("link", { name: "Properties" }).click();
  await expect(page).toHaveURL(/\/account\/properties$/);
  await hydrated(page);
  expect(await dataLayer(page)).toEqual([]);
});

test("without GTM_ID no request leaves for another host and no tag manager script exists", async ({
  page,
}) => {
  const hosts = new Set<string>();
  page.on("request", (request) => hosts.add(new URL(request.url()).host));
  await page.goto("/");
  await dataLayerOf(page, 1);
  await page.getByRole("link", { name: "Get Remediation Quote for Mold Remediation" }).click();
  await expect(page).toHaveURL(/\/quotes\/mold-remediation$/);
  await dataLayerOf(page, 3);
  await expect(page.locator("script#tag-manager")).toHaveCount(0);
  expect([...hosts]).toEqual([`127.0.0.1:${PORT}`]);
});

test.describe("with GTM_ID configured", () => {
  const port = PORT + 50;
  const origin = `http://127.0.0.1:${port}`;
  let stop: () => Promise<void>;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "remediation-gtm-"));
    const child = spawn(process.execPath, ["server.ts"], {
      env: {
        ...process.env,
        NODE_ENV: "production",
        DATABASE_URL: "",
        LOG_LEVEL: "warn",
        PORT: String(port),
        DATA_DIR: dataDir,
        PUBLIC_URL: origin,
        GTM_ID: "GTM-TEST123",
      },
    });
    let output = "";
    child.stdout.on("data", (d) => (output += d));
    child.stderr.on("data", (d) => (output += d));
    await expect.poll(() => output, { timeout: 90_000 }).toContain("Server ready");
    stop = async () => {
      const exited = new Promise((resolve) => child.on("exit", resolve));
      child.kill("SIGTERM");
      await exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
    };
  });
  test.afterAll(async () => stop?.());

  /** Answers gtm.js with a stub that marks it ran (no request leaves the machine). */
  async function stubTagManager(page: Page) {
    const requested: string[] = [];
    await page.route("https://www.googletagmanager.com/**", (route) => {
      requested.push(route.request().url());
      return route.fulfill({
        contentType: "text/javascript",
        body: "window.__tagManagerRan = true;",
      });
    });
    return requested;
  }

  test("the container script carries the response's CSP nonce and loads gtm.js", async ({
    page,
    request,
  }) => {
    const response = await request.get(`${origin}/`);
    const nonce = response.headers()["content-security-policy"]?.match(/'nonce-([^']+)'/)?.[1];
    expect(nonce).toBeTruthy();
    const html = await response.text();
    expect(html).toMatch(
      new RegExp(`<script nonce="${nonce?.replace(/[+/=]/g, "\\$&")}" id="tag-manager">`),
    );
    expect(html).toContain("GTM-TEST123");

    const requested = await stubTagManager(page);
    await page.goto(`${origin}/`);
    // the stub executing proves the CSP let the nonce-carrying script run
    await page.waitForFunction(() => (window as { __tagManagerRan?: boolean }).__tagManagerRan);
    expect(requested).toEqual(["https://www.googletagmanager.com/gtm.js?id=GTM-TEST123"]);
    await expect
      .poll(async () => (await dataLayer(page)).map((e) => e.event))
      .toEqual(["gtm.js", "page_view"]);
  });

  test("a browser sending Global Privacy Control gets no tag manager (header)", async ({
    browser,
  }) => {
    const context = await browser.newContext({ extraHTTPHeaders: { "Sec-GPC": "1" } });
    const page = await context.newPage();
    const requested = await stubTagManager(page);
    await page.goto(`${origin}/`);
    await dataLayerOf(page, 1);
    await expect(page.locator("script#tag-manager")).toHaveCount(0);
    expect(requested).toEqual([]);
    await context.close();
  });

  test("a browser with navigator.globalPrivacyControl gets no tag manager (script check)", async ({
    page,
  }) => {
    await page.addInitScript(() =>
      Object.defineProperty(Navigator.prototype, "globalPrivacyControl", { get: () => true }),
    );
    const requested = await stubTagManager(page);
    await page.goto(`${origin}/`);
    expect(await dataLayerOf(page, 1)).toEqual([
      pageView("/", "Expert Environmental Remediation in Utah"),
    ]);
    await expect(page.locator("script#tag-manager")).toHaveCount(1);
    expect(requested).toEqual([]);
  });

  test("a first visit to a private page loads no tag manager", async ({ page }) => {
    const requested = await stubTagManager(page);
    await page.goto(`${origin}/quotes/confirmation`);
    await hydrated(page);
    await expect(page.locator("script#tag-manager")).toHaveCount(0);
    expect(requested).toEqual([]);
    expect(await dataLayer(page)).toEqual([]);
  });
});

test("an uncaught browser error reaches the server log through /api/client-errors", async ({
  page,
  request,
}) => {
  await page.goto("/");
  await dataLayerOf(page, 1);
  const reported = page.waitForRequest((r) => r.url().endsWith("/api/client-errors"));
  await page.evaluate(() => {
    setTimeout(() => {
      throw new Error("e2e uncaught failure");
    });
  });
  const sent = await reported;
  expect(sent.postDataJSON()).toMatchObject({
    level: "error",
    category: "performance",
    message: expect.stringContaining("e2e uncaught failure"),
    userId: null,
    sessionId: expect.stringMatching(/^[0-9a-f-]{36}$/),
  });
  expect((await sent.response())?.status()).toBe(204);

  // another site cannot post into the log
  const crossSite = await request.post("/api/client-errors", {
    headers: { Origin: "https://evil.example", "Content-Type": "application/json" },
    data: sent.postDataJSON(),
  });
  expect(crossSite.status()).toBe(403);
});
