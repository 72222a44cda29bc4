/**
 * Files on a quote request in a browser (issue 21): a guest attaches two photos and a PDF to a
 * mold request, each with a visible progress bar while it uploads; a refused file says why; the
 * admin sees the photos and the report on the quote's page and opens them. Without JavaScript
 * the plain file field sends the files with the form.
 */
import type { Page } from "@playwright/test";
import { PDFDocument } from "pdf-lib";
import sharp from "sharp";
import { expect, openAs, test } from "./fixtures";
import { confirmationReference, fillContact, fillMold, hydrated, uniqueEmail } from "./helpers";

test.describe.configure({ timeout: 180_000 });

const photo = async (name: string, r: number) => ({
  name,
  mimeType: "image/jpeg",
  buffer: await sharp({
    create: { width: 1600, height: 1200, channels: 3, background: { r, g: 110, b: 180 } },
  })
    .jpeg()
    .toBuffer(),
});

async function report(name: string) {
  const doc = await PDFDocument.create();
  doc.addPage([300, 300]).drawText("Spore count", { x: 20, y: 150 });
  return { name, mimeType: "application/pdf", buffer: Buffer.from(await doc.save()) };
}

async function adminSeesFiles(page: Page, admin: Parameters<typeof openAs>[1], email: string) {
  await openAs(page, admin, `/admin/quotes?q=${encodeURIComponent(email)}`);
  await page.getByRole("table", { name: "Quote requests" }).getByRole("link").first().click();
  await expect(page.getByRole("heading", { name: "Photos and lab reports" })).toBeVisible();
  const photos = page.getByRole("list", { name: "Photos", exact: true });
  await expect(photos.getByRole("img")).toHaveCount(2);
  for (const image of await photos.getByRole("img").all()) {
    // thumbnails load lazily: in view, as a person scrolls to them, the thumbnail loaded (a
    // broken image has no natural width)
    await image.scrollIntoViewIfNeeded();
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
  }
  const reports = page.getByRole("list", { name: "Lab reports", exact: true });
  const link = reports.getByRole("link", { name: "spores.pdf" });
  await expect(link).toBeVisible();
  const response = await page.request.get((await link.getAttribute("href")) as string);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("application/pdf");
  expect(response.headers()["cache-control"]).toBe("private, no-store");
}

test("a guest attaches two photos and a PDF to a mold request with a progress bar; the admin sees them", async ({
  page,
  browser,
  admin,
}) => {
  const email = uniqueEmail("files.guest");
  await page.goto("/quotes/mold-remediation");
  await hydrated(page);
  await fillMold(page);
  await fillContact(page, email);

  // hold each upload until its progress bar has been seen
  const held: (() => void)[] = [];
  await page.route("**/quotes/uploads", async (route) => {
    await new Promise<void>((release) => held.push(release));
    await route.continue();
  });
  await page
    .getByLabel("Photos", { exact: true })
    .setInputFiles([await photo("porch.jpg", 30), await photo("attic.jpg", 200)]);
  await expect(page.getByRole("progressbar", { name: "Uploading porch.jpg" })).toBeVisible();
  await expect(page.getByRole("progressbar", { name: "Uploading attic.jpg" })).toBeVisible();
  // a submit now waits for the uploads
  await page.getByRole("button", { name: "Request Free Quote" }).click();
  await expect(page).toHaveURL(/\/quotes\/mold-remediation$/);
  await expect.poll(() => held.length).toBe(2);
  for (const release of held.splice(0)) release();
  await expect(page.getByRole("progressbar")).toHaveCount(0);
  await expect(page.getByText("Attached")).toHaveCount(2);
  await page.unroute("**/quotes/uploads");

  // a script named like a PDF is refused, by content, with its reason beside the field
  await page.getByLabel("Lab reports", { exact: true }).setInputFiles({
    name: "results.pdf",
    mimeType: "application/pdf",
    buffer: Buffer.from("#!/bin/sh\necho not a pdf\n"),
  });
  await expect(page.getByText("results.pdf is not a PDF file.")).toBeVisible();
  await page.getByRole("button", { name: "Remove results.pdf" }).click();
  await page.getByLabel("Lab reports", { exact: true }).setInputFiles(await report("spores.pdf"));
  await expect(page.getByText("Attached")).toHaveCount(3);

  await page.getByRole("button", { name: "Request Free Quote" }).click();
  await confirmationReference(page);

  const adminPage = await (await browser.newContext()).newPage();
  await adminSeesFiles(adminPage, admin, email);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the plain file fields send the photos and the PDF with the form", async ({
    page,
    browser,
    admin,
  }) => {
    const email = uniqueEmail("files.nojs");
    await page.goto("/quotes/mold-remediation");
    await fillMold(page);
    await fillContact(page, email);
    await page
      .getByLabel("Photos", { exact: true })
      .setInputFiles([await photo("a.jpg", 10), await photo("b.jpg", 90)]);
    await page.getByLabel("Lab reports", { exact: true }).setInputFiles(await report("spores.pdf"));
    await page.getByRole("button", { name: "Request Free Quote" }).click();
    await confirmationReference(page);
    const adminPage = await (await browser.newContext({ javaScriptEnabled: true })).newPage();
    await adminSeesFiles(adminPage, admin, email);
  });
});
