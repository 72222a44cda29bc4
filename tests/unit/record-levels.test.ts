/**
 * Unit conversion and level flags of test results (issue 21 point 4): exact decimals, the EPA's
 * levels from the catalog (features/catalog/reference-levels.ts).
 */
import { describe, expect, it } from "vitest";
import { waterAnalytes } from "~/features/catalog/reference-levels";
import { sources } from "~/features/catalog/sources";
import {
  compareWater,
  convertWater,
  flagRadon,
  flagWater,
  levelIn,
  parseDecimal,
} from "~/features/records/levels";

describe("unit conversion", () => {
  it("converts mg/L, ug/L, ng/L exactly, and ppm, ppb, ppt as their mass-per-litre equals", () => {
    expect(convertWater("0.010", "mg/L", "ug/L")).toBe("10");
    expect(convertWater("12", "ug/L", "mg/L")).toBe("0.012");
    expect(convertWater("4.0", "ng/L", "ug/L")).toBe("0.004");
    expect(convertWater("0.07", "mg/L", "ug/L")).toBe("70");
    expect(convertWater("3", "ppm", "mg/L")).toBe("3");
    expect(convertWater("15", "ppb", "ug/L")).toBe("15");
    expect(convertWater("15", "ppb", "mg/L")).toBe("0.015");
    expect(convertWater("4", "ppt", "ng/L")).toBe("4");
    expect(convertWater("1", "ppm", "ppt")).toBe("1000000");
    expect(convertWater("0.000000001", "mg/L", "ng/L")).toBe("0.001");
  });

  it("compares across units without rounding: 0.010 mg/L equals 10 ug/L and 10 ppb", () => {
    expect(compareWater("0.010", "mg/L", "10", "ug/L")).toBe(0);
    expect(compareWater("0.010", "mg/L", "10", "ppb")).toBe(0);
    expect(compareWater("0.3", "mg/L", "0.1", "mg/L")).toBe(1);
    expect(compareWater("10.000000001", "ug/L", "0.010", "mg/L")).toBe(1);
    expect(compareWater("9.999", "ppb", "0.010", "ppm")).toBe(-1);
  });

  it("parses what staff type, refusing negatives, exponents and separators", () => {
    expect(parseDecimal(" 0.010 ")).toBe("0.010");
    expect(parseDecimal(".5")).toBe("0.5");
    expect(parseDecimal("12")).toBe("12");
    for (const bad of ["-1", "1e3", "1,000", "", "abc", "1.2.3", "1234567890"]) {
      expect(parseDecimal(bad)).toBeNull();
    }
  });

  it("shows a level in the reading's unit", () => {
    expect(levelIn(waterAnalytes.arsenic.level, "ug/L")).toBe("10");
    expect(levelIn(waterAnalytes.lead.level, "ppb")).toBe("15");
    expect(levelIn(waterAnalytes.pfoa.level, "ppt")).toBe("4");
  });
});

describe("flags against the EPA's levels", () => {
  it("radon: 4 pCi/L or more is over (fix), 2 up to 4 consider, below 2 under", () => {
    expect(flagRadon("3")).toBe("consider");
    expect(flagRadon("4")).toBe("over");
    expect(flagRadon("4.0")).toBe("over");
    expect(flagRadon("12.6")).toBe("over");
    expect(flagRadon("3.99")).toBe("consider");
    expect(flagRadon("2")).toBe("consider");
    expect(flagRadon("1.9")).toBe("under");
  });

  it("arsenic 12 ug/L is over the 0.010 mg/L MCL; 10 ug/L is at it (under); 0.011 mg/L over", () => {
    expect(flagWater("arsenic", { value: "12", unit: "ug/L" }).flag).toBe("over");
    expect(flagWater("arsenic", { value: "10", unit: "ug/L" }).flag).toBe("under");
    expect(flagWater("arsenic", { value: "0.011", unit: "mg/L" }).flag).toBe("over");
    expect(flagWater("arsenic", { value: "9", unit: "ppb" }).flag).toBe("under");
  });

  it("nitrate 8 mg/L as N is under 10; 11 ppm over", () => {
    expect(flagWater("nitrate", { value: "8", unit: "mg/L" }).flag).toBe("under");
    expect(flagWater("nitrate", { value: "11", unit: "ppm" }).flag).toBe("over");
  });

  it("lead: over the 15 ug/L action level, consider above the 2027 level of 10 ug/L", () => {
    expect(flagWater("lead", { value: "16", unit: "ppb" }).flag).toBe("over");
    const twelve = flagWater("lead", { value: "0.012", unit: "mg/L" });
    expect(twelve.flag).toBe("consider");
    expect(twelve.level.source).toBe("epaLeadCopperImprovements");
    expect(flagWater("lead", { value: "10", unit: "ug/L" }).flag).toBe("under");
  });

  it("uranium 30 ug/L, fluoride 4.0 mg/L, PFOA and PFOS 4.0 ng/L", () => {
    expect(flagWater("uranium", { value: "0.031", unit: "mg/L" }).flag).toBe("over");
    expect(flagWater("uranium", { value: "30", unit: "ug/L" }).flag).toBe("under");
    expect(flagWater("fluoride", { value: "4.1", unit: "mg/L" }).flag).toBe("over");
    expect(flagWater("pfoa", { value: "4.1", unit: "ppt" }).flag).toBe("over");
    expect(flagWater("pfos", { value: "0.0039", unit: "ug/L" }).flag).toBe("under");
    expect(flagWater("pfos", { value: "0.0041", unit: "ug/L" }).flag).toBe("over");
  });

  it("total coliform: present is over, absent under; a concentration does not fit it", () => {
    expect(flagWater("total_coliform", { present: true }).flag).toBe("over");
    expect(flagWater("total_coliform", { present: false }).flag).toBe("under");
    expect(() => flagWater("total_coliform", { value: "1", unit: "mg/L" })).toThrow();
  });

  it("every level names an EPA page as its source", () => {
    for (const analyte of Object.values(waterAnalytes)) {
      expect(sources[analyte.level.source].url).toMatch(/^https:\/\/www\.epa\.gov\//);
    }
  });
});
