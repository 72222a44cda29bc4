/**
 * Test results and the reference levels they are read against, defined once:
 * the kinds of result, radon's test kinds and phases, the drinking-water analytes with their EPA
 * maximum contaminant levels (MCLs) or action levels, the units a lab reports, and each level's
 * source (`sources.ts`). Levels are decimal strings, never floats: "0.010" mg/L must equal
 * "10" ug/L exactly (features/records/levels.ts does the arithmetic with decimal.js).
 * docs/decisions/0156-reference-levels.md (the lead figure), 0157-test-results.md.
 */
import { defineEnum, type EnumValue } from "./define-enum";
import type { SourceId } from "./sources";

/** What a recorded result measured. */
export const testResultKind = defineEnum({
  radon: "Radon",
  water: "Drinking water",
  mold: "Mold",
});
export type TestResultKind = EnumValue<typeof testResultKind>;

/** How a radon level was measured (EPA, A Citizen's Guide to Radon: short-term 2-90 days). */
export const radonTestKind = defineEnum({
  short_term: "Short-term test (2 to 90 days)",
  long_term: "Long-term test (more than 90 days)",
  continuous: "Continuous monitor",
});

/** When a radon level was measured, relative to the mitigation system. */
export const radonPhase = defineEnum({
  before: "Before mitigation",
  after: "After mitigation",
});

/**
 * The concentration units labs report for drinking water. ppm, ppb and ppt are by mass in water
 * (1 L of water weighs 1 kg): 1 ppm = 1 mg/L, 1 ppb = 1 ug/L, 1 ppt = 1 ng/L.
 */
export const waterUnit = defineEnum({
  "mg/L": "mg/L",
  ppm: "ppm",
  "ug/L": "µg/L",
  ppb: "ppb",
  "ng/L": "ng/L",
  ppt: "ppt",
});
export type WaterUnit = EnumValue<typeof waterUnit>;

/** Each unit in milligrams per litre, as an exact decimal string. */
export const WATER_UNIT_IN_MG_PER_L: Readonly<Record<WaterUnit, string>> = {
  "mg/L": "1",
  ppm: "1",
  "ug/L": "0.001",
  ppb: "0.001",
  "ng/L": "0.000001",
  ppt: "0.000001",
};

/** A reference level: a decimal value in a unit, what the EPA calls it, and where it is written. */
export interface ReferenceLevel {
  value: string;
  unit: WaterUnit;
  /** "MCL", "action level" */
  name: string;
  source: SourceId;
}

/** A drinking-water analyte: measured (a concentration) or presence/absence (coliform bacteria). */
export type WaterAnalyte =
  | {
      label: string;
      type: "concentration";
      /** the unit the form offers first (the one labs use for it) */
      defaultUnit: WaterUnit;
      /** above this: 'over' */
      level: ReferenceLevel;
      /** above this (up to `level`): 'consider' */
      consider?: ReferenceLevel & { note: string };
    }
  | {
      label: string;
      type: "presence";
      /** a sample with the organism present is 'over' */
      level: { name: string; source: SourceId };
    };

/**
 * The analytes a water result records, each against the EPA's National Primary Drinking Water
 * Regulations (MCL) or the Lead and Copper Rule (action level), figures as the EPA publishes them.
 */
export const waterAnalytes = {
  arsenic: {
    label: "Arsenic",
    type: "concentration",
    defaultUnit: "ug/L",
    level: { value: "0.010", unit: "mg/L", name: "MCL", source: "epaDrinkingWaterRegulations" },
  },
  nitrate: {
    label: "Nitrate (as N)",
    type: "concentration",
    defaultUnit: "mg/L",
    level: { value: "10", unit: "mg/L", name: "MCL", source: "epaDrinkingWaterRegulations" },
  },
  lead: {
    label: "Lead",
    type: "concentration",
    defaultUnit: "ug/L",
    level: {
      value: "0.015",
      unit: "mg/L",
      name: "action level",
      source: "epaDrinkingWaterRegulations",
    },
    consider: {
      value: "0.010",
      unit: "mg/L",
      name: "action level from November 2027 (Lead and Copper Rule Improvements)",
      source: "epaLeadCopperImprovements",
      note: "The EPA's health goal for lead is zero.",
    },
  },
  uranium: {
    label: "Uranium",
    type: "concentration",
    defaultUnit: "ug/L",
    level: { value: "30", unit: "ug/L", name: "MCL", source: "epaRadionuclidesRule" },
  },
  fluoride: {
    label: "Fluoride",
    type: "concentration",
    defaultUnit: "mg/L",
    level: { value: "4.0", unit: "mg/L", name: "MCL", source: "epaDrinkingWaterRegulations" },
  },
  pfoa: {
    label: "PFOA",
    type: "concentration",
    defaultUnit: "ng/L",
    level: { value: "4.0", unit: "ng/L", name: "MCL", source: "epaPfasRegulation" },
  },
  pfos: {
    label: "PFOS",
    type: "concentration",
    defaultUnit: "ng/L",
    level: { value: "4.0", unit: "ng/L", name: "MCL", source: "epaPfasRegulation" },
  },
  total_coliform: {
    label: "Total coliform bacteria",
    type: "presence",
    level: { name: "MCL (presence)", source: "epaTotalColiformRule" },
  },
} as const satisfies Record<string, WaterAnalyte>;

export type WaterAnalyteId = keyof typeof waterAnalytes;
export const waterAnalyteIds = Object.keys(waterAnalytes) as [WaterAnalyteId, ...WaterAnalyteId[]];

/**
 * Radon in indoor air (EPA, A Citizen's Guide to Radon): fix the home at 4 pCi/L or more;
 * consider fixing between 2 and 4 pCi/L.
 */
export const RADON_LEVELS = {
  fix: "4",
  consider: "2",
  unit: "pCi/L",
  source: "epaCitizensGuide",
} as const satisfies { fix: string; consider: string; unit: string; source: SourceId };

/** A result read against its level. */
export const levelFlag = defineEnum({
  over: "Over the level",
  consider: "Consider action",
  under: "Under the level",
});
export type LevelFlag = EnumValue<typeof levelFlag>;
