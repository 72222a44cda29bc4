/**
 * What the visit tests set up through the app's own code: a guest's (or customer's) quote with a
 * status link, a staff member's week through /admin/schedule's action, and the booking page's
 * data as the status link's loader answers.
 */
import { expect } from "vitest";
import * as schema from "~/db/schema";
import { setServiceAddress } from "~/features/quotes/service-address.server";
import { newStatusLink } from "~/features/quotes/status-link.server";
import { submitQuoteRequest } from "~/features/quotes/submit.server";
import type { BookingView } from "~/features/visits/booking.server";
import { db } from "~/lib/db.server";
import type { SessionUser } from "~/lib/session.server";
import * as scheduleRoute from "~/routes/admin/schedule";
import * as visitRoute from "~/routes/quotes/status-visit";
import { post } from "./actions";
import { contextFor } from "./admin";
import { formData, validAnswers } from "./forms";

const ORIGIN = "http://localhost:3000";

/** The street address the visit fixtures' requests have unless told otherwise. */
export const FIXTURE_ADDRESS = {
  address: "2345 E Evergreen Ave",
  city: "Salt Lake City",
  state: "UT",
  zipCode: "84106",
};

/**
 * A quote of `service` (a guest's, or `userId`'s), its answers `answers` over the valid ones,
 * with a status link: the quote's id and the link's token. Its service address is FIXTURE_ADDRESS
 * (as staff set it on the admin page), or with `zipOnly` only the form's ZIP code (a guest's
 * request as sent, which asks for the street when booking).
 */
export async function quoteWithLink(
  service: "radon" | "water_filtration",
  userId: string | null = null,
  answers: Record<string, string> = {},
  { zipOnly = false }: { zipOnly?: boolean } = {},
): Promise<{ quoteId: string; token: string }> {
  const outcome = await submitQuoteRequest(
    service,
    formData({ ...validAnswers[service], ...answers }),
    { clientIp: "192.0.2.1", owner: { userId } },
  );
  if (outcome.ok !== true) throw new Error("quote fixture failed");
  if (!zipOnly) await setServiceAddress(outcome.quoteId, FIXTURE_ADDRESS);
  const link = newStatusLink(outcome.quoteId);
  await db.insert(schema.quote_status_links).values(link.row);
  return {
    quoteId: outcome.quoteId,
    token: new URL(link.url).pathname.split("/").pop() as string,
  };
}

/** Posts `fields` to /admin/schedule's action as `admin` from `ip`. */
export function schedulePost(admin: SessionUser, ip: string, fields: Record<string, string>) {
  return post(scheduleRoute.action, "/admin/schedule", fields, ip, admin);
}

/** `admin` puts `who` on the visit staff, working every day from 08:00 to 17:00 (Denver). */
export async function staffEveryDay(admin: SessionUser, ip: string, who: SessionUser) {
  expect((await schedulePost(admin, ip, { intent: "add-staff", staffId: who.id })).status).toBe(
    302,
  );
  const hours: Record<string, string> = { intent: "save-hours", staffId: who.id };
  for (let day = 0; day < 7; day++) {
    hours[`start_${day}`] = "08:00";
    hours[`end_${day}`] = "17:00";
  }
  expect((await schedulePost(admin, ip, hours)).status).toBe(302);
}

/** The booking page of status link `token` (with `query`, e.g. "?day=..."), as its loader answers. */
export async function statusVisitPage(token: string, query = ""): Promise<BookingView> {
  return (await visitRoute.loader({
    request: new Request(`${ORIGIN}/quotes/status/${token}/visit${query}`),
    params: { token },
    context: contextFor(null),
  } as never)) as BookingView;
}
