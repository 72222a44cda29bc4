/**
 * Quiet hours (features/messages/quiet-hours.ts): texts that nobody asked for wait for 08:00-21:00
 * America/Denver, also on the nights the clock changes (2026-03-08 02:00 MST -> 03:00 MDT,
 * 2026-11-01 02:00 MDT -> 01:00 MST).
 */
import { describe, expect, it } from "vitest";
import { isTextingTime, nextTextingTime } from "~/features/messages/quiet-hours";

const at = (iso: string) => new Date(iso);

describe("quiet hours for texts", () => {
  it("lets a text go between 08:00 and 21:00 Utah time", () => {
    expect(nextTextingTime(at("2026-12-07T15:00:00Z")).toISOString()).toBe(
      "2026-12-07T15:00:00.000Z",
    ); // 08:00 MST
    expect(isTextingTime(at("2026-12-08T03:59:59Z"))).toBe(true); // 20:59:59 MST
    expect(isTextingTime(at("2026-12-08T04:00:00Z"))).toBe(false); // 21:00 MST
  });

  it("holds a late-evening text until 08:00 the next morning and an early one until 08:00 that day", () => {
    expect(nextTextingTime(at("2026-12-08T05:30:00Z")).toISOString()).toBe(
      "2026-12-08T15:00:00.000Z",
    ); // 22:30 MST
    expect(nextTextingTime(at("2026-12-08T13:59:00Z")).toISOString()).toBe(
      "2026-12-08T15:00:00.000Z",
    ); // 06:59 MST
    // the last day of a month rolls into the next
    expect(nextTextingTime(at("2026-12-01T05:00:00Z")).toISOString()).toBe(
      "2026-12-01T15:00:00.000Z",
    ); // Nov 30 22:00 MST
  });

  it("opens at 08:00 local time across the spring-forward night", () => {
    // Saturday 2026-03-07 22:00 MST: the clock jumps overnight, so 08:00 Sunday is MDT (UTC-6)
    expect(nextTextingTime(at("2026-03-08T05:00:00Z")).toISOString()).toBe(
      "2026-03-08T14:00:00.000Z",
    );
    // 07:30 MDT on Sunday morning waits half an hour
    expect(nextTextingTime(at("2026-03-08T13:30:00Z")).toISOString()).toBe(
      "2026-03-08T14:00:00.000Z",
    );
  });

  it("opens at 08:00 local time across the fall-back night", () => {
    // Saturday 2026-10-31 23:00 MDT; Sunday 08:00 is MST (UTC-7)
    expect(nextTextingTime(at("2026-11-01T05:00:00Z")).toISOString()).toBe(
      "2026-11-01T15:00:00.000Z",
    );
    // 01:30 MST, the repeated hour, still waits for 08:00 MST
    expect(nextTextingTime(at("2026-11-01T08:30:00Z")).toISOString()).toBe(
      "2026-11-01T15:00:00.000Z",
    );
  });
});
