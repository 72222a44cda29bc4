/**
 * Assessment visits (issue 20, points 1 to 4) in a real browser: the admin puts themselves on
 * the visit staff at /admin/schedule; a guest submits a radon request and books the placement and
 * the pick-up from the confirmation page, gets the mail with the .ics files (DTSTART at the chosen
 * Denver time) and moves both from the status link; a water visit booked by keyboard alone; a
 * radon booking with JavaScript off (a guest's request gives its street address when booking); two
 * homeowners choosing one time (JavaScript on: the second is told and sees only free times); the
 * admin sees the visits in the week and moves one; a visit
 * booked for today shows on the dashboard's 'Visits today' card, its reminder mail arrives (it
 * starts within 24 hours) and its one-click unsubscribe page stops the reminders; axe on every
 * new page. One file in order: the staff member comes first, and every test that changes the
 * shared schedule (hours, lengths, lead time) is here, so no other file's test runs beside it.
 */
import type { Page } from "@playwright/test";
import ICAL from "ical.js";
import { denverWallTime } from "../setup/denver";
import { formData, validAnswers } from "../setup/forms";
import { expect, openAs, test } from "./fixtures";
import {
  confirmationReference,
  expectNoAxeViolations,
  fillContact,
  fillRadon,
  findMail,
  guestWaterStatusPath,
  hydrated,
  sentMail,
  sidewaysScroll,
  uniqueEmail,
} from "./helpers";

test.describe.configure({ mode: "serial", timeout: 180_000 });

/**
 * A guest's request has only a ZIP code: the booking form asks where to come (State is UT and the
 * ZIP the request's unless changed).
 */
async function fillVisitAddress(page: Page) {
  await page.getByLabel("Street address").fill("2345 E Evergreen Ave");
  await page.getByLabel("City").fill("Salt Lake City");
  await page.getByLabel("ZIP Code").fill("84106");
}

/** What the radon test booked, for the admin's test further down. */
const radonBooking = { reference: "", placementDay: "", visitLink: "", email: "" };

interface CalendarFile {
  filename: string;
  method: string;
  uid: string;
  sequence: number;
  tzid: string;
  start: string;
}

/**
 * The newest dev mail to `to` whose subject contains `subject`, with its .ics attachments read
 * by ical.js (a calendar parser of its own); waits for it.
 */
async function calendarMail(to: string, subject: string) {
  const { default: PostalMime } = await import("postal-mime");
  let found: { text: string; files: CalendarFile[] } | undefined;
  await expect
    .poll(async () => {
      for (const raw of sentMail().reverse()) {
        const mail = await PostalMime.parse(raw);
        const recipients = (mail.to ?? []).map((a) => a.address?.toLowerCase());
        if (!recipients.includes(to.toLowerCase()) || !mail.subject?.includes(subject)) continue;
        const files = mail.attachments
          .filter((a) => a.filename?.endsWith(".ics"))
          .map((a) => {
            const text =
              typeof a.content === "string" ? a.content : new TextDecoder().decode(a.content);
            const calendar = new ICAL.Component(ICAL.parse(text));
            const event = calendar.getFirstSubcomponent("vevent");
            const start = event?.getFirstProperty("dtstart");
            return {
              filename: a.filename ?? "",
              method: String(calendar.getFirstPropertyValue("method")),
              uid: String(event?.getFirstPropertyValue("uid")),
              sequence: Number(event?.getFirstPropertyValue("sequence")),
              tzid: String(start?.getParameter("tzid")),
              start: String(start?.getFirstValue()),
            };
          })
          .sort((a, b) => a.filename.localeCompare(b.filename));
        found = { text: mail.text ?? "", files };
        return true;
      }
      return false;
    })
    .toBe(true);
  return found as { text: string; files: CalendarFile[] };
}

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

async function noSidewaysScroll(page: Page) {
  const { extra, culprits } = await sidewaysScroll(page);
  expect(extra, culprits.join("; ")).toBe(0);
}

test("an admin puts themselves on the visit staff at /admin/schedule", async ({ page, admin }) => {
  await openAs(page, admin, "/admin/schedule");
  await expect(
    page.getByRole("heading", { name: "Availability", level: 2, exact: true }),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  const select = page.getByLabel("Admin", { exact: true });
  const option = select.locator("option", { hasText: admin.email });
  if ((await option.count()) > 0) {
    await select.selectOption({ label: (await option.textContent()) ?? "" });
    await page.getByRole("button", { name: "Add to visit staff" }).click();
    // added once the page has its new data: the admin is no longer offered, and their hours'
    // card is on the page (typing before that went into a card the new data re-rendered)
    await expect(option).toHaveCount(0);
  }
  // Monday to Friday 08:00-17:00 until edited; Saturday added here
  await expect(page.getByLabel("Monday starts").first()).toHaveValue("08:00");
  await page.getByLabel("Saturday starts").first().fill("09:00");
  await page.getByLabel("Saturday ends").first().fill("13:00");
  await page.getByRole("button", { name: "Save working hours" }).first().click();
  await expect(page.getByLabel("Saturday ends").first()).toHaveValue("13:00");
  // a refused edit says why beside the field
  await page.getByLabel("Sunday starts").first().fill("12:00");
  await page.getByLabel("Sunday ends").first().fill("10:00");
  await page.getByRole("button", { name: "Save working hours" }).first().click();
  await expect(page.getByText("Sunday must end after it starts")).toBeVisible();
  await expectNoAxeViolations(page);
});

test("a guest submits a radon request, books the placement and the pick-up from the confirmation page, gets the calendar mail and moves both from the status link", async ({
  page,
}) => {
  const email = uniqueEmail("visit.radon");
  radonBooking.email = email;
  await page.goto("/quotes/radon-remediation");
  await hydrated(page);
  await fillRadon(page);
  await fillContact(page, email);
  await page.getByRole("button", { name: "Request Free Quote" }).click();
  radonBooking.reference = await confirmationReference(page);
  await page.getByRole("link", { name: "Book your assessment visit" }).click();

  await expect(page.getByRole("heading", { name: "Book your assessment visit" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Days with free times" })).toBeVisible();
  await expectNoAxeViolations(page);
  const placements = page.getByRole("group", { name: /Radon detector placement time/ });
  const placement = placements.getByRole("radio").first();
  const placementLabel = (await placement.locator("xpath=..").textContent()) ?? "";
  const placementAt = await placement.inputValue();
  await placement.check();
  await page.getByRole("button", { name: "Continue to the pick-up time" }).click();

  await expect(page.getByRole("heading", { name: "Choose the pick-up time" })).toBeVisible();
  await expectNoAxeViolations(page);
  const pickup = page.getByRole("group", { name: /Radon detector pick-up/ }).getByRole("radio");
  const pickupAt = await pickup.first().inputValue();
  await pickup.first().check();
  await fillVisitAddress(page);
  await page.getByRole("button", { name: "Book placement and pick-up" }).click();

  const booked = page.getByRole("heading", { name: "Your booked visits" });
  await expect(booked).toBeVisible();
  const list = page.getByRole("listitem").filter({ hasText: /^Radon detector/ });
  await expect(list).toHaveCount(2);
  await expect(list.first()).toContainText(`Radon detector placement: `);
  await expect(list.first()).toContainText(placementLabel.trim());
  await expect(list.nth(1)).toContainText("Radon detector pick-up: ");
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 320, height: 800 });
  await noSidewaysScroll(page);
  await page.setViewportSize({ width: 1280, height: 800 });

  // the mail: one invitation per visit, DTSTART the chosen wall time in America/Denver
  const bookedMail = await calendarMail(email, "Your visit is booked");
  expect(bookedMail.files.map((f) => [f.filename, f.method, f.tzid, f.start, f.sequence])).toEqual([
    ["radon-pickup.ics", "REQUEST", "America/Denver", denverWallTime(pickupAt), 0],
    ["radon-placement.ics", "REQUEST", "America/Denver", denverWallTime(placementAt), 0],
  ]);
  expect(bookedMail.text).toContain("Address: 2345 E Evergreen Ave, Salt Lake City, UT 84106");
  // e.g. "9:00 AM" on the page is 09:00 in the file
  const [hour, minute] = denverWallTime(placementAt).slice(11, 16).split(":").map(Number);
  expect(placementLabel.trim()).toMatch(
    new RegExp(
      `^${(hour as number) % 12 || 12}:${String(minute).padStart(2, "0")} ${(hour as number) < 12 ? "AM" : "PM"}`,
    ),
  );

  // the status link in the mail: the visits show there, and both move to new times
  const link = bookedMail.text.match(/https?:\/\/\S+\/visit/)?.[0] ?? "";
  expect(link).toMatch(/\/quotes\/status\/[A-Za-z0-9_-]{43}\/visit$/);
  const statusPage = await page.goto(link.replace(/\/visit$/, ""));
  expect(statusPage?.headers()["cache-control"]).toBe("private, no-store");
  await expect(page.getByRole("heading", { name: "Your Visits" })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("link", { name: "Change or cancel your visits" }).click();
  await expect(page.getByRole("heading", { name: "Your booked visits" })).toBeVisible();
  await hydrated(page);
  await page.getByRole("link", { name: "Change the times" }).click();
  await expect(page.getByRole("heading", { name: "Your current times" })).toBeVisible();
  await expectNoAxeViolations(page);
  const thirdDay = page
    .getByRole("navigation", { name: "Days with free times" })
    .getByRole("link")
    .nth(2);
  const thirdDayName = (await thirdDay.textContent()) ?? "";
  await thirdDay.click();
  await expect(page.getByRole("heading", { name: `Free times on ${thirdDayName}` })).toBeVisible();
  const newPlacement = page
    .getByRole("group", { name: /Radon detector placement time/ })
    .getByRole("radio")
    .last();
  const newPlacementAt = await newPlacement.inputValue();
  await newPlacement.check();
  await page.getByRole("button", { name: "Continue to the pick-up time" }).click();
  const newPickup = page.getByRole("group", { name: /Radon detector pick-up/ }).getByRole("radio");
  const newPickupAt = await newPickup.last().inputValue();
  await newPickup.last().check();
  await page.getByRole("button", { name: "Move placement and pick-up" }).click();
  await expect(page.getByRole("heading", { name: "Your booked visits" })).toBeVisible();
  await expect(page.getByText("Your visits are moved")).toBeVisible();
  const moved = await calendarMail(email, "Your visit has a new time");
  expect(moved.files.map((f) => [f.filename, f.start, f.sequence])).toEqual([
    ["radon-pickup.ics", denverWallTime(newPickupAt), 1],
    ["radon-placement.ics", denverWallTime(newPlacementAt), 1],
  ]);
  // the same events (UIDs) as the booking's invitations
  expect(moved.files.map((f) => f.uid)).toEqual(bookedMail.files.map((f) => f.uid));
  radonBooking.placementDay = denverWallTime(newPlacementAt).slice(0, 10);
  radonBooking.visitLink = link;
});

test("a water visit booked with the keyboard alone", async ({ page }) => {
  const posted = await page.request.post("/quotes/water-filtration-remediation", {
    form: formData({ ...validAnswers.water_filtration, email: uniqueEmail("visit.keys") }),
    maxRedirects: 0,
  });
  expect(posted.status(), await posted.text()).toBe(302);
  const response = await page.goto("/quotes/confirmation/visit");
  expect(response?.headers()["cache-control"]).toBe("private, no-store");
  expect(response?.headers()["x-robots-tag"]).toBe("noindex, nofollow");
  // the second day offered: a whole day of times to arrow through (the first may hold only one)
  const secondDay = page
    .getByRole("navigation", { name: "Days with free times" })
    .getByRole("link")
    .nth(1);
  await page.goto((await secondDay.getAttribute("href")) ?? "");
  await hydrated(page);
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 320, height: 800 });
  await noSidewaysScroll(page);

  // Tab to the first time, arrow to the next, Tab to the button, Enter
  let onRadio = false;
  for (let i = 0; i < 120 && !onRadio; i++) {
    await page.keyboard.press("Tab");
    onRadio = await page.evaluate(
      () => (document.activeElement as HTMLInputElement | null)?.type === "radio",
    );
  }
  expect(onRadio).toBe(true);
  await page.keyboard.press("ArrowDown");
  const chosen = await page.evaluate(() => {
    const radio = document.activeElement as HTMLInputElement;
    return radio.checked ? (radio.closest("label")?.textContent ?? "") : "";
  });
  expect(chosen).toMatch(/[AP]M M[DS]T$/);
  // where to come: street and city typed, State (UT) and the request's ZIP kept
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Street address")).toBeFocused();
  await page.keyboard.type("2345 E Evergreen Ave");
  await page.keyboard.press("Tab");
  await page.keyboard.type("Salt Lake City");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("ZIP Code")).toHaveValue(validAnswers.water_filtration.zipCode);
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Book this visit" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: "Your booked visit" })).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: /^Water assessment/ })).toContainText(
    chosen,
  );
});

test("two homeowners choose one time with JavaScript on: the second is told it was taken, and only free times remain", async ({
  browser,
}) => {
  const homeowner = async (label: string) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const statusPath = await guestWaterStatusPath(page, uniqueEmail(label));
    await page.goto(`${statusPath}/visit`);
    // the second day offered: a whole day (the first may hold only its last hours, and once its
    // one time is taken the next day, with a time of the same label, would be shown instead)
    const days = page.getByRole("navigation", { name: "Days with free times" }).getByRole("link");
    const dayName = (await days.nth(1).textContent()) ?? "";
    await days.nth(1).click();
    await expect(page.getByRole("heading", { name: `Free times on ${dayName}` })).toBeVisible();
    await hydrated(page);
    await fillVisitAddress(page);
    return { context, page, statusPath };
  };
  const first = await homeowner("visit.race.a");
  const second = await homeowner("visit.race.b");
  const times = (page: Page) =>
    page.getByRole("group", { name: /Water assessment time/ }).getByRole("radio");
  const taken = await times(first.page).first().inputValue();
  const takenLabel =
    (await times(first.page).first().locator("xpath=..").textContent())?.trim() ?? "";
  // both choose the same time; the first books it
  await second.page.getByRole("radio", { name: takenLabel, exact: true }).check();
  await times(first.page).first().check();
  await first.page.getByRole("button", { name: "Book this visit" }).click();
  await expect(first.page.getByRole("heading", { name: "Your booked visit" })).toBeVisible();
  // another visiting staff member may still be free then: other guests take it until none is
  const origin = new URL(first.page.url()).origin;
  for (let guest = 0, free = true; free; guest++) {
    expect(guest, "the time stays free for too many bookings").toBeLessThan(6);
    const filler = await guestWaterStatusPath(first.page, uniqueEmail("visit.race.fill"));
    const posted = await first.page.request.post(`${filler}/visit`, {
      form: {
        slot: taken,
        address: "2345 E Evergreen Ave",
        city: "Salt Lake City",
        state: "UT",
        zipCode: "84106",
      },
      headers: { Origin: origin },
      maxRedirects: 0,
    });
    expect([302, 409]).toContain(posted.status());
    free = posted.status() === 302;
  }

  // the second, on the page loaded before: told, and the taken time is no longer offered
  await second.page.getByRole("button", { name: "Book this visit" }).click();
  await expect(
    second.page.getByText("That time was just taken, please choose another"),
  ).toBeVisible();
  await expect(second.page.getByRole("radio", { name: takenLabel, exact: true })).toHaveCount(0);
  await expect(second.page.getByRole("radio", { checked: true })).toHaveCount(0);
  await expectNoAxeViolations(second.page);
  // another time books at once
  const other = times(second.page).first();
  const otherLabel = (await other.locator("xpath=..").textContent())?.trim() ?? "";
  await other.check();
  await second.page.getByRole("button", { name: "Book this visit" }).click();
  await expect(second.page.getByRole("heading", { name: "Your booked visit" })).toBeVisible();
  await expect(
    second.page.getByRole("listitem").filter({ hasText: /^Water assessment/ }),
  ).toContainText(otherLabel);
  await first.context.close();
  await second.context.close();
});

test("a radon booking with JavaScript off", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const posted = await page.request.post("/quotes/radon-remediation", {
    form: { ...validAnswers.radon, email: uniqueEmail("visit.nojs") },
    maxRedirects: 0,
  });
  expect(posted.status(), await posted.text()).toBe(302);
  await page.goto("/quotes/confirmation/visit");
  // the second day with free times, by its link
  const days = page.getByRole("navigation", { name: "Days with free times" }).getByRole("link");
  const second = days.nth(1);
  const dayName = (await second.textContent()) ?? "";
  await second.click();
  await expect(page.getByRole("heading", { name: `Free times on ${dayName}` })).toBeVisible();
  await page
    .getByRole("group", { name: /Radon detector placement time/ })
    .getByRole("radio")
    .last()
    .check();
  await page.getByRole("button", { name: "Continue to the pick-up time" }).click();
  await expect(page.getByRole("heading", { name: "Choose the pick-up time" })).toBeVisible();
  await expect(page.getByText(dayName).first()).toBeVisible();
  await page
    .getByRole("group", { name: /Radon detector pick-up/ })
    .getByRole("radio")
    .nth(1)
    .check();
  // without the street address the server refuses, says why beside the field and keeps the choice
  await page.getByRole("button", { name: "Book placement and pick-up" }).click();
  await expect(page.getByText("Enter the street address where we should come.")).toBeVisible();
  await expect(page.getByText("Address is required")).toBeVisible();
  await fillVisitAddress(page);
  await page
    .getByRole("group", { name: /Radon detector pick-up/ })
    .getByRole("radio")
    .nth(1)
    .check();
  await page.getByRole("button", { name: "Book placement and pick-up" }).click();
  await expect(page.getByRole("heading", { name: "Your booked visits" })).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: /^Radon detector/ })).toHaveCount(2);
  await context.close();
});

test("the admin sees both radon visits in the staff's week and moves the pick-up", async ({
  page,
  admin,
}) => {
  // the old address of the week leads to /admin/schedule
  await openAs(page, admin, `/admin/visits?week=${radonBooking.placementDay}`);
  await expect(page).toHaveURL(/\/admin\/schedule\?week=/);
  await expect(page.getByRole("heading", { name: /^Visits: Week of Monday, / })).toBeVisible();
  await expectNoAxeViolations(page);
  // the pick-up is 2 to 4 days after the placement: this week or the next
  const visitOf = (kind: string) =>
    page
      .getByRole("listitem")
      .filter({ hasText: `Ref. ${radonBooking.reference}` })
      .filter({ hasText: kind });
  await expect(visitOf("Radon detector placement")).toHaveCount(1);
  await expect(visitOf("Radon detector placement")).toContainText("Dana Rivera");
  await expect(visitOf("Radon detector placement")).toContainText("Radon");
  if ((await visitOf("Radon detector pick-up").count()) === 0) {
    await page.getByRole("link", { name: "Next week" }).click();
  }
  await expect(visitOf("Radon detector pick-up")).toHaveCount(1);
  await page.setViewportSize({ width: 320, height: 800 });
  await noSidewaysScroll(page);
  await page.setViewportSize({ width: 1280, height: 800 });

  const before = (await visitOf("Radon detector pick-up").locator("p").first().textContent()) ?? "";
  await visitOf("Radon detector pick-up")
    .getByRole("link", { name: /^Move or cancel/ })
    .click();
  await expect(page.getByRole("heading", { name: /^Radon detector pick-up: / })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 320, height: 800 });
  await noSidewaysScroll(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  const times = page.getByRole("group", { name: /^Free times on / }).getByRole("radio");
  // another time than the current one
  const count = await times.count();
  let chosen = "";
  for (let i = count - 1; i >= 0 && !chosen; i--) {
    const label = (await times.nth(i).locator("xpath=..").textContent()) ?? "";
    if (!label.startsWith(before.trim())) {
      await times.nth(i).check();
      chosen = label.trim();
    }
  }
  expect(chosen).not.toBe("");
  await page.getByRole("button", { name: "Move and email the homeowner" }).click();
  await expect(page.getByText("Visit moved")).toBeVisible();
  await expect(page.getByRole("heading", { name: /^Visits: Week of Monday, / })).toBeVisible();
  await expect(visitOf("Radon detector pick-up")).toContainText(
    chosen.split(" with ")[0] as string,
  );
  await page.setViewportSize({ width: 320, height: 800 });
  await noSidewaysScroll(page);

  // live: the homeowner cancels from the status link; the open week drops both visits unreloaded
  await expect(page.locator("html[data-live-updates=connected]")).toHaveCount(1);
  await page.evaluate(() => {
    (window as unknown as { notReloaded: boolean }).notReloaded = true;
  });
  const cancelled = await page.request.post(radonBooking.visitLink, {
    form: { intent: "cancel" },
    headers: { Origin: new URL(radonBooking.visitLink).origin },
    maxRedirects: 0,
  });
  expect(cancelled.status()).toBe(302);
  await expect(
    page.getByRole("listitem").filter({ hasText: `Ref. ${radonBooking.reference}` }),
  ).toHaveCount(0);
  expect(
    await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded),
  ).toBe(true);
  const cancelMail = await calendarMail(radonBooking.email, "Your visit is cancelled");
  expect(cancelMail.files.map((f) => [f.filename, f.method])).toEqual([
    ["radon-pickup.ics", "CANCEL"],
    ["radon-placement.ics", "CANCEL"],
  ]);
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
    const statusPath = await guestWaterStatusPath(guestPage, email);
    await guestPage.goto(`${statusPath}/visit`);
    await hydrated(guestPage);
    await guestPage.getByRole("radio").first().check();
    await fillVisitAddress(guestPage);
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
