/**
 * Staff single sign-on against the real test OpenID Provider (tests/e2e/oidc-server.ts, also the
 * e2e app's SSO_* provider for SSO_E2E_DOMAIN): a company email typed on the sign-in page hides
 * the password, goes to the company's sign-in and comes back signed in.
 */
import { SSO_E2E_DOMAIN } from "../../playwright.config";
import { expect, test } from "./fixtures";
import { hydrated } from "./helpers";

test("a company email is sent to the company's provider and comes back signed in, not as an admin", async ({
  browser,
}) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const email = `staff.${Date.now()}.${process.pid}@${SSO_E2E_DOMAIN}`;
  await page.goto("/auth/signin");
  await hydrated(page);
  await page.getByLabel("Email").fill(email);
  await expect(page.getByText("Signing in with your company account")).toBeVisible();
  await expect(page.getByLabel("Password")).toHaveCount(0);
  await page.getByRole("button", { name: "Continue to Company Sign-In" }).click();

  await expect(page.getByRole("heading", { name: "Test ID" })).toBeVisible();
  await page.getByLabel("Username").fill(email);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/account\/setup$/);
  await page.goto("/admin/dashboard");
  await expect(page).not.toHaveURL(/\/admin\/dashboard$/);
  await context.close();
});

test("without JavaScript the sign-in form's POST of a company email goes to the company's provider", async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/auth/signin");
  await page.getByLabel("Email").fill(`nojs.${Date.now()}.${process.pid}@${SSO_E2E_DOMAIN}`);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Test ID" })).toBeVisible();
  await context.close();
});
