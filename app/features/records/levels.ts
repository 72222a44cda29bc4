/**
 * Exact decimal arithmetic for test results: parsing what staff type, unit
 * conversion between mg/L, ug/L (= ppb), ng/L (= ppt) and ppm (= mg/L in water), and each
 * result's flag against its reference level (features/catalog/reference-levels.ts). decimal.js
 * throughout: in floating point 0.07 mg/L is 70.00000000000001 ug/L and 0.1 + 0.2 > 0.3; with
 * decimals a value exactly at its level is never flagged by a rounding error.
 */
import Decimal from "decimal.js";
import {
  type LevelFlag,
  RADON_LEVELS,
  type ReferenceLevel,
  WATER_UNIT_IN_MG_PER_L,
  type WaterAnalyteId,
  type WaterUnit,
  waterAnalytes,
} from "~/features/catalog/reference-levels";

/** Our own Decimal: enough digits that a conversion by powers of ten never rounds. */
const D = Decimal.clone({ precision: 60, rounding: Decimal.ROUND_HALF_EVEN });

/** A non-negative decimal as typed: digits, an optional point and fraction (1,000 not allowed). */
const DECIMAL_TEXT = /^(?:\d{1,9}(?:\.\d{1,9})?|\.\d{1,9})$/;

/**
 * The canonical text of a non-negative decimal typed by staff ("0.010", "12", ".5", " 4.0 "),
 * trailing zeros kept as typed (they carry the lab's precision); null when it is no such number
 * (negative, exponent, thousands separator, more than 9 digits either side of the point).
 */
export function parseDecimal(text: string): string | null {
  const trimmed = text.trim();
  if (!DECIMAL_TEXT.test(trimmed)) return null;
  return trimmed.startsWith(".") ? `0${trimmed}` : trimmed;
}

/** `value` (a decimal string) in `from` converted to `to`, exactly; e.g. ("0.010", mg/L, ug/L) -> "10". */
export function convertWater(value: string, from: WaterUnit, to: WaterUnit): string {
  const inMg = new D(value).times(WATER_UNIT_IN_MG_PER_L[from]);
  return inMg.div(WATER_UNIT_IN_MG_PER_L[to]).toFixed();
}

/** -1, 0 or 1 as `a` (in `aUnit`) is below, equal to or above `b` (in `bUnit`), exactly. */
export function compareWater(a: string, aUnit: WaterUnit, b: string, bUnit: WaterUnit): number {
  const left = new D(a).times(WATER_UNIT_IN_MG_PER_L[aUnit]);
  const right = new D(b).times(WATER_UNIT_IN_MG_PER_L[bUnit]);
  return left.comparedTo(right);
}

/**
 * A radon level (pCi/L, decimal string) against the EPA's guidance: 'over' at 4 or more (fix the
 * home), 'consider' from 2 up to 4, 'under' below 2 (A Citizen's Guide to Radon).
 */
export function flagRadon(pciPerL: string): LevelFlag {
  const value = new D(pciPerL);
  if (value.gte(RADON_LEVELS.fix)) return "over";
  if (value.gte(RADON_LEVELS.consider)) return "consider";
  return "under";
}

/** A water result as stored: a concentration with its unit, or presence/absence. */
export type WaterReading =
  | { value: string; unit: WaterUnit; present?: undefined }
  | { present: boolean; value?: undefined; unit?: undefined };

/** A water result read against its level: the flag and the level it was read against. */
export interface WaterFlag {
  flag: LevelFlag;
  /** the level exceeded, or the one it stayed under ('consider': the lower one exceeded) */
  level: ReferenceLevel | { name: string; source: ReferenceLevel["source"] };
}

/**
 * `reading` of `analyte` against its EPA level: 'over' above the MCL or action level (a value
 * equal to it complies: the MCL is the maximum allowed), 'consider' above a lower level where
 * one is defined (lead: the 2027 action level), else 'under'. Presence analytes (total coliform):
 * present is 'over', absent 'under'.
 * @throws when the reading's shape does not fit the analyte (a concentration for coliform)
 */
export function flagWater(analyte: WaterAnalyteId, reading: WaterReading): WaterFlag {
  const definition = waterAnalytes[analyte];
  if (definition.type === "presence") {
    if (reading.present === undefined) throw new Error(`${analyte} is recorded as present/absent`);
    return { flag: reading.present ? "over" : "under", level: definition.level };
  }
  if (reading.value === undefined) throw new Error(`${analyte} is recorded as a concentration`);
  const { level } = definition;
  if (compareWater(reading.value, reading.unit, level.value, level.unit) > 0)
    return { flag: "over", level };
  const consider = "consider" in definition ? definition.consider : undefined;
  if (consider && compareWater(reading.value, reading.unit, consider.value, consider.unit) > 0)
    return { flag: "consider", level: consider };
  return { flag: "under", level };
}

/** A level as people read it, in `unit`: "10 µg/L" for arsenic's 0.010 mg/L asked in ug/L. */
export function levelIn(level: ReferenceLevel, unit: WaterUnit): string {
  // in its own unit, as the EPA writes it ("0.010": the zero shows the precision)
  return level.unit === unit ? level.value : convertWater(level.value, level.unit, unit);
}
