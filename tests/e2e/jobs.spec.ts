/**
 * Jobs on the crew's phone (issue 29): the completion record typed on a 375 px screen survives a
 * dropped signal (the page keeps every entry and says it was not saved) and saves once the signal
 * is back; the job page fits 320 px and passes axe.
 */
import { formData, validAnswers } from "../setup/forms";
import { expect, openAs, test } from "./fixtures";
import { expectNoAxeViolations, hydrated, sidewaysScroll, uniqueEmail } from "./helpers";

test("on a 375 px phone the radon record keeps what was typed when the signal drops, and saves when it is back", async ({
  browser,
  admin,
}) => {
  const email = uniqueEmail("jobs.offline");
  const context = await browser.newContext({ viewport: { width: 375, height: 800 } });
  const page = await context.newPage();
  const posted = await page.request.post("/quotes/radon-remediation", {
    multipart: formData({ ...validAnswers.radon, email }),
    maxRedirects: 0,
  });
  expect(posted.status(), await posted.text()).toBe(302);

  // staff approve the request and open its job, agreed by phone
  await openAs(page, admin, `/admin/quotes?q=${encodeURIComponent(email)}`);
  await page.getByRole("table", { name: "Quote requests" }).getByRole("link").first().click();
  await expect(page.getByRole("heading", { name: /^Quote / })).toBeVisible();
  await hydrated(page);
  await page.getByLabel("New status").selectOption({ label: "Approved" });
  await page.getByRole("button", { name: "Change status" }).click();
  await expect(page.getByText("Status updated")).toBeVisible();
  await page.getByRole("button", { name: "Open a job" }).click();
  await expect(page.getByRole("heading", { name: /^Job J-/ })).toBeVisible();
  await hydrated(page);

  const fan = page.getByLabel("Fan make and model (required)");
  const reading = page.getByLabel(/^Manometer reading at commissioning/);
  await fan.fill("RadonAway RP145");
  await reading.fill("1.25");
  await context.setOffline(true);
  await page.getByRole("button", { name: "Save record" }).click();
  await expect(page.getByRole("alert").filter({ hasText: /^Not saved/ })).toHaveText(
    "Not saved: the server could not be reached. What you typed is still here; save again when you have a signal.",
  );
  await expect(fan).toHaveValue("RadonAway RP145");
  await expect(reading).toHaveValue("1.25");

  await context.setOffline(false);
  await page.getByRole("button", { name: "Save record" }).click();
  await expect(page.getByText("Record saved")).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Fan make and model (required)")).toHaveValue("RadonAway RP145");
  await expect(page.getByLabel(/^Manometer reading at commissioning/)).toHaveValue("1.25");

  // the job page on the narrowest phone: nothing scrolls sideways, and axe finds nothing
  await page.setViewportSize({ width: 320, height: 800 });
  expect(await sidewaysScroll(page)).toEqual({ extra: 0, culprits: [] });
  await expectNoAxeViolations(page);
  await context.close();
});
