/**
 * The homeowner's side of an estimate (issue 19) in a real browser: a guest's request, an estimate
 * built and sent by an admin through the back office, then the guest opens the mailed link,
 * downloads the PDF, chooses an option and signs: with the mouse, by keyboard alone with the
 * typed name, and with JavaScript off. axe and a 320 px screen on the way.
 */
import fs from "node:fs";
import type { Browser, Page } from "@playwright/test";
import { extractText, getDocumentProxy } from "unpdf";
import { validAnswers } from "../setup/forms";
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

test.describe.configure({ timeout: 240_000 });

/** A guest's radon request, posted as the form posts it; returns its email address. */
async function guestRequest(page: Page, label: string): Promise<string> {
  const email = uniqueEmail(label);
  const posted = await page.request.post("/quotes/radon-remediation", {
    form: { ...validAnswers.radon, email },
    maxRedirects: 0,
  });
  expect(posted.status(), await posted.text()).toBe(302);
  return email;
}

/**
 * The admin builds a two-option estimate from the price book on the request's page and sends it
 * (the builder of estimates-admin.spec.ts); returns the link mailed to the guest. With `stay`,
 * the admin's quote page is left open and handed to `stay` (closed when the test context ends).
 */
async function sendEstimate(
  browser: Browser,
  admin: Account,
  email: string,
  stay?: (adminPage: Page) => void,
): Promise<string> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await openAs(page, admin, `/admin/quotes?q=${encodeURIComponent(email)}`);
  await page.getByRole("table", { name: "Quote requests" }).getByRole("link").first().click();
  await expect(page.getByRole("heading", { name: /^Quote / })).toBeVisible();
  await hydrated(page);
  await sendSampleEstimate(page, [
    { name: "Passive system", item: "Passive radon vent system ($950.00 / Each)" },
    {
      name: "Active sub-slab system",
      item: "Active sub-slab depressurization system ($1,850.00 / Each)",
    },
  ]);
  if (stay) stay(page);
  else await context.close();
  const mail = await findMail(email, "Your estimate from");
  const link = mail.text.match(/https?:\/\/\S+\/estimates\/[A-Za-z0-9_-]{43}/)?.[0] ?? "";
  expect(link).not.toBe("");
  return link;
}

async function pdfTextOf(path: string): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(fs.readFileSync(path)));
  return (await extractText(pdf, { mergePages: true })).text;
}

/** Downloads the PDF behind the link named `name` and returns its text. */
async function downloadPdf(page: Page, name: string | RegExp): Promise<string> {
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^estimate-[0-9a-f]{8}-v1\.pdf$/);
  return pdfTextOf(await download.path());
}

/** The total of option `index` as the page shows it. */
async function optionTotal(page: Page, index: number): Promise<string> {
  const option = page.getByRole("region", { name: new RegExp(`^Option ${index}:`) });
  const total = option.locator("dt", { hasText: /^Total$/ }).locator("xpath=following-sibling::dd");
  return (await total.textContent()) ?? "";
}

async function noSidewaysScroll(page: Page) {
  const { extra, culprits } = await sidewaysScroll(page);
  expect(extra, culprits.join("; ")).toBe(0);
}

test("a guest opens the mailed link, downloads the PDF, chooses an option, signs with the mouse and accepts", async ({
  page,
  browser,
  admin,
}) => {
  const email = await guestRequest(page, "est.mouse");
  let adminPage: Page | undefined;
  const link = await sendEstimate(browser, admin, email, (open) => {
    adminPage = open;
  });
  if (!adminPage) throw new Error("the admin's quote page was not kept open");
  // the admin's page stays open on the request, its live stream connected
  await expect(adminPage.locator("html[data-live-updates=connected]")).toHaveCount(1);

  const response = await page.goto(link);
  expect(response?.status()).toBe(200);
  const headers = response?.headers() ?? {};
  expect(headers["referrer-policy"]).toBe("no-referrer");
  expect(headers["cache-control"]).toBe("private, no-store");
  expect(headers["x-robots-tag"]).toBe("noindex, nofollow");
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  await hydrated(page);
  await expectNoAxeViolations(page);

  const total = await optionTotal(page, 2);
  expect(total).toMatch(/^\$[\d,]+\.\d\d$/);
  expect(await downloadPdf(page, "Download this estimate (PDF)")).toContain(total);

  await page.getByRole("radio", { name: /^Option 2:/ }).check();
  await page
    .getByRole("checkbox", { name: "I agree to sign this estimate electronically" })
    .check();
  await page.getByRole("textbox", { name: "Your full name" }).fill("Dana Rivera");
  await drawSignature(page);
  await page.getByRole("button", { name: "Accept and sign" }).click();

  const accepted = page.getByRole("region", { name: "You accepted this estimate" });
  await expect(accepted).toBeVisible();
  await expect(accepted).toContainText(total);
  await expect(accepted).toContainText("Dana Rivera");
  await expect(accepted).toContainText(/M[SD]T/);
  await expect(accepted.getByRole("img", { name: "Signature of Dana Rivera" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Accept and sign" })).toHaveCount(0);

  // the admin's open page updates without a reload: the signed record and the drawn signature
  await expect(adminPage.getByRole("heading", { name: "Accepted and signed" })).toBeVisible();
  const signature = adminPage.getByRole("img", { name: "Signature drawn by Dana Rivera" });
  await expect(signature).toBeVisible();
  // visible is not loaded: the image comes from its own admin-only route
  await expect
    .poll(() => signature.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  await adminPage.context().close();
  await expectNoAxeViolations(page);
  const signed = await downloadPdf(page, "Download the signed estimate (PDF)");
  expect(signed).toContain("Signed electronically by Dana Rivera");
  expect(signed).toContain(total);

  // the same link again, as a second tab would open it: what was accepted, no form
  const second = await browser.newPage();
  await second.goto(link);
  await expect(second.getByRole("region", { name: "You accepted this estimate" })).toBeVisible();
  await second.close();
});

test("the same by keyboard alone, with the typed name as the signature, on a 320 px screen", async ({
  page,
  browser,
  admin,
}) => {
  const email = await guestRequest(page, "est.keys");
  const link = await sendEstimate(browser, admin, email);
  await page.setViewportSize({ width: 320, height: 800 });
  await page.goto(link);
  await hydrated(page);
  await noSidewaysScroll(page);
  const total = await optionTotal(page, 1);

  // from the option group on, every step is a key press
  const first = page.getByRole("radio", { name: /^Option 1:/ });
  await first.focus();
  await page.keyboard.press("Space");
  await expect(first).toBeChecked();
  await page.keyboard.press("Tab");
  await expect(
    page.getByRole("checkbox", { name: "I agree to sign this estimate electronically" }),
  ).toBeFocused();
  await page.keyboard.press("Space");
  await page.keyboard.press("Tab");
  await expect(page.getByRole("textbox", { name: "Your full name" })).toBeFocused();
  await page.keyboard.type("Dana Rivera");
  // the drawing pad is skipped: Clear signature, then the submit button
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Accept and sign" })).toBeFocused();
  await page.keyboard.press("Enter");

  const accepted = page.getByRole("region", { name: "You accepted this estimate" });
  await expect(accepted).toBeVisible();
  await expect(accepted).toContainText(total);
  await expect(accepted.getByRole("img")).toHaveCount(0);
  await noSidewaysScroll(page);
  await expectNoAxeViolations(page);
});

test("with JavaScript off: the page, the download and accepting with the typed name", async ({
  page,
  browser,
  admin,
}) => {
  const email = await guestRequest(page, "est.nojs");
  const link = await sendEstimate(browser, admin, email);
  const context = await browser.newContext({ javaScriptEnabled: false });
  const guest = await context.newPage();
  await guest.goto(link);
  // no drawing pad without scripts: the typed name signs
  await expect(guest.getByRole("img", { name: "Draw your signature (optional)" })).toHaveCount(0);
  const total = await optionTotal(guest, 2);
  expect(await downloadPdf(guest, "Download this estimate (PDF)")).toContain(total);

  // a missing consent is refused by the server, with the answers kept
  await guest.getByRole("radio", { name: /^Option 2:/ }).check();
  await guest.getByRole("textbox", { name: "Your full name" }).fill("Dana Rivera");
  await guest.getByRole("button", { name: "Accept and sign" }).click();
  await expect(guest.getByText("Tick the box to agree to sign electronically")).toBeVisible();
  await expect(guest.getByRole("textbox", { name: "Your full name" })).toHaveValue("Dana Rivera");

  await guest.getByRole("radio", { name: /^Option 2:/ }).check();
  await guest
    .getByRole("checkbox", { name: "I agree to sign this estimate electronically" })
    .check();
  await guest.getByRole("button", { name: "Accept and sign" }).click();
  const accepted = guest.getByRole("region", { name: "You accepted this estimate" });
  await expect(accepted).toBeVisible();
  await expect(accepted).toContainText(total);
  await expect(guest.getByText("Estimate accepted")).toBeVisible();
  await context.close();
});
