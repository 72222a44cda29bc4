/**
 * The staff's page for one visit (/admin/schedule/visits/{id}): who, where and
 * when; the free times of every visiting staff member to move it to (a day at a time); and
 * cancelling it. The homeowner is mailed the calendar change (booking.server.ts). The route guards
 * with requireAdmin.
 */
import { serviceById } from "~/features/catalog/services";
import { visitKind } from "~/features/catalog/visits";
import { referenceNumber } from "~/features/quotes/reference";
import { staffMoveSlots, staffNames, visitWithQuote } from "./booking.server";
import { denverDay, visitLocation } from "./calendar.server";
import { formatDay, formatTimeRange } from "./format";
import { mondayOf } from "./week.server";

/**
 * The move page of visit `visitId` at `now`, showing the free times of Denver day `day`
 * (YYYY-MM-DD; default the first day with a free time).
 * @returns null for an unknown visit (the route answers 404)
 */
export async function loadMovePage(visitId: string, day: string | null, now = new Date()) {
  const found = await visitWithQuote(visitId);
  if (!found) return null;
  const { visit, quote, siblings } = found;
  const slots = await staffMoveSlots(visit, siblings, now);
  const names = await staffNames([
    visit.staff_id,
    ...siblings.map((s) => s.staff_id),
    ...slots.flatMap((s) => s.staffIds),
  ]);
  const days = [...new Set(slots.map((s) => s.day))].map((d) => ({ day: d, label: formatDay(d) }));
  const shown = days.find((d) => d.day === day)?.day ?? days[0]?.day ?? null;
  const visitDay = denverDay(visit.starts_at);
  return {
    id: visit.id,
    kind: visitKind.label(visit.kind),
    radon: visit.kind.startsWith("radon_"),
    service: serviceById(quote.service).title,
    when: `${formatDay(visitDay)}, ${formatTimeRange(visit.starts_at, visit.ends_at)}`,
    weekOf: mondayOf(visitDay),
    staff: names.get(visit.staff_id) ?? "",
    customer: `${quote.contact_first_name} ${quote.contact_last_name}`,
    email: quote.contact_email,
    where: visitLocation(quote),
    quoteId: quote.id,
    reference: referenceNumber(quote.id),
    others: siblings
      .filter((s) => s.id !== visit.id)
      .map((s) => ({
        id: s.id,
        kind: visitKind.label(s.kind),
        when: `${formatDay(denverDay(s.starts_at))}, ${formatTimeRange(s.starts_at, s.ends_at)}`,
      })),
    days,
    day: shown,
    dayLabel: shown && formatDay(shown),
    options: slots
      .filter((s) => s.day === shown)
      .flatMap((s) =>
        s.staffIds.map((id) => ({
          value: `${s.startsAt.toISOString()}|${id}`,
          label: `${formatTimeRange(s.startsAt, s.endsAt)} with ${names.get(id) ?? id}`,
        })),
      ),
  };
}

export type MovePage = NonNullable<Awaited<ReturnType<typeof loadMovePage>>>;
