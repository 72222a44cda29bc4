import { describe, expect, it } from "vitest";
import {
  MOLD_REPORT_SLOT,
  missingForCompletion,
  moldDisclosure,
  moldPhotoSlot,
  moldRecordSchema,
  RADON_LABEL_SLOT,
  radonRecordSchema,
} from "~/features/jobs/record";

describe("the completion record's required fields", () => {
  const label = new Map([[RADON_LABEL_SLOT, 1]]);
  const radon = {
    fanMakeModel: "RadonAway RP145",
    manometerInchesWc: "1.25",
    certificationNumber: "NRPP-1",
  };

  it("radon needs the fan make and model, the manometer reading, the certification number and the label photo", () => {
    expect(missingForCompletion("radon", radon, label)).toEqual([]);
    expect(missingForCompletion("radon", null, new Map())).toEqual([
      "the fan make and model",
      "the manometer reading at commissioning",
      "the installer's certification number",
      "a photo of the placed label",
    ]);
    expect(missingForCompletion("radon", { ...radon, fanMakeModel: "" }, label)).toEqual([
      "the fan make and model",
    ]);
    expect(missingForCompletion("radon", radon, new Map())).toEqual([
      "a photo of the placed label",
    ]);
  });

  it("the manometer reading is 0.01 to 10.00 inches of water column, to two decimals", () => {
    for (const ok of ["0.01", "10", "10.00", "2.5"]) {
      expect(radonRecordSchema.safeParse({ manometerInchesWc: ok }).success, ok).toBe(true);
    }
    for (const bad of ["0", "10.01", "1.234", "abc", "-1"]) {
      expect(radonRecordSchema.safeParse({ manometerInchesWc: bad }).success, bad).toBe(false);
    }
  });

  it("water treatment needs one piece of equipment with its make and model", () => {
    expect(missingForCompletion("water_filtration", null, new Map())).toEqual([
      "one piece of equipment with its make and model",
    ]);
    expect(
      missingForCompletion(
        "water_filtration",
        { equipment: [{ kind: "softener", make: "Fleck" }] },
        new Map(),
      ),
    ).toHaveLength(1);
    expect(
      missingForCompletion(
        "water_filtration",
        { equipment: [{ kind: "softener", make: "Fleck", model: "5600SXT" }] },
        new Map(),
      ),
    ).toEqual([]);
  });

  describe("mold remediation (IICRC S520)", () => {
    const area = { room: "Basement bedroom", squareFeet: "120", condition: "3" };
    const bothPhotos = new Map([
      [moldPhotoSlot("before", 0), 1],
      [moldPhotoSlot("after", 0), 2],
    ]);
    const disclosed = {
      areas: [area],
      verification: "not_independent",
      disclosure: "Our own staff verified the work.",
    };
    const assessed = {
      areas: [area],
      verification: "independent",
      assessorName: "Dana Fox",
      assessorCompany: "Clear Air Assessors",
      assessedOn: "2026-12-04",
      assessmentPassed: "yes",
    };

    it("needs an area with before and after photos and the verification or the disclosure", () => {
      expect(missingForCompletion("mold", null, new Map())).toEqual([
        "at least one area worked with before and after photos",
        "the post-remediation verification by an independent assessor, or the written disclosure that it was not independent",
      ]);
      expect(missingForCompletion("mold", disclosed, bothPhotos)).toEqual([]);
      // photos of one area and the after photo of another do not make a pair
      expect(
        missingForCompletion(
          "mold",
          { ...disclosed, areas: [area, area] },
          new Map([
            [moldPhotoSlot("before", 0), 1],
            [moldPhotoSlot("after", 1), 1],
          ]),
        ),
      ).toEqual(["at least one area worked with before and after photos"]);
      // photos of a row without its room do not count as an area worked
      expect(
        missingForCompletion("mold", { ...disclosed, areas: [{ squareFeet: "10" }] }, bothPhotos),
      ).toEqual(["at least one area worked with before and after photos"]);
      expect(missingForCompletion("mold", { ...disclosed, disclosure: "  " }, bothPhotos)).toEqual([
        "the written disclosure that the verification was not independent",
      ]);
    });

    it("an independent verification needs the assessor's name, company, date, result and report, and must have passed", () => {
      const withReport = new Map([...bothPhotos, [MOLD_REPORT_SLOT, 1]]);
      expect(missingForCompletion("mold", assessed, withReport)).toEqual([]);
      expect(missingForCompletion("mold", assessed, bothPhotos)).toEqual([
        "the independent assessor's report (PDF)",
      ]);
      expect(
        missingForCompletion(
          "mold",
          { ...assessed, assessorName: "", assessedOn: undefined, assessmentPassed: undefined },
          withReport,
        ),
      ).toEqual(["the independent assessor's name, date, whether it passed"]);
      expect(
        missingForCompletion("mold", { ...assessed, assessmentPassed: "no" }, withReport),
      ).toEqual(["a post-remediation verification that passed"]);
    });

    it("sizes, conditions, readings and dates are checked; the disclosure is read only when not independent", () => {
      const parse = (data: unknown) => moldRecordSchema.safeParse(data).success;
      expect(parse({ areas: [{ squareFeet: "0" }] })).toBe(false);
      expect(parse({ areas: [{ squareFeet: "12.5" }] })).toBe(false);
      expect(parse({ areas: [{ squareFeet: "100000" }] })).toBe(true);
      expect(parse({ moisture: [{ reading: "-1" }] })).toBe(false);
      expect(parse({ moisture: [{ reading: "18.5" }] })).toBe(true);
      expect(parse({ assessedOn: "12/04/2026" })).toBe(false);
      expect(parse({ assessedOn: "2026-13-40" })).toBe(false);
      expect(moldRecordSchema.parse({ areas: [{ condition: "4" }] }).areas[0]?.condition).toBe(
        undefined,
      );
      expect(moldDisclosure(disclosed)).toBe("Our own staff verified the work.");
      expect(moldDisclosure({ ...disclosed, verification: "independent" })).toBeNull();
      expect(moldDisclosure(null)).toBeNull();
    });
  });
});
