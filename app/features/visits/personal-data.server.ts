/**
 * The visits' part of a customer's personal data (app/lib/personal-data.server.ts): the
 * assessment visits booked for their quotes and the reminders they chose. Both belong to the
 * quote and are kept with it on closing. A staff member (one of the visit staff, or with visits
 * booked to them) cannot close their own account: the schedule names them.
 */
import { asc, eq, inArray } from "drizzle-orm";
import { quotes, reminder_subscriptions, visit_staff, visits } from "~/db/schema";
import { referenceNumber } from "~/features/quotes/reference";
import { db } from "~/lib/db.server";
import { exportTime, type PersonalDataPart, type SectionContent } from "~/lib/personal-data.server";

/** The customer's quotes, as a subquery of their ids. */
const quoteIdsOf = (userId: string) =>
  db.select({ id: quotes.id }).from(quotes).where(eq(quotes.user_id, userId));

/** Assessment visits booked for the customer's quotes (times in Utah time with their offset). */
async function visitsSection(userId: string): Promise<SectionContent> {
  const rows = await db
    .select()
    .from(visits)
    .where(inArray(visits.quote_id, quoteIdsOf(userId)))
    .orderBy(asc(visits.starts_at));
  return {
    data: rows.map((v) => ({
      quoteReference: referenceNumber(v.quote_id),
      kind: v.kind,
      startsAt: exportTime(v.starts_at),
      endsAt: exportTime(v.ends_at),
      bookedAt: exportTime(v.created_at),
    })),
  };
}

/** The reminders the customer chose for their quotes (visit reminders and follow-ups). */
async function remindersSection(userId: string): Promise<SectionContent> {
  const rows = await db
    .select({
      quoteId: reminder_subscriptions.quote_id,
      kind: reminder_subscriptions.kind,
      filterType: reminder_subscriptions.filter_type,
      nextDueAt: reminder_subscriptions.next_due_at,
      lastSentAt: reminder_subscriptions.last_sent_at,
      unsubscribedAt: reminder_subscriptions.unsubscribed_at,
    })
    .from(reminder_subscriptions)
    .innerJoin(quotes, eq(quotes.id, reminder_subscriptions.quote_id))
    .where(eq(quotes.user_id, userId))
    .orderBy(asc(reminder_subscriptions.created_at));
  return {
    data: rows.map(({ quoteId, ...row }) => ({
      quoteReference: referenceNumber(quoteId),
      kind: row.kind,
      filterType: row.filterType,
      nextDueAt: exportTime(row.nextDueAt),
      lastSentAt: exportTime(row.lastSentAt),
      unsubscribedAt: exportTime(row.unsubscribedAt),
    })),
  };
}

/** Whether `userId` is visit staff or has visits booked to them. */
async function isVisitStaff(userId: string): Promise<boolean> {
  const [staff, booked] = await Promise.all([
    db.select().from(visit_staff).where(eq(visit_staff.user_id, userId)).limit(1),
    db.select({ id: visits.id }).from(visits).where(eq(visits.staff_id, userId)).limit(1),
  ]);
  return staff.length > 0 || booked.length > 0;
}

/** Visits and reminders; staff with visits keep their account open. */
export const visitsPart: PersonalDataPart = {
  name: "visits",
  sections: [
    { file: "visits.json", describes: "assessment visits you booked", collect: visitsSection },
    { file: "reminders.json", describes: "the reminders you chose", collect: remindersSection },
  ],
  keepsOpen: isVisitStaff,
};
