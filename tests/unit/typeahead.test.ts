import { describe, expect, it } from "vitest";
import { TYPEAHEAD_RESET_MS, typeaheadMatch, typeaheadType } from "~/lib/typeahead";

const titles = ["Water Filtration Remediation", "Mold Remediation", "Radon Remediation"];

describe("menu typeahead (SPEC section 9: resets after 1 second)", () => {
  it("gathers what is typed within a second, and starts afresh after a second's pause", () => {
    expect(TYPEAHEAD_RESET_MS).toBe(1000);
    const m = typeaheadType(null, "M", 5000);
    const mo = typeaheadType(m, "o", 5999);
    expect(mo.search).toBe("mo");
    expect(typeaheadType(mo, "r", 6998).search).toBe("mor");
    expect(typeaheadType(mo, "r", 6999).search).toBe("r");
  });

  it("moves to the first title starting with the search, or nowhere", () => {
    expect(typeaheadMatch(titles, "r", -1)).toBe(2);
    expect(typeaheadMatch(titles, "mo", -1)).toBe(1);
    expect(typeaheadMatch(titles, "water f", 2)).toBe(0);
    expect(typeaheadMatch(titles, "mr", 1)).toBe(-1);
  });

  it("steps through titles sharing a first letter when that letter is pressed again", () => {
    const entries = ["Mold", "Water", "Mildew", "Radon"];
    expect(typeaheadMatch(entries, "m", -1)).toBe(0);
    expect(typeaheadMatch(entries, "mm", 0)).toBe(2);
    expect(typeaheadMatch(entries, "mmm", 2)).toBe(0);
  });
});
