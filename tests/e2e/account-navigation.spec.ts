import type { Page } from "@playwright/test";
import { expect, openAs, PASSWORD, signInAs, test } from "./fixtures";
import { hydrated, signUpAndVerify, uniqueEmail } from "./helpers";

const header = (page: Page) => page.getByRole("banner");
const footer = (page: Page) => page.getByRole("contentinfo");

test("signed in, the header offers the dashboard and Logout; footer and hero stop offering 'Sign In'", async ({
  page,
  newCustomer,
}) => {
  await page.goto("/");
  await expect(header(page).getByRole("button", { name: "Logout" })).toHaveCount(0);
  await expect(footer(page).getByRole("link", { name: "Sign In" })).toBeVisible();

  // an account of its own: the test signs it out
  await signInAs(page, await newCustomer({ label: "nina.nav", fullName: "Nina Nav" }));

  await page.goto("/");
  const main = page.getByRole("main");
  await expect(header(page).getByRole("link", { name: "Dashboard" })).toHaveAttribute(
    "href",
    "/account/quotes",
  );
  await expect(header(page).getByRole("button", { name: "Logout" })).toBeVisible();
  await expect(main.getByRole("link", { name: "Sign In" })).toHaveCount(0);
  await expect(main.getByRole("link", { name: "Start Your Remediation Plan" })).toHaveCount(0);
  await expect(main.getByRole("link", { name: "Create Your Free Account" })).toHaveCount(0);
  await expect(main.getByRole("link", { name: "Go to Dashboard" })).toHaveAttribute(
    "href",
    "/account/quotes",
  );
  await expect(footer(page).getByRole("link", { name: "Sign In" })).toHaveCount(0);
  await expect(footer(page).getByRole("link", { name: "Dashboard" })).toHaveAttribute(
    "href",
    "/account/quotes",
  );

  // the dashboard's own sidebar offers Logout there: one, not two
  await header(page).getByRole("link", { name: "Dashboard" }).click();
  await expect(page.getByRole("heading", { name: "Customer Dashboard" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Logout" })).toHaveCount(1);

  // on a phone, the menu carries both
  await page.goto("/blog");
  // the menu opens with the page's scripts, which load after its first paint
  await hydrated(page);
  await page.setViewportSize({ width: 375, height: 740 });
  await page.getByRole("button", { name: "Open menu" }).click();
  const menu = page.getByRole("dialog", { name: "Menu" });
  await expect(menu.getByRole("link", { name: "Dashboard" })).toBeVisible();
  await menu.getByRole("button", { name: "Logout" }).click();
  await expect(page.getByText("Logged out successfully")).toBeVisible();
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(header(page).getByRole("button", { name: "Logout" })).toHaveCount(0);
  await expect(footer(page).getByRole("link", { name: "Sign In" })).toBeVisible();
  await expect(page.getByRole("main").getByRole("link", { name: "Sign In" })).toBeVisible();
});

test("signed in as an admin, the header and footer offer the admin panel", async ({
  page,
  admin,
}) => {
  await openAs(page, admin, "/products");
  await expect(header(page).getByRole("link", { name: "Admin Panel" })).toHaveAttribute(
    "href",
    "/admin/dashboard",
  );
  await expect(header(page).getByRole("link", { name: "Dashboard" })).toHaveCount(0);
  await expect(header(page).getByRole("button", { name: "Logout" })).toBeVisible();
  await expect(footer(page).getByRole("link", { name: "Admin Panel" })).toHaveAttribute(
    "href",
    "/admin/dashboard",
  );
});

test("the sidebar button's tooltip opens 700 ms after the pointer rests on it", async ({
  page,
}) => {
  await signUpAndVerify(page, uniqueEmail("tia.tip"), PASSWORD);
  await page.getByLabel("Full Name").fill("Tia Tip");
  await page.getByRole("button", { name: "Complete Profile" }).click();
  await expect(page).toHaveURL(/\/account\/profile$/);
  await hydrated(page);
  const toggle = page.getByRole("button", { name: "Toggle sidebar" });
  // the page's own clock: when the pointer arrived, and when a tooltip first appeared
  await toggle.evaluate((button) => {
    const times = { enter: 0, shown: 0 };
    (window as unknown as { tipTimes: typeof times }).tipTimes = times;
    button.addEventListener("pointerenter", () => {
      times.enter ||= performance.now();
    });
    new MutationObserver(() => {
      if (!times.shown && document.querySelector("[role=tooltip]")) times.shown = performance.now();
    }).observe(document.body, { childList: true, subtree: true });
  });
  await page.mouse.move(0, 0);
  await toggle.hover();
  await expect(page.getByRole("tooltip")).toHaveText("Toggle sidebar (Ctrl+B)");
  const times = await page.evaluate(
    () => (window as unknown as { tipTimes: { enter: number; shown: number } }).tipTimes,
  );
  expect(times.enter).toBeGreaterThan(0);
  expect(times.shown - times.enter).toBeGreaterThanOrEqual(700);
});
