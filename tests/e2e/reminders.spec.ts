/**
 * Reminders and the admin inbox (issue 20 points 5 and 6) in a real browser: a guest opts into
 * follow-ups from the status page; a visit booked for today shows on the dashboard's 'Visits
 * today' card, its reminder mail arrives (it starts within 24 hours) and its one-click unsubscribe
 * page stops the reminders; axe on every new page. The admin's hours, the water visit's length
 * and the lead time are widened for the test and put back after it. The admin's hours start a few
 * minutes from now (Denver), so a free time is left today; in the day's last quarter hour the
 * second test waits for midnight first.
 */
import type { Page } from "@playwright/test";
import { formData, validAnswers } from "../setup/forms";
import { expect, openAs, test } from "./fixtures";
import { expectNoAxeViolations, findMail, hydrated, sidewaysScroll, uniqueEmail } from "./helpers";

test.describe.configure({ mode: "serial", timeout: 180_000 });

/** Minutes after midnight of the wall clock in America/Denver at `at`. */
function denverMinutes(at = new Date()): number {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone: "America/Denver",
    hour: "numeric",
    minute: "numeric",
    hourCycle: "h23",
  }).formatToParts(at);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return part("hour") * 60 + part("minute");
}

/** "HH:MM" of `minutes` after midnight. */
const clock = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;

/** Submits a water request (answered 'well') as a guest; returns its status link's path. */
async function waterRequestStatusPath(page: Page, email: string): Promise<string> {
  const posted = await page.request.post("/quotes/water-filtration-remediation", {
    form: formData({ ...validAnswers.water_filtration, email }),
    maxRedirects: 0,
  });
  expect(posted.status(), await posted.text()).toBe(302);
  const mail = await findMail(email, "We received your");
  const url = mail.text.match(/https?:\/\/\S+\/quotes\/status\/[A-Za-z0-9_-]{43}/)?.[0];
  expect(url).toBeTruthy();
  return new URL(url as string).pathname;
}

test("a guest opts into a well test and filter change reminders from the status page", async ({
  page,
}) => {
  const statusPath = await waterRequestStatusPath(page, uniqueEmail("reminders.optin"));
  await page.goto(statusPath);
  await hydrated(page);
  await page.getByRole("link", { name: "Choose your reminders" }).click();
  await expect(page.getByRole("heading", { name: "Your reminders", level: 1 })).toBeVisible();
  const response = await page.request.get(`${statusPath}/reminders`);
  expect(response.headers()["cache-control"]).toBe("private, no-store");
  expect(response.headers()["x-robots-tag"]).toBe("noindex, nofollow");
  expect(response.headers()["referrer-policy"]).toBe("no-referrer");
  await expectNoAxeViolations(page);

  await expect(page.getByRole("checkbox", { name: "Assessment visit reminders" })).toBeChecked();
  await page.getByRole("checkbox", { name: "Yearly private well test" }).check();
  await page.getByRole("checkbox", { name: "Filter change" }).check();
  // without a filter type the form says so beside the field
  await page.getByLabel("Your filter type").selectOption("");
  await page.getByRole("button", { name: "Save reminders" }).click();
  await expect(
    page.getByText("Choose your filter type to get filter change reminders").first(),
  ).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole("checkbox", { name: "Yearly private well test" }).check();
  await page.getByRole("checkbox", { name: "Filter change" }).check();
  await page
    .getByLabel("Your filter type")
    .selectOption({ label: "Under-sink filter (every 6 months)" });
  await page.getByRole("button", { name: "Save reminders" }).click();
  await expect(page.getByText("Your reminders are saved")).toBeVisible();
  await expect(page.getByRole("checkbox", { name: "Yearly private well test" })).toBeChecked();
  await expect(page.getByText(/^Next reminder: /)).toHaveCount(2);
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 320, height: 800 });
  const { extra, culprits } = await sidewaysScroll(page);
  expect(extra, culprits.join("; ")).toBe(0);
});

test("a visit booked for today shows on the dashboard card; its reminder's unsubscribe page stops them", async ({
  page,
  admin,
}) => {
  await openAs(page, admin, "/admin/schedule");
  const addSelect = page.getByLabel("Admin", { exact: true });
  const candidate = addSelect.locator("option", { hasText: admin.email });
  if ((await candidate.count()) > 0) {
    await addSelect.selectOption((await candidate.getAttribute("value")) as string);
    await page.getByRole("button", { name: "Add to visit staff" }).click();
  }
  // this admin's card (the innermost element holding its heading and an hours form), its form
  const adminCard = page
    .locator("div")
    .filter({
      has: page.getByRole("heading", {
        name: admin.fullName ?? admin.email,
        level: 3,
        exact: true,
      }),
    })
    .filter({ has: page.getByRole("button", { name: "Save working hours" }) })
    .last();
  const hoursForm = adminCard
    .locator("form")
    .filter({ has: page.getByRole("button", { name: "Save working hours" }) });
  const days = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
  async function setHours(start: (day: string) => string, end: (day: string) => string) {
    for (const day of days) {
      await hoursForm.getByLabel(`${day} starts`).fill(start(day));
      await hoursForm.getByLabel(`${day} ends`).fill(end(day));
    }
    await hoursForm.getByRole("button", { name: "Save working hours" }).click();
    await expect(page.getByRole("heading", { name: "Availability", level: 2 })).toBeVisible();
  }
  const leadTime = page.getByLabel("Lead time (hours)");
  const weekday = (day: string) => day !== "Saturday" && day !== "Sunday";
  try {
    // 5-minute water visits, no lead time, and hours every day from a start whose 30-minute steps
    // include a time 5-10 minutes from now: a free time today. The latest used is 23:50 (its
    // visit ends 23:55, before the hours' 23:59), so after 23:45 the test waits for midnight first.
    const late = denverMinutes() - (23 * 60 + 46);
    if (late >= 0) {
      test.setTimeout(180_000 + (15 - late) * 60_000);
      await page.waitForTimeout((15 - late) * 60_000);
    }
    const first = Math.ceil((denverMinutes() + 5) / 5) * 5;
    await setHours(
      () => clock(first % 30),
      () => "23:59",
    );
    await page.getByLabel("Water assessment (minutes)").fill("5");
    await leadTime.fill("0");
    await page.getByRole("button", { name: "Save visit settings" }).click();
    await expect(page.getByLabel("Lead time (hours)")).toHaveValue("0");

    // a guest books the earliest free time: today (Denver), within 24 hours
    const guest = await page.context().browser()!.newContext();
    const guestPage = await guest.newPage();
    const email = uniqueEmail("reminders.today");
    const statusPath = await waterRequestStatusPath(guestPage, email);
    await guestPage.goto(`${statusPath}/visit`);
    await hydrated(guestPage);
    await guestPage.getByRole("radio").first().check();
    await guestPage.getByRole("button", { name: "Book this visit" }).click();
    await expect(guestPage.getByRole("heading", { name: "Your booked visit" })).toBeVisible();

    await page.goto("/admin/dashboard");
    const card = page.locator("div").filter({
      has: page.getByRole("heading", { name: "Visits today", level: 3 }),
    });
    const link = card.getByRole("link", { name: /^Water assessment: Ann Lee/ }).last();
    await expect(link).toBeVisible();
    await expectNoAxeViolations(page);
    await link.click();
    await expect(page).toHaveURL(/\/admin\/quotes\/[0-9a-f-]{36}$/);

    // the quotes list shows its next visit, and the 'No visit booked' filter leaves it out
    await page.goto(`/admin/quotes?q=${encodeURIComponent(email)}`);
    await expect(page.getByRole("cell", { name: /M[DS]T$/ }).first()).toBeVisible();
    await page.goto(`/admin/quotes?q=${encodeURIComponent(email)}&visit=none`);
    await expect(page.getByText("0 quotes")).toBeVisible();

    // the visit starts within 24 hours: its reminder goes at once, with its unsubscribe link
    const reminder = await findMail(email, "Reminder: your water assessment");
    const unsubscribe = reminder.text.match(/https?:\/\/\S+\/unsubscribe\/[A-Za-z0-9_-]{43}/)?.[0];
    expect(unsubscribe).toBeTruthy();
    const unsubscribePath = new URL(unsubscribe as string).pathname;
    const confirm = await guestPage.goto(unsubscribePath);
    expect(confirm?.headers()["cache-control"]).toBe("private, no-store");
    expect(confirm?.headers()["x-robots-tag"]).toBe("noindex, nofollow");
    expect(confirm?.headers()["referrer-policy"]).toBe("no-referrer");
    await hydrated(guestPage);
    await expect(guestPage.getByRole("heading", { name: "Stop reminders" })).toBeVisible();
    await expectNoAxeViolations(guestPage);
    await guestPage.getByRole("button", { name: "Stop these reminders" }).click();
    await expect(guestPage.getByRole("status").filter({ hasText: "are stopped" })).toBeVisible();
    await expectNoAxeViolations(guestPage);
    // a mail provider's one-click POST from elsewhere is accepted too (RFC 8058)
    const oneClick = await guestPage.request.post(unsubscribePath, {
      headers: { origin: "https://mail.example.net" },
      form: { "List-Unsubscribe": "One-Click" },
    });
    expect(oneClick.status()).toBe(200);
    await guest.close();
  } finally {
    await page.goto("/admin/schedule");
    await setHours(
      (day) => (weekday(day) ? "08:00" : ""),
      (day) => (weekday(day) ? "17:00" : ""),
    );
    await page.getByLabel("Water assessment (minutes)").fill("60");
    await page.getByLabel("Lead time (hours)").fill("24");
    await page.getByRole("button", { name: "Save visit settings" }).click();
    await expect(page.getByLabel("Lead time (hours)")).toHaveValue("24");
  }
});
