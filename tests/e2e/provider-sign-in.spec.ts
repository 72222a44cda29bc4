/**
 * 'Continue with Test ID' against a real OpenID Provider (tests/e2e/oidc-server.ts, started by
 * playwright.config.ts): sign up through it, sign in again, the last way in kept, a password set,
 * linked to a password account and disconnected, and two-factor still asked of an admin.
 */
import type { Browser, Page } from "@playwright/test";
import { expect, openAs, test } from "./fixtures";
import { totpCode, uniqueEmail } from "./helpers";

/** At the provider's login page: signs in as `email` (made on demand, email verified). */
async function signInAtProvider(page: Page, email: string) {
  await expect(page.getByRole("heading", { name: "Test ID" })).toBeVisible();
  await page.getByLabel("Username").fill(email);
  await page.getByRole("button", { name: "Sign in" }).click();
}

/** A fresh browser (no session here, none at the provider) on our sign-in page. */
async function freshSignInPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto("/auth/signin");
  return page;
}

test("signs up through the provider, signs in again, keeps the last way in until a password is set", async ({
  page,
  browser,
}) => {
  const email = uniqueEmail("provider");
  await page.goto("/auth/signup");
  await page.getByRole("button", { name: "Continue with Test ID" }).click();
  await signInAtProvider(page, email);
  await expect(page).toHaveURL(/\/account\/setup$/);
  await expect(page.getByLabel("Full Name")).toHaveValue("Taylor Provider");
  await page.getByRole("button", { name: "Complete Profile" }).click();
  await expect(page).toHaveURL(/\/account\/profile$/);

  await expect(page.getByRole("heading", { name: "Sign-in Methods" })).toBeVisible();
  await expect(page.getByText(`${email} · connected`)).toBeVisible();
  await page.getByRole("button", { name: "Disconnect Test ID" }).click();
  await expect(page.getByRole("alert")).toContainText("This is your only way to sign in");

  const again = await freshSignInPage(browser);
  await again.getByRole("button", { name: "Continue with Test ID" }).click();
  await signInAtProvider(again, email);
  await expect(again).toHaveURL(/\/account\/profile$/);
  await expect(again.getByText(`Signed in as ${email}`)).toBeVisible();
  await again.context().close();

  await page.getByLabel("Set a password").fill("a fresh long password 9");
  await page.getByRole("button", { name: "Set Password" }).click();
  await expect(page.getByText("Password set")).toBeVisible();
  await page.getByRole("button", { name: "Disconnect Test ID" }).click();
  await expect(page.getByText("Sign-in method disconnected")).toBeVisible();
  await expect(page.getByRole("button", { name: "Connect Test ID" })).toBeVisible();
});

test("a password account connects the provider, then disconnects it", async ({
  page,
  newCustomer,
}) => {
  const customer = await newCustomer({ label: "connect" });
  await openAs(page, customer, "/account/profile");
  await page.getByRole("button", { name: "Connect Test ID" }).click();
  await signInAtProvider(page, customer.email);
  await expect(page).toHaveURL(/\/account\/profile\?connected=oidc$/);
  await expect(page.getByRole("button", { name: "Disconnect Test ID" })).toBeVisible();
  await page.getByRole("button", { name: "Disconnect Test ID" }).click();
  await expect(page.getByText("Sign-in method disconnected")).toBeVisible();
  await expect(page.getByRole("button", { name: "Connect Test ID" })).toBeVisible();
});

test("a cancelled provider sign-in comes back to the sign-in page with a plain message", async ({
  browser,
}) => {
  const page = await freshSignInPage(browser);
  await page.getByRole("button", { name: "Continue with Test ID" }).click();
  await page.getByRole("button", { name: "Cancel" }).click();
  await expect(page).toHaveURL(/\/auth\/signin\?error=access_denied/);
  await expect(page.getByRole("alert")).toContainText("was cancelled");
  await page.context().close();
});

test("an admin signing in through the provider is still asked for the TOTP code", async ({
  browser,
  admin,
}) => {
  const page = await freshSignInPage(browser);
  await page.getByRole("button", { name: "Continue with Test ID" }).click();
  await signInAtProvider(page, admin.email);
  await expect(page).toHaveURL(/\/auth\/two-factor$/);
  await page.getByLabel("Authentication Code").fill(await totpCode(admin.totpKey as string));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.context().close();
});
