/**
 * The client logger in the browser (SPEC sections 3 'Log entry' and 9): the
 * production build's own logger, reached through the page's modules (no global of its own).
 */
import { expect, type Page, test } from "@playwright/test";
import type { ClientLogger, LogEntry } from "../../app/lib/client-log";
import { contact, fillContact, fillRadon, hydrated } from "./helpers";

declare global {
  interface Window {
    /** set by this spec only: the logger instance the page's own code writes to */
    __e2eClientLog?: ClientLogger;
  }
}

/**
 * Finds the app's client logger among the modules the root route loaded (the same module
 * instances the page runs: a repeated import of a URL returns the loaded module) and keeps a
 * handle to it on `window.__e2eClientLog` for this test.
 */
async function attachClientLog(page: Page) {
  await hydrated(page);
  const found = await page.evaluate(async () => {
    const manifest = (
      window as unknown as {
        __reactRouterManifest: {
          entry: { module: string; imports: string[] };
          routes: Record<string, { module: string; imports?: string[] }>;
        };
      }
    ).__reactRouterManifest;
    const root = manifest.routes.root;
    const urls = [manifest.entry.module, ...manifest.entry.imports];
    if (root) urls.push(root.module, ...(root.imports ?? []));
    for (const url of urls) {
      const exports: Record<string, unknown> = await import(url);
      for (const value of Object.values(exports)) {
        const candidate = value as Partial<ClientLogger> | null;
        if (
          typeof candidate?.entries === "function" &&
          typeof candidate.warn === "function" &&
          typeof candidate.clear === "function"
        ) {
          window.__e2eClientLog = candidate as ClientLogger;
          return true;
        }
      }
    }
    return false;
  });
  expect(found, "the page's client logger").toBe(true);
}

/** The entries the page's logger keeps, oldest first. */
function logEntries(page: Page): Promise<LogEntry[]> {
  return page.evaluate(() => structuredClone(window.__e2eClientLog?.entries() ?? []));
}

/** Nothing the person typed appears anywhere in the entries. */
function expectNoTypedValues(entries: LogEntry[], typed: string[]) {
  const text = JSON.stringify(entries);
  for (const value of typed) expect(text).not.toContain(value);
}

test("the ring buffer keeps the newest 1000 entries: 1001 pushed leave 1000, the oldest gone", async ({
  page,
}) => {
  await page.goto("/");
  await attachClientLog(page);
  await page.evaluate(() => {
    const log = window.__e2eClientLog as ClientLogger;
    for (let i = 0; i < 1001; i++) log.info("performance", `e2e entry ${i}`, { i });
  });
  const entries = await logEntries(page);
  expect(entries).toHaveLength(1000);
  expect(entries[0]).toMatchObject({ message: "e2e entry 1", data: { i: 1 } });
  expect(entries.at(-1)).toMatchObject({ message: "e2e entry 1000", data: { i: 1000 } });
  expect(entries.some((e) => e.message === "e2e entry 0")).toBe(false);
  // every entry carries the SPEC's fields; a guest has no user id, the tab a session id
  expect(entries[0]).toEqual({
    timestamp: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
    level: "info",
    category: "performance",
    message: "e2e entry 1",
    data: { i: 1 },
    userId: null,
    sessionId: expect.stringMatching(/^[0-9a-f-]{36}$/),
  });
});

test("a second site header on the page is logged as a warning on the next route change", async ({
  page,
}) => {
  await page.goto("/products");
  await attachClientLog(page);
  const duplicateWarnings = async () =>
    (await logEntries(page)).filter((e) => e.message === "More than one site header on the page");
  expect(await duplicateWarnings()).toEqual([]);

  // something (a broken layout, a script) adds another site header
  await page.evaluate(() => {
    const extra = document.createElement("header");
    extra.setAttribute("data-site-header", "");
    extra.textContent = "A second header";
    document.body.append(extra);
  });
  await page
    .getByRole("navigation", { name: "Breadcrumb" })
    .getByRole("link", { name: "Home" })
    .click();
  await expect(
    page.getByRole("heading", { level: 1, name: /Expert Environmental Remediation/ }),
  ).toBeVisible();
  await expect.poll(duplicateWarnings).toEqual([
    expect.objectContaining({
      level: "warn",
      category: "performance",
      data: { count: 2, pathname: "/" },
    }),
  ]);
});

test("a rejected quote form submission is logged with field names only, never the values", async ({
  page,
}) => {
  await page.goto("/quotes/radon-remediation");
  await attachClientLog(page);
  const formEntries = async () => (await logEntries(page)).filter((e) => e.category === "form");

  // rejected in the browser: the contact details are typed, the radon questions are not
  await fillContact(page);
  await page.getByRole("button", { name: "Request Free Quote" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "There is a problem" })).toBeVisible();
  await expect.poll(async () => (await formEntries()).length).toBe(1);
  const [browserRejection] = await formEntries();
  expect(browserRejection).toMatchObject({
    level: "warn",
    message: "Quote form has errors",
    data: { service: "radon", fields: expect.arrayContaining(["propertyType"]) },
  });

  // rejected by the server: a valid answer changed on the way (square footage 50)
  await fillRadon(page);
  await page.route("**/quotes/radon-remediation*", async (route) => {
    const body = route.request().postData() ?? "";
    await route.continue({
      postData: body
        .replace("squareFootage=2400", "squareFootage=50")
        // the quote forms post multipart (they carry files)
        .replace(/(name="squareFootage"\r\n\r\n)2400/, "$150"),
    });
  });
  const answered = page.waitForResponse(
    (r) => r.request().method() === "POST" && r.url().includes("/quotes/radon-remediation"),
  );
  await page.getByRole("button", { name: "Request Free Quote" }).click();
  expect((await answered).status()).toBe(400);
  await expect.poll(async () => (await formEntries()).length).toBe(2);
  const serverRejection = (await formEntries())[1];
  expect(serverRejection).toMatchObject({
    level: "warn",
    message: "Quote form has errors",
    data: { service: "radon", fields: ["squareFootage"], status: "error" },
  });

  const entries = await logEntries(page);
  expectNoTypedValues(entries, [...Object.values(contact), "2400", "555-0199"]);
  for (const entry of await formEntries()) {
    for (const field of (entry.data as { fields: string[] }).fields) {
      expect(field).toMatch(/^[A-Za-z.[\]0-9]+$/);
    }
  }
});

test("a failed sign-in is logged without the email or the password", async ({ page }) => {
  const email = "nobody.e2e.log@example.com";
  const password = "not the right password 42";
  await page.goto("/auth/signin");
  await attachClientLog(page);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByText(/Invalid email or password/i).first()).toBeVisible();
  await expect
    .poll(async () => (await logEntries(page)).filter((e) => e.category === "auth"))
    .toEqual([
      expect.objectContaining({
        level: "warn",
        message: "Sign-in failed",
        data: expect.objectContaining({ reason: expect.any(String) }),
      }),
    ]);
  expectNoTypedValues(await logEntries(page), [email, "nobody.e2e.log", password]);
});
