import { describe, expect, it } from "vitest";
import { parseQuoteListQuery, quoteListSearch } from "~/features/admin/quote-list";
import { canTransition, nextStatuses } from "~/features/quotes/status";
import { radonLevel, triageFlags, triageScore } from "~/features/quotes/triage";

const labels = (input: Parameters<typeof triageFlags>[0]) => triageFlags(input).map((f) => f.label);

describe("triage rules (EPA sources in features/quotes/triage.ts)", () => {
  it.each([
    ["4", ["Above EPA action level: mitigation recommended"]],
    ["12.5 pCi/L", ["Above EPA action level: mitigation recommended"]],
    ["3,9", ["EPA suggests considering mitigation"]],
    ["2", ["EPA suggests considering mitigation"]],
    ["1.9", []],
    ["not sure", []],
    [null, []],
  ])("radon previous result %s", (result, expected) => {
    expect(labels({ service: "radon", details: { previous_results: result } })).toEqual(expected);
  });

  it("reads radon results written with units or a decimal comma", () => {
    expect(radonLevel("about 4.2 pCi/L")).toBe(4.2);
    expect(radonLevel("3,5")).toBe(3.5);
    expect(radonLevel("")).toBeNull();
  });

  it.each([
    ["small", false],
    ["medium", false],
    ["large", true],
    ["extensive", true],
  ])("mold affected area %s -> professional remediation: %s", (area, flagged) => {
    expect(labels({ service: "mold", details: { affected_area: area } })).toEqual(
      flagged ? ["Over 10 sq ft: professional remediation (EPA)"] : [],
    );
  });

  it.each([["asthma"], ["respiratory"]])("mold with %s is a health priority", (symptom) => {
    expect(
      labels({ service: "mold", details: { symptoms_concerns: ["musty_odor", symptom] } }),
    ).toEqual(["Health priority: asthma or respiratory symptoms"]);
  });

  it("puts an emergency first, in the flags and in the urgency score", () => {
    const emergency = { service: "mold", details: { urgency_level: "emergency" } } as const;
    const large = {
      service: "mold",
      details: { affected_area: "extensive", symptoms_concerns: ["asthma"], urgency_level: "high" },
    } as const;
    expect(
      labels({ service: "mold", details: { ...large.details, urgency_level: "emergency" } })[0],
    ).toBe("Emergency: first in the inbox");
    expect(triageScore(emergency)).toBeGreaterThan(triageScore(large));
    expect(triageScore(large)).toBeGreaterThan(
      triageScore({ service: "radon", details: { previous_results: "3" } }),
    );
    expect(triageScore({ service: "mold", details: { urgency_level: "low" } })).toBe(0);
  });

  it("flags a private well for bacteria and nitrate testing, not city water", () => {
    expect(labels({ service: "water_filtration", details: { water_source: "well" } })).toEqual([
      "Private well: test for bacteria and nitrate",
    ]);
    expect(labels({ service: "water_filtration", details: { water_source: "municipal" } })).toEqual(
      [],
    );
  });

  it("gives every flag a source, and a short name of it for the list", () => {
    const flags = triageFlags({
      service: "mold",
      details: {
        affected_area: "large",
        symptoms_concerns: ["asthma"],
        urgency_level: "emergency",
      },
    });
    expect(flags).toHaveLength(3);
    for (const flag of flags) {
      expect(flag.source).toMatch(/EPA|Requester/);
      // the short name is the same publisher, in a few words
      expect(flag.source.startsWith(flag.sourceShort.split(" ")[0] as string)).toBe(true);
      expect(flag.sourceShort.length).toBeLessThan(25);
    }
  });
});

describe("status transitions (docs/decisions/0073-quote-status-transitions.md)", () => {
  it("allows exactly the decided moves", () => {
    expect(nextStatuses("pending")).toEqual(["approved", "rejected"]);
    expect(nextStatuses("approved")).toEqual(["in_progress", "rejected"]);
    expect(nextStatuses("in_progress")).toEqual(["completed"]);
    expect(nextStatuses("rejected")).toEqual([]);
    expect(nextStatuses("completed")).toEqual([]);
  });
  it.each([
    ["pending", "completed"],
    ["pending", "in_progress"],
    ["pending", "pending"],
    ["approved", "pending"],
    ["in_progress", "rejected"],
    ["completed", "pending"],
    ["rejected", "approved"],
    ["unknown", "approved"],
  ])("refuses %s -> %s", (from, to) => {
    expect(canTransition(from, to)).toBe(false);
  });
});

describe("quotes list query string", () => {
  it("reads search, filters, sort and page, and drops invalid values", () => {
    const query = parseQuoteListQuery(
      new URLSearchParams("q=%20Lee%20&status=pending&service=radon&sort=urgency&page=3"),
    );
    expect(query).toEqual({
      q: "Lee",
      status: "pending",
      service: "radon",
      sort: "urgency",
      page: 3,
    });
    expect(
      parseQuoteListQuery(new URLSearchParams("status=bogus&service=x&sort=y&page=-2&q=")),
    ).toEqual({ q: undefined, status: undefined, service: undefined, sort: "newest", page: 1 });
  });
  it("writes links that keep the filters and reset the page", () => {
    const query = parseQuoteListQuery(new URLSearchParams("q=mold&status=pending&page=4"));
    expect(quoteListSearch(query, { page: 5 })).toBe("?q=mold&status=pending&page=5");
    expect(quoteListSearch(query, { sort: "urgency" })).toBe("?q=mold&status=pending&sort=urgency");
  });
});
