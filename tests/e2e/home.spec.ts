import { expect, test } from "@playwright/test";
import { E2E_COMPANY_EMAIL, E2E_COMPANY_PHONE } from "../../playwright.config";
import { expectNoAxeViolations, hydrated } from "./helpers";

test.describe("landing page", () => {
  test("shows the hero, the three services and why to choose us", async ({ page }) => {
    await page.goto("/");
    await expect(page).toHaveTitle(/Expert Environmental Remediation/);
    await expect(
      page.getByRole("heading", { level: 1, name: "Expert Environmental Remediation" }),
    ).toBeVisible();
    await expect(page.getByRole("link", { name: "Start Your Remediation Plan" })).toHaveAttribute(
      "href",
      "/auth/signup",
    );
    await expect(
      page.getByRole("main").getByRole("link", { name: "Sign In", exact: true }),
    ).toHaveAttribute("href", "/auth/signin");
    await expect(page.getByRole("link", { name: /Get Remediation Quote/ })).toHaveCount(3);
    await expect(
      page.getByRole("heading", { name: "Why Choose Our Remediation Services" }),
    ).toBeVisible();
    await expect(page.getByRole("heading", { name: "24/7 Emergency Service" })).toBeVisible();
    await expect(page.getByText(/EPA guidelines/).first()).toBeVisible();

    await page.getByRole("link", { name: "Get Remediation Quote for Radon Remediation" }).click();
    await expect(page).toHaveURL(/\/quotes\/radon-remediation$/);
    await expect(page.getByRole("heading", { name: "Radon Testing Assessment" })).toBeVisible();
  });

  test("loads without browser errors or failed requests (icon included)", async ({ page }) => {
    const problems: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") problems.push(message.text());
    });
    page.on("pageerror", (error) => problems.push(error.message));
    page.on("response", (response) => {
      if (response.status() >= 400) problems.push(`${response.status()} ${response.url()}`);
    });
    await page.goto("/");
    await expect(page.locator('link[rel="icon"]')).toHaveAttribute("href", "/favicon.svg");
    const icon = await page.request.get("/favicon.svg");
    expect(icon.status()).toBe(200);
    expect(icon.headers()["content-type"]).toContain("image/svg+xml");
    await page.waitForLoadState("networkidle");
    expect(problems).toEqual([]);
  });

  test("/favicon.ico answers with the icon, for clients that ask for it whatever the page says", async ({
    page,
  }) => {
    const icon = await page.request.get("/favicon.ico");
    expect(icon.status()).toBe(200);
    expect(icon.headers()["content-type"]).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)/);
    // an ICO file: reserved 0, type 1 (icon), then how many images it holds
    expect([...(await icon.body()).subarray(0, 4)]).toEqual([0, 0, 1, 0]);
  });

  test("has no accessibility violations", async ({ page }) => {
    await page.goto("/");
    await expectNoAxeViolations(page);
  });

  test("answers an unknown page with a 404 page", async ({ page }) => {
    const response = await page.goto("/no-such-page");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Return Home" })).toBeVisible();
  });
});

test.describe("header on a wide screen", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("'Our Services' lists each service with description and Utah location", async ({ page }) => {
    await page.goto("/");
    // the menu opens with the page's scripts, which load after its first paint
    await hydrated(page);
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link", { name: "Blog" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Open menu" })).toBeHidden();
    await nav.getByRole("button", { name: "Our Services" }).focus();
    await page.keyboard.press("Enter");
    for (const [title, description] of [
      [
        "Water Filtration Remediation",
        "Professional drinking water quality testing and remediation solutions",
      ],
      ["Mold Remediation", "Expert mold detection and remediation services"],
      ["Radon Remediation", "Comprehensive radon detection and mitigation solutions"],
    ]) {
      await expect(nav.getByRole("link", { name: `${title} ${description}` })).toBeVisible();
    }
    await expect(nav.getByText("Locations:")).toHaveCount(3);
    await expect(nav.getByRole("link", { name: "Utah" })).toHaveCount(3);
    await page.keyboard.press("Escape");
    await expect(nav.getByText("Locations:").first()).toBeHidden();
  });
});

test.describe("header typeahead", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("typing in the open 'Our Services' menu moves to the service whose title starts with it", async ({
    page,
  }) => {
    await page.goto("/blog");
    await hydrated(page);
    const nav = page.getByRole("navigation", { name: "Main" });
    await nav.getByRole("button", { name: "Our Services" }).click();
    await page.keyboard.type("rad");
    await expect(nav.getByRole("link", { name: /^Radon Remediation/ })).toBeFocused();
    await page.keyboard.press("Escape");
    await nav.getByRole("button", { name: "Our Services" }).click();
    await page.keyboard.press("m");
    await expect(nav.getByRole("link", { name: /^Mold Remediation/ })).toBeFocused();
  });
});

test.describe("header on a phone (390 px)", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the menu button opens a full-screen list that closes on a choice", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
    await page.getByRole("button", { name: "Open menu" }).click();
    const menu = page.getByRole("dialog", { name: "Menu" });
    await expect(menu).toBeVisible();
    const box = await menu.boundingBox();
    expect(box?.width).toBe(390);
    await expect(menu.getByRole("link")).toHaveText([
      `Call us: ${E2E_COMPANY_PHONE.display}`,
      "Water Remediation",
      "Mold Remediation",
      "Radon Remediation",
      "Blog",
      "Sign In",
    ]);
    await expect(menu.getByRole("link", { name: /^Call us/ })).toHaveAttribute(
      "href",
      `tel:${E2E_COMPANY_PHONE.e164}`,
    );
    await menu.getByRole("link", { name: "Mold Remediation" }).click();
    await expect(menu).toBeHidden();
    await expect(page).toHaveURL(/\/products\/mold-remediation$/);
  });
});

test.describe("header on a small phone (375 px)", () => {
  test.use({ viewport: { width: 375, height: 667 } });

  test("a guest signs in from the menu", async ({ page }) => {
    await page.goto("/blog");
    await hydrated(page);
    await page.getByRole("button", { name: "Open menu" }).click();
    const menu = page.getByRole("dialog", { name: "Menu" });
    await menu.getByRole("link", { name: "Sign In" }).click();
    await expect(menu).toBeHidden();
    await expect(page).toHaveURL(/\/auth\/signin$/);
  });
});

test.describe("the company's phone and e-mail", () => {
  // the build prerendered / with the local default contact: the server's own (COMPANY_PHONE,
  // COMPANY_EMAIL in playwright.config.ts) must replace it there as on pages rendered per request
  test("header, footer and structured data dial the configured number, prerendered or not", async ({
    page,
  }) => {
    for (const path of ["/", "/quotes/water-filtration-remediation"]) {
      await page.goto(path);
      await expect(
        page
          .getByRole("banner")
          .getByRole("link", { name: `Call us: ${E2E_COMPANY_PHONE.display}` }),
      ).toHaveAttribute("href", `tel:${E2E_COMPANY_PHONE.e164}`);
      const footer = page.getByRole("contentinfo");
      await expect(footer.getByRole("link", { name: E2E_COMPANY_PHONE.display })).toHaveAttribute(
        "href",
        `tel:${E2E_COMPANY_PHONE.e164}`,
      );
      await expect(footer.getByRole("link", { name: E2E_COMPANY_EMAIL })).toHaveAttribute(
        "href",
        `mailto:${E2E_COMPANY_EMAIL}`,
      );
      await expect(page.getByText("(801) 555-0100")).toHaveCount(0);
    }
    await page.goto("/");
    const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents();
    const business = jsonLd
      .map((text) => JSON.parse(text) as Record<string, unknown>)
      .find((data) => data["@type"] === "HomeAndConstructionBusiness");
    expect(business).toMatchObject({
      telephone: E2E_COMPANY_PHONE.e164,
      email: E2E_COMPANY_EMAIL,
    });
  });
});
