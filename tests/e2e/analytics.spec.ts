import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import { PORT } from "../../playwright.config";
import { expect, openAs, test } from "./fixtures";
import {
  contact,
  dataLayer,
  dataLayerOf,
  fillContact,
  fillMold,
  fillRadon,
  fillWater,
  findMail,
  hydrated,
  uniqueEmail,
} from "./helpers";

const pageView = (page_path: string, title: string) => ({
  event: "page_view",
  page_path,
  page_title: `${title} | Utah Home Remediation`,
});

/** An analytics event as the data layer pushes it (docs/decisions/0058-analytics-contract.md). */
const analyticsEvent = (event: string, action: string, category: string, label: string) => ({
  event,
  action,
  category,
  label,
  value: 1,
});

/** Only the contract's keys, and nothing the person typed (SPEC section 9: no personal data). */
function expectNoPersonalData(entries: Record<string, unknown>[]) {
  const allowed = ["event", "action", "category", "label", "value", "page_path", "page_title"];
  for (const entry of entries) {
    expect(Object.keys(entry).filter((key) => !allowed.includes(key))).toEqual([]);
  }
  const pushed = JSON.stringify(entries).toLowerCase();
  for (const value of [...Object.values(contact), "555-0199", "5550199", "@"]) {
    expect(pushed).not.toContain(value.toLowerCase());
  }
}

const services = [
  {
    id: "water_filtration",
    title: "Water Filtration Remediation",
    landing: "/products/water-filtration-remediation",
    form: "/quotes/water-filtration-remediation",
    // SPEC section 2: only the mold and radon pages send a view event
    pageEvent: null,
  },
  {
    id: "mold",
    title: "Mold Remediation",
    landing: "/products/mold-remediation",
    form: "/quotes/mold-remediation",
    pageEvent: analyticsEvent("mold_page_view", "view", "mold", "mold"),
  },
  {
    id: "radon",
    title: "Radon Remediation",
    landing: "/products/radon-remediation",
    form: "/quotes/radon-remediation",
    pageEvent: analyticsEvent("radon_page_view", "view", "radon", "radon"),
  },
] as const;

const productsView = [
  pageView("/products", "Our Remediation Services"),
  analyticsEvent("products_page_view", "view", "products", "products"),
];

test("/products pushes products_page_view after its page view", async ({ page }) => {
  await page.goto("/products");
  const pushed = await dataLayerOf(page, 2);
  expect(pushed).toEqual(productsView);
  expectNoPersonalData(pushed);
});

for (const service of services) {
  test(`/products: 'Learn More' on the ${service.title} card pushes view_${service.id}_card, then the landing page's view`, async ({
    page,
  }) => {
    await page.goto("/products");
    await dataLayerOf(page, 2);
    await page.getByRole("link", { name: `Learn More about ${service.title}` }).click();
    await expect(page).toHaveURL(new RegExp(`${service.landing}$`));
    const expected = [
      ...productsView,
      analyticsEvent(`view_${service.id}_card`, "click", "products", service.id),
      pageView(service.landing, service.title),
      ...(service.pageEvent ? [service.pageEvent] : []),
    ];
    const pushed = await dataLayerOf(page, expected.length);
    expect(pushed).toEqual(expected);
    expectNoPersonalData(pushed);

    // 'Get a Quote' on a card declares no event: only the form's page view follows
    await page.goto("/products");
    await dataLayerOf(page, 2);
    await page.getByRole("link", { name: `Get a Quote for ${service.title}` }).click();
    await expect(page).toHaveURL(new RegExp(`${service.form}$`));
    expect(await dataLayerOf(page, 3)).toEqual([
      ...productsView,
      pageView(service.form, `Free ${service.title} Quote`),
    ]);
  });

  test(`${service.landing}: ${service.pageEvent ? service.pageEvent.event : "no page event"} on load; both quote buttons push quote_request labelled ${service.id}`, async ({
    page,
  }) => {
    const landingView = [
      pageView(service.landing, service.title),
      ...(service.pageEvent ? [service.pageEvent] : []),
    ];
    const quoteRequest = analyticsEvent("quote_request", "click", "quote", service.id);
    const formView = pageView(service.form, `Free ${service.title} Quote`);

    for (const button of ["Get a Free Quote", `Request a Free ${service.title} Quote`]) {
      await page.goto(service.landing);
      expect(await dataLayerOf(page, landingView.length)).toEqual(landingView);
      await page.getByRole("link", { name: button, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${service.form}$`));
      const pushed = await dataLayerOf(page, landingView.length + 2);
      expect(pushed, button).toEqual([...landingView, quoteRequest, formView]);
      expectNoPersonalData(pushed);
    }
  });
}

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
    await route.continue({
      postData: body
        .replace("squareFootage=2400", "squareFootage=50")
        // the quote forms post multipart (they carry files)
        .replace(/(name="squareFootage"\r\n\r\n)2400/, "$150"),
    });
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
  const pushed = await dataLayer(page);
  expect(pushed).toEqual([
    pageView("/quotes/radon-remediation", "Free Radon Remediation Quote"),
    analyticsEvent("radon_quote_submit", "submit", "quote", "radon"),
  ]);
  expectNoPersonalData(pushed);
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
  const pushed = await dataLayer(page);
  expect(pushed).toEqual([
    pageView("/quotes/mold-remediation", "Free Mold Remediation Quote"),
    analyticsEvent("mold_quote_submit", "submit", "quote", "mold"),
  ]);
  expectNoPersonalData(pushed);

  await page.goto("/quotes/water-filtration-remediation");
  await dataLayerOf(page, 1);
  await fillWater(page);
  await fillContact(page);
  await page.getByRole("button", { name: "Request Free Quote" }).click();
  await expect(page).toHaveURL(/\/quotes\/confirmation$/);
  await expect(page.getByRole("heading", { name: "Quote Submitted Successfully!" })).toBeVisible();
  expect((await dataLayer(page)).map((e) => e.event)).toEqual(["page_view"]);
});

test("nothing is pushed on /quotes/confirmation, /admin or /account", async ({
  page,
  customer,
}) => {
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
  await openAs(page, customer, "/account/quotes");
  await hydrated(page);
  expect(await dataLayer(page)).toEqual([]);
  await page.getByRole("link", { name: "Properties" }).click();
  await expect(page).toHaveURL(/\/account\/properties$/);
  await hydrated(page);
  expect(await dataLayer(page)).toEqual([]);
});

test("a quote's status link keeps its token out of the data layer, canonical, og:url and Referer", async ({
  page,
}) => {
  test.slow(); // a submission and its mail
  const email = uniqueEmail("status.token");
  await page.goto("/quotes/mold-remediation");
  await fillMold(page);
  await fillContact(page, email);
  await page.getByRole("button", { name: "Request Free Quote" }).click();
  await expect(page.getByRole("heading", { name: "Quote Submitted Successfully!" })).toBeVisible();
  const mail = await findMail(email, "We received your");
  const link = mail.text.match(/https?:\/\/\S+\/quotes\/status\/(\S+)/);
  const token = link?.[1] ?? "";
  expect(token).toMatch(/^[\w-]{20,}$/);

  const response = await page.goto(`/quotes/status/${token}`);
  expect(response?.status()).toBe(200);
  expect(response?.headers()["referrer-policy"]).toBe("no-referrer");
  await expect(page.getByRole("heading", { name: "Your Quote Status" })).toBeVisible();
  await hydrated(page);
  expect(await dataLayer(page)).toEqual([]);
  expect(await page.locator('link[rel="canonical"], meta[property="og:url"]').count()).toBe(0);
  expect(await page.locator("head").innerHTML()).not.toContain(token);
  // an unknown token's page is a token path too
  const unknown = await page.request.get(`/quotes/status/${"x".repeat(43)}`);
  expect(unknown.status()).toBe(404);
  expect(unknown.headers()["referrer-policy"]).toBe("no-referrer");

  // leaving for a public page: that page is counted, the token never was
  await page.getByRole("link", { name: "Blog" }).first().click();
  await expect(page).toHaveURL(/\/blog$/);
  const pushed = await dataLayerOf(page, 1);
  expect(pushed[0]).toMatchObject({ event: "page_view", page_path: "/blog" });
  expect(JSON.stringify(pushed)).not.toContain(token);
});

test("a signed-in two-factor admin: no /admin page pushes anything, and every one carries noindex", async ({
  page,
  admin,
}) => {
  test.slow(); // many page loads on a shared machine
  // the worker's two-factor admin (fixtures.ts)
  await openAs(page, admin, "/admin/dashboard");
  await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();

  // first loads of the admin pages
  for (const path of [
    "/admin",
    "/admin/dashboard",
    "/admin/quotes",
    "/admin/customers",
    "/admin/analytics",
    "/admin/blog",
    "/admin/blog/new",
    "/admin/blog/uploads",
  ]) {
    await page.goto(path);
    await expect(page, path).toHaveURL(new RegExp(`${path}$`));
    await hydrated(page);
    expect(await dataLayer(page), path).toEqual([]);
    await expect(page.locator('head meta[name="robots"]'), path).toHaveAttribute(
      "content",
      "noindex",
    );
  }

  // client-side navigation through the sidebar, clicks included, pushes nothing either
  await page.goto("/admin/dashboard");
  await hydrated(page);
  const sidebar = page.getByRole("navigation", { name: "Admin Panel" });
  for (const [name, path] of [
    ["Quotes", "/admin/quotes"],
    ["Customers", "/admin/customers"],
    ["Analytics", "/admin/analytics"],
    ["Blog", "/admin/blog"],
  ] as const) {
    await sidebar.getByRole("link", { name, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.locator('head meta[name="robots"]'), path).toHaveAttribute(
      "content",
      "noindex",
    );
    await hydrated(page);
    expect(await dataLayer(page), path).toEqual([]);
  }
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
  // one server of its own for the group: its tests run in one worker, in order
  test.describe.configure({ mode: "default" });
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
