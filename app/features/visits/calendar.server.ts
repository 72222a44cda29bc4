/**
 * Calendar mail for assessment visits: booking, moving and cancelling a visit
 * mail the homeowner and the visit's staff member an iCalendar invitation made with
 * ical-generator (and the company an alert when the homeowner made the change), one `.ics` file
 * per visit (iTIP, RFC 5546: one scheduling object holds one UID). The UID is the visit's id, so a calendar
 * replaces the event it holds; SEQUENCE grows with each change (RFC 5545 3.8.7.4); a cancellation
 * is METHOD:CANCEL with STATUS:CANCELLED. Times carry TZID=America/Denver with its VTIMEZONE, so
 * DTSTART reads as the wall time the homeowner chose.
 * docs/decisions/0152-visit-calendar-mail.md, docs/decisions/0176-staff-told-of-bookings.md
 */
import { TZDate } from "@date-fns/tz";
import ical, { ICalCalendarMethod, ICalEventStatus } from "ical-generator";
import { company } from "~/features/catalog/company";
import { type VisitKind, visitKind } from "~/features/catalog/visits";
import { referenceNumber } from "~/features/quotes/reference";
import { env } from "~/lib/env.server";
import type { MailAttachment } from "~/lib/mail.server";
import type { OutboxMessage } from "~/lib/outbox.server";
import { formatDay, formatTimeRange } from "./format";
import { VISIT_TIME_ZONE } from "./slots";

/**
 * America/Denver's rules since 2007 (second Sunday of March, first Sunday of November), as
 * tzurl.org publishes them: the VTIMEZONE that RFC 5545 3.6.5 asks for with every TZID used.
 */
const DENVER_VTIMEZONE = [
  "BEGIN:VTIMEZONE",
  "TZID:America/Denver",
  "X-LIC-LOCATION:America/Denver",
  "BEGIN:DAYLIGHT",
  "TZOFFSETFROM:-0700",
  "TZOFFSETTO:-0600",
  "TZNAME:MDT",
  "DTSTART:19700308T020000",
  "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU",
  "END:DAYLIGHT",
  "BEGIN:STANDARD",
  "TZOFFSETFROM:-0600",
  "TZOFFSETTO:-0700",
  "TZNAME:MST",
  "DTSTART:19701101T020000",
  "RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU",
  "END:STANDARD",
  "END:VTIMEZONE",
].join("\r\n");

/** A visit as the invitation describes it. */
export interface CalendarVisit {
  /** the visit's id: the event's UID */
  id: string;
  kind: VisitKind;
  startsAt: Date;
  endsAt: Date;
  /** the SEQUENCE of this message: 0 when booked, then one more per change */
  sequence: number;
  /** the staff member's name, as the homeowner meets them */
  staffName: string;
}

/** The quote a visit is for, as the mail needs it. */
export interface CalendarQuote {
  id: string;
  contact_email: string;
  contact_first_name: string;
  contact_last_name: string;
  contact_phone: string;
  /** the street address, city and ZIP as one line (or the ZIP alone when no address is known) */
  location: string;
}

/** A staff member as their calendar invitation addresses them. */
export interface CalendarPerson {
  name: string;
  email: string;
}

/** The address part of MAIL_FROM ("Name <a@b>" or "a@b"). */
function organizerEmail(): string {
  const from = env().MAIL_FROM;
  return /<([^>]+)>/.exec(from)?.[1] ?? from.trim();
}

/** Where the visit takes place, one line: street, city and ZIP of the quote. */
export function visitLocation(quote: {
  property_address: string | null;
  property_city: string | null;
  property_zip_code: string | null;
  zip_code: string;
}): string {
  const zip = quote.property_zip_code ?? quote.zip_code;
  const parts = [quote.property_address, quote.property_city].filter(Boolean);
  return parts.length ? `${parts.join(", ")}, UT ${zip}` : `ZIP ${zip}, Utah`;
}

/** What one invitation's event says, beyond the visit's UID, SEQUENCE and times. */
interface EventText {
  summary: string;
  location: string;
  description: string[];
  url: string;
  attendee: CalendarPerson;
}

/** The `.ics` text of `visit`'s event with `text`, for `method` (see visitIcs). */
function eventIcs(visit: CalendarVisit, method: "request" | "cancel", text: EventText): string {
  const calendar = ical({
    name: company.name,
    prodId: { company: company.name, product: "Assessment visits", language: "EN" },
    method: method === "cancel" ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST,
    // no calendar-wide zone (DTSTAMP stays UTC); the events' TZID gets its VTIMEZONE
    timezone: {
      name: null,
      generator: (zone) => (zone === VISIT_TIME_ZONE ? DENVER_VTIMEZONE : null),
    },
  });
  calendar.createEvent({
    id: visit.id,
    sequence: visit.sequence,
    // a TZDate makes ical-generator write Denver wall time under TZID=America/Denver
    start: new TZDate(visit.startsAt, VISIT_TIME_ZONE),
    end: new TZDate(visit.endsAt, VISIT_TIME_ZONE),
    timezone: VISIT_TIME_ZONE,
    stamp: new Date(),
    summary: text.summary,
    location: text.location,
    description: text.description.join("\n"),
    url: text.url,
    status: method === "cancel" ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    organizer: { name: company.name, email: organizerEmail() },
    attendees: [{ name: text.attendee.name, email: text.attendee.email, rsvp: false }],
  });
  return calendar.toString();
}

/**
 * The `.ics` text of one visit's invitation: METHOD:REQUEST for a booked or moved visit,
 * METHOD:CANCEL (STATUS:CANCELLED) for a cancelled one. `statusUrl`, where the homeowner changes
 * or cancels it, goes into the description and URL.
 */
export function visitIcs(
  visit: CalendarVisit,
  quote: CalendarQuote,
  method: "request" | "cancel",
  statusUrl: string,
): string {
  const label = visitKind.label(visit.kind);
  return eventIcs(visit, method, {
    summary: `${label} with ${visit.staffName} (${company.name})`,
    location: quote.location,
    description: [
      `${label} for request ${referenceNumber(quote.id)}.`,
      `Your visitor: ${visit.staffName}, ${company.name}.`,
      `Change or cancel: ${statusUrl}`,
    ],
    url: statusUrl,
    attendee: {
      name: `${quote.contact_first_name} ${quote.contact_last_name}`,
      email: quote.contact_email,
    },
  });
}

/** The back office's page of visit `visitId`, where staff move or cancel it (no secret in it). */
function staffVisitUrl(visitId: string): string {
  return new URL(`/admin/schedule/visits/${visitId}`, env().PUBLIC_URL).href;
}

/**
 * The `.ics` text of the staff member `staff`'s invitation to `visit`: the same event (UID) and
 * SEQUENCE as the homeowner's (decision 0152), addressed to the staff member, naming the
 * homeowner and linking the visit's back-office page (never the homeowner's status link).
 */
export function staffVisitIcs(
  visit: CalendarVisit,
  quote: CalendarQuote,
  method: "request" | "cancel",
  staff: CalendarPerson,
): string {
  const label = visitKind.label(visit.kind);
  const customer = `${quote.contact_first_name} ${quote.contact_last_name}`;
  const url = staffVisitUrl(visit.id);
  return eventIcs(visit, method, {
    summary: `${label}: ${customer} (${referenceNumber(quote.id)})`,
    location: quote.location,
    description: [
      `${label} for request ${referenceNumber(quote.id)}.`,
      `Homeowner: ${customer}, ${quote.contact_phone}, ${quote.contact_email}.`,
      `Move or cancel: ${url}`,
    ],
    url,
    attendee: staff,
  });
}

export type VisitChange = "booked" | "moved" | "cancelled";

const SUBJECT: Record<VisitChange, string> = {
  booked: "Your visit is booked",
  moved: "Your visit has a new time",
  cancelled: "Your visit is cancelled",
};

/**
 * The homeowner's mail for a change to `visits` of quote `quote` (all of one change: a radon
 * placement and its pick-up travel together), with one `.ics` per visit. `statusUrl` is a fresh
 * status link; the visit page is under it. `changeOnline` false: the visits are not the visit
 * page's (a radon job's post-mitigation test), the homeowner changes them by reply or phone.
 * Plain text (docs/decisions/0013-plain-text-mail.md).
 */
export function visitMail(
  change: VisitChange,
  quote: CalendarQuote,
  visits: CalendarVisit[],
  statusUrl: string,
  { changeOnline = true }: { changeOnline?: boolean } = {},
): OutboxMessage {
  const method = change === "cancelled" ? "cancel" : "request";
  const visitUrl = `${statusUrl}/visit`;
  const lines = visits.map(visitLine);
  const attachments: MailAttachment[] = visits.map((v) => ({
    filename: `${v.kind.replace(/_/g, "-")}.ics`,
    contentType: `text/calendar; charset=utf-8; method=${method.toUpperCase()}`,
    content: Buffer.from(visitIcs(v, quote, method, visitUrl), "utf8"),
  }));
  const intro: Record<VisitChange, string> = {
    booked: "Thank you for booking. We will visit you at:",
    moved: "Your visit now takes place at:",
    cancelled: "This visit is cancelled:",
  };
  return {
    kind: `visit_${change}`,
    quoteId: quote.id,
    to: quote.contact_email,
    subject: `${SUBJECT[change]} (${referenceNumber(quote.id)})`,
    text: [
      `Hello ${quote.contact_first_name},`,
      "",
      intro[change],
      ...lines,
      `Address: ${quote.location}`,
      "",
      !changeOnline
        ? change === "cancelled"
          ? "To book a new time, reply to this email or call us."
          : "The attached calendar file adds it to your calendar. To change or cancel it, reply to this email or call us."
        : change === "cancelled"
          ? `To book a new time: ${visitUrl}`
          : `The attached calendar file adds it to your calendar. To change or cancel it: ${visitUrl}`,
      "",
      company.name,
    ].join("\n"),
    attachments,
  };
}

/** "Water assessment: Monday, December 7, 2026, 9:00 AM – 10:00 AM MST, with Dana Field" */
function visitLine(v: CalendarVisit): string {
  return `${visitKind.label(v.kind)}: ${formatDay(denverDay(v.startsAt))}, ${formatTimeRange(v.startsAt, v.endsAt)}, with ${v.staffName}`;
}

const STAFF_SUBJECT: Record<VisitChange, string> = {
  booked: "Visit booked",
  moved: "Visit moved",
  cancelled: "Visit cancelled",
};

/**
 * A staff member's calendar mail: `visits` of quote `quote` that `staff` holds (`request`: booked
 * or moved to them) or no longer holds (`cancel`: cancelled, or moved to someone else), one
 * `.ics` per visit (staffVisitIcs). Plain text, no secret link.
 */
export function staffInvitationMail(
  method: "request" | "cancel",
  quote: CalendarQuote,
  visits: CalendarVisit[],
  staff: CalendarPerson,
): OutboxMessage {
  const customer = `${quote.contact_first_name} ${quote.contact_last_name}`;
  const reference = referenceNumber(quote.id);
  const first = visits[0] as CalendarVisit;
  return {
    kind: "staff_invitation",
    quoteId: quote.id,
    to: staff.email,
    subject: `${method === "cancel" ? "Off your calendar" : "On your calendar"}: ${visitKind.label(first.kind)} on ${formatDay(denverDay(first.startsAt))}, ${customer} (${reference})`,
    text: [
      `Hello ${staff.name},`,
      "",
      method === "cancel"
        ? "This visit is no longer yours (cancelled, or moved to a colleague):"
        : "This visit is on your calendar:",
      ...visits.map(visitLine),
      `Address: ${quote.location}`,
      `Homeowner: ${customer}, ${quote.contact_phone}, ${quote.contact_email}`,
      "",
      `The attached calendar file ${method === "cancel" ? "removes it from" : "adds it to"} your calendar. The visit's page: ${staffVisitUrl(first.id)}`,
      "",
      company.name,
    ].join("\n"),
    attachments: visits.map((v) => ({
      filename: `${v.kind.replace(/_/g, "-")}.ics`,
      contentType: `text/calendar; charset=utf-8; method=${method.toUpperCase()}`,
      content: Buffer.from(staffVisitIcs(v, quote, method, staff), "utf8"),
    })),
  };
}

/**
 * The company's alert (to LEADS_EMAIL, as a new request's) that the homeowner of quote `quote`
 * booked, moved or cancelled `visits` at `now`; `before`, for a move, the times they had. The
 * subject starts "Short notice" when a visit starts within 24 hours of `now`.
 */
export function bookingAlertMail(
  change: VisitChange,
  quote: CalendarQuote,
  visits: CalendarVisit[],
  now: Date,
  before: CalendarVisit[] = [],
): OutboxMessage {
  const customer = `${quote.contact_first_name} ${quote.contact_last_name}`;
  const reference = referenceNumber(quote.id);
  const first = visits[0] as CalendarVisit;
  const soon = visits.some((v) => v.startsAt.getTime() - now.getTime() < 24 * 3_600_000);
  const did: Record<VisitChange, string> = {
    booked: "booked",
    moved: "moved",
    cancelled: "cancelled",
  };
  return {
    kind: "booking_alert",
    quoteId: quote.id,
    to: env().LEADS_EMAIL,
    subject: `${soon ? "Short notice: " : ""}${STAFF_SUBJECT[change]}: ${visitKind.label(first.kind)} on ${formatDay(denverDay(first.startsAt))}, ${formatTimeRange(first.startsAt, first.endsAt)} (${customer}, ${reference})`,
    text: [
      `${customer} ${did[change]} ${visits.length > 1 ? "their visits" : "their visit"} for request ${reference} online.`,
      "",
      ...visits.map(visitLine),
      ...(before.length ? ["", "Before:", ...before.map(visitLine)] : []),
      "",
      `Address: ${quote.location}`,
      `Homeowner: ${customer}, ${quote.contact_phone}, ${quote.contact_email}`,
      "",
      `Open the request: ${new URL(`/admin/quotes/${quote.id}`, env().PUBLIC_URL).href}`,
      ...(change === "cancelled" ? [] : [`The visit's page: ${staffVisitUrl(first.id)}`]),
    ].join("\n"),
  };
}

const denverDayFormat = new Intl.DateTimeFormat("en-CA", {
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  timeZone: VISIT_TIME_ZONE,
});
/** The Denver calendar day (YYYY-MM-DD) of instant `at`. */
export function denverDay(at: Date): string {
  return denverDayFormat.format(at);
}
