/**
 * A mobile number from the profile to a sign-in by text, in Chromium: add the number, confirm it
 * with the texted code, sign out, and sign in with 'Text me a sign-in code'. Codes are read from
 * the local SMS sink the app's SMS_URL points at (tests/setup/sms-sink.ts).
 */
import { SMS_SINK_PORT } from "../../playwright.config";
import { expect, openAs, test } from "./fixtures";
import { hydrated } from "./helpers";

/** The code of the latest text to `to` (E.164) the sink received, once there is a new one. */
async function textedCode(to: string, after: number): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const response = await fetch(`http://127.0.0.1:${SMS_SINK_PORT}/texts`);
      const texts = ((await response.json()) as { to: string; body: string }[]).filter(
        (text) => text.to === to,
      );
      code = texts.length > after ? texts.at(-1)?.body.match(/\b\d{6}\b/)?.[0] : undefined;
      return code;
    })
    .toBeTruthy();
  return code as string;
}

test("adds and confirms a mobile number, then signs in with a texted code", async ({
  page,
  newCustomer,
}) => {
  const customer = await newCustomer({ label: "phone", fullName: "Pat Phone" });
  const line = String(1000 + Math.floor(Math.random() * 9000));
  const e164 = `+1801201${line}`;

  await openAs(page, customer, "/account/profile");
  await page.getByLabel("Mobile Number").fill(`(801) 201-${line}`);
  await page.getByRole("button", { name: "Text Me a Code" }).click();
  await expect(page.getByText(`We texted a 6-digit code to (801) 201-${line}`)).toBeVisible();
  await page.getByLabel("Code From the Text").fill(await textedCode(e164, 0));
  await page.getByRole("button", { name: "Confirm Number" }).click();
  await expect(page.getByText("Mobile number confirmed")).toBeVisible();
  await expect(page.getByText(`(801) 201-${line}`)).toBeVisible();

  await page.getByRole("button", { name: "Sign Out Everywhere" }).click();
  await expect(page.getByText("Signed out everywhere")).toBeVisible();
  await page.goto("/auth/signin");
  await hydrated(page);
  await page.getByRole("link", { name: "Text me a sign-in code" }).click();
  await expect(page.getByRole("heading", { name: "Sign In With a Text" })).toBeVisible();
  await page.getByLabel("Mobile Number").fill(`801.201.${line}`);
  await page.getByRole("button", { name: "Text Me a Code" }).click();
  await expect(page.getByLabel("Sign-in Code")).toBeVisible();
  await page.getByLabel("Sign-in Code").fill(await textedCode(e164, 1));
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/account/);
  await page.goto("/account/profile");
  await expect(page).toHaveURL(/\/account\/profile$/);
  await expect(page.getByText(`Signed in as ${customer.email}`)).toBeVisible();
});

test("turns two-factor on with texted codes alone and signs in with one", async ({
  page,
  newCustomer,
}) => {
  const customer = await newCustomer({ label: "sms-2fa", fullName: "Sam Text" });
  const line = String(1000 + Math.floor(Math.random() * 9000));
  const e164 = `+1801202${line}`;

  await openAs(page, customer, "/account/profile");
  await page.getByLabel("Mobile Number").fill(`(801) 202-${line}`);
  await page.getByRole("button", { name: "Text Me a Code" }).click();
  await page.getByLabel("Code From the Text").fill(await textedCode(e164, 0));
  await page.getByRole("button", { name: "Confirm Number" }).click();
  await expect(page.getByText("Mobile number confirmed")).toBeVisible();

  await page.getByLabel("Current Password", { exact: true }).fill(customer.password);
  await page.getByRole("button", { name: "Use Text Messages Instead" }).click();
  await expect(
    page.getByText(`We texted a 6-digit code to your number ending in ${line}`),
  ).toBeVisible();
  await expect(page.getByText(/Keep these backup codes somewhere safe/)).toBeVisible();
  await page.getByLabel("3. Enter the 6-digit code we texted you").fill(await textedCode(e164, 1));
  await page.getByRole("button", { name: "Verify and Turn On" }).click();
  await expect(page.getByText("Two-factor authentication is on")).toBeVisible();

  await page.getByRole("button", { name: "Sign Out Everywhere" }).click();
  await expect(page.getByText("Signed out everywhere")).toBeVisible();
  await page.goto("/auth/signin");
  await hydrated(page);
  await page.getByLabel("Email").fill(customer.email);
  await page.getByLabel("Password").fill(customer.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByText(/Your sign-in codes come by text message/)).toBeVisible();
  await page.getByRole("button", { name: `Text a code to my number ending in ${line}` }).click();
  await page.getByLabel("Code From the Text").fill(await textedCode(e164, 2));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/account/);
});
