import { expect, type Page, test } from "@playwright/test";
import {
  confirmationReference,
  contact,
  expectNoAxeViolations,
  fillContact,
  fillMold,
  fillRadon,
  fillWater,
  findMail,
  hydrated,
  sentMail,
  signUpAndVerify,
  uniqueEmail,
} from "./helpers";

const forms: { slug: string; title: string; fill: (page: Page) => Promise<void> }[] = [
  { slug: "water-filtration-remediation", title: "Water Filtration Assessment", fill: fillWater },
  { slug: "mold-remediation", title: "Mold Assessment Request", fill: fillMold },
  { slug: "radon-remediation", title: "Radon Testing Assessment", fill: fillRadon },
];

for (const javaScriptEnabled of [true, false]) {
  test.describe(`guest quote with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    for (const form of forms) {
      test(`${form.title} reaches the confirmation with an 8-character reference`, async ({
        page,
      }) => {
        await page.goto(`/quotes/${form.slug}`);
        await expect(page.getByRole("heading", { level: 1, name: form.title })).toBeVisible();
        await form.fill(page);
        await fillContact(page);
        await page.getByRole("button", { name: "Request Free Quote" }).click();
        await expect(page).toHaveURL(/\/quotes\/confirmation$/);
        const reference = await confirmationReference(page);
        await expect(page.getByText("Submitted", { exact: true })).toBeVisible();
        await expect(page.getByRole("heading", { name: "Track Your Quote" })).toBeVisible();
        await expect(page.getByRole("link", { name: "Create Account" })).toBeVisible();
        await expect(
          page.getByRole("link", { name: "Sign In", exact: true }).first(),
        ).toBeVisible();
        await expect(page.getByRole("link", { name: "Return Home" })).toBeVisible();

        // the company hears of it: the lead alert arrives in the (dev) mailbox
        await expect
          .poll(() =>
            sentMail().find(
              (m) => m.includes("To: leads@remediation.test") && m.includes(`(${reference})`),
            ),
          )
          .toBeTruthy();
      });
    }
  });
}

test.describe("validation", () => {
  test("water: the SPEC's messages beside the fields and in a focused summary", async ({
    page,
  }) => {
    await page.goto("/quotes/water-filtration-remediation");
    await expect(page.getByLabel("Number of Bathrooms")).toHaveValue("1");
    await expect(page.getByLabel("Number of Residents")).toHaveValue("1");
    await expect(page.getByRole("radio", { name: "Email" })).toBeChecked();
    await expect(page.getByRole("radio", { name: "Morning" })).toBeChecked();
    await page.getByLabel("Number of Bathrooms").fill("0");
    await page.getByRole("textbox", { name: "Email" }).fill("not-an-email");
    await page.getByRole("button", { name: "Request Free Quote" }).click();

    const summary = page
      .getByRole("alert")
      .filter({ hasText: /There is a problem with \d+ answers/ });
    await expect(summary).toBeFocused();
    await expect(summary).toContainText("Validation Error: Please fill in all contact information");
    await expect(summary).toContainText("Please select a water source and at least one issue");
    for (const message of [
      "Please select at least one issue",
      "Number of bathrooms is required",
      "Invalid email address",
      "First name is required",
      "Last name is required",
      "Phone number is required",
      "ZIP code is required",
    ]) {
      await expect(page.locator("form").getByText(message, { exact: true })).toBeVisible();
    }
    await expect(page.getByLabel("Number of Bathrooms")).toHaveAttribute("aria-invalid", "true");
    await expect(
      page.getByText("Validation Error: Please fill in all contact information").last(),
    ).toBeVisible();
  });

  test("water with JavaScript off: the server answers 400 with the same messages", async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/quotes/water-filtration-remediation");
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === "POST"),
      page.getByRole("button", { name: "Request Free Quote" }).click(),
    ]);
    expect(response.status()).toBe(400);
    await expect(page.getByRole("alert")).toContainText(
      "Please select a water source and at least one issue",
    );
    await expect(
      page.locator("form").getByText("Please select at least one issue", { exact: true }),
    ).toBeVisible();
    await expect(page.getByRole("alert")).toBeFocused();
    await context.close();
  });

  test("mold: contact and property messages; type and area only while visible mold is checked", async ({
    page,
  }) => {
    await page.goto("/quotes/mold-remediation");
    await expect(page.getByLabel("Mold Type")).toBeHidden();
    await expect(page.getByLabel("Affected Area")).toBeHidden();
    await page.getByLabel("I can see mold").check();
    await expect(page.getByLabel("Mold Type")).toBeVisible();
    await expect(page.getByLabel("Affected Area")).toBeVisible();
    await page.getByLabel("I can see mold").uncheck();
    await expect(page.getByLabel("Mold Type")).toBeHidden();

    await page.getByRole("button", { name: "Request Free Quote" }).click();
    const summary = page.getByRole("alert").filter({ hasText: "There is a problem" });
    await expect(summary).toContainText(
      "Missing contact information: Please fill in all contact information fields",
    );
    await expect(summary).toContainText(
      "Missing property information: Please select a property type and at least one problem area",
    );
    await expect(
      page.locator("form").getByText("Property type is required", { exact: true }),
    ).toBeVisible();
    await expect(
      page.locator("form").getByText("Please select at least one problem area", { exact: true }),
    ).toBeVisible();
  });

  test("mold reveal works with JavaScript off too", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/quotes/mold-remediation");
    await expect(page.getByLabel("Mold Type")).toBeHidden();
    await page.getByLabel("I can see mold").check();
    await expect(page.getByLabel("Mold Type")).toBeVisible();
    await context.close();
  });

  test("radon validates square footage when the field is left", async ({ page }) => {
    await page.goto("/quotes/radon-remediation");
    // checking in the browser needs the page's scripts, which load after its first paint
    await hydrated(page);
    const footage = page.getByLabel("Square Footage");
    const message = page.locator("form").getByText("Invalid square footage");
    await footage.fill("50");
    await expect(message).toBeHidden();
    await footage.blur();
    await expect(message).toBeVisible();
    await expect(footage).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByRole("alert")).toHaveCount(0);
    await footage.fill("0");
    await footage.blur();
    await expect(message).toBeHidden();
  });

  test("radon: a click right after correcting a field counts, as its error leaving moves nothing", async ({
    page,
  }) => {
    // on a phone the fields stack: a line leaving above the checkbox would move it (both in view,
    // or the browser's scroll anchoring would hide the move)
    await page.setViewportSize({ width: 375, height: 1600 });
    await page.goto("/quotes/radon-remediation");
    await hydrated(page);
    const propertyType = page.getByLabel("Property Type");
    await propertyType.focus();
    await propertyType.blur();
    const message = page.locator("form").getByText("Property type is required");
    await expect(message).toBeVisible();
    // chosen as a person does: the select has focus while its option is picked
    await propertyType.focus();
    await propertyType.selectOption({ label: "Residential" });
    // the click itself takes focus from the select, whose error then goes
    await page.getByLabel("The property has a basement").click();
    await expect(message).toBeHidden();
    await expect(page.getByLabel("The property has a basement")).toBeChecked();
  });
});

test("the submit button reads 'Submitting...' and a second submit is ignored", async ({ page }) => {
  let posts = 0;
  await page.route(/\/quotes\/water-filtration-remediation/, async (route) => {
    if (route.request().method() !== "POST") return route.continue();
    posts++;
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await page.goto("/quotes/water-filtration-remediation");
  await fillWater(page);
  await fillContact(page);
  await page.getByRole("button", { name: "Request Free Quote" }).click();
  const busy = page.getByRole("button", { name: "Submitting..." });
  await expect(busy).toBeDisabled();
  await page.getByLabel("ZIP Code").press("Enter");
  await confirmationReference(page);
  expect(posts).toBe(1);
});

/** Waits for hydration: a click before it would post the form without JavaScript. */
async function hydratedForm(page: Page, slug: string) {
  await page.goto(`/quotes/${slug}`);
  await hydrated(page);
}

test("a network failure keeps every answer and shows the SPEC's toasts; a retry after a lost answer makes one quote", async ({
  page,
}) => {
  const email = `lost.answer.${Date.now()}@example.com`;
  await hydratedForm(page, "mold-remediation");
  await fillMold(page);
  await fillContact(page, email);

  // the network is down: the request never reaches the server
  await page.route(/\/quotes\/mold-remediation\.data/, (route) =>
    route.abort("internetdisconnected"),
  );
  await page.getByRole("button", { name: "Request Free Quote" }).click();
  await expect(page.getByText("Error submitting quote", { exact: true })).toBeVisible();
  await expect(page.getByText("Please try again later", { exact: true })).toBeVisible();
  await expect(page.getByText("Form submission failed", { exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Mold Assessment Request" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Something went wrong" })).toHaveCount(0);
  await expect(page.getByLabel("First Name")).toHaveValue(contact.firstName);
  await expect(page.getByRole("textbox", { name: "Email" })).toHaveValue(email);
  await expect(
    page.getByRole("group", { name: "Problem Areas" }).getByLabel("Basement"),
  ).toBeChecked();
  await expect(page.getByLabel("Property Type")).toHaveValue("apartment");

  // the request reaches the server (the quote is made), its answer is lost on the way back
  await page.unroute(/\/quotes\/mold-remediation\.data/);
  let posts = 0;
  await page.route(/\/quotes\/mold-remediation\.data/, async (route) => {
    posts++;
    if (posts > 1) return route.continue();
    await route.fetch();
    await route.abort("connectionreset");
  });
  await page.getByRole("button", { name: "Request Free Quote" }).click();
  await expect(page.getByText("Please try again later", { exact: true }).first()).toBeVisible();
  await expect(page.getByLabel("First Name")).toHaveValue(contact.firstName);
  // the person tries again: the same form's key finds the quote already made
  await page.getByRole("button", { name: "Request Free Quote" }).click();
  const reference = await confirmationReference(page);
  expect(posts).toBe(2);
  // the confirmation mail of that quote; no other quote was made for this address
  await findMail(email, `(${reference})`);
  const { default: PostalMime } = await import("postal-mime");
  const subjects: string[] = [];
  for (const raw of sentMail()) {
    const mail = await PostalMime.parse(raw);
    if (mail.to?.some((a) => a.address === email)) subjects.push(mail.subject ?? "");
  }
  expect(subjects.filter((subject) => subject.startsWith("We received your"))).toEqual([
    expect.stringContaining(`(${reference})`),
  ]);
});

test("radon: a failed submit shows 'Error'; a confirmation that cannot load still says the submission went through", async ({
  page,
}) => {
  await hydratedForm(page, "radon-remediation");
  await fillRadon(page);
  await fillContact(page);
  await page.route(/\/quotes\/radon-remediation\.data/, (route) =>
    route.abort("internetdisconnected"),
  );
  await page.getByRole("button", { name: "Request Free Quote" }).click();
  await expect(page.getByText("Error", { exact: true })).toBeVisible();
  await expect(
    page.getByText("An error occurred while submitting your form", { exact: true }),
  ).toBeVisible();
  await expect(page.getByLabel("Square Footage")).toHaveValue("2400");

  await page.unroute(/\/quotes\/radon-remediation\.data/);
  await page.route(/\/quotes\/confirmation\.data/, (route) => route.abort("internetdisconnected"));
  await page.getByRole("button", { name: "Request Free Quote" }).click();
  await expect(page.getByRole("heading", { name: "Quote Submitted Successfully!" })).toBeVisible();
  await expect(
    page.getByText(
      "There was an error loading your quote details, but your submission was successful.",
    ),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: "Return Home" })).toBeVisible();
});

test("Back returns to the previous page", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("link", { name: "Get Remediation Quote for Mold Remediation" }).click();
  await expect(page.getByRole("heading", { name: "Mold Assessment Request" })).toBeVisible();
  await page.getByRole("link", { name: "Back" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("Back on a quote form opened from a search result goes to the service's page, not off the site", async ({
  page,
}) => {
  // the tab's history holds another site's page before the form
  await page.goto("data:text/html,<title>Search results</title><p>radon quote</p>");
  await page.goto("/quotes/radon-remediation", { referer: "https://www.google.com/" });
  await hydrated(page);
  await page.getByRole("link", { name: "Back" }).click();
  await expect(page).toHaveURL(/\/products\/radon-remediation$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Radon");
});

test("the confirmation in a fresh browser says no request was found, with the way to the forms", async ({
  page,
}) => {
  await page.goto("/quotes/confirmation");
  await expect(page.getByRole("heading", { name: "No quote request found" })).toBeVisible();
  await expect(page.getByText("Quote Submitted Successfully!")).toHaveCount(0);
  await expect(page.getByText("Reference Number", { exact: true })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Radon Testing Assessment" })).toBeVisible();
});

test("the description counts the characters left from 80 % of its limit, told politely to screen readers", async ({
  page,
}) => {
  await page.goto("/quotes/radon-remediation");
  await hydrated(page);
  const description = page.getByLabel("Anything else we should know?");
  const count = page.getByText(/^You have \d+ characters? (remaining|too many)$/);
  await description.fill("a".repeat(1599));
  await expect(count).toHaveCount(0);
  await description.fill("a".repeat(1700));
  await expect(count).toHaveText("You have 300 characters remaining");
  // each line break is sent as two characters, as the server counts it
  await description.fill(`${"a".repeat(1999)}\nb`);
  await expect(count).toHaveText("You have 2 characters too many");
  const announced = page.locator('[aria-live="polite"]').filter({ hasText: "too many" });
  await expect(announced).toHaveText("You have 2 characters too many");
  // the server still refuses it
  await fillRadon(page);
  await page.getByRole("button", { name: "Request Free Quote" }).click();
  await expect(
    page.locator("form").getByText("Please keep this under 2000 characters", { exact: true }),
  ).toBeVisible();
});

test.describe("accessibility", () => {
  for (const form of forms) {
    test(`${form.title} form and its error state have no violations`, async ({ page }) => {
      await page.goto(`/quotes/${form.slug}`);
      await expectNoAxeViolations(page);
      await page.getByRole("button", { name: "Request Free Quote" }).click();
      await expect(page.getByRole("alert").first()).toBeVisible();
      await expectNoAxeViolations(page);
    });
  }

  test("confirmation page has no violations", async ({ page }) => {
    await page.goto("/quotes/radon-remediation");
    await fillRadon(page);
    await fillContact(page);
    await page.getByRole("button", { name: "Request Free Quote" }).click();
    await confirmationReference(page);
    await expectNoAxeViolations(page);
  });
});

test("a signed-in customer's form starts with the phone of their last request, and a saved property fills its ZIP", async ({
  page,
}) => {
  await signUpAndVerify(page, uniqueEmail("pia.prefill"));
  await page.getByLabel("Full Name").fill("Pia Prefill");
  await page.getByRole("button", { name: "Complete Profile" }).click();
  await expect(page).toHaveURL(/\/account\/profile$/);
  await page.goto("/account/properties");
  await page.getByRole("button", { name: "Add Property" }).click();
  const dialog = page.getByRole("dialog", { name: "Add New Property" });
  await dialog.getByLabel("Address").fill("9 Orchard Lane");
  await dialog.getByLabel("City").fill("Orem");
  await dialog.getByLabel("ZIP Code").fill("84057");
  await dialog.getByRole("button", { name: "Add Property" }).click();
  await expect(page.getByText("Your property has been successfully added")).toBeVisible();

  await page.goto("/quotes/mold-remediation");
  await hydrated(page);
  await expect(page.getByRole("textbox", { name: "Phone" })).toHaveValue("");
  await page
    .getByLabel("Property", { exact: true })
    .selectOption({ label: "9 Orchard Lane, Orem, UT 84057" });
  await expect(page.getByLabel("ZIP Code")).toHaveValue("84057");
  await fillMold(page);
  await page.getByRole("textbox", { name: "Phone" }).fill("801-555-0177");
  await page.getByRole("button", { name: "Request Free Quote" }).click();
  await confirmationReference(page);

  await page.goto("/quotes/radon-remediation");
  await expect(page.getByRole("textbox", { name: "Phone" })).toHaveValue("801-555-0177");
});
