/**
 * A quote request's service answers as label/value rows, in form order: the one table of answer
 * labels, read by the lead alert mail and the admin quote page alike. Both read the stored
 * detail row (SPEC section 3 columns), so they show the same labels and the same values.
 * Option labels come from the catalog.
 */
import * as enums from "~/features/catalog/enums";
import type { ServiceId } from "~/features/catalog/services";

/** One answer as shown: its label and its value in words. */
export type AnswerRow = [label: string, value: string];

type Field = [column: string, label: string, enumeration?: enums.Enumeration<string>];

/** Every detail column of each service with its label (the SPEC's field names, in form order). */
export const ANSWER_FIELDS: Readonly<Record<ServiceId, readonly Field[]>> = {
  water_filtration: [
    ["water_source", "Water source", enums.waterSource],
    ["current_issues", "Current issues", enums.waterIssue],
    ["property_type", "Property type", enums.propertyType],
    ["num_bathrooms", "Bathrooms"],
    ["num_residents", "Residents"],
    ["has_existing_filter", "Existing filter"],
    ["appliances", "Appliances", enums.appliance],
    ["filter_type", "Filter type wanted", enums.filterType],
    ["budget_range", "Budget range", enums.budgetRange],
  ],
  mold: [
    ["property_type", "Property type", enums.propertyType],
    ["visible_mold", "Visible mold"],
    ["mold_type", "Mold type", enums.moldType],
    ["affected_area", "Affected area", enums.affectedArea],
    ["problem_areas", "Problem areas", enums.problemArea],
    ["symptoms_concerns", "Symptoms and concerns", enums.symptom],
    ["property_age", "Property age", enums.propertyAge],
    ["recent_water_issues", "Recent water issues"],
    ["hvac_system_type", "HVAC system", enums.hvacSystemType],
    ["previous_treatment", "Previously treated"],
    ["issue_duration", "Issue duration", enums.issueDuration],
    ["urgency_level", "Urgency", enums.urgency],
  ],
  radon: [
    ["property_type", "Property type", enums.radonPropertyType],
    ["square_footage", "Square footage"],
    ["previous_testing", "Tested before"],
    ["previous_test_date", "Previous test date"],
    // SPEC section 2: "previous test date and results"
    ["previous_results", "Previous results"],
    ["has_basement", "Basement"],
    ["basement_type", "Basement type", enums.basementType],
    ["num_levels", "Levels"],
    ["year_built", "Year built"],
    ["foundation_type", "Foundation", enums.foundationType],
    ["recent_renovations", "Recent renovations"],
    ["test_purpose", "Test purpose", enums.testPurpose],
    ["test_preference", "Test preference", enums.testPreference],
  ],
};

function show(value: unknown, enumeration?: enums.Enumeration<string>): string {
  if (value === null || value === undefined || value === "") return "N/A";
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (Array.isArray(value))
    return value.length ? value.map((v) => show(v, enumeration)).join(", ") : "None";
  return enumeration ? enumeration.label(String(value)) : String(value);
}

/**
 * The answers of a `service` detail row (SPEC section 3 columns) as [label, value] pairs, every
 * column in form order; empty values read 'N/A' (SPEC section 2, admin views).
 */
export function detailAnswerRows(
  service: ServiceId,
  details: Readonly<Record<string, unknown>> | null | undefined,
): AnswerRow[] {
  if (!details) return [];
  return ANSWER_FIELDS[service].map(([column, label, enumeration]) => [
    label,
    show(details[column], enumeration),
  ]);
}
