/**
 * A quote request's answers as human-readable label/value rows, in form order, for the lead
 * alert mail (and later the admin quote view). Labels come from the catalog.
 */
import * as enums from "~/features/catalog/enums";
import type { QuoteRequest } from "./schemas";
import { DEFAULT_SQUARE_FOOTAGE } from "./schemas";

export type AnswerRow = [label: string, value: string];

const yesNo = (value: boolean) => (value ? "Yes" : "No");
const list = <V extends string>(e: enums.Enumeration<V>, values: readonly string[]) =>
  values.length ? values.map((v) => e.label(v)).join(", ") : "None";
const maybe = (value: string | number | undefined | null) =>
  value === undefined || value === null || value === "" ? "Not given" : String(value);

/** The service-specific answers of `request` (contact details excluded). */
export function answerRows(request: QuoteRequest): AnswerRow[] {
  switch (request.service) {
    case "water_filtration": {
      const a = request.input;
      return [
        ["Water source", enums.waterSource.label(a.waterSource)],
        ["Current issues", list(enums.waterIssue, a.currentIssues)],
        ["Property type", enums.propertyType.label(a.propertyType)],
        ["Bathrooms", String(a.numBathrooms)],
        ["Residents", String(a.numResidents)],
        ["Existing filter", yesNo(a.hasExistingFilter)],
        ["Appliances", list(enums.appliance, a.appliances)],
        ["Filter type wanted", maybe(enums.filterType.label(a.filterType))],
        ["Budget range", maybe(enums.budgetRange.label(a.budgetRange))],
      ];
    }
    case "mold": {
      const a = request.input;
      return [
        ["Property type", enums.propertyType.label(a.propertyType)],
        ["Visible mold", yesNo(a.visibleMold)],
        ...(a.visibleMold
          ? ([
              ["Mold type", maybe(enums.moldType.label(a.moldType))],
              ["Affected area", maybe(enums.affectedArea.label(a.affectedArea))],
            ] satisfies AnswerRow[])
          : []),
        ["Problem areas", list(enums.problemArea, a.problemAreas)],
        ["Symptoms and concerns", list(enums.symptom, a.symptomsConcerns)],
        ["Property age", maybe(enums.propertyAge.label(a.propertyAge))],
        ["Recent water issues", yesNo(a.recentWaterIssues)],
        ["HVAC system", maybe(enums.hvacSystemType.label(a.hvacSystemType))],
        ["Previously treated", yesNo(a.previousTreatment)],
        ["Issue duration", maybe(enums.issueDuration.label(a.issueDuration))],
        ["Urgency", maybe(enums.urgency.label(a.urgencyLevel))],
      ];
    }
    case "radon": {
      const a = request.input;
      return [
        ["Property type", enums.radonPropertyType.label(a.propertyType)],
        ["Square footage", String(a.squareFootage || DEFAULT_SQUARE_FOOTAGE)],
        ["Tested before", yesNo(a.previousTesting)],
        ...(a.previousTesting
          ? ([
              ["Previous test date", maybe(a.previousTestDate)],
              ["Previous results", maybe(a.previousResults)],
            ] satisfies AnswerRow[])
          : []),
        ["Basement", yesNo(a.hasBasement)],
        ...(a.hasBasement
          ? ([
              ["Basement type", maybe(enums.basementType.label(a.basementType))],
            ] satisfies AnswerRow[])
          : []),
        ["Levels", maybe(a.numLevels)],
        ["Year built", maybe(a.yearBuilt)],
        ["Foundation", maybe(enums.foundationType.label(a.foundationType))],
        ["Recent renovations", yesNo(a.recentRenovations)],
        ["Test purpose", maybe(enums.testPurpose.label(a.testPurpose))],
        ["Test preference", maybe(enums.testPreference.label(a.testPreference))],
      ];
    }
  }
}
