/**
 * Sign-out by scope with three browsers signed in to one account: 'Sign Out of Other Devices' in
 * one leaves it signed in and sends the two others to the sign-in page at their next request;
 * 'Sign Out Everywhere' ends all three.
 */
import type { Browser, Page } from "@playwright/test";
import { expect, test } from "./fixtures";

async function signedInBrowser(browser: Browser, email: string, password: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto("/auth/signin");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/account\/profile$/);
  return page;
}

test("signs out other devices, then everywhere", async ({ browser, newCustomer }) => {
  const customer = await newCustomer({ label: "scopes" });
  const [first, second, third] = [
    await signedInBrowser(browser, customer.email, customer.password),
    await signedInBrowser(browser, customer.email, customer.password),
    await signedInBrowser(browser, customer.email, customer.password),
  ] as [Page, Page, Page];

  await first.getByRole("button", { name: "Sign Out of Other Devices" }).click();
  await expect(first.getByText("Other devices signed out")).toBeVisible();
  for (const other of [second, third]) {
    await other.goto("/account/profile");
    await expect(other).toHaveURL(/\/auth\/signin/);
  }
  await first.goto("/account/profile");
  await expect(first).toHaveURL(/\/account\/profile$/);

  const again = await signedInBrowser(browser, customer.email, customer.password);
  await first.getByRole("button", { name: "Sign Out Everywhere" }).click();
  await expect(first.getByText("Signed out everywhere")).toBeVisible();
  for (const page of [first, again]) {
    await page.goto("/account/profile");
    await expect(page).toHaveURL(/\/auth\/signin/);
  }
  for (const page of [first, second, third, again]) await page.context().close();
});
