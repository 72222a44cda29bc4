import { type Browser, expect, type Page, test } from "@playwright/test";
import { validAnswers } from "../setup/forms";
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

// one admin account for the file (enrolled by the first test); the machine is shared, so generous time
test.describe.configure({ mode: "serial", timeout: 180_000 });

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

async function signedInAdminPage(browser: Browser, javaScriptEnabled = true) {
  const context = await browser.newContext({ javaScriptEnabled });
  const page = await context.newPage();
  await signInAdmin(page);
  return page;
}

test("a second admin page on the quotes list sees 'Quotes Updated' when a new request arrives", async ({
  browser,
  page,
}) => {
  const admin = await signedInAdminPage(browser);
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
  const admin = await signedInAdminPage(browser, false);
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

test("the customers list shows a customer's new name without a reload", async ({
  browser,
  page,
}) => {
  const admin = await signedInAdminPage(browser);
  const email = uniqueEmail("rena");
  await signUpAndVerify(page, email, PASSWORD);
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

  await page.getByLabel("Full Name").fill("Rena After");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Your profile has been successfully updated")).toBeVisible();

  await expect(admin.getByRole("link", { name: "Rena After" })).toBeVisible({ timeout: 60_000 });
  await expect(admin.getByRole("link", { name: "Rena Before" })).toHaveCount(0);
  await expect(admin.locator("html[data-not-reloaded=yes]")).toHaveCount(1);
});

test("Cmd+B toggles the admin sidebar as Ctrl+B does, and the sidebar_state cookie keeps it", async ({
  browser,
}) => {
  const admin = await signedInAdminPage(browser);
  // the shortcut is the hydrated page's: wait until it runs (its live stream is open)
  await expect(admin.locator("html[data-live-updates=connected]")).toHaveCount(1);
  const sidebar = admin.getByRole("navigation", { name: "Admin Panel" });
  const toggle = admin.getByRole("button", { name: "Toggle sidebar" });
  const sidebarCookie = async () =>
    (await admin.context().cookies()).find((c) => c.name === "sidebar_state")?.value;
  await expect(sidebar).toBeVisible();
  // the list now shows triage flags with their sources (the requests of the test before)
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

test("a customer is refused with the SPEC's toast", async ({ page }) => {
  await signUpAndVerify(page, uniqueEmail("carl"), PASSWORD);
  await page.goto("/admin/quotes");
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
