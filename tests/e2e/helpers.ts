import fs from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/** Fills the shared contact section as a person would. */
export async function fillContact(page: Page, email = "dana.e2e@example.com") {
  await page.getByLabel("First Name").fill("Dana");
  await page.getByLabel("Last Name").fill("Rivera");
  await page.getByRole("textbox", { name: "Email" }).fill(email);
  await page.getByRole("textbox", { name: "Phone" }).fill("(801) 555-0199");
  await page.getByLabel("ZIP Code").fill("84604");
}

export async function fillWater(page: Page) {
  await page.getByLabel("Water Source").selectOption({ label: "Private well" });
  const issues = page.getByRole("group", { name: "Current Issues" });
  await issues.getByLabel("Hard Water").check();
  await page.getByLabel("Property Type").selectOption({ label: "Single Family Home" });
}

export async function fillMold(page: Page) {
  await page.getByRole("group", { name: "Problem Areas" }).getByLabel("Basement").check();
  await page.getByLabel("Property Type").selectOption({ label: "Apartment/Condo" });
}

export async function fillRadon(page: Page) {
  await page.getByLabel("Property Type").selectOption({ label: "Residential" });
  await page.getByLabel("Square Footage").fill("2400");
}

/** Reads the reference number shown on the confirmation page. */
export async function confirmationReference(page: Page): Promise<string> {
  await expect(page.getByRole("heading", { name: "Quote Submitted Successfully!" })).toBeVisible();
  const reference = page.getByText("Reference Number").locator("xpath=following-sibling::dd");
  await expect(reference).toHaveText(/^[0-9a-f]{8}$/);
  return (await reference.textContent()) ?? "";
}

/** WCAG 2.2 A/AA violations axe finds on the current page. */
export async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
    .analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`),
  ).toEqual([]);
}

/** Dev mail written by the server under test ($DATA_DIR/mail/*.eml). */
export function sentMail(): string[] {
  const dir = path.join(process.env.E2E_DATA_DIR as string, "mail");
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir).map((f) => fs.readFileSync(path.join(dir, f), "utf8"));
}
