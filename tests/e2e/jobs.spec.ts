/**
 * Jobs on the crew's phone (issue 29): the completion record typed on a 375 px screen survives a
 * dropped signal (the page keeps every entry and says it was not saved) and saves once the signal
 * is back; a mold job recorded with the non-independent disclosure the homeowner reads before
 * signing off on the crew's phone; the radon record by keyboard alone, with its system label. The
 * job page fits 320 px and passes axe.
 */
import { readFile } from "node:fs/promises";
import type { Browser, Page } from "@playwright/test";
import sharp from "sharp";
import { extractText, getDocumentProxy } from "unpdf";
import { formData, validAnswers } from "../setup/forms";
import { type Account, expect, openAs, test } from "./fixtures";
import { expectNoAxeViolations, hydrated, sidewaysScroll, uniqueEmail } from "./helpers";

/**
 * A guest's `service` request that staff approve and open as a job by hand (agreed by phone), in
 * a new 375 px wide context signed in as `admin`, whose page ends on the new job's page.
 */
async function jobOpenedByStaff(
  browser: Browser,
  admin: Account,
  service: "radon" | "mold",
  label: string,
) {
  const context = await browser.newContext({ viewport: { width: 375, height: 800 } });
  const page = await context.newPage();
  const email = uniqueEmail(label);
  const posted = await page.request.post(`/quotes/${service}-remediation`, {
    multipart: formData({ ...validAnswers[service], email }),
    maxRedirects: 0,
  });
  expect(posted.status(), await posted.text()).toBe(302);
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
  return { context, page };
}

/** The page on the narrowest phone: nothing scrolls sideways, and axe finds nothing. */
async function fitsTheNarrowestPhone(page: Page) {
  await page.setViewportSize({ width: 320, height: 800 });
  expect((await sidewaysScroll(page)).extra).toBe(0);
  await expectNoAxeViolations(page);
}

/** Moves the job on its page to 'Scheduled', then 'In progress'. */
async function startWork(page: Page) {
  for (const status of ["Scheduled", "In progress"]) {
    await page.getByLabel("New status").selectOption({ label: status });
    await page.getByRole("button", { name: "Change status" }).click();
    // the job moved on: its own status is no longer offered
    const offered = page.getByLabel("New status").locator("option");
    await expect(offered.filter({ hasText: new RegExp(`^${status}$`) })).toHaveCount(0);
  }
}

test("on a 375 px phone the radon record keeps what was typed when the signal drops, and saves when it is back", async ({
  browser,
  admin,
}) => {
  const { context, page } = await jobOpenedByStaff(browser, admin, "radon", "jobs.offline");

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

  await fitsTheNarrowestPhone(page);
  await context.close();
});

test("on a 375 px phone a mold job is recorded with the non-independent disclosure, completed, and signed off by the homeowner on the crew's phone after reading it", async ({
  browser,
  admin,
}) => {
  const { context, page } = await jobOpenedByStaff(browser, admin, "mold", "jobs.mold");

  await startWork(page);
  // 'Complete job' is refused while the S520 record is missing
  await page.getByRole("button", { name: "Complete job" }).click();
  await expect(page.getByRole("alert").first()).toContainText("before and after photos");

  const photo = async (color: string) => ({
    name: `${color}.jpg`,
    mimeType: "image/jpeg",
    buffer: await sharp({
      create: { width: 64, height: 48, channels: 3, background: color },
    })
      .jpeg()
      .toBuffer(),
  });
  const area = page.getByRole("group", { name: "Area 1" });
  await area.getByLabel("Room").fill("Basement bedroom");
  await area.getByLabel("Size (square feet)").fill("40");
  await area.getByLabel("Condition").selectOption({ label: "Condition 3 (actual growth)" });
  await area.getByLabel("Before photo").setInputFiles(await photo("#553322"));
  await area.getByLabel("After photo").setInputFiles(await photo("#eeeeee"));
  await page.getByLabel("Containment").selectOption({ label: "Limited" });
  await page.getByRole("radio", { name: "Not independent (written disclosure)" }).check();
  const disclosure = page.getByLabel(/^Written disclosure that it was not independent/);
  await disclosure.fill(
    "Our own technician checked the basement bedroom after the work; no independent assessor was hired.",
  );
  await page.getByRole("button", { name: "Save record" }).click();
  await expect(page.getByText("Record saved")).toBeVisible();
  await expect(page.getByText("Before photo saved.")).toBeVisible();

  await page.getByRole("button", { name: "Complete job" }).click();
  await expect(page.getByText("Job completed")).toBeVisible();

  // the homeowner reads the disclosure on the crew's phone before signing
  const record = page.getByRole("region", { name: /^Completion record of job J-/ });
  await expect(record).toContainText("no independent assessor was hired");
  await page.getByRole("checkbox", { name: /electronically/ }).check();
  await page.getByRole("textbox", { name: "Your full name" }).fill("Zoë Nguyễn");
  await page.getByRole("button", { name: "Sign off the work" }).click();
  await expect(
    page.getByText(/^Signed off by Zoë Nguyễn on .* \(on the crew's phone\)/),
  ).toBeVisible();

  await fitsTheNarrowestPhone(page);
  await context.close();
});

test("the radon record is filled, saved and completed by keyboard alone, and its system label downloads", async ({
  browser,
  admin,
}) => {
  const { context, page } = await jobOpenedByStaff(browser, admin, "radon", "jobs.keyboard");
  // this worker's admin installs (the list holds every admin, other workers' too)
  await page
    .getByRole("group", { name: "Staff on this job" })
    .getByRole("checkbox", { name: admin.fullName ?? admin.email, exact: true })
    .check();
  await page.getByRole("button", { name: "Save crew" }).click();
  await expect(page.getByText("Crew saved")).toBeVisible();
  await startWork(page);

  // from the first field of the record on, only keys
  await page.getByLabel("System type").focus();
  await page.keyboard.press("ArrowDown");
  await expect(page.getByLabel("System type")).toHaveValue("sub_slab");
  for (const text of ["2", "RadonAway RP145", "RA-20391", "3", "Above the roof line", "1.25"]) {
    await page.keyboard.press("Tab");
    await page.keyboard.type(text);
  }
  await page.keyboard.press("Tab");
  await page.keyboard.press("Space");
  await expect(page.getByRole("checkbox", { name: "Sealing done" })).toBeChecked();
  await page.keyboard.press("Tab");
  await page.keyboard.press("ArrowDown");
  await expect(page.getByLabel(/^Installer/).locator("option:checked")).toHaveText(
    admin.fullName ?? admin.email,
  );
  await page.keyboard.press("Tab");
  const chooser = page.waitForEvent("filechooser");
  await page.keyboard.press("Space");
  await (await chooser).setFiles({
    name: "label.jpg",
    mimeType: "image/jpeg",
    buffer: await sharp({ create: { width: 64, height: 48, channels: 3, background: "#ffffff" } })
      .jpeg()
      .toBuffer(),
  });
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Save record" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByText("Record saved")).toBeVisible();
  await expect(page.getByText("The label's photo is saved.")).toBeVisible();
  await expect(
    page.getByText(/Still needed to complete the job: the installer's certification number/),
  ).toBeVisible();

  // the installer's certification number lives on their profile; the record takes it when saved
  await page.getByLabel("Your installer certification number (your profile)").focus();
  await page.keyboard.type("NRPP 109876-RMT");
  await page.keyboard.press("Enter");
  await expect(page.getByText("Certification number saved")).toBeVisible();
  await page.getByRole("button", { name: "Save record" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByText("Certification number: NRPP 109876-RMT")).toBeVisible();

  const label = page.getByRole("link", { name: "Download the system label (PDF, 4 x 6 in)" });
  await label.focus();
  const download = page.waitForEvent("download");
  await page.keyboard.press("Enter");
  const pdf = await readFile((await (await download).path()) as string);
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), {
    mergePages: true,
  });
  for (const item of ["NRPP 109876-RMT", "1.25", "every two years"]) expect(text).toContain(item);

  await page.getByRole("button", { name: "Complete job" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByText("Job completed")).toBeVisible();
  await context.close();
});
