import { describe, expect, it } from "vitest";
import { referenceIdRange, referenceNumber, statusProgress } from "~/features/quotes/reference";
import { formatDateTime } from "~/lib/dates";
import { retryDelayMs } from "~/lib/outbox.server";
import { clientKey } from "~/lib/rate-limit.server";

describe("status progress (SPEC section 4)", () => {
  it.each([
    ["pending", 20],
    ["approved", 40],
    ["in_progress", 60],
    ["completed", 100],
    ["rejected", 100],
    ["archived", 0],
    [null, 0],
  ])("%s -> %i", (status, progress) => {
    expect(statusProgress(status)).toBe(progress);
  });
});

describe("reference number", () => {
  it("is the first 8 characters of the id, or 'Processing'", () => {
    expect(referenceNumber("65054801-1c2d-4e5f-8a9b-0c1d2e3f4a5b")).toBe("65054801");
    expect(referenceNumber(undefined)).toBe("Processing");
  });

  it("searched, stands for the range of ids it starts (the primary key serves it)", () => {
    expect(referenceIdRange(" 65054801 ")).toEqual({
      low: "65054801-0000-0000-0000-000000000000",
      high: "65054801-ffff-ffff-ffff-ffffffffffff",
    });
    expect(referenceIdRange("6505")).toEqual({
      low: "65050000-0000-0000-0000-000000000000",
      high: "6505ffff-ffff-ffff-ffff-ffffffffffff",
    });
    const id = "65054801-1c2d-4e5f-8a9b-0c1d2e3f4a5b";
    expect(referenceIdRange(id.toUpperCase())).toEqual({ low: id, high: id });
    for (const text of ["", "smith", "6505x", `${id}0`]) expect(referenceIdRange(text)).toBeNull();
  });
});

describe("rate-limit client key", () => {
  it("groups IPv6 by /64 and unwraps IPv4-mapped addresses", () => {
    expect(clientKey("2001:db8:1:2:aaaa::1")).toBe("2001:db8:1:2::/64");
    expect(clientKey("2001:db8:1:2:bbbb:cccc:dddd:eeee")).toBe("2001:db8:1:2::/64");
    expect(clientKey("2001:db8:1:3::1")).toBe("2001:db8:1:3::/64");
    expect(clientKey("::ffff:192.0.2.7")).toBe("192.0.2.7");
    expect(clientKey("192.0.2.7")).toBe("192.0.2.7");
    expect(clientKey(undefined)).toBe("unknown");
  });
});

describe("mail retry back-off", () => {
  it("doubles from the base and stops growing at 6 hours", () => {
    expect(retryDelayMs(1, 30_000)).toBe(30_000);
    expect(retryDelayMs(2, 30_000)).toBe(60_000);
    expect(retryDelayMs(4, 30_000)).toBe(240_000);
    expect(retryDelayMs(30, 30_000)).toBe(6 * 60 * 60 * 1000);
  });
});

describe("date-times people read carry their zone (issue 16 point 10)", () => {
  it("names Mountain Standard Time in winter and Mountain Daylight Time in summer", () => {
    expect(formatDateTime("2026-01-15T12:35:00Z")).toBe("January 15, 2026 at 5:35 AM MST");
    expect(formatDateTime(new Date("2026-07-15T12:35:00Z"))).toBe("July 15, 2026 at 6:35 AM MDT");
  });
});
