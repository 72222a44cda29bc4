/**
 * The home health record in a browser (issue 21 points 4 and 5): staff record a pre- and a
 * post-mitigation radon result with its lab report on the admin quote page; the customer sees the
 * chart and the table on /account/properties/{id} and makes a share link; the link opened in
 * another browser context shows the record without the customer's name or email, and stops
 * working once revoked. axe finds nothing on the new pages.
 */
import type { Page } from "@playwright/test";
import { PDFDocument } from "pdf-lib";
import { expect, openAs, signInAs, test } from "./fixtures";
import {
  confirmationReference,
  expectNoAxeViolations,
  fillRadon,
  hydrated,
  sidewaysScroll,
} from "./helpers";

/** 320 CSS px wide (WCAG 1.4.10): the page does not scroll sideways (wide tables scroll in their box). */
async function fitsNarrowScreen(page: Page) {
  const size = page.viewportSize();
  await page.setViewportSize({ width: 320, height: 800 });
  const { extra, culprits } = await sidewaysScroll(page);
  expect(extra, culprits.join(" | ")).toBe(0);
  if (size) await page.setViewportSize(size);
}

/**
 * At `width` CSS px (a phone, a laptop) the radon table's report link is in view without
 * scrolling the table's box sideways, reads on one or two lines (never a letter per line), and
 * no row is absurdly tall.
 */
async function reportInView(page: Page, width: number, reportName: string) {
  const size = page.viewportSize();
  await page.setViewportSize({ width, height: 900 });
  const box = page.getByRole("region", { name: "Radon results" });
  const link = box.getByRole("link", { name: reportName });
  await expect(link).toBeVisible();
  const measured = await box.evaluate((region, name) => {
    const anchor = [...region.querySelectorAll("a")].find((a) => a.textContent === name);
    const boxRect = region.getBoundingClientRect();
    const linkRect = anchor?.getBoundingClientRect();
    return {
      hiddenSideways: region.scrollWidth - region.clientWidth,
      linkRight: linkRect ? linkRect.right - boxRect.right : Number.NaN,
      linkHeight: linkRect?.height ?? Number.NaN,
      lineHeight: anchor ? Number.parseFloat(getComputedStyle(anchor).lineHeight) : Number.NaN,
      rowHeights: [...region.querySelectorAll("tbody tr")].map(
        (row) => row.getBoundingClientRect().height,
      ),
    };
  }, reportName);
  expect(measured.hiddenSideways, `${width}px: the table box scrolls sideways`).toBe(0);
  expect(measured.linkRight, `${width}px: the report link is past the box`).toBeLessThanOrEqual(0);
  expect(measured.linkHeight, `${width}px: the report link wraps`).toBeLessThanOrEqual(
    2 * measured.lineHeight + 1,
  );
  // a laptop shows a row as one table row; a phone stacks its seven cells as lines
  const tallest = width >= 640 ? 120 : 240;
  for (const height of measured.rowHeights) expect(height).toBeLessThanOrEqual(tallest);
  if (size) await page.setViewportSize(size);
}

test.describe.configure({ timeout: 240_000 });

async function report(name: string) {
  const doc = await PDFDocument.create();
  doc.addPage([300, 300]).drawText("Radon 8.2 pCi/L", { x: 20, y: 150 });
  return { name, mimeType: "application/pdf", buffer: Buffer.from(await doc.save()) };
}

test("staff record radon before and after mitigation; the owner sees chart and table and shares the record until revoked", async ({
  page,
  browser,
  admin,
  newCustomer,
}) => {
  const customer = await newCustomer({ fullName: "Rhea Radon", label: "records.owner" });
  await signInAs(page, customer);

  // the customer's property and a radon request for it
  await page.goto("/account/properties");
  await hydrated(page);
  await page.getByRole("button", { name: "Add Property" }).click();
  const dialog = page.getByRole("dialog", { name: "Add New Property" });
  await dialog.getByLabel("Address").fill("77 Quarry Lane");
  await dialog.getByLabel("City").fill("Sandy");
  await dialog.getByLabel("ZIP Code").fill("84070");
  await dialog.getByRole("button", { name: "Add Property" }).click();
  await expect(page.getByText("Your property has been successfully added")).toBeVisible();
  await page.goto("/quotes/radon-remediation");
  await hydrated(page);
  await page
    .getByLabel("Property", { exact: true })
    .selectOption({ label: "77 Quarry Lane, Sandy, UT 84070" });
  await fillRadon(page);
  await page.getByRole("textbox", { name: "Phone" }).fill("801-555-0166");
  await page.getByRole("button", { name: "Request Free Quote" }).click();
  await confirmationReference(page);

  // staff record the results on the quote's admin page
  const staff = await (await browser.newContext()).newPage();
  await openAs(staff, admin, `/admin/quotes?q=${encodeURIComponent(customer.email)}`);
  await staff.getByRole("table", { name: "Quote requests" }).getByRole("link").first().click();
  await expect(staff.getByRole("heading", { name: "Test results" })).toBeVisible();
  const radonForm = staff.getByRole("form", { name: "Radon result" });
  const record = async (values: {
    test: string;
    phase: string;
    started: string;
    ended: string;
    level: string;
    lab: string;
  }) => {
    await radonForm
      .getByRole("combobox", { name: "Test", exact: true })
      .selectOption({ label: values.test });
    await radonForm.getByLabel("Before or after mitigation").selectOption({ label: values.phase });
    await radonForm.getByLabel("Test started").fill(values.started);
    await radonForm.getByLabel("Test ended").fill(values.ended);
    await radonForm.getByLabel("Result (pCi/L)").fill(values.level);
    await radonForm.getByLabel("Device or lab").fill(values.lab);
  };
  // a refused result says why beside the field
  await record({
    test: "Short-term test (2 to 90 days)",
    phase: "Before mitigation",
    started: "2026-09-01",
    ended: "2026-09-04",
    level: "8,2",
    lab: "Radon Lab of Utah",
  });
  await radonForm.getByRole("button", { name: "Save radon result" }).click();
  await expect(
    staff.getByRole("form", { name: "Radon result" }).getByText("Enter the result in pCi/L"),
  ).toBeVisible();
  await record({
    test: "Short-term test (2 to 90 days)",
    phase: "Before mitigation",
    started: "2026-09-01",
    ended: "2026-09-04",
    level: "8.2",
    lab: "Radon Lab of Utah",
  });
  await radonForm
    .getByLabel("Lab report (PDF, optional)")
    .setInputFiles(await report("before.pdf"));
  await radonForm.getByRole("button", { name: "Save radon result" }).click();
  await expect(staff.getByText("Radon result saved")).toBeVisible();
  await record({
    test: "Continuous monitor",
    phase: "After mitigation",
    started: "2026-10-10",
    ended: "2026-10-13",
    level: "1.4",
    lab: "Airthings View Plus",
  });
  await radonForm.getByLabel("Lab report (PDF, optional)").setInputFiles(await report("after.pdf"));
  await radonForm.getByRole("button", { name: "Save radon result" }).click();
  await expect(staff.getByRole("table").filter({ hasText: "1.4 pCi/L" })).toBeVisible();
  // the reports are among the quote's files too
  await expect(
    staff.getByRole("list", { name: "Lab reports", exact: true }).getByRole("link"),
  ).toHaveCount(2);
  await expectNoAxeViolations(staff);

  // the owner's record: table and chart with the 4 and 2 pCi/L lines
  await page.goto("/account/properties");
  await hydrated(page);
  await page.getByRole("link", { name: "Record of 77 Quarry Lane" }).click();
  await expect(page.getByRole("heading", { name: "Record of 77 Quarry Lane" })).toBeVisible();
  const table = page.getByRole("region", { name: "Radon results" });
  await expect(table.getByRole("row")).toHaveCount(3);
  await expect(table.getByRole("row").nth(1)).toContainText("8.2 pCi/L");
  await expect(table.getByRole("row").nth(1)).toContainText("Over the level");
  await expect(table.getByRole("row").nth(2)).toContainText("1.4 pCi/L");
  await expect(table.getByRole("row").nth(2)).toContainText("After mitigation");
  const chart = page.getByRole("img", { name: /Chart of the radon results/ });
  await expect(chart).toBeVisible();
  await expect(chart.getByText("4 pCi/L: fix")).toBeVisible();
  await expect(chart.getByText("2 pCi/L: consider")).toBeVisible();
  const reportLink = table.getByRole("link", { name: "before.pdf" });
  const download = await page.request.get((await reportLink.getAttribute("href")) as string);
  expect(download.headers()["content-type"]).toBe("application/pdf");
  await expectNoAxeViolations(page);
  await fitsNarrowScreen(page);
  await reportInView(page, 375, "before.pdf");
  await reportInView(page, 1280, "before.pdf");

  // a share link for 30 days
  await page.getByLabel("Link works for").selectOption({ label: "30 days" });
  await page.getByRole("button", { name: "Create share link" }).click();
  const shareUrl = await page.getByLabel("Share link", { exact: true }).inputValue();
  expect(shareUrl).toMatch(/\/records\/[A-Za-z0-9_-]{43}$/);
  await expect(
    page.getByRole("list", { name: "Live share links" }).getByRole("listitem"),
  ).toHaveCount(1);

  // another browser (a buyer): the record without the owner's name or email
  const buyerContext = await browser.newContext();
  const buyer = await buyerContext.newPage();
  const opened = await buyer.goto(shareUrl);
  expect(opened?.status()).toBe(200);
  expect(opened?.headers()["cache-control"]).toBe("private, no-store");
  expect(opened?.headers()["referrer-policy"]).toBe("no-referrer");
  expect(opened?.headers()["x-robots-tag"]).toBe("noindex, nofollow");
  await hydrated(buyer);
  await expect(buyer.getByRole("heading", { name: "Home health record" })).toBeVisible();
  await expect(buyer.getByText("77 Quarry Lane, Sandy, UT 84070")).toBeVisible();
  await expect(buyer.getByRole("region", { name: "Radon results" })).toContainText("8.2 pCi/L");
  const html = await buyer.content();
  expect(html).not.toContain("Rhea");
  expect(html).not.toContain(customer.email);
  expect(html).not.toContain("801-555-0166");
  const sharedReport = await buyer.request.get(
    (await buyer.getByRole("link", { name: "after.pdf" }).getAttribute("href")) as string,
  );
  expect(sharedReport.status()).toBe(200);
  await expectNoAxeViolations(buyer);
  await fitsNarrowScreen(buyer);

  // revoked: the link and its files stop working
  await page.getByRole("button", { name: /^Revoke the link/ }).click();
  await expect(page.getByText("Share link revoked")).toBeVisible();
  await expect(page.getByText("No share link is live.")).toBeVisible();
  const gone = await buyer.goto(shareUrl);
  expect(gone?.status()).toBe(404);
  await expect(buyer.getByRole("heading", { name: "Record link not found" })).toBeVisible();
  await buyerContext.close();
});
