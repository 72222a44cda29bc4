/**
 * One conversation per customer (issue 31) in a real browser, against the local SMS sink the
 * config starts (tests/setup/sms-sink.ts, the app's SMS_URL): a guest who ticked 'Text me about my
 * request' gets a status text, answers it by text (posted to /webhooks/sms signed as the provider
 * signs), staff answer from the thread in /admin/messages and the guest reads the answer on the
 * status page; STOP and then no more texts; an estimate's follow-up planned and cancelled by the
 * acceptance; a review request after completion and its private 'Tell us how we did' form; axe
 * and a 320 px screen on the Messages list, a thread and the status page's message box.
 *
 * Each test has its own address and mobile number, so texts and threads never mix.
 */
import type { Browser, Page } from "@playwright/test";
import { isTextingTime } from "../../app/features/messages/quiet-hours";
import { baseURL, SMS_SINK_PORT } from "../../playwright.config";
import { validAnswers } from "../setup/forms";
import { sendInbound } from "../setup/sms-sink";
import { type Account, expect, openAs, test } from "./fixtures";
import {
  confirmationReference,
  expectNoAxeViolations,
  fillContact,
  fillWater,
  findMail,
  guestWaterStatusPath,
  hydrated,
  sendSampleEstimate,
  sidewaysScroll,
  uniqueEmail,
} from "./helpers";

let numbers = 0;
/**
 * A mobile number of this test alone in the run (the sink and the database are the run's own):
 * (801) 555-2000 and up, 50 per worker, none of the other specs' numbers.
 */
function newMobile(): { display: string; e164: string } {
  numbers++;
  const digits = String(2000 + ((test.info().workerIndex * 50 + numbers) % 8000));
  return { display: `(801) 555-${digits}`, e164: `+1801555${digits}` };
}

/** The texts the sink received for `to` (E.164), oldest first. */
async function textsTo(to: string): Promise<string[]> {
  const response = await fetch(`http://127.0.0.1:${SMS_SINK_PORT}/texts`);
  const texts = (await response.json()) as { to: string; body: string }[];
  return texts.filter((t) => t.to === to).map((t) => t.body);
}

/** Waits for a text to `to` matching `pattern` and returns it. */
async function textMatching(to: string, pattern: RegExp): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(async () => {
      found = (await textsTo(to)).find((body) => pattern.test(body));
      return found !== undefined;
    })
    .toBe(true);
  return found as string;
}

/** `from` texts `body` to the company's number: the provider's signed post to /webhooks/sms. */
async function textFrom(from: string, body: string) {
  expect(await sendInbound(baseURL, { from, body })).toBe(200);
}

/** The reference in a request's confirmation mail subject, "... quote request (1a2b3c4d)". */
function referenceOf(subject: string): string {
  return /\(([0-9a-f]{8})\)$/.exec(subject)?.[1] ?? "";
}

/** A guest's water request with consent to texts at `mobile`; its status path and reference. */
async function guestWithConsent(page: Page, email: string, mobile: { display: string }) {
  const statusPath = await guestWaterStatusPath(page, email, {
    phone: mobile.display,
    textConsent: "on",
  });
  const reference = referenceOf((await findMail(email, "We received your")).subject);
  expect(reference).not.toBe("");
  return { statusPath, reference };
}

/** A page of its own for staff, signed in as the worker's admin, on `path`. */
async function staffPage(browser: Browser, admin: Account, path: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await openAs(page, admin, path);
  return page;
}

/** Staff open the request `reference` from the Quotes list. */
async function openRequest(page: Page, reference: string) {
  await page.goto(`/admin/quotes?q=${reference}`);
  await page.getByRole("link", { name: reference }).click();
  await expect(page.getByRole("heading", { name: `Quote ${reference}` })).toBeVisible();
  await hydrated(page);
}

/** Staff move the open request to `label` with the 'Change status' form. */
async function changeStatus(page: Page, label: string) {
  await page.getByLabel("New status").selectOption({ label });
  await page.getByRole("button", { name: "Change status" }).click();
  // the form then offers what comes after `label` (or says it is final)
  await expect(
    page.getByLabel("New status").getByRole("option", { name: label, exact: true }),
  ).toHaveCount(0);
}

/** Staff find the thread of request `reference` in /admin/messages and open it. */
async function openThread(page: Page, reference: string, name: string) {
  // the sidebar's 'Messages' (its unread count beside it)
  await page
    .getByRole("navigation", { name: "Admin Panel" })
    .getByRole("link", { name: /^Messages/ })
    .click();
  await page.getByRole("searchbox", { name: "Search" }).fill(reference);
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByText("1 conversation", { exact: true })).toBeVisible();
  await page.getByRole("link", { name, exact: true }).click();
  await expect(page.getByRole("heading", { name, exact: true })).toBeVisible();
}

/** The entries of the open thread (staff) or message box (customer). */
const entries = (page: Page) => page.getByRole("list", { name: "Messages" }).getByRole("listitem");

/**
 * Where texts queued between `from` and `to` stand: texts go out 08:00-21:00 Utah time
 * (docs/decisions/0253, 0259), so a text the app queued in those hours is sent at once and one
 * queued outside them waits in the outbox ("Sending" in the thread); "edge" when the two times
 * fall on either side of 08:00 or 21:00 (nothing is asserted then).
 * See docs/decisions/0260-browser-texts-and-quiet-hours.md.
 */
function textingHours(from: Date, to: Date): "texting" | "held" | "edge" {
  if (isTextingTime(from) && isTextingTime(to)) return "texting";
  if (!isTextingTime(from) && !isTextingTime(to)) return "held";
  return "edge";
}

/** The thread's entry of a text matching `pattern`: delivered to the sink, or held (above). */
async function expectQueuedText(
  staff: Page,
  to: string,
  pattern: RegExp,
  hours: ReturnType<typeof textingHours>,
) {
  const entry = entries(staff).filter({ hasText: "Text" }).filter({ hasText: pattern });
  await expect(entry).toHaveCount(1);
  if (hours === "texting") {
    await textMatching(to, pattern);
    await expect(async () => {
      await staff.reload();
      await expect(entry).toContainText("Delivered", { timeout: 1_000 });
    }).toPass();
  }
  // held until 08:00 Utah time: once that has come (the run may cross it), the worker sends it
  if (hours === "held" && !isTextingTime(new Date())) {
    await expect(entry).toContainText("Sending");
    const sent = (await textsTo(to)).filter((body) => pattern.test(body));
    if (!isTextingTime(new Date())) expect(sent).toEqual([]);
  }
}

async function noSidewaysScroll(page: Page) {
  const { extra, culprits } = await sidewaysScroll(page);
  expect(extra, culprits.join("; ")).toBe(0);
}

test("a guest who agreed to texts gets a status text, answers it by text, staff reply from the thread and the guest reads the reply on the status page", async ({
  page,
  browser,
  admin,
}) => {
  const email = uniqueEmail("msg.journey");
  const mobile = newMobile();
  await page.goto("/quotes/water-filtration-remediation");
  await hydrated(page);
  await fillWater(page);
  await fillContact(page, email);
  await page.getByRole("textbox", { name: "Phone" }).fill(mobile.display);
  const consent = page.getByRole("checkbox", { name: "Text me about my request" });
  await expect(consent).not.toBeChecked();
  await consent.check();
  await page.getByRole("button", { name: "Request Free Quote" }).click();
  const reference = await confirmationReference(page);
  const statusUrl =
    (await findMail(email, `(${reference})`)).text.match(
      /https?:\/\/\S+\/quotes\/status\/[A-Za-z0-9_-]{43}/,
    )?.[0] ?? "";
  expect(statusUrl).not.toBe("");

  // staff approve the request: the guest's number gets the status text with a status link
  const staff = await staffPage(browser, admin, "/admin/dashboard");
  await openRequest(staff, reference);
  const changedFrom = new Date();
  await changeStatus(staff, "Approved");
  const changedBy = new Date();
  const statusText = new RegExp(
    `: your request ${reference} is now Approved\\. Details: ${baseURL}/quotes/status/[A-Za-z0-9_-]{43} Reply STOP to stop\\.$`,
  );
  const hours = textingHours(changedFrom, changedBy);
  if (hours === "texting") {
    const text = await textMatching(mobile.e164, statusText);
    const link = text.match(/\/quotes\/status\/[A-Za-z0-9_-]{43}/)?.[0] ?? "";
    await page.goto(link);
    await expect(page.getByRole("heading", { name: "Your Quote Status" })).toBeVisible();
    await expect(page.getByText(reference)).toBeVisible();
  }

  // the guest answers it by text; staff find it in Messages, unread, beside what was sent
  await textFrom(mobile.e164, "Can you come Tuesday morning?");
  await staff.reload();
  const sidebarLink = staff
    .getByRole("navigation", { name: "Admin Panel" })
    .getByRole("link", { name: /^Messages/ });
  await expect(sidebarLink).toHaveAccessibleName(/^Messages \d+ unread$/);
  await sidebarLink.click();
  await staff.getByRole("searchbox", { name: "Search" }).fill(reference);
  await staff.getByRole("button", { name: "Search" }).click();
  const row = staff.getByRole("listitem").filter({ hasText: mobile.e164 });
  await expect(row).toContainText("1 unread");
  await row.getByRole("link", { name: "Dana Rivera" }).click();
  await expect(staff.getByRole("heading", { name: "Dana Rivera", exact: true })).toBeVisible();
  await expect(
    entries(staff).filter({ hasText: "Text from the customer" }).filter({
      hasText: "Can you come Tuesday morning?",
    }),
  ).toHaveCount(1);
  await expectQueuedText(staff, mobile.e164, statusText, hours);
  await expect(
    staff.getByRole("listitem").filter({ hasText: "Agreed" }).filter({ hasText: "quote form" }),
  ).toHaveCount(1);

  // staff answer by text from the thread
  await hydrated(staff);
  await staff.getByLabel("Send by").selectOption({ label: "Text" });
  await staff
    .getByRole("textbox", { name: "Message", exact: true })
    .fill("Tuesday at 9 AM works. See you then.");
  await staff.getByRole("button", { name: "Send Reply" }).click();
  await expect(
    entries(staff)
      .filter({ hasText: "Reply by text" })
      .filter({ hasText: "Tuesday at 9 AM works. See you then." }),
  ).toHaveCount(1);
  await textMatching(mobile.e164, /^[^:]+: Tuesday at 9 AM works\. See you then\.$/);
  await staff.context().close();

  // the guest reads it on the status page of the confirmation mail
  await page.goto(new URL(statusUrl).pathname);
  await expect(page.getByRole("heading", { name: "Message the Company" })).toBeVisible();
  await expect(
    entries(page)
      .filter({ hasText: "The office replied by text" })
      .filter({ hasText: "Tuesday at 9 AM works. See you then." }),
  ).toHaveCount(1);
});

test("STOP by text: one confirmation, the consent shows stopped, and a status change then texts nothing", async ({
  page,
  browser,
  admin,
}) => {
  const email = uniqueEmail("msg.stop");
  const mobile = newMobile();
  const { reference } = await guestWithConsent(page, email, mobile);

  await textFrom(mobile.e164, " Stop ");
  await textMatching(mobile.e164, /you will get no more texts from us/);

  const staff = await staffPage(browser, admin, "/admin/dashboard");
  await openRequest(staff, reference);
  await changeStatus(staff, "Approved");
  // the mail of the change goes; the number gets nothing more
  await findMail(email, `(${reference}) is now Approved`);
  await openThread(staff, reference, "Ann Lee");
  await expect(entries(staff).filter({ hasText: `(${reference}) is now Approved` })).toHaveCount(1);
  await expect(entries(staff).filter({ hasText: "is now Approved. Details:" })).toHaveCount(0);
  await expect(entries(staff).filter({ hasText: "Text from the customer" })).toContainText("Stop");
  await expect(
    staff.getByRole("listitem").filter({ hasText: "Stopped" }).filter({ hasText: "text reply" }),
  ).toHaveCount(1);
  await expect(staff.getByRole("option", { name: "Text (no consent to texts)" })).toBeDisabled();
  expect(await textsTo(mobile.e164)).toEqual([
    expect.stringMatching(/you will get no more texts from us/),
  ]);
  await staff.context().close();
});

test("a sent estimate shows its next follow-up on the quote page; the guest's acceptance cancels it", async ({
  page,
  browser,
  admin,
}) => {
  const email = uniqueEmail("msg.follow-up");
  const posted = await page.request.post("/quotes/radon-remediation", {
    form: { ...validAnswers.radon, email },
    maxRedirects: 0,
  });
  expect(posted.status(), await posted.text()).toBe(302);
  const reference = referenceOf((await findMail(email, "We received your")).subject);

  const staff = await staffPage(browser, admin, "/admin/dashboard");
  await openRequest(staff, reference);
  const sentAt = await sendSampleEstimate(staff, [
    { name: "Passive system", item: "Passive radon vent system ($950.00 / Each)" },
  ]);

  // two days after sending (the default of /admin/settings), at the time it was sent, Utah time
  const inTwoDays = new Intl.DateTimeFormat("en-US", {
    timeZone: "America/Denver",
    weekday: "short",
    month: "short",
    day: "numeric",
  }).format(new Date(sentAt.getTime() + 2 * 24 * 60 * 60 * 1000));
  await staff.reload();
  await expect(
    staff.getByText(new RegExp(`^Next follow-up: ${inTwoDays}, \\d{1,2}:\\d{2} [AP]M M[SD]T$`)),
  ).toBeVisible();

  const mail = await findMail(email, "Your estimate from");
  const link = mail.text.match(/https?:\/\/\S+\/estimates\/[A-Za-z0-9_-]{43}/)?.[0] ?? "";
  await page.goto(new URL(link).pathname);
  await page.getByRole("radio", { name: /Passive system/ }).check();
  await page
    .getByRole("checkbox", { name: "I agree to sign this estimate electronically" })
    .check();
  await page.getByRole("textbox", { name: "Your full name" }).fill("Ann Lee");
  await page.getByRole("button", { name: "Accept and sign" }).click();
  await expect(page.getByRole("region", { name: "You accepted this estimate" })).toBeVisible();

  await staff.reload();
  await expect(staff.getByText("No follow-up planned.")).toBeVisible();
  await expect(staff.getByText(/^Next follow-up:/)).toHaveCount(0);
  await staff.context().close();
});

test("a completed request asks once for a review, by mail and by text with consent; its private 'Tell us how we did' answer reaches the thread", async ({
  page,
  browser,
  admin,
}) => {
  const email = uniqueEmail("msg.review");
  const mobile = newMobile();
  const { reference } = await guestWithConsent(page, email, mobile);

  const staff = await staffPage(browser, admin, "/admin/dashboard");
  await openRequest(staff, reference);
  await changeStatus(staff, "Approved");
  await changeStatus(staff, "In Progress");
  const completedFrom = new Date();
  await changeStatus(staff, "Completed");
  const hours = textingHours(completedFrom, new Date());

  const request = await findMail(email, "How did we do");
  expect(request.text).toContain("https://reviews.remediation.test/utah-home-remediation");
  const form = request.text.match(/https?:\/\/\S+\/reviews\/[A-Za-z0-9_-]{43}/)?.[0] ?? "";
  expect(form).not.toBe("");

  await page.goto(new URL(form).pathname);
  await expect(page.getByRole("heading", { name: "Tell us how we did" })).toBeVisible();
  await hydrated(page);
  await expectNoAxeViolations(page);
  await page
    .getByRole("group", { name: "Your rating (1 poor, 5 excellent)" })
    .getByRole("radio", { name: "4" })
    .check();
  await page.getByLabel("Comment").fill("Quick and tidy; the filter hums a little.");
  await page.getByRole("button", { name: "Send" }).click();
  await expect(page.getByText("Thank you. Your answer reached our office.")).toBeVisible();
  // the link is used up: opened again, it thanks and asks nothing
  await page.reload();
  await expect(page.getByText("Thank you. Your answer reached our office.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Send" })).toHaveCount(0);

  await openThread(staff, reference, "Ann Lee");
  const review = entries(staff).filter({ hasText: "Review from the customer" });
  await expect(review).toContainText("Rating: 4 of 5");
  await expect(review).toContainText("Quick and tidy; the filter hums a little.");
  await expect(entries(staff).filter({ hasText: "How did we do, Ann?" })).toHaveCount(1);
  await expectQueuedText(
    staff,
    mobile.e164,
    /: thank you! Tell us how we did: https:\/\/reviews\.remediation\.test\/utah-home-remediation Reply STOP to stop\.$/,
    hours,
  );
  await staff.context().close();
});

test("axe finds nothing and a 320 px screen never scrolls sideways: Messages, a thread, the status page's message box", async ({
  page,
  browser,
  admin,
}) => {
  const email = uniqueEmail("msg.a11y");
  const mobile = newMobile();
  const { statusPath, reference } = await guestWithConsent(page, email, mobile);
  await textFrom(mobile.e164, "Is the filter install loud? https://example.com/a/very/long/link");

  // the guest writes from the status page's box
  await page.goto(statusPath);
  await hydrated(page);
  await page.getByLabel("Your message").fill("Also: the garage door code is 4321.");
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByText("Message sent. We will answer by email.")).toBeVisible();
  await expect(entries(page).filter({ hasText: "You wrote" })).toContainText(
    "the garage door code is 4321",
  );

  const staff = await staffPage(browser, admin, `/admin/messages?q=${reference}`);
  await expect(staff.getByRole("link", { name: "Ann Lee", exact: true })).toBeVisible();
  const threadPath = await staff
    .getByRole("link", { name: "Ann Lee", exact: true })
    .getAttribute("href");
  await staff.goto(threadPath ?? "");
  await staff
    .getByRole("textbox", { name: "Message", exact: true })
    .fill("Quiet as a fridge. See you soon.");
  await staff.getByRole("button", { name: "Send Reply" }).click();
  await expect(entries(staff).filter({ hasText: "Reply by mail" })).toHaveCount(1);

  for (const [target, path] of [
    [staff, `/admin/messages?q=${reference}`],
    [staff, threadPath ?? ""],
    [page, statusPath],
  ] as const) {
    await target.setViewportSize({ width: 1280, height: 900 });
    await target.goto(path);
    await hydrated(target);
    await expectNoAxeViolations(target);
    await target.setViewportSize({ width: 320, height: 800 });
    await noSidewaysScroll(target);
  }
  await expect(
    entries(page)
      .filter({ hasText: "The office replied by mail" })
      .filter({ hasText: "Quiet as a fridge." }),
  ).toHaveCount(1);
  await staff.context().close();
});
