/**
 * The staff's side of estimates in a browser: the price book page, and an admin building a
 * two-option estimate from the price book on a quote's page and sending it (the requester gets
 * the mail with the link). Both pages pass axe and do not scroll sideways at 320 px.
 */
import type { Page } from "@playwright/test";
import { validAnswers } from "../setup/forms";
import { expect, openAs, signInAs, test } from "./fixtures";
import { expectNoAxeViolations, findMail, hydrated, sidewaysScroll, uniqueEmail } from "./helpers";

test.describe.configure({ timeout: 300_000 });

/** A guest's radon request from `email`. */
async function radonRequest(page: Page, email: string) {
  const posted = await page.request.post("/quotes/radon-remediation", {
    form: { ...validAnswers.radon, email },
    maxRedirects: 0,
  });
  expect(posted.status(), await posted.text()).toBe(302);
}

async function noSidewaysScrollAt320(page: Page) {
  await page.setViewportSize({ width: 320, height: 800 });
  await page.reload();
  await hydrated(page);
  const { extra, culprits } = await sidewaysScroll(page);
  expect(extra, culprits.join("; ")).toBe(0);
  await page.setViewportSize({ width: 1280, height: 800 });
}

test("the price book lists the sample items per service and passes axe", async ({
  page,
  admin,
}) => {
  await openAs(page, admin, "/admin/price-book");
  await expect(page.getByRole("heading", { name: "Price book", level: 2 })).toBeVisible();
  const radon = page.getByRole("region", { name: "Radon Remediation" });
  await expect(radon.getByText("Passive radon vent system", { exact: true })).toBeVisible();
  await expect(radon.getByText("$950.00 per each").first()).toBeVisible();
  await expect(
    page.getByRole("navigation", { name: "Admin Panel" }).getByRole("link", { name: "Price book" }),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  await noSidewaysScrollAt320(page);

  // with JavaScript the page is not reloaded after an add: the form still starts empty, so a
  // second click cannot add the same item twice (a new item: other tests read the sample prices)
  await hydrated(page);
  const name = `Dehumidifier rental ${Date.now()}`;
  const add = page.locator("#add-item");
  await add.getByLabel("Service").selectOption({ label: "Mold Remediation" });
  await add.getByLabel("Name").fill(name);
  await add.getByLabel("Unit price ($)").fill("85");
  await add.getByRole("button", { name: "Add item" }).click();
  await expect(page.getByText(`${name} was added.`)).toBeVisible();
  // the price book's entry is the list item with the item's own buttons (a toast names it too)
  const entry = page
    .getByRole("listitem")
    .filter({ has: page.getByRole("button", { name: new RegExp(`^(Retire|Restore) ${name}$`) }) });
  await expect(entry).toHaveCount(1);
  await expect(add.getByLabel("Name")).toHaveValue("");
  await expect(add.getByLabel("Unit price ($)")).toHaveValue("");
  await expect(add.getByLabel("Service")).toHaveValue("");
  await entry.getByRole("button", { name: `Retire ${name}` }).click();
  await expect(entry).toContainText("Retired");
});

test("an admin builds a two-option estimate from the price book and sends it", async ({
  page,
  admin,
}) => {
  const email = uniqueEmail("estimate.guest");
  await radonRequest(page, email);
  await openAs(page, admin, `/admin/quotes?q=${encodeURIComponent(email)}`);
  await page.getByRole("table", { name: "Quote requests" }).getByRole("link").first().click();
  await expect(page.getByRole("heading", { name: /^Quote / })).toBeVisible();
  const builder = page.getByRole("form", { name: "Estimate builder" });

  await builder.getByLabel("Option 1 name").fill("Passive system");
  await builder
    .getByRole("group", { name: "Option 1, line 1" })
    .getByLabel("Price book item")
    .selectOption({ label: "Passive radon vent system ($950.00 / Each)" });
  await builder.getByLabel("Option 2 name").fill("Active sub-slab system");
  await builder
    .getByRole("group", { name: "Option 2, line 1" })
    .getByLabel("Price book item")
    .selectOption({ label: "Active sub-slab depressurization system ($1,850.00 / Each)" });
  const typed = builder.getByRole("group", { name: "Option 2, line 2" });
  await typed.getByLabel("Name").fill("Crack sealing");
  await typed.getByLabel("Quantity").fill("2");
  await typed.getByLabel("Unit", { exact: true }).selectOption({ label: "Hour" });
  await typed.getByLabel("Unit price ($)").fill("95");

  // Save first: the server's totals show
  await builder.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByText("Draft saved")).toBeVisible();
  const draft = page.getByRole("region", { name: /^Draft version 1/ });
  await expect(draft.getByRole("region", { name: "Option 1: Passive system" })).toContainText(
    "$950.00",
  );
  await expect(
    draft.getByRole("region", { name: "Option 2: Active sub-slab system" }),
  ).toContainText("$2,040.00");
  await expectNoAxeViolations(page);
  await noSidewaysScrollAt320(page);

  // its lines come from the sample price book: Send asks to confirm
  const sendAnyway = builder.getByLabel("Send anyway, with the sample prices");
  await expect(sendAnyway).toHaveAccessibleDescription(
    /^Sample prices: Option 1, line 1: Passive radon vent system; Option 2, line 1: Active sub-slab/,
  );
  await expectNoAxeViolations(page);
  await sendAnyway.check();
  await builder.getByRole("button", { name: "Send" }).click();
  await expect(page.getByText("Estimate v1 sent")).toBeVisible();
  await expect(page.getByText(/^Version 1, sent .+ (MST|MDT)$/)).toBeVisible();
  const mail = await findMail(email, "Your estimate from");
  expect(mail.text).toMatch(/\/estimates\/[A-Za-z0-9_-]{43}/);
  expect(mail.text).toContain("$2,040.00");
  // the record of the sent version (its hash, times) passes too
  await expectNoAxeViolations(page);
  await noSidewaysScrollAt320(page);

  // the quotes list shows the estimate as sent
  await page.goto(`/admin/quotes?q=${encodeURIComponent(email)}&estimate=sent`);
  await expect(page.getByRole("table", { name: "Quote requests" }).getByText("Sent")).toBeVisible();
});

test("without JavaScript, the builder saves a draft and shows its messages, and the price book edits", async ({
  browser,
  admin,
}) => {
  const email = uniqueEmail("estimate.nojs");
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await radonRequest(page, email);
  await signInAs(context, admin);
  await page.goto(`/admin/quotes?q=${encodeURIComponent(email)}`);
  await page.getByRole("table", { name: "Quote requests" }).getByRole("link").first().click();
  const builder = page.getByRole("form", { name: "Estimate builder" });
  await builder.getByLabel("Option 1 name").fill("Test only");
  const line = builder.getByRole("group", { name: "Option 1, line 1" });
  await line.getByLabel("Name").fill("Radon test");
  await builder.getByRole("button", { name: "Save draft" }).click();
  // the message names the field, which keeps what was typed
  await expect(page.getByRole("alert").filter({ hasText: "Please correct" })).toContainText(
    "Option 1, line 1, unit price: Enter a price",
  );
  await expect(line.getByLabel("Name")).toHaveValue("Radon test");
  await line.getByLabel("Unit price ($)").fill("175");
  await builder.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByText("Draft saved")).toBeVisible();
  await expect(
    page
      .getByRole("region", { name: /^Draft version 1/ })
      .getByText("$175.00")
      .first(),
  ).toBeVisible();

  // the price book's add and edit forms (a new item: other tests read the sample prices)
  const name = `Moisture survey ${email.split("@")[0]}`;
  await page.goto("/admin/price-book");
  const add = page.locator("#add-item");
  await add.getByLabel("Service").selectOption({ label: "Mold Remediation" });
  await add.getByLabel("Name").fill(name);
  await add.getByLabel("Unit price ($)").fill("12.345");
  await add.getByRole("button", { name: "Add item" }).click();
  await expect(
    page.locator("#add-item").getByText("Enter an amount in dollars and cents"),
  ).toBeVisible();
  await page.locator("#add-item").getByLabel("Unit price ($)").fill("180");
  await page.locator("#add-item").getByRole("button", { name: "Add item" }).click();
  await expect(page.getByText(`${name} was added.`)).toBeVisible();
  await page.getByRole("link", { name: `Edit ${name}` }).click();
  const edit = page.locator("#edit-item");
  await edit.getByLabel("Unit price ($)").fill("");
  await edit.getByRole("button", { name: "Save item" }).click();
  await expect(page.locator("#edit-item").getByText("Enter a price")).toBeVisible();
  await page.locator("#edit-item").getByLabel("Unit price ($)").fill("195.50");
  await page.locator("#edit-item").getByRole("button", { name: "Save item" }).click();
  await expect(page.getByText(`${name} was saved.`)).toBeVisible();
  const row = page.getByRole("listitem").filter({ hasText: name });
  await expect(row).toContainText("$195.50 per each");
  await row.getByRole("button", { name: `Retire ${name}` }).click();
  await expect(page.getByRole("listitem").filter({ hasText: name })).toContainText("Retired");
  await context.close();
});
