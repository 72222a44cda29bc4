import type { Page } from "@playwright/test";
import { formData, validAnswers } from "../setup/forms";
import { checkedPages } from "../setup/public-pages";
import { expect, openAs, PASSWORD, test } from "./fixtures";
import {
  confirmationReference,
  fillMold,
  findMail,
  hydrated,
  sidewaysScroll,
  uniqueEmail,
} from "./helpers";

const WIDTHS = [320, 375, 1280];

/**
 * Visits each path at each width and returns "path @ width: n px" for every page that scrolls
 * sideways, so one failure lists them all.
 */
async function pagesScrollingSideways(page: Page, paths: readonly string[]): Promise<string[]> {
  const found: string[] = [];
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    for (const path of paths) {
      await page.goto(path);
      await hydrated(page);
      const { extra, culprits } = await sidewaysScroll(page);
      if (extra > 0) found.push(`${path} @ ${width}: ${extra} px (${culprits.join("; ")})`);
    }
  }
  return found;
}

/** A guest's radon request with a previous result above the action level (a triage flag). */
async function radonRequest(page: Page) {
  const posted = await page.request.post("/quotes/radon-remediation", {
    form: {
      ...validAnswers.radon,
      email: uniqueEmail("phones.radon"),
      details: "Basement reading after the furnace was replaced; please call before noon",
      previousTesting: "on",
      previousResults: "5.2",
    },
    maxRedirects: 0,
  });
  expect(posted.status(), await posted.text()).toBe(302);
}

test.describe.configure({ timeout: 300_000 });

test("no public page scrolls sideways at 320, 375 or 1280 px", async ({ page }) => {
  // a guest's request: the confirmation and the status link are public pages too. Sent as the
  // form without JavaScript sends it: this test is about widths, and the form's own journeys
  // (quotes.spec.ts) click its button; here that click once waited out the test's 5 minutes
  const email = uniqueEmail("phones.guest");
  const posted = await page.request.post("/quotes/mold-remediation", {
    multipart: formData({ ...validAnswers.mold, email }),
    maxRedirects: 0,
  });
  expect(posted.status(), await posted.text()).toBe(302);
  const confirmation = posted.headers().location ?? "";
  expect(confirmation).toMatch(/^\/quotes\/confirmation/);
  const mail = await findMail(email, "We received your");
  const status = (mail.text.match(/https?:\/\/\S+\/quotes\/status\/\S+/)?.[0] ?? "").replace(
    /^https?:\/\/[^/]+/,
    "",
  );
  expect(status).not.toBe("");

  const paths = [
    ...checkedPages(),
    "/blog/radon-in-utah-homes-epa-action-level",
    "/blog/category/radon",
    "/blog/tag/utah",
    confirmation,
    status,
    "/auth/signin",
    "/auth/signup",
    "/auth/forgot-password",
    "/auth/code",
    "/auth/sms-code",
    "/account/setup",
    "/no-such-page",
  ];
  expect(await pagesScrollingSideways(page, paths)).toEqual([]);
});

test("the long call-to-action buttons fit a 375 px phone", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  for (const path of ["/products/radon-remediation", "/products/mold-remediation/utah"]) {
    await page.goto(path);
    const links = page.getByRole("main").getByRole("link");
    for (const link of await links.all()) {
      const box = await link.boundingBox();
      if (!box) continue; // not shown at this width
      const name = `${path}: ${await link.textContent()}`;
      expect(box.x, name).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, name).toBeLessThanOrEqual(375);
    }
  }
});

test("no account page scrolls sideways at 320, 375 or 1280 px", async ({ page, newCustomer }) => {
  const philippa = await newCustomer({
    label: "phones.customer",
    fullName: "Philippa Phoneworth-Longname",
  });
  await openAs(page, philippa, "/account/profile");
  await page.goto("/account/properties");
  await page.getByRole("button", { name: "Add Property" }).click();
  const dialog = page.getByRole("dialog", { name: "Add New Property" });
  await dialog.getByLabel("Address").fill("1234 Long Canyon Ridge Road, Unit 56B");
  await dialog.getByLabel("City").fill("American Fork");
  await dialog.getByLabel("ZIP Code").fill("84003");
  await dialog.getByRole("button", { name: "Add Property" }).click();
  await expect(page.getByText("Your property has been successfully added")).toBeVisible();
  await page.goto("/quotes/mold-remediation");
  await fillMold(page);
  await page.getByRole("textbox", { name: "Phone" }).fill("801-555-0142");
  await page.getByLabel("ZIP Code").fill("84003");
  await page.getByRole("button", { name: "Request Free Quote" }).click();
  await confirmationReference(page);

  const paths = [
    "/quotes/confirmation",
    "/account/quotes",
    "/account/properties",
    "/account/profile",
    "/account/setup",
    "/",
    "/blog",
  ];
  expect(await pagesScrollingSideways(page, paths)).toEqual([]);
});

test("on a phone the dashboard sidebar is an off-canvas panel the sidebar button opens; without JavaScript its entries show above the page", async ({
  page,
  browser,
  newCustomer,
}) => {
  const pat = await newCustomer({
    label: "phones.panel",
    fullName: "Pat Panel",
    password: PASSWORD,
  });
  const email = pat.email;
  await openAs(page, pat, "/account/profile");
  const sidebar = page.getByRole("navigation", { name: "Dashboard" });
  const toggle = page.getByRole("button", { name: "Toggle sidebar" });
  await expect(sidebar).toBeVisible();

  await page.setViewportSize({ width: 375, height: 740 });
  await expect(sidebar).toBeHidden();
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await toggle.click();
  await expect(sidebar).toBeVisible();
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  const box = await page.getByRole("complementary", { name: "Dashboard" }).boundingBox();
  expect(box?.x).toBe(0);
  await page.keyboard.press("Escape");
  await expect(sidebar).toBeHidden();
  await expect(toggle).toBeFocused();

  await page.keyboard.press("Control+b");
  await expect(sidebar).toBeVisible();
  await sidebar.getByRole("link", { name: "Properties" }).click();
  await expect(page).toHaveURL(/\/account\/properties$/);
  await expect(sidebar).toBeHidden();
  // the phone's panel leaves the wide screen's remembered choice alone
  const cookies = await page.context().cookies();
  expect(cookies.find((c) => c.name === "sidebar_state")).toBeUndefined();
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(sidebar).toBeVisible();

  const noScript = await (
    await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 740 } })
  ).newPage();
  await noScript.goto("/auth/signin");
  await noScript.getByLabel("Email").fill(email);
  await noScript.getByLabel("Password").fill(PASSWORD);
  await noScript.getByRole("button", { name: "Sign In" }).click();
  await expect(noScript).toHaveURL(/\/account\/profile$/);
  const entries = noScript.getByRole("navigation", { name: "Dashboard" });
  await expect(entries.getByRole("link", { name: "Quotes" })).toBeVisible();
  await expect(entries.getByRole("button", { name: "Logout" })).toBeVisible();
  expect((await sidewaysScroll(noScript)).extra).toBe(0);
});

test("no admin page scrolls sideways at 320, 375 or 1280 px, and the quotes table fits 1280 px", async ({
  page,
  admin,
}) => {
  test.setTimeout(600_000);
  await radonRequest(page);
  // the worker's two-factor admin (fixtures.ts)
  await openAs(page, admin, "/admin/dashboard");

  await page.goto("/admin/quotes");
  await page.getByRole("table", { name: "Quote requests" }).getByRole("link").first().click();
  await expect(page.getByRole("heading", { name: /^Quote / })).toBeVisible();
  const quote = new URL(page.url()).pathname;
  await page.goto("/admin/customers");
  // other workers add customers meanwhile: find this one by its address
  await page.getByRole("searchbox", { name: "Search" }).fill(admin.email);
  await page.getByRole("button", { name: "Search" }).click();
  await page.getByRole("link", { name: admin.fullName ?? "" }).click();
  await expect(page).toHaveURL(/\/admin\/customers\/.+/);
  const customer = new URL(page.url()).pathname;
  await page.goto("/admin/blog");
  await page.getByRole("link", { name: /Radon in Utah Homes/ }).click();
  await expect(page).toHaveURL(/\/admin\/blog\/[0-9a-f-]{36}$/);
  const post = new URL(page.url()).pathname;

  const paths = [
    "/admin/dashboard",
    "/admin/quotes",
    quote,
    "/admin/customers",
    customer,
    "/admin/analytics",
    "/admin/price-book",
    "/admin/schedule",
    "/admin/visits",
    "/admin/blog",
    "/admin/blog/new",
    post,
    `${post}/delete`,
    "/admin/blog/uploads",
  ];
  expect(await pagesScrollingSideways(page, paths)).toEqual([]);

  // the table does not scroll inside its frame either: the Triage column shows whole
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/admin/quotes");
  const table = page.getByRole("table", { name: "Quote requests" });
  await expect(table.getByText("Source: EPA radon guide").first()).toBeVisible();
  const frame = await table.evaluate((t) => {
    const parent = t.parentElement as HTMLElement;
    return { scrollWidth: parent.scrollWidth, clientWidth: parent.clientWidth };
  });
  expect(frame.scrollWidth).toBeLessThanOrEqual(frame.clientWidth);
});
