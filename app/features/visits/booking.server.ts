/**
 * Booking an assessment visit, for a quote whose page the caller has already
 * let the requester see (status link, confirmation cookie or the owner's account): the free slots
 * for the next 14 days, and the booking itself. Radon books the detector's placement and its
 * pick-up 48 to 96 hours after the placement's end in one statement: both or neither.
 *
 * Two bookings of one staff member's time: the database's exclusion constraint
 * (visits_staff_no_overlap) refuses the second, whichever process writes it; the requester is told
 * "That time was just taken, please choose another" and shown the fresh slots.
 *
 * Booking, moving and cancelling mail the homeowner and the visit's staff member a calendar
 * invitation (calendar.server.ts), and the company an alert when the homeowner made the change, in
 * the same transaction as the change. The homeowner moves or cancels the quote's visits (a radon
 * placement and pick-up together) until the lead time before the first; after that, a phone call.
 * docs/decisions/0146-visit-booking.md, docs/decisions/0153-visit-changes.md
 */
import { and, asc, eq, inArray, isNull, type SQL, sql } from "drizzle-orm";
import { jobs, profiles, quote_status_links, quotes, user, visits } from "~/db/schema";
import {
  BOOKING_DAYS,
  firstVisitKind,
  RADON_PICKUP_WINDOW,
  VISIT_STATUSES,
  type VisitKind,
  visitKind,
} from "~/features/catalog/visits";
import { placementWindow, postMitigationProblem } from "~/features/jobs/post-mitigation";
import { newStatusLink } from "~/features/quotes/status-link.server";
import { isExclusionViolation, isUniqueViolation } from "~/lib/database-errors.server";
import { db } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { isId } from "~/lib/ids";
import { kickOutbox, type OutboxMessage, queueMail } from "~/lib/outbox.server";
import {
  bookingAlertMail,
  type CalendarPerson,
  type CalendarQuote,
  type CalendarVisit,
  denverDay,
  staffInvitationMail,
  type VisitChange,
  visitLocation,
  visitMail,
} from "./calendar.server";
import { formatDay, formatTimeRange } from "./format";
import { formatHours } from "./hours";
import { availabilityInputs, visitSettings } from "./settings.server";
import {
  type BusyInterval,
  bookingWindow,
  exposureFits,
  freeSlots,
  pickupWindow,
  type Slot,
} from "./slots";

export const SLOT_TAKEN = "That time was just taken, please choose another";

/** A slot as a form offers it: its start as an ISO instant and how it reads. */
export interface SlotOption {
  value: string;
  label: string;
}

export interface BookedVisit {
  id: string;
  kind: string;
  /** the Denver calendar day, YYYY-MM-DD */
  date: string;
  /** the day as it reads, e.g. "Monday, December 7, 2026" */
  day: string;
  time: string;
  /** the staff member's name */
  staff: string;
}

/** The choosing view: free days and times (booking, or moving the booked visits). */
export interface ChooseView {
  state: "choose";
  /** true when moving already booked visits (the form posts intent=reschedule) */
  rescheduling: boolean;
  /** the visits being moved, when rescheduling */
  current: BookedVisit[];
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
}

export type BookingView =
  | {
      state: "booked";
      visits: BookedVisit[];
      /** the homeowner may still move or cancel online (the first visit is past the lead time) */
      changeable: boolean;
      leadTimeHours: number;
    }
  | { state: "closed" }
  | {
      /**
       * Nobody does visits yet (no visit staff with working hours on /admin/schedule): the
       * company calls to arrange a time instead of showing an empty calendar
       */
      state: "arrange";
      /** the company's phone as people read it (COMPANY_PHONE) */
      phoneDisplay: string;
      /** E.164, for a tel: link */
      phone: string;
    }
  | ChooseView;

interface Availability {
  /** at least one staff member does visits and has working hours (else nobody is bookable) */
  staffReady: boolean;
  slots(kind: VisitKind, from: Date, until: Date, extraBusy?: BusyInterval[]): Slot[];
  window: { from: Date; until: Date };
  leadTimeHours: number;
}

/**
 * Everything the slot computation needs from the database, read once for one request; the visits
 * `ignore` (being moved) do not count as busy. `staffView`: `days` ahead, and no lead time unless
 * `keepLead` (the homeowner's post-mitigation test looks 30 days ahead, held to the lead time).
 */
async function availability(
  now: Date,
  ignore: readonly VisitRow[] = [],
  staffView?: { days: number; keepLead?: boolean },
): Promise<Availability> {
  // the pick-up of the window's last placement may fall up to 96 hours after it; the range starts
  // a day before now, so it covers the window whatever the lead time
  const days = staffView?.days ?? BOOKING_DAYS;
  const horizon = new Date(
    bookingWindow(now, 0, days).until.getTime() + RADON_PICKUP_WINDOW.maxMs + 86_400_000,
  );
  const {
    settings,
    staff,
    busy: allBusy,
  } = await availabilityInputs({ from: new Date(now.getTime() - 86_400_000), until: horizon });
  // staff are not held to the lead time, and look further ahead
  const lead = staffView && !staffView.keepLead ? 0 : settings.leadTimeHours;
  const window = bookingWindow(now, lead, days);
  const busy = allBusy.filter(
    (b) =>
      !ignore.some(
        (v) => v.staff_id === b.staffId && v.starts_at.getTime() === b.startsAt.getTime(),
      ),
  );
  return {
    staffReady: staff.some((member) => member.hours.some((day) => day !== null)),
    window,
    leadTimeHours: lead,
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

const quoteColumns = {
  id: quotes.id,
  service: quotes.service,
  current_status: quotes.current_status,
  contact_email: quotes.contact_email,
  contact_first_name: quotes.contact_first_name,
  contact_last_name: quotes.contact_last_name,
  contact_phone: quotes.contact_phone,
  property_address: quotes.property_address,
  property_city: quotes.property_city,
  property_zip_code: quotes.property_zip_code,
  zip_code: quotes.zip_code,
};

export type QuoteForBooking = Awaited<ReturnType<typeof quoteForBooking>> & {};

/** Quote `quoteId` as booking and its calendar mail read it (through `executor`), or null. */
export async function quoteForBooking(quoteId: string, executor: Pick<typeof db, "select"> = db) {
  const [quote] = await executor
    .select(quoteColumns)
    .from(quotes)
    .where(eq(quotes.id, quoteId))
    .limit(1);
  return quote ?? null;
}

/** The quote as the calendar mail needs it. */
export function calendarQuote(quote: NonNullable<QuoteForBooking>): CalendarQuote {
  return {
    id: quote.id,
    contact_email: quote.contact_email,
    contact_first_name: quote.contact_first_name,
    contact_last_name: quote.contact_last_name,
    contact_phone: quote.contact_phone,
    location: visitLocation(quote),
  };
}

export type VisitRow = typeof visits.$inferSelect;

/**
 * The assessment visit rows of the quotes `ofQuotes` picks, soonest first (work visits and a radon
 * job's post-mitigation test are the job's: they carry its id in `job_id` or `test_job_id`).
 */
async function assessmentRows(ofQuotes: SQL): Promise<VisitRow[]> {
  return db
    .select()
    .from(visits)
    .where(and(ofQuotes, isNull(visits.job_id), isNull(visits.test_job_id)))
    .orderBy(asc(visits.starts_at));
}

/** The assessment visit rows of quote `quoteId`, soonest first. */
async function visitRows(quoteId: string): Promise<VisitRow[]> {
  return assessmentRows(eq(visits.quote_id, quoteId));
}

/**
 * Staff members by id: their name (the profile's full name, else the account name or email) and
 * email. Read through `executor` (a transaction in progress; PGlite has one connection).
 */
async function staffPeople(
  ids: readonly string[],
  executor: Pick<typeof db, "select"> = db,
): Promise<Map<string, CalendarPerson>> {
  if (ids.length === 0) return new Map();
  const rows = await executor
    .select({ id: user.id, name: user.name, email: user.email, full: profiles.full_name })
    .from(user)
    .leftJoin(profiles, eq(profiles.id, user.id))
    .where(inArray(user.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, { name: r.full || r.name || r.email, email: r.email }]));
}

/** Staff members' names by id, as staffPeople names them. */
export async function staffNames(
  ids: readonly string[],
  executor: Pick<typeof db, "select"> = db,
): Promise<Map<string, string>> {
  const people = await staffPeople(ids, executor);
  return new Map([...people].map(([id, person]) => [id, person.name]));
}

/** `rows` as the pages show them (kind, day, time, staff member's name). */
export async function describeVisits(rows: VisitRow[]): Promise<BookedVisit[]> {
  const names = await staffNames(rows.map((r) => r.staff_id));
  return rows.map((row) => ({
    id: row.id,
    kind: visitKind.label(row.kind),
    date: denverDay(row.starts_at),
    day: formatDay(denverDay(row.starts_at)),
    time: formatTimeRange(row.starts_at, row.ends_at),
    staff: names.get(row.staff_id) ?? "",
  }));
}

/** The visits booked for quote `quoteId`, soonest first, as the pages show them. */
export async function bookedVisits(quoteId: string): Promise<BookedVisit[]> {
  return describeVisits(await visitRows(quoteId));
}

/** The booked visits of quotes `quoteIds`, by quote id, soonest first (for lists). */
export async function bookedVisitsOf(
  quoteIds: readonly string[],
): Promise<Map<string, BookedVisit[]>> {
  const byQuote = new Map<string, BookedVisit[]>();
  if (quoteIds.length === 0) return byQuote;
  const rows = await assessmentRows(inArray(visits.quote_id, [...quoteIds]));
  const described = await describeVisits(rows);
  rows.forEach((row, i) => {
    const list = byQuote.get(row.quote_id) ?? [];
    list.push(described[i] as BookedVisit);
    byQuote.set(row.quote_id, list);
  });
  return byQuote;
}

/**
 * Whether the homeowner may still move or cancel `rows` online at `now`: every visit starts at
 * least `leadTimeHours` later (the booking lead time: a homeowner books and changes visits only
 * until then).
 */
export function changeableOnline(rows: readonly VisitRow[], now: Date, leadTimeHours: number) {
  const cutoff = now.getTime() + leadTimeHours * 3_600_000;
  return rows.length > 0 && rows.every((r) => r.starts_at.getTime() >= cutoff);
}

/** Parses an ISO instant from a form or address; null when absent or malformed. */
export function instant(value: unknown): Date | null {
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
 * With `change` and booked visits that may still change online, the free slots to move them to
 * (the visits' own times count as free).
 * @returns null for an unknown quote (the caller answers 404)
 */
export async function bookingView(
  quoteId: string,
  now: Date,
  choice: { day?: string | null; placement?: string | null; change?: boolean } = {},
): Promise<BookingView | null> {
  const [quote, rows] = await Promise.all([quoteForBooking(quoteId), visitRows(quoteId)]);
  if (!quote) return null;
  let rescheduling = false;
  if (rows.length > 0) {
    const { leadTimeHours } = await visitSettings();
    // a closed request's visits change only through the office, as it books none
    const changeable =
      VISIT_STATUSES.has(quote.current_status) && changeableOnline(rows, now, leadTimeHours);
    if (!choice.change || !changeable) {
      return { state: "booked", visits: await describeVisits(rows), changeable, leadTimeHours };
    }
    rescheduling = true;
  } else if (!VISIT_STATUSES.has(quote.current_status)) {
    return { state: "closed" };
  }
  const kind = firstVisitKind(quote.service);
  const open = await availability(now, rows);
  if (!open.staffReady) return arrangeView();
  return chooseView(open.slots(kind, open.window.from, open.window.until), kind, choice, {
    pickups: quote.service === "radon" ? (placement) => pickupSlots(open, placement, now) : null,
    current: rescheduling ? await describeVisits(rows) : [],
  });
}

/** The homeowner's view when nobody does visits yet: the company's phone. */
function arrangeView(): ArrangeView {
  const { COMPANY_PHONE } = env();
  return { state: "arrange", phoneDisplay: COMPANY_PHONE.display, phone: COMPANY_PHONE.e164 };
}

/**
 * The choosing view of `slots` (free slots of a `kind` visit): the days with one, the day
 * `choice.day`'s times (default the first day) and, for radon (`pickups` given) once
 * `choice.placement` is one of `slots`, its free pick-ups. `current`: the visits being moved.
 */
function chooseView(
  slots: Slot[],
  kind: VisitKind,
  choice: { day?: string | null; placement?: string | null },
  {
    pickups,
    current = [],
  }: { pickups: ((placement: Slot) => Slot[]) | null; current?: BookedVisit[] },
): ChooseView {
  const days = [...new Set(slots.map((s) => s.day))].map((day) => ({
    day,
    label: formatDay(day),
    slots: slots.filter((s) => s.day === day).length,
  }));
  const day = days.find((d) => d.day === choice.day)?.day ?? days[0]?.day ?? null;
  const placementSlot = pickups ? slotAt(slots, instant(choice.placement)) : undefined;
  return {
    state: "choose",
    rescheduling: current.length > 0,
    current,
    kindLabel: visitKind.label(kind),
    radon: pickups !== null,
    days,
    day,
    dayLabel: day && formatDay(day),
    slots: slots.filter((s) => s.day === day).map((s) => option(s)),
    placement: placementSlot ? option(placementSlot, true) : null,
    pickups: pickups && placementSlot ? pickups(placementSlot).map((s) => option(s, true)) : [],
    pickupLabel: visitKind.label("radon_pickup"),
  };
}

/**
 * Free pick-up slots for `placement` (48 to 96 hours after its end), its staff member (the first
 * preferred) busy during it.
 */
function pickupSlots(open: Availability, placement: Slot, now: Date): Slot[] {
  const window = pickupWindow(placement, now, open.leadTimeHours, RADON_PICKUP_WINDOW);
  const placed = {
    staffId: placement.staffIds[0] as string,
    startsAt: placement.startsAt,
    endsAt: placement.endsAt,
  };
  return open.slots("radon_pickup", window.from, window.until, [placed]);
}

export type BookingOutcome =
  | { ok: true; visits: BookedVisit[]; change: VisitChange }
  | { ok: false; status: 400 | 404 | 409; message: string };

type Transaction = Parameters<Parameters<typeof db.transaction>[0]>[0];

/** Who made a change: the homeowner (online) or a staff member (the back office). */
export type ChangedBy = "homeowner" | "staff";

/**
 * Queues, inside `tx`, the mail of `change` to `rows` (with their new SEQUENCE): the homeowner's
 * calendar mail carrying a fresh status link (its row written in `tx` too); each staff member's
 * calendar mail for the visits they now hold or no longer hold (`before`: the rows as they were,
 * for a move; a visit moved to a colleague leaves the former one's calendar); and, when `by` the
 * homeowner, the company's alert (LEADS_EMAIL). `changeOnline` false: the homeowner's mail sends
 * them to reply or call instead of the visit page (a job's post-mitigation test).
 * docs/decisions/0176-staff-told-of-bookings.md
 */
export async function mailChange(
  tx: Transaction,
  change: VisitChange,
  quote: NonNullable<QuoteForBooking>,
  rows: readonly VisitRow[],
  {
    by,
    now,
    before = [],
    changeOnline = true,
  }: { by: ChangedBy; now: Date; before?: readonly VisitRow[]; changeOnline?: boolean },
): Promise<void> {
  const people = await staffPeople(
    [...rows, ...before].map((r) => r.staff_id),
    tx,
  );
  const link = newStatusLink(quote.id);
  await tx.insert(quote_status_links).values(link.row);
  const toCalendar = (r: VisitRow): CalendarVisit => ({
    id: r.id,
    kind: r.kind,
    startsAt: r.starts_at,
    endsAt: r.ends_at,
    sequence: r.sequence,
    staffName: people.get(r.staff_id)?.name ?? "our technician",
  });
  const forMail = calendarQuote(quote);
  const calendarVisits = rows.map(toCalendar);
  const messages: OutboxMessage[] = [
    visitMail(change, forMail, calendarVisits, link.url, { changeOnline }),
  ];
  // one mail per staff member and method, each visit once
  const groups = new Map<
    string,
    { person: CalendarPerson; method: "request" | "cancel"; visits: CalendarVisit[] }
  >();
  const add = (staffId: string, method: "request" | "cancel", visit: CalendarVisit) => {
    const person = people.get(staffId);
    if (!person) return;
    const key = `${staffId} ${method}`;
    const group = groups.get(key) ?? { person, method, visits: [] };
    groups.set(key, group);
    group.visits.push(visit);
  };
  for (const row of rows) {
    add(row.staff_id, change === "cancelled" ? "cancel" : "request", toCalendar(row));
    const was = before.find((b) => b.id === row.id);
    if (change !== "cancelled" && was && was.staff_id !== row.staff_id) {
      add(was.staff_id, "cancel", { ...toCalendar(was), sequence: row.sequence });
    }
  }
  for (const group of groups.values()) {
    messages.push(staffInvitationMail(group.method, forMail, group.visits, group.person));
  }
  if (by === "homeowner") {
    const earlier = change === "moved" ? before.map(toCalendar) : [];
    messages.push(bookingAlertMail(change, forMail, calendarVisits, now, earlier));
  }
  await queueMail(tx, messages);
}

/** A visit row to write, without its quote (and job). */
type NewVisitRow = Omit<typeof visits.$inferInsert, "quote_id">;

/** The row of a `kind` visit at free `slot`, with the staff member freeSlots prefers. */
function rowAt(kind: VisitKind, slot: Slot): NewVisitRow {
  return {
    kind,
    staff_id: slot.staffIds[0] as string,
    starts_at: slot.startsAt,
    ends_at: slot.endsAt,
  };
}

/** The visit rows `form` chooses for quote `quote` (slot, or radon placement and pick-up). */
async function chosenRows(
  quote: NonNullable<QuoteForBooking>,
  form: FormData,
  now: Date,
  moving: readonly VisitRow[],
): Promise<{ ok: true; rows: NewVisitRow[] } | { ok: false; status: 400 | 409; message: string }> {
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
  const open = await availability(now, moving);
  const kind = firstVisitKind(quote.service);
  const chosen = slotAt(open.slots(kind, open.window.from, open.window.until), first);
  if (!chosen) return { ok: false, status: 409, message: SLOT_TAKEN };
  if (!radon) return { ok: true, rows: [rowAt(kind, chosen)] };
  const pickup = slotAt(pickupSlots(open, chosen, now), second);
  if (!pickup) return { ok: false, status: 409, message: SLOT_TAKEN };
  return { ok: true, rows: [rowAt(kind, chosen), rowAt("radon_pickup", pickup)] };
}

/** The homeowner's view when nobody does visits yet: the company calls instead. */
type ArrangeView = Extract<BookingView, { state: "arrange" }>;

/**
 * Availability for a radon placement whose start falls in `window` at `now` (the homeowner's
 * post-mitigation test: held to the lead time, looking as far ahead as the window reaches), with
 * the placement's slots inside it.
 */
async function windowAvailability(window: { from: Date; until: Date }, now: Date) {
  const days = Math.max(1, Math.ceil((window.until.getTime() - now.getTime()) / 86_400_000) + 1);
  const open = await availability(now, [], { days, keepLead: true });
  const from = new Date(Math.max(open.window.from.getTime(), window.from.getTime()));
  const until = new Date(Math.min(open.window.until.getTime(), window.until.getTime()));
  return { open, placements: open.slots("radon_placement", from, until) };
}

/**
 * The choosing view of a radon placement starting inside `window` and its pick-up 48 to 96 hours
 * after it (the homeowner's post-mitigation test, features/jobs), at `now`: the days with a free
 * placement, the day `choice.day`'s times and, once `choice.placement` (an ISO instant of a free
 * placement) is chosen, the free pick-ups. The page is the assessment booking's (VisitBooking).
 * @returns the view, or `arrange` when nobody does visits yet
 */
export async function radonWindowView(
  window: { from: Date; until: Date },
  now: Date,
  choice: { day?: string | null; placement?: string | null } = {},
): Promise<ChooseView | ArrangeView> {
  const { open, placements } = await windowAvailability(window, now);
  if (!open.staffReady) return arrangeView();
  return chooseView(placements, "radon_placement", choice, {
    pickups: (placement) => pickupSlots(open, placement, now),
  });
}

/**
 * The placement and pick-up rows (without quote and job) for the free slots starting at
 * `placement` (inside `window`) and `pickup` (48 to 96 hours after the placement's end) at `now`,
 * each with the staff member freeSlots prefers.
 * @returns the rows; 409 SLOT_TAKEN when either is not a free slot now
 */
export async function radonWindowRows(
  window: { from: Date; until: Date },
  now: Date,
  placement: Date,
  pickup: Date,
): Promise<{ ok: true; rows: NewVisitRow[] } | { ok: false; status: 409; message: string }> {
  const { open, placements } = await windowAvailability(window, now);
  const chosen = slotAt(placements, placement);
  const pickupSlot = chosen ? slotAt(pickupSlots(open, chosen, now), pickup) : undefined;
  if (!chosen || !pickupSlot) return { ok: false, status: 409, message: SLOT_TAKEN };
  return { ok: true, rows: [rowAt("radon_placement", chosen), rowAt("radon_pickup", pickupSlot)] };
}

/**
 * Books quote `quoteId`'s visit at `form`'s `slot` (an ISO instant); for radon, `placement` and
 * `pickup` (both ISO instants; the pick-up 48 to 96 hours after the placement). Each must be a
 * free slot now (working hours, lead time, 14 days); the staff member is the first free one
 * preferred by freeSlots (fewest visits that day, then id). Both radon visits are written by one
 * statement, with the homeowner's and the staff member's calendar mail (METHOD:REQUEST, SEQUENCE 0)
 * and the company's alert in one transaction.
 * @returns the booked visits; 409 SLOT_TAKEN when a chosen time is no longer free (taken by
 *   another booking, also one committed a moment ago by another process); 409 when the quote may
 *   not book (already booked, closed); 400 for a missing or malformed choice; 404 unknown quote.
 */
/** A closed request's visits change through the office only (rejected, completed, archived). */
const CLOSED_FOR_CHANGES = {
  ok: false,
  status: 409,
  message: "This request is closed: please call us to change or cancel its visit.",
} as const;

/**
 * Whether quote `quoteId` may book a visit now (an open request).
 * @returns null when it may; the 409 refusal when it is closed; 404 for an unknown quote
 */
export async function bookingRefusal(
  quoteId: string,
): Promise<{ ok: false; status: 404 | 409; message: string } | null> {
  const quote = await quoteForBooking(quoteId);
  if (!quote) return { ok: false, status: 404, message: "Quote not found" };
  return VISIT_STATUSES.has(quote.current_status) ? null : CLOSED_TO_BOOKING;
}

const CLOSED_TO_BOOKING = {
  ok: false,
  status: 409,
  message: "This request can no longer book a visit.",
} as const;

export async function bookVisit(
  quoteId: string,
  form: FormData,
  now: Date,
): Promise<BookingOutcome> {
  const quote = await quoteForBooking(quoteId);
  if (!quote) return { ok: false, status: 404, message: "Quote not found" };
  if (!VISIT_STATUSES.has(quote.current_status)) return CLOSED_TO_BOOKING;
  const chosen = await chosenRows(quote, form, now, []);
  if (!chosen.ok) return chosen;
  const committed = await commitChange(async (tx) => {
    const inserted = await tx
      .insert(visits)
      .values(chosen.rows.map((r) => ({ ...r, quote_id: quote.id })))
      .returning();
    await mailChange(tx, "booked", quote, inserted, { by: "homeowner", now });
  });
  if (!committed.ok) return committed;
  return { ok: true, visits: await bookedVisits(quote.id), change: "booked" };
}

/**
 * Runs `write` (a change of visits and its mail) in one transaction, then sends the mail.
 * @returns what `write` returned; 409 when the database refuses the change: SLOT_TAKEN for an
 *   overlap, or a second booking of the quote
 */
async function commitChange<T>(
  write: (tx: Transaction) => Promise<T>,
): Promise<{ ok: true; value: T } | { ok: false; status: 409; message: string }> {
  let value: T;
  try {
    value = await db.transaction(write);
  } catch (error) {
    if (isExclusionViolation(error)) return { ok: false, status: 409, message: SLOT_TAKEN };
    if (isUniqueViolation(error, "visits_quote_kind_unique")) {
      return { ok: false, status: 409, message: "A visit is already booked for this request." };
    }
    throw error;
  }
  kickOutbox();
  return { ok: true, value };
}

type Move = { row: VisitRow; next: NewVisitRow };

/**
 * `moves` in an order the database accepts one statement at a time: a visit whose new time
 * overlaps another moving visit's current time (same staff member) moves after that one, e.g. a
 * radon placement moved onto the time its own pick-up holds until the pick-up moves later. The
 * no-overlap constraint (visits_staff_no_overlap) is checked at every UPDATE, not at commit.
 */
function movesInOrder(moves: Move[]): Move[] {
  const blocks = (a: Move, b: Move) =>
    a !== b &&
    a.next.staff_id === b.row.staff_id &&
    (a.next.starts_at as Date) < b.row.ends_at &&
    b.row.starts_at < (a.next.ends_at as Date);
  return [...moves].sort((a, b) => (blocks(a, b) ? 1 : blocks(b, a) ? -1 : 0));
}

/** Inside `tx`: moves visit row `id` to `to`, one more SEQUENCE. @returns the row as it now is */
async function moveRow(
  tx: Transaction,
  id: string,
  to: { staff_id: string; starts_at: Date; ends_at: Date },
): Promise<VisitRow> {
  const [row] = await tx
    .update(visits)
    .set({
      staff_id: to.staff_id,
      starts_at: to.starts_at,
      ends_at: to.ends_at,
      sequence: sql`${visits.sequence} + 1`,
    })
    .where(eq(visits.id, id))
    .returning();
  if (!row) throw new Error("visit vanished");
  return row;
}

/** The message when a visit is too close to change online (docs/decisions/0153-visit-changes.md). */
export function tooLateMessage(leadTimeHours: number): string {
  return `Your visit is less than ${formatHours(leadTimeHours)} away and can no longer be changed online. Please call us.`;
}

/**
 * Moves (`intent` "reschedule": new `slot`, or radon `placement` and `pickup`, as bookVisit) or
 * cancels (`intent` "cancel") every booked visit of quote `quoteId`, by its homeowner, while each
 * starts at least the lead time after `now`. The rows keep their ids (the calendar UID); each
 * change raises their SEQUENCE and mails the homeowner and the staff members (METHOD:REQUEST or
 * METHOD:CANCEL) and the company's alert in the same transaction. A cancelled visit's row is deleted: the quote may book again.
 * @returns 409 tooLateMessage after the cut-off, 409 SLOT_TAKEN when a chosen time is taken,
 *   409 when nothing is booked or the request is closed, 400 for a missing choice, 404 for an
 *   unknown quote.
 */
export async function changeVisits(
  quoteId: string,
  form: FormData,
  now: Date,
): Promise<BookingOutcome> {
  const quote = await quoteForBooking(quoteId);
  if (!quote) return { ok: false, status: 404, message: "Quote not found" };
  if (!VISIT_STATUSES.has(quote.current_status)) return CLOSED_FOR_CHANGES;
  const rows = await visitRows(quoteId);
  if (rows.length === 0) {
    return { ok: false, status: 409, message: "No visit is booked for this request." };
  }
  const { leadTimeHours } = await visitSettings();
  if (!changeableOnline(rows, now, leadTimeHours)) {
    return { ok: false, status: 409, message: tooLateMessage(leadTimeHours) };
  }
  if (form.get("intent") === "cancel") {
    await cancelRows(quote, rows, "homeowner", now);
    return { ok: true, visits: await describeVisits(rows), change: "cancelled" };
  }
  const chosen = await chosenRows(quote, form, now, rows);
  if (!chosen.ok) return chosen;
  const moves = chosen.rows.map((next) => {
    const row = rows.find((r) => r.kind === next.kind);
    if (!row) throw new Error(`no ${next.kind} visit to move`);
    return { row, next };
  });
  const committed = await commitChange(async (tx) => {
    const moved = new Map<string, VisitRow>();
    for (const { row, next } of movesInOrder(moves))
      moved.set(row.id, await moveRow(tx, row.id, next));
    await mailChange(
      tx,
      "moved",
      quote,
      moves.map(({ row }) => moved.get(row.id) as VisitRow),
      {
        by: "homeowner",
        now,
        before: rows,
      },
    );
  });
  if (!committed.ok) return committed;
  return { ok: true, visits: await bookedVisits(quote.id), change: "moved" };
}

/**
 * Deletes `rows` and mails their cancellation (SEQUENCE one more; mailChange) in one transaction.
 */
async function cancelRows(
  quote: NonNullable<QuoteForBooking>,
  rows: readonly VisitRow[],
  by: ChangedBy,
  now: Date,
) {
  await db.transaction(async (tx) => {
    const gone = await tx
      .delete(visits)
      .where(
        and(
          eq(visits.quote_id, quote.id),
          inArray(
            visits.id,
            rows.map((r) => r.id),
          ),
        ),
      )
      .returning();
    if (gone.length === 0) return;
    await mailChange(
      tx,
      "cancelled",
      quote,
      gone.map((r) => ({ ...r, sequence: r.sequence + 1 })),
      // a job's post-mitigation test is not on the visit page: changed by reply or phone
      { by, now, changeOnline: gone.every((r) => !r.test_job_id) },
    );
  });
  kickOutbox();
}

/** The visit `visitId` with its quote, for the staff's move page; null when unknown. */
export async function visitWithQuote(visitId: string) {
  if (!isId(visitId)) return null;
  const [visit] = await db.select().from(visits).where(eq(visits.id, visitId)).limit(1);
  if (!visit) return null;
  const quote = await quoteForBooking(visit.quote_id);
  if (!quote) return null;
  // a job's post-mitigation test is a pair of its own, apart from the quote's assessment visits
  const siblings = visit.test_job_id
    ? await db
        .select()
        .from(visits)
        .where(eq(visits.test_job_id, visit.test_job_id))
        .orderBy(asc(visits.starts_at))
    : await visitRows(quote.id);
  return { visit, quote, siblings };
}

/** How far ahead staff may move a visit, in days from today. */
export const STAFF_MOVE_DAYS = 42;

/**
 * The window a staff member may move `visit` to at `now`: from now (staff are not held to the
 * lead time) to STAFF_MOVE_DAYS ahead; for radon, the pick-up stays 48 to 96 hours after the
 * placement's end (the other visit of the pair stays where it is). The placement's window is of
 * starts, wide enough for any length: staffMoveSlots keeps the slots whose end fits.
 */
function staffWindow(visit: VisitRow, siblings: readonly VisitRow[], now: Date) {
  let from = now.getTime();
  const endDay = bookingWindow(now, 0, STAFF_MOVE_DAYS).until.getTime();
  let until = endDay;
  const placement = siblings.find((s) => s.kind === "radon_placement");
  const pickup = siblings.find((s) => s.kind === "radon_pickup");
  if (visit.kind === "radon_pickup" && placement) {
    const window = pickupWindow(
      { startsAt: placement.starts_at, endsAt: placement.ends_at },
      now,
      0,
      RADON_PICKUP_WINDOW,
    );
    from = Math.max(from, window.from.getTime());
    until = Math.min(until, window.until.getTime());
  }
  if (visit.kind === "radon_placement" && pickup) {
    from = Math.max(from, pickup.starts_at.getTime() - RADON_PICKUP_WINDOW.maxMs - 86_400_000);
    until = Math.min(until, pickup.starts_at.getTime() - RADON_PICKUP_WINDOW.minMs);
  }
  return { from: new Date(from), until: new Date(until) };
}

/** A free slot of one staff member, as the staff's move form offers it. */
export interface StaffSlotOption {
  /** `<ISO start>|<staff id>` */
  value: string;
  label: string;
}

/**
 * The free slots `visit` (of the quote whose visits are `siblings`) may move to at `now`: every
 * visiting staff member's free time for its length, within staffWindow; the visit's own time
 * counts as free. Grouped by Denver day.
 */
export async function staffMoveSlots(
  visit: VisitRow,
  siblings: readonly VisitRow[],
  now: Date,
): Promise<Slot[]> {
  const open = await availability(now, [visit], { days: STAFF_MOVE_DAYS });
  const window = staffWindow(visit, siblings, now);
  const commissionedAt = visit.kind === "radon_placement" ? await testCommissionedAt(visit) : null;
  if (commissionedAt) {
    // a job's post-mitigation test stays 24 hours to 30 days after the system started
    const test = placementWindow(commissionedAt);
    window.from = new Date(Math.max(window.from.getTime(), test.earliest.getTime()));
    window.until = new Date(Math.min(window.until.getTime(), test.latest.getTime()));
  }
  const slots = open.slots(visit.kind, window.from, window.until);
  const pickup = siblings.find((s) => s.kind === "radon_pickup");
  if (visit.kind !== "radon_placement" || !pickup) return slots;
  return slots.filter((s) => exposureFits(s.endsAt, pickup.starts_at, RADON_PICKUP_WINDOW));
}

/**
 * When `visit` is a job's post-mitigation placement or pick-up, the job's completion (the
 * system's commissioning, decision 0270); null for any other visit.
 */
async function testCommissionedAt(visit: VisitRow): Promise<Date | null> {
  if (!visit.test_job_id) return null;
  const [job] = await db
    .select({ completedAt: jobs.completed_at })
    .from(jobs)
    .where(eq(jobs.id, visit.test_job_id));
  return job?.completedAt ?? null;
}

/**
 * Whether moving `visit` of a job's post-mitigation test (its pair `siblings`) to start at `at`
 * keeps the SGM-SF windows: the placement 24 hours to 30 days after commissioning, the pick-up 48
 * to 96 hours after the placement.
 * @returns null when it does or `visit` is not such a test's, else the rule's own message
 */
async function testMoveProblem(
  visit: VisitRow,
  siblings: readonly VisitRow[],
  at: Date,
): Promise<string | null> {
  const commissionedAt = await testCommissionedAt(visit);
  if (!commissionedAt) return null;
  const { lengths } = await visitSettings();
  const moved = siblings.map((s) =>
    s.id === visit.id
      ? { ...s, starts_at: at, ends_at: new Date(at.getTime() + lengths[visit.kind] * 60_000) }
      : s,
  );
  const placement = moved.find((s) => s.kind === "radon_placement");
  const pickup = moved.find((s) => s.kind === "radon_pickup");
  if (!placement || !pickup) return null;
  return postMitigationProblem(
    commissionedAt,
    placement.starts_at,
    placement.ends_at,
    pickup.starts_at,
  );
}

/**
 * Staff move visit `visitId` to `form`'s `slot` (`<ISO start>|<staff id>`, a free slot of that
 * staff member now) or cancel it (`intent` "cancel"; a radon placement or pick-up cancels the
 * pair: one is no test without the other). The homeowner and the staff members concerned (a visit
 * moved to a colleague leaves the former one's calendar) are mailed the calendar change in the
 * same transaction; the company gets no alert (its staff made the change).
 * A job's post-mitigation test keeps its SGM-SF windows when moved (testMoveProblem).
 * @returns 404 unknown visit; 400 no slot chosen, or a test's time outside its windows (the
 *   rule's own message); 409 SLOT_TAKEN when it is no longer free.
 */
export async function staffChangeVisit(
  visitId: string,
  form: FormData,
  now: Date,
): Promise<BookingOutcome> {
  const found = await visitWithQuote(visitId);
  if (!found) return { ok: false, status: 404, message: "Visit not found" };
  const { visit, quote, siblings } = found;
  if (form.get("intent") === "cancel") {
    const pair = visit.kind.startsWith("radon_") ? siblings : [visit];
    await cancelRows(quote, pair, "staff", now);
    return { ok: true, visits: await describeVisits(pair), change: "cancelled" };
  }
  const raw = form.get("slot");
  const [startIso, staffId] = typeof raw === "string" ? raw.split("|") : [];
  const at = instant(startIso);
  if (!at || !staffId) return { ok: false, status: 400, message: "Choose a new time." };
  const problem = await testMoveProblem(visit, siblings, at);
  if (problem) return { ok: false, status: 400, message: problem };
  const slot = slotAt(await staffMoveSlots(visit, siblings, now), at);
  if (!slot?.staffIds.includes(staffId)) return { ok: false, status: 409, message: SLOT_TAKEN };
  const moved = await commitChange(async (tx) => {
    const row = await moveRow(tx, visit.id, {
      staff_id: staffId,
      starts_at: slot.startsAt,
      ends_at: slot.endsAt,
    });
    await mailChange(tx, "moved", quote, [row], {
      by: "staff",
      now,
      before: [visit],
      changeOnline: !row.test_job_id,
    });
    return row;
  });
  if (!moved.ok) return moved;
  return { ok: true, visits: await describeVisits([moved.value]), change: "moved" };
}
