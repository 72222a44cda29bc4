/**
 * Jobs on the crew's phone (issue 29): the completion record typed on a 375 px screen survives a
 * dropped signal (the page keeps every entry and says it was not saved) and saves once the signal
 * is back; a mold job recorded with the non-independent disclosure the homeowner reads before
 * signing off on the crew's phone; the radon record by keyboard alone, with its system label; the
 * radon journey as a whole, from the estimate accepted from the mail to the post-mitigation result
 * beside the pre-mitigation one in the home record. The job page, the job list and the
 * post-mitigation test's page fit 320 px and pass axe.
 */
import { readFile } from "node:fs/promises";
import type { Browser, Page } from "@playwright/test";
import sharp from "sharp";
import { extractText, getDocumentProxy } from "unpdf";
import { baseURL } from "../../playwright.config";
import { formData, validAnswers } from "../setup/forms";
import { type Account, expect, openAs, test } from "./fixtures";
import {
  drawSignature,
  expectNoAxeViolations,
  findMail,
  hydrated,
  sendSampleEstimate,
  sidewaysScroll,
  uniqueEmail,
} from "./helpers";

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
  return { context, page, email };
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
  const { context, page, email } = await jobOpenedByStaff(browser, admin, "mold", "jobs.mold");

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
  // the homeowner's mail carries the report, drawn by the server's outbox when it sends it
  const report = await findMail(email, "Your completion report");
  expect(report.attachments).toEqual([expect.stringMatching(/^completion-report-J-\d{4}\.pdf$/)]);

  // the homeowner reads the disclosure on the crew's phone before signing
  const record = page.getByRole("region", { name: /^Completion record of job J-/ });
  await expect(record).toContainText("no independent assessor was hired");
  await page.getByRole("checkbox", { name: /electronically/ }).check();
  await page.getByRole("textbox", { name: "Your full name" }).fill("Zoë Nguyễn");
  await drawSignature(page);
  await page.getByRole("button", { name: "Sign off the work" }).click();
  await expect(
    page.getByText(/^Signed off by Zoë Nguyễn on .* \(on the crew's phone\)/),
  ).toBeVisible();
  // the office keeps the drawn signature beside the record, from its admin-only address
  const signature = page.getByRole("img", { name: "Signature drawn by Zoë Nguyễn" });
  await expect(signature).toBeVisible();
  await expect
    .poll(() => signature.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);

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

/** Today in Utah, `days` later, as YYYY-MM-DD (what a date field takes). */
function utahDay(days = 0): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "America/Denver" }).format(
    new Date(Date.now() + days * 86_400_000),
  );
}

/** On a quote's admin page, staff record a radon result in the 'Radon result' form. */
async function recordRadonResult(
  page: Page,
  result: { phase: string; started: string; ended: string; level: string },
) {
  const form = page.getByRole("form", { name: "Radon result" });
  await form
    .getByRole("combobox", { name: "Test", exact: true })
    .selectOption({ label: "Continuous monitor" });
  await form.getByLabel("Before or after mitigation").selectOption({ label: result.phase });
  await form.getByLabel("Test started").fill(result.started);
  await form.getByLabel("Test ended").fill(result.ended);
  await form.getByLabel("Result (pCi/L)").fill(result.level);
  await form.getByLabel("Device or lab").fill("Radon Lab of Utah");
  await form.getByRole("button", { name: "Save radon result" }).click();
  await expect(page.getByText("Radon result saved")).toBeVisible();
}

test("on 375 px phones a radon estimate accepted from the mail becomes a job, is booked, recorded and completed with its label, and the post-mitigation test booked from the mail puts before and after in the home record", async ({
  browser,
  admin,
  newCustomer,
}) => {
  test.setTimeout(240_000);
  const phone = { viewport: { width: 375, height: 800 } };
  const customer = await newCustomer({ fullName: "Mira Okafor", label: "jobs.journey" });
  const home = await browser.newContext({ ...phone, storageState: customer.storageState });
  const owner = await home.newPage();
  const origin = { Origin: new URL(baseURL).origin };
  // set-up (the request form and the property have tests of their own): the homeowner's radon
  // request for a new property of theirs, posted as the signed-in form posts it
  const address = `${Date.now() % 100_000} Granite Ridge Rd`;
  const requested = await owner.request.post("/quotes/radon-remediation", {
    multipart: formData({
      ...validAnswers.radon,
      firstName: "Mira",
      lastName: "Okafor",
      email: customer.email,
      zipCode: "84092",
      propertyId: "new",
      newPropertyAddress: address,
      newPropertyCity: "Sandy",
      newPropertyState: "UT",
    }),
    headers: origin,
    maxRedirects: 0,
  });
  expect(requested.status(), await requested.text()).toBe(302);

  // staff, on their phone: the test before mitigation, then the estimate sent
  const office = await browser.newContext(phone);
  const staff = await office.newPage();
  await openAs(staff, admin, `/admin/quotes?q=${encodeURIComponent(customer.email)}`);
  await staff.getByRole("table", { name: "Quote requests" }).getByRole("link").first().click();
  await expect(staff.getByRole("heading", { name: /^Quote / })).toBeVisible();
  await hydrated(staff);
  const quotePage = staff.url();
  await recordRadonResult(staff, {
    phase: "Before mitigation",
    started: utahDay(-30),
    ended: utahDay(-27),
    level: "9.8",
  });
  await sendSampleEstimate(staff, [
    {
      name: "Active sub-slab system",
      item: "Active sub-slab depressurization system ($1,850.00 / Each)",
    },
  ]);

  // the homeowner accepts from the mailed link
  const estimateMail = await findMail(customer.email, "Your estimate from");
  const estimate = estimateMail.text.match(/https?:\/\/\S+\/estimates\/[A-Za-z0-9_-]{43}/)?.[0];
  expect(estimate).toBeTruthy();
  await owner.goto(estimate as string);
  await hydrated(owner);
  await owner
    .getByRole("checkbox", { name: "I agree to sign this estimate electronically" })
    .check();
  await owner.getByRole("textbox", { name: "Your full name" }).fill("Mira Okafor");
  await owner.getByRole("button", { name: "Accept and sign" }).click();
  await expect(owner.getByRole("region", { name: "You accepted this estimate" })).toBeVisible();

  // the job appears on the quote's page and in the job list
  await staff.goto(quotePage);
  const jobLink = staff.getByRole("link", { name: /^Job J-\d+$/ });
  await expect(jobLink).toBeVisible();
  const number = ((await jobLink.textContent()) ?? "").replace(/^Job /, "");
  await staff.goto(`/admin/jobs?q=${encodeURIComponent(customer.email)}`);
  const listed = staff.getByRole("table", { name: "Jobs" }).getByRole("row", { name: number });
  await expect(listed).toContainText("Unscheduled");
  await fitsTheNarrowestPhone(staff);
  await staff.setViewportSize(phone.viewport);
  await listed.getByRole("link", { name: number }).click();
  await expect(staff.getByRole("heading", { name: `Job ${number}` })).toBeVisible();
  await hydrated(staff);
  const jobPage = staff.url();

  // the crew, and a work visit this morning, shown on the schedule apart from the assessments
  await staff
    .getByRole("group", { name: "Staff on this job" })
    .getByRole("checkbox", { name: admin.fullName ?? admin.email, exact: true })
    .check();
  await staff.getByRole("button", { name: "Save crew" }).click();
  await expect(staff.getByText("Crew saved")).toBeVisible();
  await staff.getByLabel("Day", { exact: true }).fill(utahDay());
  await staff.getByLabel("Starts (Utah time)").fill("06:00");
  await staff.getByLabel("Ends (Utah time)").fill("07:30");
  await staff.getByRole("button", { name: "Book work visit" }).click();
  // listed on the job (the toast's words are also the history's note)
  await expect(staff.getByRole("button", { name: /^Remove the work visit of / })).toBeVisible();
  await staff.goto("/admin/schedule");
  const work = staff
    .getByRole("heading", { name: "Work visits" })
    .locator("xpath=following-sibling::ul[1]");
  const workVisitJob = work.getByRole("link", { name: "Job of Mira Okafor" });
  await expect(workVisitJob).toBeVisible();
  // the homeowner's test is booked on the visit staff's free times: this admin does visits
  const select = staff.getByLabel("Admin", { exact: true });
  const option = select.locator("option", { hasText: admin.email });
  if ((await option.count()) > 0) {
    await select.selectOption({ label: (await option.textContent()) ?? "" });
    await staff.getByRole("button", { name: "Add to visit staff" }).click();
    await expect(staff.getByText("Added to the visit staff")).toBeVisible();
  }
  await workVisitJob.click();
  await expect(staff.getByRole("heading", { name: `Job ${number}` })).toBeVisible();
  await hydrated(staff);

  // on site: in progress, the SGM-SF record with the label's photo, the label, completion
  await staff.getByLabel("New status").selectOption({ label: "In progress" });
  await staff.getByRole("button", { name: "Change status" }).click();
  await expect(staff.getByText("The job is now In progress")).toBeVisible();
  await staff
    .getByLabel("Your installer certification number (your profile)")
    .fill("NRPP 204060-RMT");
  await staff.getByRole("button", { name: "Save my number" }).click();
  await expect(staff.getByText("Certification number saved")).toBeVisible();
  await staff.getByLabel("System type").selectOption({ label: "Sub-slab depressurization" });
  await staff.getByLabel("Number of suction points").fill("1");
  await staff.getByLabel("Fan make and model (required)").fill("RadonAway RP145");
  await staff.getByLabel(/^Manometer reading at commissioning/).fill("0.85");
  await staff.getByRole("checkbox", { name: "Sealing done" }).check();
  await staff.getByLabel(/^Installer/).selectOption({ label: admin.fullName ?? admin.email });
  await staff.getByLabel("Photo of the placed label (required)").setInputFiles({
    name: "label.jpg",
    mimeType: "image/jpeg",
    buffer: await sharp({ create: { width: 64, height: 48, channels: 3, background: "#ffffff" } })
      .jpeg()
      .toBuffer(),
  });
  await staff.getByRole("button", { name: "Save record" }).click();
  await expect(staff.getByText("Record saved")).toBeVisible();
  await expect(staff.getByText("The label's photo is saved.")).toBeVisible();
  const download = staff.waitForEvent("download");
  await staff.getByRole("link", { name: "Download the system label (PDF, 4 x 6 in)" }).click();
  const pdf = await readFile((await (await download).path()) as string);
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), {
    mergePages: true,
  });
  for (const item of ["NRPP 204060-RMT", "0.85"]) expect(text).toContain(item);
  await staff.getByRole("button", { name: "Complete job" }).click();
  await expect(staff.getByText("Job completed")).toBeVisible();
  // the profile's number back to none, as the keyboard test expects of this worker's admin
  const cleared = await staff.request.post(jobPage, {
    form: { intent: "certification", certificationNumber: "" },
    headers: origin,
  });
  expect(cleared.status()).toBeLessThan(400);

  // the homeowner books the post-mitigation test from the completion mail
  const done = await findMail(customer.email, `Please sign off job ${number}`);
  const testLink = done.text.match(/https?:\/\/\S+\/jobs\/[A-Za-z0-9_-]{43}\/radon-test/)?.[0];
  expect(testLink).toBeTruthy();
  // the same mail's sign-off link opens the record to sign, and fits the narrowest phone
  const signOffLink = done.text.match(/https?:\/\/\S+\/jobs\/[A-Za-z0-9_-]{43}(?![\w/-])/)?.[0];
  expect(signOffLink).toBeTruthy();
  await owner.goto(signOffLink as string);
  await hydrated(owner);
  await expect(owner.getByRole("heading", { name: `Sign off job ${number}` })).toBeVisible();
  await expect(owner.getByRole("button", { name: "Sign off the work" })).toBeVisible();
  await fitsTheNarrowestPhone(owner);
  await owner.setViewportSize(phone.viewport);

  await owner.goto(testLink as string);
  await hydrated(owner);
  await expect(
    owner.getByRole("heading", { name: "Book your post-mitigation radon test" }),
  ).toBeVisible();
  await fitsTheNarrowestPhone(owner);
  await owner.setViewportSize(phone.viewport);
  await owner
    .getByRole("group", { name: /Radon detector placement time/ })
    .getByRole("radio")
    .first()
    .check();
  await owner.getByRole("button", { name: "Continue to the pick-up time" }).click();
  await owner
    .getByRole("group", { name: /Radon detector pick-up/ })
    .getByRole("radio")
    .first()
    .check();
  await owner.getByRole("button", { name: "Book placement and pick-up" }).click();
  await expect(
    owner.getByRole("heading", { name: "Your post-mitigation radon test" }),
  ).toBeVisible();
  await expect(owner.getByRole("listitem").filter({ hasText: /^Radon detector/ })).toHaveCount(2);
  await fitsTheNarrowestPhone(owner);
  await owner.setViewportSize(phone.viewport);

  // staff record the result, and the home record shows before and after
  await staff.goto(quotePage);
  await hydrated(staff);
  await recordRadonResult(staff, {
    phase: "After mitigation",
    started: utahDay(),
    ended: utahDay(),
    level: "1.1",
  });
  await owner.goto("/account/properties");
  await hydrated(owner);
  await owner.getByRole("link", { name: `Record of ${address}` }).click();
  await expect(
    owner.getByText("Radon mitigation: before 9.8 pCi/L, after 1.1 pCi/L"),
  ).toBeVisible();
  await office.close();
  await home.close();
});
