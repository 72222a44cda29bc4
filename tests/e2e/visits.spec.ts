/**
 * Assessment visits (issue 20, points 1 and 2) in a real browser: the admin puts themselves on
 * the visit staff at /admin/schedule; a guest submits a radon request and books the placement and
 * the pick-up from the confirmation page; a water visit booked by keyboard alone; a radon booking
 * with JavaScript off; axe on every new page. One file in order: the staff member comes first.
 */
import type { Page } from "@playwright/test";
import { formData, validAnswers } from "../setup/forms";
import { expect, openAs, test } from "./fixtures";
import {
  expectNoAxeViolations,
  fillContact,
  fillRadon,
  hydrated,
  sidewaysScroll,
  uniqueEmail,
} from "./helpers";

test.describe.configure({ mode: "serial", timeout: 180_000 });

async function noSidewaysScroll(page: Page) {
  const { extra, culprits } = await sidewaysScroll(page);
  expect(extra, culprits.join("; ")).toBe(0);
}

test("an admin puts themselves on the visit staff at /admin/schedule", async ({ page, admin }) => {
  await openAs(page, admin, "/admin/schedule");
  await expect(
    page.getByRole("heading", { name: "Schedule", level: 2, exact: true }),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  const select = page.getByLabel("Admin", { exact: true });
  const option = select.locator("option", { hasText: admin.email });
  if ((await option.count()) > 0) {
    await select.selectOption({ label: (await option.textContent()) ?? "" });
    await page.getByRole("button", { name: "Add to visit staff" }).click();
  }
  // Monday to Friday 08:00-17:00 until edited; Saturday added here
  await expect(page.getByLabel("Monday starts").first()).toHaveValue("08:00");
  await page.getByLabel("Saturday starts").first().fill("09:00");
  await page.getByLabel("Saturday ends").first().fill("13:00");
  await page.getByRole("button", { name: "Save working hours" }).first().click();
  await expect(page.getByLabel("Saturday ends").first()).toHaveValue("13:00");
  // a refused edit says why beside the field
  await page.getByLabel("Sunday starts").first().fill("12:00");
  await page.getByLabel("Sunday ends").first().fill("10:00");
  await page.getByRole("button", { name: "Save working hours" }).first().click();
  await expect(page.getByText("Sunday must end after it starts")).toBeVisible();
  await expectNoAxeViolations(page);
});

test("a guest submits a radon request and books the placement and the pick-up from the confirmation page", async ({
  page,
}) => {
  await page.goto("/quotes/radon-remediation");
  await hydrated(page);
  await fillRadon(page);
  await fillContact(page, uniqueEmail("visit.radon"));
  await page.getByRole("button", { name: "Request Free Quote" }).click();
  await expect(page.getByRole("heading", { name: "Quote Submitted Successfully!" })).toBeVisible();
  await page.getByRole("link", { name: "Book your assessment visit" }).click();

  await expect(page.getByRole("heading", { name: "Book your assessment visit" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Days with free times" })).toBeVisible();
  await expectNoAxeViolations(page);
  const placements = page.getByRole("group", { name: /Radon detector placement time/ });
  const placement = placements.getByRole("radio").first();
  const placementLabel = (await placement.locator("xpath=..").textContent()) ?? "";
  await placement.check();
  await page.getByRole("button", { name: "Continue to the pick-up time" }).click();

  await expect(page.getByRole("heading", { name: "Choose the pick-up time" })).toBeVisible();
  await expectNoAxeViolations(page);
  await page
    .getByRole("group", { name: /Radon detector pick-up/ })
    .getByRole("radio")
    .first()
    .check();
  await page.getByRole("button", { name: "Book placement and pick-up" }).click();

  const booked = page.getByRole("heading", { name: "Your booked visits" });
  await expect(booked).toBeVisible();
  const list = page.getByRole("listitem").filter({ hasText: /^Radon detector/ });
  await expect(list).toHaveCount(2);
  await expect(list.first()).toContainText(`Radon detector placement: `);
  await expect(list.first()).toContainText(placementLabel.trim());
  await expect(list.nth(1)).toContainText("Radon detector pick-up: ");
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 320, height: 800 });
  await noSidewaysScroll(page);
});

test("a water visit booked with the keyboard alone", async ({ page }) => {
  const posted = await page.request.post("/quotes/water-filtration-remediation", {
    form: formData({ ...validAnswers.water_filtration, email: uniqueEmail("visit.keys") }),
    maxRedirects: 0,
  });
  expect(posted.status(), await posted.text()).toBe(302);
  const response = await page.goto("/quotes/confirmation/visit");
  expect(response?.headers()["cache-control"]).toBe("private, no-store");
  expect(response?.headers()["x-robots-tag"]).toBe("noindex, nofollow");
  await hydrated(page);
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 320, height: 800 });
  await noSidewaysScroll(page);

  // Tab to the first time, arrow to the next, Tab to the button, Enter
  let onRadio = false;
  for (let i = 0; i < 120 && !onRadio; i++) {
    await page.keyboard.press("Tab");
    onRadio = await page.evaluate(
      () => (document.activeElement as HTMLInputElement | null)?.type === "radio",
    );
  }
  expect(onRadio).toBe(true);
  await page.keyboard.press("ArrowDown");
  const chosen = await page.evaluate(() => {
    const radio = document.activeElement as HTMLInputElement;
    return radio.checked ? (radio.closest("label")?.textContent ?? "") : "";
  });
  expect(chosen).toMatch(/[AP]M M[DS]T$/);
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Book this visit" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: "Your booked visit" })).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: "Water assessment" })).toContainText(
    chosen,
  );
});

test("a radon booking with JavaScript off", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const posted = await page.request.post("/quotes/radon-remediation", {
    form: { ...validAnswers.radon, email: uniqueEmail("visit.nojs") },
    maxRedirects: 0,
  });
  expect(posted.status(), await posted.text()).toBe(302);
  await page.goto("/quotes/confirmation/visit");
  // the second day with free times, by its link
  const days = page.getByRole("navigation", { name: "Days with free times" }).getByRole("link");
  const second = days.nth(1);
  const dayName = (await second.textContent()) ?? "";
  await second.click();
  await expect(page.getByRole("heading", { name: `Free times on ${dayName}` })).toBeVisible();
  await page
    .getByRole("group", { name: /Radon detector placement time/ })
    .getByRole("radio")
    .last()
    .check();
  await page.getByRole("button", { name: "Continue to the pick-up time" }).click();
  await expect(page.getByRole("heading", { name: "Choose the pick-up time" })).toBeVisible();
  await expect(page.getByText(dayName).first()).toBeVisible();
  await page
    .getByRole("group", { name: /Radon detector pick-up/ })
    .getByRole("radio")
    .nth(1)
    .check();
  await page.getByRole("button", { name: "Book placement and pick-up" }).click();
  await expect(page.getByRole("heading", { name: "Your booked visits" })).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: /^Radon detector/ })).toHaveCount(2);
  await context.close();
});

test("the admin sees the booked visits in the staff's week", async ({ page, admin }) => {
  await openAs(page, admin, "/admin/visits");
  await expect(page.getByRole("heading", { name: /^Visits: Week of Monday, / })).toBeVisible();
  await expectNoAxeViolations(page);
  // the visits booked above fall within the next three weeks (14 days after a 24-hour lead)
  let found = 0;
  for (let i = 0; i < 3 && found === 0; i++) {
    found = await page.getByRole("link", { name: /^Ref\. [0-9a-f]{8}$/ }).count();
    if (found === 0) await page.getByRole("link", { name: "Next week" }).click();
  }
  await expect(page.getByText(/Radon detector placement|Water assessment/).first()).toBeVisible();
  await expectNoAxeViolations(page);
});
