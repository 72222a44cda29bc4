/**
 * The back office's set-up checklist, shown on the admin dashboard until every step is done: a
 * new owner otherwise never learns that homeowners see no bookable time until visit staff have
 * working hours, that estimates still offer the sample prices, or that the site shows a fictional
 * phone number.
 */
import { count, ilike, isNull, sql } from "drizzle-orm";
import { price_book_items } from "~/db/schema";
import { SAMPLE_PRICE_NOTE } from "~/features/estimates/sample-prices";
import { staffAvailability } from "~/features/visits/settings.server";
import { db } from "~/lib/db.server";
import { env, LOCAL_COMPANY_CONTACT } from "~/lib/env.server";

export interface SetupStep {
  id: "visit-staff" | "price-book" | "company-contact";
  title: string;
  done: boolean;
  /** what to do, or what was done */
  detail: string;
  /** where to do it (null: a setting of the server) */
  href: string | null;
  linkLabel: string | null;
}

/**
 * The set-up steps and whether each is done, from the stored settings and the configuration:
 * - visit staff: at least one admin on the visit staff with working hours (/admin/schedule);
 * - price book: at least one item in use, and none of them still a sample (its description
 *   starts with "Sample price", as the first start wrote them: features/estimates/seed.server.ts);
 * - company contact: COMPANY_PHONE set (not the fictional local default).
 */
export async function setupChecklist(): Promise<SetupStep[]> {
  const [staff, [prices]] = await Promise.all([
    staffAvailability(),
    db
      .select({
        active: count(),
        samples:
          sql<number>`count(*) filter (where ${ilike(price_book_items.description, `${SAMPLE_PRICE_NOTE}%`)})`.mapWith(
            Number,
          ),
      })
      .from(price_book_items)
      .where(isNull(price_book_items.retired_at)),
  ]);
  const bookable = staff.filter((member) => member.hours.some((day) => day !== null)).length;
  const active = prices?.active ?? 0;
  const samples = prices?.samples ?? 0;
  const phone = env().COMPANY_PHONE;
  const phoneSet = phone.e164 !== LOCAL_COMPANY_CONTACT.phone.e164;
  return [
    {
      id: "visit-staff",
      title: "Visit staff and working hours",
      done: bookable > 0,
      detail:
        bookable > 0
          ? `${bookable} staff member${bookable === 1 ? "" : "s"} with working hours: homeowners can book visits online.`
          : "Nobody does visits yet, so homeowners cannot book one online (their booking page says you will call them). Add visit staff and their hours.",
      href: "/admin/schedule",
      linkLabel: "Set up visit staff",
    },
    {
      id: "price-book",
      title: "Your own prices in the price book",
      done: active > 0 && samples === 0,
      detail:
        active === 0
          ? "The price book is empty: add the items your estimates offer."
          : samples > 0
            ? `${samples} of ${active} items still carry the sample prices written on the first start: edit or retire them.`
            : `${active} items, none of them a sample.`,
      href: "/admin/price-book",
      linkLabel: "Open the price book",
    },
    {
      id: "company-contact",
      title: "The company's phone and e-mail",
      done: phoneSet,
      detail: phoneSet
        ? `The site, mail and PDFs show ${phone.display}.`
        : `The site shows the fictional ${phone.display}: set COMPANY_PHONE and COMPANY_EMAIL in the server's environment (README, Configuration) and restart it.`,
      href: null,
      linkLabel: null,
    },
  ];
}
