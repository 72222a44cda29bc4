import fs from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";
import { formData, validAnswers } from "../setup/forms";

/** The person `fillContact` types in: what must never reach the data layer or the client log. */
export const contact = {
  firstName: "Dana",
  lastName: "Rivera",
  email: "dana.e2e@example.com",
  phone: "(801) 555-0199",
  zip: "84604",
} as const;

/** Fills the shared contact section as a person would. */
export async function fillContact(page: Page, email: string = contact.email) {
  await page.getByLabel("First Name").fill(contact.firstName);
  await page.getByLabel("Last Name").fill(contact.lastName);
  await page.getByRole("textbox", { name: "Email" }).fill(email);
  await page.getByRole("textbox", { name: "Phone" }).fill(contact.phone);
  await page.getByLabel("ZIP Code").fill(contact.zip);
}

/** window.dataLayer as the tag manager would read it ([] when never created). */
export function dataLayer(page: Page): Promise<Record<string, unknown>[]> {
  return page.evaluate(() => structuredClone(window.dataLayer ?? []) as Record<string, unknown>[]);
}

/** Waits until the page has hydrated and pushed `count` entries, then returns them. */
export async function dataLayerOf(page: Page, count: number) {
  await expect.poll(async () => (await dataLayer(page)).length).toBe(count);
  return dataLayer(page);
}

/**
 * Waits for hydration (React Router's browser router exists) on a page that pushes nothing.
 * Public pages load their scripts after the first paint, so the load event alone does not say so.
 */
export async function hydrated(page: Page) {
  await page.waitForFunction(
    () => "__reactRouterDataRouter" in window && document.readyState === "complete",
  );
  // the page-view effect runs right after hydration; give it the same chance a public page gets
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50))),
  );
}

export async function fillWater(page: Page) {
  await page.getByLabel("Water Source").selectOption({ label: "Private well" });
  const issues = page.getByRole("group", { name: "Current Issues" });
  await issues.getByLabel("Hard Water").check();
  await page.getByLabel("Property Type").selectOption({ label: "Single Family Home" });
}

export async function fillMold(page: Page) {
  await page.getByRole("group", { name: "Problem Areas" }).getByLabel("Basement").check();
  await page.getByLabel("Property Type").selectOption({ label: "Apartment/Condo" });
}

export async function fillRadon(page: Page) {
  await page.getByLabel("Property Type").selectOption({ label: "Residential" });
  await page.getByLabel("Square Footage").fill("2400");
}

/** Reads the reference number shown on the confirmation page. */
export async function confirmationReference(page: Page): Promise<string> {
  await expect(page.getByRole("heading", { name: "Quote Submitted Successfully!" })).toBeVisible();
  const reference = page.getByText("Reference Number").locator("xpath=following-sibling::dd");
  await expect(reference).toHaveText(/^[0-9a-f]{8}$/);
  return (await reference.textContent()) ?? "";
}

/** WCAG 2.2 A/AA violations axe finds on the current page. */
export async function expectNoAxeViolations(page: Page) {
  // check what a person sees once things settle (toasts slide in), not a frame of a transition;
  // with reduced motion no toast fades out while axe reads the page (a busy machine's analysis
  // outlasted a toast's 4 seconds and caught its fading text at part opacity)
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== "running"),
  );
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
    .analyze();
  await page.emulateMedia({ reducedMotion: null });
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`),
  ).toEqual([]);
}

/** Dev mail written by the server under test ($DATA_DIR/mail/*.eml). */
export function sentMail(): string[] {
  const dir = path.join(process.env.E2E_DATA_DIR as string, "mail");
  if (!fs.existsSync(dir)) return [];
  // file names start with the time written, so sorting them sorts the mail by age
  return fs
    .readdirSync(dir)
    .sort()
    .map((f) => fs.readFileSync(path.join(dir, f), "utf8"));
}

/** The newest dev mail to `to` whose subject contains `subject`, decoded (its attachments by file name); waits for it. */
export async function findMail(
  to: string,
  subject: string,
): Promise<{ subject: string; text: string; attachments: string[] }> {
  const { default: PostalMime } = await import("postal-mime");
  let found: { subject: string; text: string; attachments: string[] } | undefined;
  await expect
    .poll(async () => {
      for (const raw of sentMail().reverse()) {
        const mail = await PostalMime.parse(raw);
        const recipients = (mail.to ?? []).map((a) => a.address?.toLowerCase());
        if (recipients.includes(to.toLowerCase()) && mail.subject?.includes(subject)) {
          found = {
            subject: mail.subject,
            text: mail.text ?? "",
            attachments: mail.attachments.map((file) => file.filename ?? ""),
          };
          return true;
        }
      }
      return false;
    })
    .toBe(true);
  return found as { subject: string; text: string; attachments: string[] };
}

/** The first link in the newest dev mail to `to` whose subject contains `subject`. */
export async function linkFromMail(to: string, subject: string): Promise<string> {
  const mail = await findMail(to, subject);
  return mail.text.match(/https?:\/\/\S+/)?.[0] ?? "";
}

let counter = 0;
/** A fresh address per test, so tests never share an account (workers are processes: pid too). */
export function uniqueEmail(label: string): string {
  counter++;
  return `${label}.${Date.now()}.${process.pid}.${counter}@example.com`;
}

/** Signs up, verifies through the mailed link and lands signed in on profile setup. */
export async function signUpAndVerify(page: Page, email: string, password = "correct horse 42") {
  await page.goto("/auth/signup");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByLabel("Confirm Password").fill(password);
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page).toHaveURL(/\/account\/setup$/);
  const link = await linkFromMail(email, "Verify your email address");
  await page.goto(link.replace(/^https?:\/\/[^/]+/, ""));
  await expect(page.getByRole("heading", { name: "Complete Your Profile" })).toBeVisible();
}

let lastTotpCode = "";

/**
 * The current TOTP code for `key` (base32), as an authenticator app shows it. A code is accepted
 * once, so when it is the one this run used last it waits for the next 30-second period.
 */
export async function totpCode(key: string): Promise<string> {
  const { base32 } = await import("@better-auth/utils/base32");
  const { createOTP } = await import("@better-auth/utils/otp");
  let code = await createOTP(base32.decode(key)).totp();
  if (code === lastTotpCode) {
    await new Promise((resolve) => setTimeout(resolve, 30_000 - (Date.now() % 30_000) + 500));
    code = await createOTP(base32.decode(key)).totp();
  }
  lastTotpCode = code;
  return code;
}

/** Signs `account` in with its password and current TOTP code, landing on `redirectTo`. */
export async function signInWithTotp(
  page: Page,
  account: { email: string; password: string; totpKey: string },
  redirectTo: string,
) {
  await page.goto(`/auth/signin?redirectTo=${encodeURIComponent(redirectTo)}`);
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/auth\/two-factor/);
  await page.getByLabel("Authentication Code").fill(await totpCode(account.totpKey));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(new RegExp(`${redirectTo.replace("?", "\\?")}$`));
}

/** On the profile page: turns on two-factor with `password` and returns the TOTP key shown. */
export async function turnOnTotp(page: Page, password: string): Promise<string> {
  await page.getByLabel("Current Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Set Up Two-Factor" }).click();
  const key = (await page.locator("code").first().textContent()) ?? "";
  await page.getByLabel("3. Enter the 6-digit code the app shows").fill(await totpCode(key));
  await page.getByRole("button", { name: "Verify and Turn On" }).click();
  await expect(page.getByText("Two-factor authentication is on")).toBeVisible();
  return key;
}

/**
 * How far the page scrolls sideways (0: not at all), as a person on a phone would find, and the
 * text of the outermost elements reaching past the window's right edge (what to fix).
 */
export function sidewaysScroll(page: Page): Promise<{ extra: number; culprits: string[] }> {
  return page.evaluate(() => {
    const root = document.documentElement;
    const edge = root.clientWidth + 0.5;
    const culprits = [...document.body.querySelectorAll("*")]
      .filter(
        (el) =>
          el.getBoundingClientRect().right > edge &&
          (el.parentElement?.getBoundingClientRect().right ?? 0) <= edge,
      )
      .map((el) => `<${el.tagName.toLowerCase()}> ${(el.textContent ?? "").trim().slice(0, 40)}`);
    return { extra: root.scrollWidth - root.clientWidth, culprits: culprits.slice(0, 3) };
  });
}

/**
 * Submits a water request (answered 'well') as a guest, with `answers` over the usual ones (e.g.
 * `phone` and `textConsent: "on"`); returns its status link's path.
 */
export async function guestWaterStatusPath(
  page: Page,
  email: string,
  answers: Record<string, string> = {},
): Promise<string> {
  const posted = await page.request.post("/quotes/water-filtration-remediation", {
    form: formData({ ...validAnswers.water_filtration, ...answers, email }),
    maxRedirects: 0,
  });
  expect(posted.status(), await posted.text()).toBe(302);
  const mail = await findMail(email, "We received your");
  const url = mail.text.match(/https?:\/\/\S+\/quotes\/status\/[A-Za-z0-9_-]{43}/)?.[0];
  expect(url).toBeTruthy();
  return new URL(url as string).pathname;
}

/**
 * On a quote's page, staff build an estimate of one price book line per option (`options`: the
 * option's name and the item's label in the price book list), save the draft and send it with
 * the sample prices (which Send asks to confirm). Resolves to the time Send was clicked, once the
 * draft has gone (sent).
 */
export async function sendSampleEstimate(
  page: Page,
  options: { name: string; item: string }[],
): Promise<Date> {
  const builder = page.getByRole("form", { name: "Estimate builder" });
  for (const [i, option] of options.entries()) {
    await builder.getByLabel(`Option ${i + 1} name`).fill(option.name);
    await builder
      .getByRole("group", { name: `Option ${i + 1}, line 1` })
      .getByLabel("Price book item")
      .selectOption({ label: option.item });
  }
  await builder.getByRole("button", { name: "Save draft" }).click();
  // the draft as the server priced it (the toast can be lost to a live refresh under load)
  const draft = page.getByRole("region", { name: /^Draft version 1 \(not sent\)/ });
  await expect(draft).toBeVisible();
  await builder.getByLabel("Send anyway, with the sample prices").check();
  await builder.getByRole("button", { name: "Send" }).click();
  const sentAt = new Date();
  await expect(draft).toHaveCount(0);
  return sentAt;
}

/** Draws a zigzag on the sign form's signature pad with the mouse, as a person signs. */
export async function drawSignature(page: Page) {
  // signature_pad is loaded once the form is on screen; the Clear button waits for it
  await expect(page.getByRole("button", { name: "Clear signature" })).toBeEnabled();
  const pad = page.getByRole("img", { name: "Draw your signature (optional)" });
  await pad.scrollIntoViewIfNeeded();
  const box = await pad.boundingBox();
  if (!box) throw new Error("no signature pad");
  await page.mouse.move(box.x + 20, box.y + box.height * 0.7);
  await page.mouse.down();
  for (const [x, y] of [
    [0.2, 0.3],
    [0.35, 0.75],
    [0.5, 0.25],
    [0.7, 0.7],
    [0.85, 0.35],
  ] as const) {
    await page.mouse.move(box.x + box.width * x, box.y + box.height * y, { steps: 8 });
  }
  await page.mouse.up();
  await expect(page.getByText("Signature drawn")).toBeVisible();
}
