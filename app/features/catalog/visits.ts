/**
 * Visits: the kinds of assessment visit each service books, the crew's work visits of a job
 * (booked by staff, never by the homeowner), and their default lengths.
 * One source of truth: the schema's enum, the schedule page's length fields and the booking
 * pages read these. Radon books two visits: the detector's placement and, 48 to 96 hours later,
 * its pick-up.
 */
import { defineEnum, type EnumValue } from "./define-enum";
import type { ServiceId } from "./services";

export const visitKind = defineEnum({
  water_filtration: "Water assessment",
  mold: "Mold inspection",
  radon_placement: "Radon detector placement",
  radon_pickup: "Radon detector pick-up",
  work: "Work visit",
});
export type VisitKind = EnumValue<typeof visitKind>;

/** The kinds homeowners book (assessments); work visits are booked by staff with their own times. */
export const ASSESSMENT_VISIT_KINDS: readonly VisitKind[] = visitKind.values.filter(
  (kind) => kind !== "work",
);

/** Default length of each kind of visit, in minutes (editable on /admin/schedule). */
export const DEFAULT_VISIT_MINUTES: Readonly<Record<VisitKind, number>> = {
  water_filtration: 60,
  mold: 120,
  radon_placement: 45,
  radon_pickup: 30,
  work: 240,
};

/** The first (or only) visit a quote of `service` books. */
export function firstVisitKind(service: ServiceId): VisitKind {
  return service === "radon" ? "radon_placement" : service;
}

/**
 * The radon pick-up starts this long after the placement visit ends (the detector's exposure): 48
 * to 96 hours (in ms). docs/decisions/0175-radon-exposure-from-placement-end.md
 */
export const RADON_PICKUP_WINDOW = { minMs: 48 * 3_600_000, maxMs: 96 * 3_600_000 } as const;

/** The default lead time: no visit starts sooner than this after booking, in hours. */
export const DEFAULT_LEAD_TIME_HOURS = 24;

/** How many days ahead the booking pages offer slots (today included). */
export const BOOKING_DAYS = 14;

/** Slots start every this many minutes within working hours. */
export const SLOT_STEP_MINUTES = 30;

/** Weekdays as the schedule page names them: 0 is Sunday (as Date#getDay). */
export const weekdayNames = [
  "Sunday",
  "Monday",
  "Tuesday",
  "Wednesday",
  "Thursday",
  "Friday",
  "Saturday",
] as const;

/** Quote statuses whose requester may still book a visit (not rejected, completed or archived). */
export const VISIT_STATUSES: ReadonlySet<string> = new Set(["pending", "approved", "in_progress"]);
