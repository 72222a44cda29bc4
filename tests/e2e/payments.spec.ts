/**
 * Getting paid in a real browser, against the local Stripe-compatible server the config starts
 * (tests/e2e/stripe-server.ts, the app's STRIPE_API_URL): a guest accepts an estimate asking a
 * 50 % deposit, reaches 'Pay' by keyboard on the mailed invoice, pays on the hosted page, sees
 * 'Payment received' and the invoice paid, and gets the receipt by mail. Staff complete the job,
 * which makes the final invoice for the balance; the homeowner pays part of it online and closes
 * the tab before coming back (Stripe's webhook alone records it), then the rest; staff refund part of the online payment (Stripe's Refunds API) and record a check. axe on
 * the invoice pages and /admin/invoices, and a 320 px screen.
 */
import type { Browser, Page } from "@playwright/test";
import sharp from "sharp";
import { STRIPE_PORT } from "../../playwright.config";
import { validAnswers } from "../setup/forms";
import { type Account, expect, openAs, test } from "./fixtures";
import { expectNoAxeViolations, findMail, hydrated, sidewaysScroll, uniqueEmail } from "./helpers";

test.describe.configure({ timeout: 240_000 });

/** Stripe's hosted payment page (the local server's). */
const hostedPage = new RegExp(`^http://127\\.0\\.0\\.1:${STRIPE_PORT}/pay/cs_test_`);

const jpeg = (background: string) =>
  sharp({ create: { width: 32, height: 24, channels: 3, background } })
    .jpeg()
    .toBuffer();

/**
 * On a mold job's page, in progress: the least S520 record completion asks (one area with its
 * before and after photos, the disclosure that the check was not independent), then 'Complete job'.
 */
async function completeMoldJob(page: Page) {
  const area = page.getByRole("group", { name: "Area 1" });
  await area.getByLabel("Room").fill("Bathroom");
  for (const [label, color] of [
    ["Before photo", "#553322"],
    ["After photo", "#eeeeee"],
  ] as const) {
    await area
      .getByLabel(label)
      .setInputFiles({ name: "photo.jpg", mimeType: "image/jpeg", buffer: await jpeg(color) });
  }
  await page.getByRole("radio", { name: "Not independent (written disclosure)" }).check();
  await page
    .getByLabel(/^Written disclosure that it was not independent/)
    .fill("Our own technician checked the bathroom; no independent assessor was hired.");
  await page.getByRole("button", { name: "Save record" }).click();
  await expect(page.getByText("Record saved")).toBeVisible();
  await page.getByRole("button", { name: "Complete job" }).click();
  await expect(page.getByText("Job completed")).toBeVisible();
}

/** The admin asks a 50 % deposit on mold work (no other spec accepts a mold estimate). */
async function askMoldDeposit(page: Page, admin: Account) {
  await openAs(page, admin, "/admin/settings");
  await page.getByLabel("Mold Remediation deposit (%)").fill("50");
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByText("New acceptances ask for these deposits.")).toBeVisible();
}

/** The admin prices the request of `email` with one price book line and sends the estimate. */
async function sendMoldEstimate(browser: Browser, admin: Account, email: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await askMoldDeposit(page, admin);
  await page.goto(`/admin/quotes?q=${encodeURIComponent(email)}`);
  await page.getByRole("table", { name: "Quote requests" }).getByRole("link").first().click();
  await expect(page.getByRole("heading", { name: /^Quote / })).toBeVisible();
  await hydrated(page);
  const builder = page.getByRole("form", { name: "Estimate builder" });
  await builder.getByLabel("Option 1 name").fill("Bathroom remediation");
  const item = builder
    .getByRole("group", { name: "Option 1, line 1" })
    .getByLabel("Price book item");
  const label = await item
    .locator("option", { hasText: "Mold inspection with air sampling" })
    .textContent();
  await item.selectOption({ label: label ?? "" });
  await builder.getByRole("button", { name: "Save draft" }).click();
  const draft = page.getByRole("region", { name: /^Draft version 1 \(not sent\)/ });
  await expect(draft).toBeVisible();
  await builder.getByLabel("Send anyway, with the sample prices").check();
  await builder.getByRole("button", { name: "Send" }).click();
  await expect(draft).toHaveCount(0);
  await context.close();
  const mail = await findMail(email, "Your estimate from");
  const link = mail.text.match(/https?:\/\/\S+\/estimates\/[A-Za-z0-9_-]{43}/)?.[0] ?? "";
  expect(link).not.toBe("");
  return link;
}

test("a 50% deposit: accepted, paid on the hosted page by keyboard, shown paid with its receipt mailed; the completed job's final invoice paid online in two parts, partly refunded and settled by check", async ({
  page,
  browser,
  admin,
}) => {
  const email = uniqueEmail("pay.deposit");
  const answers = new URLSearchParams();
  for (const [key, value] of Object.entries({ ...validAnswers.mold, email })) {
    for (const one of Array.isArray(value) ? value : [value]) answers.append(key, String(one));
  }
  const posted = await page.request.post("/quotes/mold-remediation", {
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    data: answers.toString(),
    maxRedirects: 0,
  });
  expect(posted.status(), await posted.text()).toBe(302);
  const estimate = await sendMoldEstimate(browser, admin, email);

  await page.goto(estimate);
  await page.getByRole("radio", { name: /^Bathroom remediation, \$/ }).check();
  await page
    .getByRole("checkbox", { name: "I agree to sign this estimate electronically" })
    .check();
  await page.getByRole("textbox", { name: "Your full name" }).fill("Dana Rivera");
  await page.getByRole("button", { name: "Accept and sign" }).click();
  await expect(page.getByRole("region", { name: "You accepted this estimate" })).toBeVisible();

  // the deposit invoice is mailed with its private link
  const sent = await findMail(email, "Invoice INV-");
  const number = /INV-\d{4}-\d{4}/.exec(sent.subject)?.[0] as string;
  const link = sent.text.match(/https?:\/\/\S+\/invoices\/[A-Za-z0-9_-]{43}/)?.[0] ?? "";
  expect(link).not.toBe("");

  await page.setViewportSize({ width: 320, height: 800 });
  const response = await page.goto(link);
  expect(response?.headers()["cache-control"]).toBe("private, no-store");
  await hydrated(page);
  await expect(page.getByRole("heading", { name: `Invoice ${number}` })).toBeVisible();
  await expect(page.getByText("Deposit: 50% of Bathroom remediation")).toBeVisible();
  const { extra, culprits } = await sidewaysScroll(page);
  expect(extra, culprits.join("; ")).toBe(0);
  await expectNoAxeViolations(page);

  // by keyboard: from the amount (the balance by default) to 'Pay', and Enter
  const amount = page.getByRole("textbox", { name: /Amount to pay/ });
  await amount.focus();
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Pay", exact: true })).toBeFocused();
  await page.keyboard.press("Enter");

  // Stripe's hosted page (the local one): card, Pay
  await page.waitForURL(hostedPage);
  await expect(page.getByText(number)).toBeVisible();
  await page.getByRole("button", { name: "Pay" }).click();

  await expect(page).toHaveURL(/\/invoices\/[A-Za-z0-9_-]{43}\/return\?session_id=cs_test_/);
  await expect(page.getByRole("heading", { name: "Payment received" })).toBeVisible();
  await page.getByRole("link", { name: `Back to invoice ${number}` }).click();
  await expect(page.getByText("This invoice is paid. Thank you.")).toBeVisible();
  await expect(page.getByText("Paid", { exact: true }).first()).toBeVisible();
  await expect(page.getByRole("link", { name: "Receipt (PDF)" })).toBeVisible();
  const receipt = await findMail(email, `received on invoice ${number}`);
  expect(receipt.subject).toMatch(/^Receipt: \$[\d,]+\.\d\d received on invoice/);

  // staff complete the job (status, then the S520 record's least): completing makes the final invoice
  await page.setViewportSize({ width: 1280, height: 900 });
  await openAs(page, admin, `/admin/quotes?q=${encodeURIComponent(email)}`);
  await page.getByRole("table", { name: "Quote requests" }).getByRole("link").first().click();
  await expect(page.getByRole("heading", { name: /^Quote / })).toBeVisible();
  const quotePage = page.url();
  await page.getByRole("link", { name: /^Job J-/ }).click();
  await expect(page.getByRole("heading", { name: /^Job J-/ })).toBeVisible();
  await hydrated(page);
  for (const status of ["Scheduled", "In progress"]) {
    await page.getByLabel("New status").selectOption({ label: status });
    await page.getByRole("button", { name: "Change status" }).click();
    await expect(
      page.getByLabel("New status").locator("option", { hasText: new RegExp(`^${status}$`) }),
    ).toHaveCount(0);
  }
  await completeMoldJob(page);

  // the final invoice (the balance after the deposit), sent by staff
  await page.goto(quotePage);
  const final = page.getByRole("region", { name: /\(Final\)$/ });
  await expect(final).toContainText("Total $197.50, paid $0.00, balance $197.50");
  const finalNumber = /INV-\d{4}-\d{4}/.exec(
    (await final.getByRole("heading").textContent()) ?? "",
  )?.[0] as string;
  await final.getByRole("button", { name: "Send" }).click();
  await expect(final.getByText("Sent", { exact: true })).toBeVisible();

  // the homeowner pays part of it online and closes the tab before Stripe sends them back: only
  // Stripe's webhook tells the site, and the invoice shows it
  const finalMail = await findMail(email, `Invoice ${finalNumber}`);
  const finalLink = finalMail.text.match(/https?:\/\/\S+\/invoices\/[A-Za-z0-9_-]{43}/)?.[0] ?? "";
  await page.goto(finalLink);
  await hydrated(page);
  await page.getByRole("textbox", { name: /Amount to pay/ }).fill("100.00");
  await page.getByRole("button", { name: "Pay", exact: true }).click();
  await page.waitForURL(hostedPage);
  // Stripe's page takes the card (its form's post) and would send the payer back: nobody follows
  const paid = await page.request.post(page.url(), { form: { method: "card" }, maxRedirects: 0 });
  expect(paid.status()).toBe(303);
  await page.goto(finalLink);
  await expect(page.getByText("Partly paid", { exact: true })).toBeVisible();
  await expect(page.getByText("$97.50").first()).toBeVisible();
  // then the rest, coming back through the return page
  await hydrated(page);
  await page.getByRole("button", { name: "Pay", exact: true }).click();
  await page.waitForURL(hostedPage);
  await page.getByRole("button", { name: "Pay" }).click();
  await expect(page.getByRole("heading", { name: "Payment received" })).toBeVisible();
  await expect(
    page.getByText("Paid so far: $197.50; balance due: $0.00.", { exact: false }),
  ).toBeVisible();
  await page.getByRole("link", { name: `Back to invoice ${finalNumber}` }).click();
  await expect(page.getByText("This invoice is paid. Thank you.", { exact: true })).toBeVisible();

  // staff refund $25.00 of the first online payment through Stripe, then record a check for it
  await page.goto(quotePage);
  const online = final.getByRole("listitem").filter({ hasText: "Card (online), $100.00" });
  // each payment's refund fields name that payment
  await online.getByLabel(/^Refund of Card \(online\), \$100\.00 of .+ \(USD\)$/).fill("25.00");
  await online.getByLabel(/^Reason for refunding Card \(online\), \$100\.00 of /).fill("Goodwill");
  await online.getByRole("button", { name: "Refund" }).click();
  await expect(final.getByText(/\$100\.00 \(Received\), refunded \$25\.00$/)).toBeVisible();
  await expect(final.getByText("Partly paid", { exact: true })).toBeVisible();
  await expect(
    page.getByText(`Refund of $25.00 on ${finalNumber} (Card (online)): Goodwill`),
  ).toBeVisible();
  await final.getByLabel("Method").selectOption({ label: "Check" });
  await final.getByLabel("Amount (USD)").fill("25.00");
  await final.getByLabel("Received on").fill("2026-12-01");
  await final.getByLabel("Reference").fill("5150");
  await final.getByRole("button", { name: /^Record payment on INV-/ }).click();
  await expect(final.getByText(/Check, \$25\.00 \(Received\)/)).toBeVisible();
  await expect(final.getByText("Paid", { exact: true })).toBeVisible();
  await page.goto(finalLink);
  await expect(page.getByText("Refunded $25.00")).toBeVisible();
  await expect(page.getByText("This invoice is paid. Thank you.")).toBeVisible();
  await expectNoAxeViolations(page);

  await page.goto(`/admin/invoices?q=${encodeURIComponent(number)}`);
  await expect(page.getByRole("heading", { name: "Invoices", exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: number })).toBeVisible();
  await expectNoAxeViolations(page);
});
