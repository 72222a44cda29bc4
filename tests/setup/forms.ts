/** Builders of submitted quote forms, as a browser would post them. */

export function formData(
  fields: Readonly<Record<string, string | readonly string[] | undefined>>,
): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    for (const v of typeof value === "string" ? [value] : value) data.append(name, v);
  }
  return data;
}

export const contact = {
  firstName: "Ann",
  lastName: "Lee",
  email: "ann.lee@example.com",
  phone: "801-555-0134",
  zipCode: "84101",
  preferredContactMethod: "phone",
  bestTimeToContact: "evening",
};

export const validAnswers = {
  water_filtration: {
    ...contact,
    waterSource: "well",
    currentIssues: ["taste", "hardness"],
    propertyType: "single_family",
    numBathrooms: "2",
    numResidents: "4",
    hasExistingFilter: "on",
    appliances: ["dishwasher"],
    filterType: "whole_house",
    budgetRange: "500_1500",
  },
  mold: {
    ...contact,
    propertyType: "apartment",
    visibleMold: "on",
    moldType: "black",
    affectedArea: "medium",
    problemAreas: ["bathroom", "basement"],
    symptomsConcerns: ["musty_odor"],
    urgencyLevel: "high",
  },
  radon: {
    ...contact,
    propertyType: "residential",
    squareFootage: "0",
    hasBasement: "on",
    basementType: "finished",
    numLevels: "2",
    yearBuilt: "1978",
    testPreference: "short_term",
  },
} as const;
