/**
 * Every enumeration of the product, each defined once with its labels (SPEC section 3).
 * Forms, validation, database enums, mail and admin views all read from here.
 * Option lists the SPEC names but does not spell out (appliances, filter types, budgets,
 * radon test purpose...) are our decisions, recorded in
 * docs/decisions/0007-enums-and-option-lists.md.
 */

import { defineEnum } from "./define-enum";

export { defineEnum, type Enumeration, type EnumOption, type EnumValue } from "./define-enum";

// --- SPEC section 3 enumerations -------------------------------------------------

export const propertyType = defineEnum({
  single_family: "Single Family Home",
  apartment: "Apartment/Condo",
  commercial: "Commercial Building",
});

export const radonPropertyType = defineEnum({
  residential: "Residential",
  commercial: "Commercial",
});

export const waterSource = defineEnum({
  municipal: "Municipal (city water)",
  well: "Private well",
  other: "Other",
});

export const waterIssue = defineEnum({
  taste: "Bad Taste",
  odor: "Unpleasant Odor",
  color: "Discoloration",
  hardness: "Hard Water",
  sediment: "Sediment",
});

export const moldType = defineEnum({
  black: "Black",
  white: "White",
  green: "Green",
  yellow: "Yellow",
  unknown: "Unknown",
});

export const affectedArea = defineEnum({
  small: "Small (under 10 sq ft)",
  medium: "Medium (10-30 sq ft)",
  large: "Large (30-100 sq ft)",
  extensive: "Extensive (over 100 sq ft)",
});

export const problemArea = defineEnum({
  bathroom: "Bathroom",
  kitchen: "Kitchen",
  basement: "Basement",
  attic: "Attic",
  crawlspace: "Crawlspace",
  ceiling: "Ceiling",
  walls: "Walls",
  windows: "Windows",
  hvac: "HVAC system",
  other: "Other",
});

export const symptom = defineEnum({
  musty_odor: "Musty odor",
  respiratory: "Respiratory issues",
  allergies: "Allergies",
  headaches: "Headaches",
  eye_irritation: "Eye irritation",
  skin_irritation: "Skin irritation",
  fatigue: "Fatigue",
  asthma: "Asthma",
  none: "None",
});

export const urgency = defineEnum({
  low: "Low (not urgent)",
  medium: "Medium (within a month)",
  high: "High (within a week)",
  emergency: "Emergency (ASAP)",
});

export const contactMethod = defineEnum({
  email: "Email",
  phone: "Phone",
});

export const bestTime = defineEnum({
  morning: "Morning",
  afternoon: "Afternoon",
  evening: "Evening",
});

export const quoteStatus = defineEnum({
  pending: "Pending",
  approved: "Approved",
  rejected: "Rejected",
  in_progress: "In Progress",
  completed: "Completed",
});

// --- Option lists the SPEC names without values (docs/decisions/0007-enums-and-option-lists.md)

export const appliance = defineEnum({
  refrigerator: "Refrigerator / ice maker",
  dishwasher: "Dishwasher",
  washing_machine: "Washing machine",
  water_heater: "Water heater",
  coffee_maker: "Coffee maker",
});

export const filterType = defineEnum({
  whole_house: "Whole-house filtration",
  under_sink: "Under-sink filter",
  reverse_osmosis: "Reverse osmosis",
  water_softener: "Water softener",
  not_sure: "Not sure - recommend one",
});

export const budgetRange = defineEnum({
  under_500: "Under $500",
  "500_1500": "$500 - $1,500",
  "1500_3000": "$1,500 - $3,000",
  over_3000: "Over $3,000",
});

export const propertyAge = defineEnum({
  under_10: "Less than 10 years",
  "10_30": "10-30 years",
  "30_50": "30-50 years",
  over_50: "Over 50 years",
});

export const hvacSystemType = defineEnum({
  forced_air: "Central forced air",
  heat_pump: "Heat pump",
  boiler: "Boiler / radiant",
  evaporative: "Evaporative (swamp) cooler",
  none: "None",
});

export const issueDuration = defineEnum({
  under_week: "Less than a week",
  under_month: "Less than a month",
  under_6_months: "1-6 months",
  over_6_months: "More than 6 months",
});

export const basementType = defineEnum({
  finished: "Finished",
  unfinished: "Unfinished",
  partial: "Partially finished",
});

export const foundationType = defineEnum({
  basement: "Basement",
  slab: "Slab on grade",
  crawlspace: "Crawlspace",
  mixed: "Mixed",
});

export const testPurpose = defineEnum({
  health: "Health and peace of mind",
  real_estate: "Buying or selling a home",
  post_mitigation: "Checking an existing mitigation system",
  new_construction: "New construction",
});

export const testPreference = defineEnum({
  short_term: "Short-term test (48-hour minimum)",
  long_term: "Long-term test (90 days or more)",
  continuous: "Continuous electronic monitoring",
  no_preference: "No preference - recommend one",
});

/** What a file attached to a quote request is: a photo of the problem, or a lab report. */
export const quoteFileKind = defineEnum({
  photo: "Photo",
  report: "Lab report",
});
