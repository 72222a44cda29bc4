import type { Browser, Page } from "@playwright/test";
import { validAnswers } from "../setup/forms";
import { type Account, expect, openAs, test } from "./fixtures";
import {
  confirmationReference,
  expectNoAxeViolations,
  fillContact,
  fillMold,
  fillRadon,
  findMail,
  signInWithTotp,
  signUpAndVerify,
  turnOnTotp,
  uniqueEmail,
} from "./helpers";

// playwright.config.ts lists this address in ADMIN_EMAILS: the verified account becomes an admin
const ADMIN = "admin.e2e@example.com";
const PASSWORD = "correct horse 42";
let totpKey = "";

async function guestRequest(page: Page, email: string, fill = fillMold): Promise<string> {
  await page.goto(fill === fillMold ? "/quotes/mold-remediation" : "/quotes/radon-remediation");
  await fill(page);
  await fillContact(page, email);
  await page.getByRole("button", { name: "Request Free Quote" }).click();
  return confirmationReference(page);
}

/** Signs the admin in with password and TOTP code. */
async function signInAdmin(page: Page, redirectTo = "/admin/quotes") {
  await signInWithTotp(page, { email: ADMIN, password: PASSWORD, totpKey }, redirectTo);
}

// the first test enrols its admin through the UI; the others are the worker's fixture admin
// (fixtures.ts). The machine is shared, so generous time
test.describe.configure({ timeout: 180_000 });

test("an admin turns on TOTP, finds a guest's request by reference, changes its status, and the guest's status link shows it", async ({
  page,
  browser,
}) => {
  test.setTimeout(360_000);
  const guestEmail = uniqueEmail("gwen.guest");
  const guest = await (await browser.newContext()).newPage();
  const reference = await guestRequest(guest, guestEmail);
  const confirmation = await findMail(guestEmail, "We received your");
  const firstLink = confirmation.text.match(/https?:\/\/\S+\/quotes\/status\/\S+/)?.[0] ?? "";
  expect(firstLink).not.toBe("");

  await signUpAndVerify(page, ADMIN, PASSWORD);
  await page.getByLabel("Full Name").fill("Ada Admin");
  await page.getByRole("button", { name: "Complete Profile" }).click();
  await expect(page).toHaveURL(/\/account\/profile$/);

  // an admin without two-factor is sent to turn it on before any admin page shows
  await page.goto("/admin/quotes");
  await expect(page).toHaveURL(/\/account\/profile$/);
  await expect(page.getByText("Two-factor authentication required")).toBeVisible();
  totpKey = await turnOnTotp(page, PASSWORD);

  // sign in again, with the code, and land in the back office
  await page.getByRole("button", { name: "Logout" }).click();
  // signing in before the sign-out has landed would find the old session still there
  await expect(page.getByText("Logged out successfully")).toBeVisible();
  await signInAdmin(page, "/admin/dashboard");
  await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Admin Panel" })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole("link", { name: "Quotes" }).click();
  await page.getByRole("searchbox", { name: "Search" }).fill(reference);
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(new RegExp(`q=${reference}`));
  await expect(page.getByText("1 quote")).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("link", { name: reference }).click();

  await expect(page.getByRole("heading", { name: `Quote ${reference}` })).toBeVisible();
  await expect(page.getByRole("link", { name: guestEmail })).toHaveAttribute(
    "href",
    `mailto:${guestEmail}`,
  );
  await expectNoAxeViolations(page);
  await page.getByLabel("New status").selectOption({ label: "Approved" });
  await page.getByLabel("Notes (optional, internal)").fill("Inspector booked for Tuesday");
  await page.getByRole("button", { name: "Change status" }).click();
  await expect(page.getByText("Status updated")).toBeVisible();
  await expect(page.getByText("Inspector booked for Tuesday")).toBeVisible();

  const mail = await findMail(guestEmail, "is now Approved");
  expect(mail.text).not.toContain("Inspector booked");
  const link = mail.text.match(/https?:\/\/\S+\/quotes\/status\/\S+/)?.[0] ?? "";
  for (const url of [link, firstLink]) {
    await guest.goto(url.replace(/^https?:\/\/[^/]+/, ""));
    await expect(guest.getByRole("heading", { name: "Your Quote Status" })).toBeVisible();
    await expect(guest.getByText(reference)).toBeVisible();
    await expect(guest.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "40");
    await expect(guest.getByText("Inspector booked")).toHaveCount(0);
  }
  await expectNoAxeViolations(guest);
  const unknown = await guest.goto(`/quotes/status/${"x".repeat(43)}`);
  expect(unknown?.status()).toBe(404);

  for (const path of ["/admin/customers", "/admin/analytics"]) {
    await page.goto(path);
    await expectNoAxeViolations(page);
  }
  await page.getByRole("link", { name: "Customers" }).click();
  // other workers add customers meanwhile: find this one by its address
  await page.getByRole("searchbox", { name: "Search" }).fill(ADMIN);
  await page.getByRole("button", { name: "Search" }).click();
  await page.getByRole("link", { name: "Ada Admin" }).click();
  await expect(page.getByText("You cannot change your own admin rights.")).toBeVisible();
  await expectNoAxeViolations(page);
  await page.goto("/admin/analytics");
  await expect(page.getByRole("table", { name: "Quotes by status" })).toBeVisible();
  await expect(page.locator(".recharts-wrapper")).toBeVisible();

  // the 404s an admin meets: an unknown /admin address and a quote that does not exist
  const unknownPage = await page.goto("/admin/no-such-page");
  expect(unknownPage?.status()).toBe(404);
  await expectNoAxeViolations(page);
  const unknownQuote = await page.goto("/admin/quotes/00000000-0000-4000-8000-000000000000");
  expect(unknownQuote?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Not found" })).toBeVisible();
  await expectNoAxeViolations(page);
});

/** A page of `admin`'s session on the quotes list. */
async function signedInAdminPage(browser: Browser, admin: Account, javaScriptEnabled = true) {
  const context = await browser.newContext({ javaScriptEnabled, storageState: admin.storageState });
  const page = await context.newPage();
  await page.goto("/admin/quotes");
  return page;
}

test("a second admin page on the quotes list sees 'Quotes Updated' when a new request arrives", async ({
  browser,
  page,
  admin: account,
}) => {
  const admin = await signedInAdminPage(browser, account);
  await expect(admin.locator("html[data-live-updates=connected]")).toHaveCount(1);
  // the notice shows for 4 s, possibly before the guest's confirmation page has loaded: watch from now
  const [reference] = await Promise.all([
    guestRequest(page, uniqueEmail("live"), fillRadon),
    expect(admin.getByText("Quotes Updated")).toBeVisible({ timeout: 60_000 }),
  ]);
  await expect(admin.getByRole("link", { name: reference })).toBeVisible();
});

test("the quotes list searches, filters and pages with JavaScript off", async ({
  browser,
  page,
  admin: account,
}) => {
  const reference = await guestRequest(page, uniqueEmail("nojs"));
  // 26 more requests, posted as the radon form would post them: one more than a page
  const marker = `pager${Date.now()}`;
  for (let i = 0; i < 26; i++) {
    const posted = await page.request.post("/quotes/radon-remediation", {
      form: {
        ...validAnswers.radon,
        email: uniqueEmail("pager"),
        details: `${marker} request ${i}`,
        previousTesting: "on",
        previousResults: "5.2",
      },
      maxRedirects: 0,
    });
    expect(posted.status(), await posted.text()).toBe(302);
  }
  const admin = await signedInAdminPage(browser, account, false);
  await admin.getByRole("searchbox", { name: "Search" }).fill(reference);
  await admin.getByLabel("Filter by status").selectOption({ label: "Pending" });
  await admin.getByRole("button", { name: "Apply" }).click();
  await expect(admin).toHaveURL(new RegExp(`q=${reference}&status=pending`));
  await expect(admin.getByRole("link", { name: reference })).toBeVisible();
  await expect(admin.getByText("1 quote")).toBeVisible();

  await admin.getByRole("searchbox", { name: "Search" }).fill(marker);
  await admin.getByLabel("Filter by status").selectOption({ label: "All statuses" });
  await admin.getByRole("button", { name: "Apply" }).click();
  await expect(admin.getByText("26 quotes, page 1 of 2")).toBeVisible();
  const rows = admin.getByRole("table", { name: "Quote requests" }).getByRole("row");
  await expect(rows).toHaveCount(26); // the header row and 25 quotes
  // each triage flag names its source as text
  await expect(admin.getByText("Source: EPA radon guide")).toHaveCount(25);
  const pagination = admin.getByRole("navigation", { name: "Pagination" });
  await expect(pagination.getByRole("link", { name: "Previous page" })).toHaveCount(0);
  await pagination.getByRole("link", { name: "Next page" }).click();
  await expect(admin).toHaveURL(new RegExp(`q=${marker}&page=2$`));
  await expect(admin.getByText("26 quotes, page 2 of 2")).toBeVisible();
  await expect(rows).toHaveCount(2);
  // the oldest of them is alone on the last page
  await expect(admin.getByText(`${marker} request 0`, { exact: true })).toBeVisible();
  await expect(pagination.getByRole("link", { name: "Next page" })).toHaveCount(0);
  await pagination.getByRole("link", { name: "Previous page" }).click();
  await expect(admin.getByText("26 quotes, page 1 of 2")).toBeVisible();
  await expect(admin).toHaveURL(new RegExp(`q=${marker}$`));
  await expect(admin.getByText(`${marker} request 25`, { exact: true })).toBeVisible();
});

test("the quotes list's controls show what the address says, after Back too, and a chosen filter applies at once", async ({
  browser,
  admin: account,
}) => {
  const admin = await signedInAdminPage(browser, account);
  // the page is hydrated (its live stream is open): selects apply on their own
  await expect(admin.locator("html[data-live-updates=connected]")).toHaveCount(1);
  const search = admin.getByRole("searchbox", { name: "Search" });
  await search.fill("abc");
  await admin.getByRole("button", { name: "Apply" }).click();
  await expect(admin).toHaveURL(/q=abc/);
  await search.fill("def");
  await admin.getByRole("button", { name: "Apply" }).click();
  await expect(admin).toHaveURL(/q=def/);
  await admin.goBack();
  await expect(admin).toHaveURL(/q=abc/);
  await expect(search).toHaveValue("abc");

  const status = admin.getByLabel("Filter by status");
  await status.selectOption({ label: "Approved" });
  await expect(admin).toHaveURL(/q=abc&status=approved/);
  await status.selectOption({ label: "Rejected" });
  await expect(admin).toHaveURL(/status=rejected/);
  await admin.goBack();
  await expect(admin).toHaveURL(/status=approved/);
  await expect(status).toHaveValue("approved");
  await admin.goBack();
  await expect(admin).toHaveURL(/q=abc&status=&/);
  await expect(status).toHaveValue("");
  await expect(search).toHaveValue("abc");
});

test("admin navigation shows progress while the next page loads", async ({
  browser,
  admin: account,
}) => {
  const admin = await signedInAdminPage(browser, account);
  await expect(admin.locator("html[data-live-updates=connected]")).toHaveCount(1);
  // hold the next page's data until the bar has been seen
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await admin.route("**/admin/customers.data*", async (route) => {
    await held;
    await route.continue();
  });
  const progress = admin.getByRole("progressbar", { name: "Loading page" });
  await expect(progress).toHaveCount(0);
  await admin
    .getByRole("navigation", { name: "Admin Panel" })
    .getByRole("link", { name: "Customers" })
    .click();
  await expect(progress).toBeVisible();
  release();
  await expect(admin.getByRole("heading", { name: "Customers" })).toBeVisible();
  await expect(progress).toHaveCount(0);
});

test("the customers list shows a customer's new name without a reload", async ({
  browser,
  page,
  admin: account,
  newCustomer,
}) => {
  const admin = await signedInAdminPage(browser, account);
  const rena = await newCustomer({ label: "rena", fullName: null });
  const email = rena.email;
  await openAs(page, rena, "/account/setup");
  await page.getByLabel("Full Name").fill("Rena Before");
  await page.getByRole("button", { name: "Complete Profile" }).click();
  await expect(page).toHaveURL(/\/account\/profile$/);

  await admin.getByRole("link", { name: "Customers" }).click();
  await admin.getByRole("searchbox", { name: "Search" }).fill(email);
  await admin.getByRole("button", { name: "Search" }).click();
  await expect(admin.getByRole("link", { name: "Rena Before" })).toBeVisible();
  await expect(admin.locator("html[data-live-updates=connected]")).toHaveCount(1);
  // a mark on this document: gone if the page were loaded again
  await admin.evaluate(() => {
    document.documentElement.dataset.notReloaded = "yes";
  });

  // the set-up's own 'profile updated' toast is gone first, so the next one is the save's
  await expect(page.getByText("Your profile has been successfully updated")).toHaveCount(0);
  await page.getByLabel("Full Name").fill("Rena After");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Your profile has been successfully updated")).toBeVisible();

  await expect(admin.getByRole("link", { name: "Rena After" })).toBeVisible({ timeout: 60_000 });
  await expect(admin.getByRole("link", { name: "Rena Before" })).toHaveCount(0);
  await expect(admin.locator("html[data-not-reloaded=yes]")).toHaveCount(1);
});

test("Cmd+B toggles the admin sidebar as Ctrl+B does, and the sidebar_state cookie keeps it", async ({
  browser,
  request,
  admin: account,
}) => {
  // a radon request with a high earlier result: the list shows its triage flag
  const posted = await request.post("/quotes/radon-remediation", {
    form: { ...validAnswers.radon, previousTesting: "on", previousResults: "5.2" },
    maxRedirects: 0,
  });
  expect(posted.status(), await posted.text()).toBe(302);
  const admin = await signedInAdminPage(browser, account);
  // the shortcut is the hydrated page's: wait until it runs (its live stream is open)
  await expect(admin.locator("html[data-live-updates=connected]")).toHaveCount(1);
  const sidebar = admin.getByRole("navigation", { name: "Admin Panel" });
  const toggle = admin.getByRole("button", { name: "Toggle sidebar" });
  const sidebarCookie = async () =>
    (await admin.context().cookies()).find((c) => c.name === "sidebar_state")?.value;
  await expect(sidebar).toBeVisible();
  // the list shows triage flags with their sources
  await expect(admin.getByText("Source: EPA radon guide").first()).toBeVisible();
  await expectNoAxeViolations(admin);

  await admin.keyboard.press("Meta+b");
  await expect(sidebar).toBeHidden();
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  expect(await sidebarCookie()).toBe("closed");

  await admin.keyboard.press("Control+b");
  await expect(sidebar).toBeVisible();
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  expect(await sidebarCookie()).toBe("open");

  await admin.keyboard.press("Meta+b");
  await expect(sidebar).toBeHidden();
  expect(await sidebarCookie()).toBe("closed");
  // the server reads the cookie: the next page starts with the sidebar closed
  await admin.reload();
  await expect(admin.getByRole("heading", { name: "Quotes", exact: true })).toBeVisible();
  await expect(sidebar).toBeHidden();
});

test("a customer is refused with the SPEC's toast", async ({ page, customer }) => {
  await openAs(page, customer, "/admin/quotes");
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText("Access Denied")).toBeVisible();
  await expect(
    page.getByText("You don't have admin privileges to access this area."),
  ).toBeVisible();
});

test("a guest is sent to sign in and back", async ({ page }) => {
  await page.goto("/admin/customers");
  await expect(page).toHaveURL(/\/auth\/signin\?redirectTo=%2Fadmin%2Fcustomers$/);
});
