/**
 * Reminders (issue 20 point 5) in a real browser: a guest opts into follow-ups from the status
 * page; axe on the page. The visit reminder and its one-click unsubscribe are in visits.spec.ts,
 * with every test that changes the shared schedule.
 */
import { expect, test } from "./fixtures";
import {
  expectNoAxeViolations,
  guestWaterStatusPath,
  hydrated,
  sidewaysScroll,
  uniqueEmail,
} from "./helpers";

test.describe.configure({ mode: "serial", timeout: 180_000 });

test("a guest opts into a well test and filter change reminders from the status page", async ({
  page,
}) => {
  const statusPath = await guestWaterStatusPath(page, uniqueEmail("reminders.optin"));
  await page.goto(statusPath);
  await hydrated(page);
  await page.getByRole("link", { name: "Choose your reminders" }).click();
  await expect(page.getByRole("heading", { name: "Your reminders", level: 1 })).toBeVisible();
  const response = await page.request.get(`${statusPath}/reminders`);
  expect(response.headers()["cache-control"]).toBe("private, no-store");
  expect(response.headers()["x-robots-tag"]).toBe("noindex, nofollow");
  expect(response.headers()["referrer-policy"]).toBe("no-referrer");
  await expectNoAxeViolations(page);

  await expect(page.getByRole("checkbox", { name: "Assessment visit reminders" })).toBeChecked();
  await page.getByRole("checkbox", { name: "Yearly private well test" }).check();
  await page.getByRole("checkbox", { name: "Filter change" }).check();
  // without a filter type the form says so beside the field
  await page.getByLabel("Your filter type").selectOption("");
  await page.getByRole("button", { name: "Save reminders" }).click();
  await expect(
    page.getByText("Choose your filter type to get filter change reminders").first(),
  ).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole("checkbox", { name: "Yearly private well test" }).check();
  await page.getByRole("checkbox", { name: "Filter change" }).check();
  await page
    .getByLabel("Your filter type")
    .selectOption({ label: "Under-sink filter (every 6 months)" });
  await page.getByRole("button", { name: "Save reminders" }).click();
  await expect(page.getByText("Your reminders are saved")).toBeVisible();
  await expect(page.getByRole("checkbox", { name: "Yearly private well test" })).toBeChecked();
  await expect(page.getByText(/^Next reminder: /)).toHaveCount(2);
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 320, height: 800 });
  const { extra, culprits } = await sidewaysScroll(page);
  expect(extra, culprits.join("; ")).toBe(0);
});
