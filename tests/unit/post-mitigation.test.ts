import { describe, expect, it } from "vitest";
import {
  pickupWindow,
  placementWindow,
  postMitigationProblem,
} from "~/features/jobs/post-mitigation";

const denver = new Intl.DateTimeFormat("en-US", {
  timeZone: "America/Denver",
  year: "2-digit",
  month: "numeric",
  day: "numeric",
  hour: "numeric",
  minute: "2-digit",
  timeZoneName: "short",
});
const wall = (d: Date) => denver.format(d);

describe("the post-mitigation test window in America/Denver", () => {
  // commissioned at 10:00 in Utah, a day before or a while before each clock change
  const cases = [
    // 2026: MDT starts March 8, MST returns November 1; 2027: March 14 and November 7
    { name: "2026 spring forward", at: "2026-03-07T17:00:00Z", wall: "3/7/26, 10:00 AM MST" },
    { name: "2026 fall back", at: "2026-10-31T16:00:00Z", wall: "10/31/26, 10:00 AM MDT" },
    { name: "2027 spring forward", at: "2027-03-13T17:00:00Z", wall: "3/13/27, 10:00 AM MST" },
    { name: "2027 fall back", at: "2027-11-06T16:00:00Z", wall: "11/6/27, 10:00 AM MDT" },
  ];

  it.each(cases)(
    "$name: no sooner than 24 elapsed hours, the 30th day at the same wall time",
    (c) => {
      const at = new Date(c.at);
      expect(wall(at)).toBe(c.wall);
      const window = placementWindow(at);
      expect(window.earliest.getTime() - at.getTime()).toBe(24 * 3_600_000);
      // across the change the wall clock moves an hour, the elapsed time stays 24 h
      expect(wall(window.earliest)).toMatch(/(9|10|11):00 AM M[DS]T$/);
      // 30 calendar days later at 10:00 in Utah, whichever offset is then in force
      expect(wall(window.latest)).toMatch(/, 10:00 AM M[DS]T$/);
      const elapsedHours = (window.latest.getTime() - at.getTime()) / 3_600_000;
      expect([719, 720, 721]).toContain(elapsedHours);
      expect(elapsedHours).not.toBe(720);
    },
  );

  it("the 30-day limit is exactly 720 hours when no clock change falls in it", () => {
    const at = new Date("2026-06-01T16:00:00Z");
    expect(placementWindow(at).latest.getTime() - at.getTime()).toBe(720 * 3_600_000);
  });

  it("the pick-up is 48 to 96 elapsed hours after the placement, across a clock change", () => {
    const end = new Date("2026-10-31T17:00:00Z"); // 11:00 AM MDT, the night before MST returns
    const w = pickupWindow(end);
    expect(wall(w.earliest)).toBe("11/2/26, 10:00 AM MST");
    expect(wall(w.latest)).toBe("11/4/26, 10:00 AM MST");
  });

  it("refuses a placement too soon or too late and a pick-up outside 48-96 h", () => {
    const at = new Date("2027-03-13T17:00:00Z");
    const h = (n: number) => new Date(at.getTime() + n * 3_600_000);
    expect(postMitigationProblem(at, h(23), h(24), h(72))).toMatch(/at least 24 hours/);
    expect(postMitigationProblem(at, h(24), h(25), h(73))).toBeNull();
    expect(postMitigationProblem(at, h(24), h(25), h(72))).toMatch(/48 to 96 hours/);
    expect(postMitigationProblem(at, h(24), h(25), h(122))).toMatch(/48 to 96 hours/);
    expect(postMitigationProblem(at, h(24 * 31), h(24 * 31 + 1), h(24 * 33))).toMatch(/30 days/);
  });
});
