/**
 * Reminders, defined once: the visit reminder and the follow-ups a homeowner
 * opts into, with their intervals and the source of each interval. The schema's enum, the
 * reminder worker (features/visits/reminders.server.ts), the opt-in form and the unsubscribe page
 * read these.
 */
import { defineEnum, type EnumValue } from "./define-enum";
import type { SourceId } from "./sources";

export const reminderKind = defineEnum({
  visit: "Assessment visit reminders",
  radon_retest: "Radon retest every 2 years",
  well_test: "Yearly private well test",
  filter_change: "Filter change",
});
export type ReminderKind = EnumValue<typeof reminderKind>;

/** The follow-ups a homeowner opts into (every reminder kind but the visit's). */
export const followUpKinds = ["radon_retest", "well_test", "filter_change"] as const;
export type FollowUpKind = (typeof followUpKinds)[number];

/** A visit reminder goes this long before the visit starts (ms): 24 hours. */
export const VISIT_REMINDER_BEFORE_MS = 24 * 3_600_000;

/**
 * Radon retest: every 2 years after a mitigation, first 2 years after the job was completed.
 * EPA, "Consumer's Guide to Radon Reduction": test your home again at least every two years.
 */
export const RADON_RETEST = { months: 24, source: "epaRadonReduction" } as const satisfies {
  months: number;
  source: SourceId;
};

/**
 * Private well test: every year. EPA, "Protect Your Home's Water": test a private well every
 * year for total coliform bacteria, nitrates, total dissolved solids and pH.
 */
export const WELL_TEST = { months: 12, source: "epaPrivateWells" } as const satisfies {
  months: number;
  source: SourceId;
};

/**
 * Filter change intervals by filter type (catalog enums.filterType; "not sure" has none), in
 * months. The numbers are the common manufacturers' intervals for the cartridge that wears
 * first (sediment/carbon cartridges and reverse-osmosis pre-filters 6 months; a softener's
 * yearly service); the Minnesota Department of Health's "Home Water Treatment" asks owners to
 * keep to the manufacturer's maintenance schedule, since a neglected unit stops treating.
 */
export const FILTER_CHANGE_MONTHS = {
  whole_house: 6,
  under_sink: 6,
  reverse_osmosis: 6,
  water_softener: 12,
} as const;
export type ChangeableFilter = keyof typeof FILTER_CHANGE_MONTHS;
export const FILTER_CHANGE_SOURCE: SourceId = "mdhHomeWaterTreatment";

/** True for a filter type that has a change interval. */
export function isChangeableFilter(value: string | null | undefined): value is ChangeableFilter {
  return value != null && Object.hasOwn(FILTER_CHANGE_MONTHS, value);
}

/** `date` plus `months` calendar months (UTC), clamped to the month's last day (Jan 31 + 1 = Feb 28). */
export function addMonths(date: Date, months: number): Date {
  const result = new Date(date.getTime());
  const day = result.getUTCDate();
  result.setUTCDate(1);
  result.setUTCMonth(result.getUTCMonth() + months);
  const last = new Date(
    Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0),
  ).getUTCDate();
  result.setUTCDate(Math.min(day, last));
  return result;
}
