/**
 * "Your data" (issue 21 point 6) in Chromium: the profile's 'Download My Data' saves a ZIP of the
 * customer's data, and 'Close My Account' asks for the password and a typed CLOSE, refuses a
 * wrong password, then closes the account and signs it out; axe finds nothing on either page.
 */
import fs from "node:fs";
import type { Page } from "@playwright/test";
import { unzipSync } from "fflate";
import { expect, openAs, test } from "./fixtures";
import { expectNoAxeViolations, hydrated, sidewaysScroll } from "./helpers";

/** The page at a 320 px wide window has no sideways scroll (WCAG 2.2 reflow). */
async function noSidewaysScrollAt320(page: Page) {
  await page.setViewportSize({ width: 320, height: 800 });
  await page.reload();
  await hydrated(page);
  const { extra, culprits } = await sidewaysScroll(page);
  expect(extra, culprits.join("; ")).toBe(0);
  await page.setViewportSize({ width: 1280, height: 800 });
}

test("a customer downloads their data and closes their account from the profile", async ({
  page,
  newCustomer,
}) => {
  const account = await newCustomer({ label: "dana", fullName: "Dana Export" });
  await openAs(page, account, "/account/profile");
  await expect(page.getByRole("heading", { name: "Your Data" })).toBeVisible();
  await expectNoAxeViolations(page);
  await noSidewaysScrollAt320(page);

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Download My Data" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^your-data-\d{4}-\d\d-\d\d\.zip$/);
  const entries = unzipSync(new Uint8Array(fs.readFileSync(await download.path())));
  const profile = JSON.parse(new TextDecoder().decode(entries["profile.json"])) as {
    email: string;
    fullName: string;
  };
  expect(profile).toMatchObject({ email: account.email, fullName: "Dana Export" });
  expect(Object.keys(entries)).toEqual(expect.arrayContaining(["quotes.json", "sessions.json"]));
  // the page is still the profile
  await expect(page).toHaveURL(/\/account\/profile$/);

  await page.getByRole("link", { name: "Close My Account..." }).click();
  await expect(page).toHaveURL(/\/account\/close$/);
  await expect(page.getByRole("heading", { name: "Close your account?" })).toBeVisible();
  await expectNoAxeViolations(page);
  await noSidewaysScrollAt320(page);

  await page.getByLabel("Your Password").fill("not my password");
  await page.getByLabel("Type CLOSE to confirm").fill("CLOSE");
  await page.getByRole("button", { name: "Close My Account" }).click();
  await expect(page.getByText("Incorrect password")).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByLabel("Your Password").fill(account.password);
  await page.getByLabel("Type CLOSE to confirm").fill("CLOSE");
  await page.getByRole("button", { name: "Close My Account" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText("Account closed")).toBeVisible();

  // signed out, and the password no longer signs in
  await page.goto("/account/profile");
  await expect(page).toHaveURL(/\/auth\/signin/);
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel(/^Password/).fill(account.password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page.getByRole("alert").first()).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/signin/);
});
