/**
 * Booking an assessment visit (issue 20, point 2), for a quote whose page the caller has already
 * let the requester see (status link, confirmation cookie or the owner's account): the free slots
 * for the next 14 days, and the booking itself. Radon books the detector's placement and its
 * pick-up 48 to 96 hours later in one statement: both or neither.
 *
 * Two bookings of one staff member's time: the database's exclusion constraint
 * (visits_staff_no_overlap) refuses the second, whichever process writes it; the requester is told
 * "That time was just taken, please choose another" and shown the fresh slots.
 * docs/decisions/0146-visit-booking.md
 */
import { asc, eq } from "drizzle-orm";
import { quotes, visits } from "~/db/schema";
import {
  BOOKING_DAYS,
  firstVisitKind,
  RADON_PICKUP_WINDOW,
  VISIT_STATUSES,
  type VisitKind,
  visitKind,
} from "~/features/catalog/visits";
import { isExclusionViolation, isUniqueViolation } from "~/lib/database-errors.server";
import { db } from "~/lib/db.server";
import { formatDay, formatTimeRange } from "./format";
import { busyIntervals, staffAvailability, visitSettings } from "./settings.server";
import { type BusyInterval, bookingWindow, freeSlots, pickupWindow, type Slot } from "./slots";

export const SLOT_TAKEN = "That time was just taken, please choose another";

/** A slot as a form offers it: its start as an ISO instant and how it reads. */
export interface SlotOption {
  value: string;
  label: string;
}

export interface BookedVisit {
  kind: string;
  day: string;
  time: string;
}

export type BookingView =
  | { state: "booked"; visits: BookedVisit[] }
  | { state: "closed" }
  | {
      state: "choose";
      /** what is being booked, e.g. "Radon detector placement" */
      kindLabel: string;
      radon: boolean;
      /** days with free slots (Denver), for the day links */
      days: { day: string; label: string; slots: number }[];
      /** the day shown, or null when no day has a free slot */
      day: string | null;
      dayLabel: string | null;
      slots: SlotOption[];
      /** radon, once a placement is chosen: it and the pick-up slots 48 to 96 hours later */
      placement: SlotOption | null;
      pickups: SlotOption[];
      pickupLabel: string;
    };

interface Availability {
  slots(kind: VisitKind, from: Date, until: Date, extraBusy?: BusyInterval[]): Slot[];
  window: { from: Date; until: Date };
  leadTimeHours: number;
}

/** Everything the slot computation needs from the database, read once for one request. */
async function availability(now: Date): Promise<Availability> {
  const settings = await visitSettings();
  const window = bookingWindow(now, settings.leadTimeHours, BOOKING_DAYS);
  // the pick-up of the window's last placement may fall up to 96 hours after it
  const horizon = new Date(window.until.getTime() + RADON_PICKUP_WINDOW.maxMs + 86_400_000);
  const [staff, busy] = await Promise.all([
    staffAvailability(),
    busyIntervals(new Date(window.from.getTime() - 86_400_000), horizon),
  ]);
  return {
    window,
    leadTimeHours: settings.leadTimeHours,
    slots: (kind, from, until, extraBusy = []) =>
      freeSlots({
        from,
        until,
        lengthMinutes: settings.lengths[kind],
        staff,
        busy: extraBusy.length ? [...busy, ...extraBusy] : busy,
      }),
  };
}

function option(slot: Slot, withDay = false): SlotOption {
  const time = formatTimeRange(slot.startsAt, slot.endsAt);
  return {
    value: slot.startsAt.toISOString(),
    label: withDay ? `${formatDay(slot.day)}, ${time}` : time,
  };
}

interface QuoteForBooking {
  id: string;
  service: (typeof quotes.$inferSelect)["service"];
  current_status: string;
}

async function quoteForBooking(quoteId: string): Promise<QuoteForBooking | null> {
  const [quote] = await db
    .select({ id: quotes.id, service: quotes.service, current_status: quotes.current_status })
    .from(quotes)
    .where(eq(quotes.id, quoteId))
    .limit(1);
  return quote ?? null;
}

/** The visits booked for quote `quoteId`, soonest first, as the pages show them. */
export async function bookedVisits(quoteId: string): Promise<BookedVisit[]> {
  const rows = await db
    .select({ kind: visits.kind, starts_at: visits.starts_at, ends_at: visits.ends_at })
    .from(visits)
    .where(eq(visits.quote_id, quoteId))
    .orderBy(asc(visits.starts_at));
  return rows.map((row) => ({
    kind: visitKind.label(row.kind),
    day: formatDay(denverDay(row.starts_at)),
    time: formatTimeRange(row.starts_at, row.ends_at),
  }));
}

const denverDayFormat = new Intl.DateTimeFormat("en-CA", {
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  timeZone: "America/Denver",
});
function denverDay(at: Date): string {
  return denverDayFormat.format(at);
}

/** Parses an ISO instant from a form or address; null when absent or malformed. */
function instant(value: unknown): Date | null {
  if (
    typeof value !== "string" ||
    !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3})?Z$/.test(value)
  ) {
    return null;
  }
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? null : at;
}

/** The slot of `slots` starting at `at`, if free. */
function slotAt(slots: Slot[], at: Date | null): Slot | undefined {
  return at ? slots.find((s) => s.startsAt.getTime() === at.getTime()) : undefined;
}

/**
 * The booking page of quote `quoteId` at `now`: its booked visits, or the free slots of the day
 * `day` (YYYY-MM-DD; default the first day with a free slot) and, for radon once `placement` (an
 * ISO instant of a free placement slot) is chosen, the pick-up slots 48 to 96 hours after it.
 * @returns null for an unknown quote (the caller answers 404)
 */
export async function bookingView(
  quoteId: string,
  now: Date,
  choice: { day?: string | null; placement?: string | null } = {},
): Promise<BookingView | null> {
  const [quote, booked] = await Promise.all([quoteForBooking(quoteId), bookedVisits(quoteId)]);
  if (!quote) return null;
  if (booked.length > 0) return { state: "booked", visits: booked };
  if (!VISIT_STATUSES.has(quote.current_status)) return { state: "closed" };
  const kind = firstVisitKind(quote.service);
  const radon = quote.service === "radon";
  const open = await availability(now);
  const all = open.slots(kind, open.window.from, open.window.until);
  const days = [...new Set(all.map((s) => s.day))].map((day) => ({
    day,
    label: formatDay(day),
    slots: all.filter((s) => s.day === day).length,
  }));
  const day = days.find((d) => d.day === choice.day)?.day ?? days[0]?.day ?? null;
  const placementSlot = radon ? slotAt(all, instant(choice.placement)) : undefined;
  let pickups: SlotOption[] = [];
  if (placementSlot) {
    pickups = pickupSlots(open, placementSlot, now).map((s) => option(s, true));
  }
  return {
    state: "choose",
    kindLabel: visitKind.label(kind),
    radon,
    days,
    day,
    dayLabel: day && formatDay(day),
    slots: all.filter((s) => s.day === day).map((s) => option(s)),
    placement: placementSlot ? option(placementSlot, true) : null,
    pickups,
    pickupLabel: visitKind.label("radon_pickup"),
  };
}

/** Free pick-up slots for `placement`, its staff member (the first preferred) busy during it. */
function pickupSlots(open: Availability, placement: Slot, now: Date): Slot[] {
  const window = pickupWindow(placement.startsAt, now, open.leadTimeHours, RADON_PICKUP_WINDOW);
  const placed = {
    staffId: placement.staffIds[0] as string,
    startsAt: placement.startsAt,
    endsAt: placement.endsAt,
  };
  return open.slots("radon_pickup", window.from, window.until, [placed]);
}

export type BookingOutcome =
  | { ok: true; visits: BookedVisit[] }
  | { ok: false; status: 400 | 404 | 409; message: string };

/**
 * Books quote `quoteId`'s visit at `form`'s `slot` (an ISO instant); for radon, `placement` and
 * `pickup` (both ISO instants; the pick-up 48 to 96 hours after the placement). Each must be a
 * free slot now (working hours, lead time, 14 days); the staff member is the first free one
 * preferred by freeSlots (fewest visits that day, then id). Both radon visits are written by one
 * statement.
 * @returns the booked visits; 409 SLOT_TAKEN when a chosen time is no longer free (taken by
 *   another booking, also one committed a moment ago by another process); 409 when the quote may
 *   not book (already booked, closed); 400 for a missing or malformed choice; 404 unknown quote.
 */
export async function bookVisit(
  quoteId: string,
  form: FormData,
  now: Date,
): Promise<BookingOutcome> {
  const quote = await quoteForBooking(quoteId);
  if (!quote) return { ok: false, status: 404, message: "Quote not found" };
  if (!VISIT_STATUSES.has(quote.current_status)) {
    return { ok: false, status: 409, message: "This request can no longer book a visit." };
  }
  const radon = quote.service === "radon";
  const first = instant(form.get(radon ? "placement" : "slot"));
  const second = radon ? instant(form.get("pickup")) : null;
  if (!first || (radon && !second)) {
    return {
      ok: false,
      status: 400,
      message: radon ? "Choose a time for the pick-up." : "Choose a time for your visit.",
    };
  }
  const open = await availability(now);
  const kind = firstVisitKind(quote.service);
  const chosen = slotAt(open.slots(kind, open.window.from, open.window.until), first);
  if (!chosen) return { ok: false, status: 409, message: SLOT_TAKEN };
  const rows: (typeof visits.$inferInsert)[] = [
    {
      quote_id: quote.id,
      kind,
      staff_id: chosen.staffIds[0] as string,
      starts_at: chosen.startsAt,
      ends_at: chosen.endsAt,
    },
  ];
  if (radon) {
    const pickup = slotAt(pickupSlots(open, chosen, now), second);
    if (!pickup) return { ok: false, status: 409, message: SLOT_TAKEN };
    rows.push({
      quote_id: quote.id,
      kind: "radon_pickup",
      staff_id: pickup.staffIds[0] as string,
      starts_at: pickup.startsAt,
      ends_at: pickup.endsAt,
    });
  }
  try {
    await db.insert(visits).values(rows);
  } catch (error) {
    if (isExclusionViolation(error)) return { ok: false, status: 409, message: SLOT_TAKEN };
    if (isUniqueViolation(error, "visits_quote_kind_unique")) {
      return { ok: false, status: 409, message: "A visit is already booked for this request." };
    }
    throw error;
  }
  return { ok: true, visits: await bookedVisits(quote.id) };
}
