import { describe, expect, it } from "vitest";
import * as limits from "~/features/catalog/estimate-limits";
import { estimateContent } from "~/features/estimates/content";
import {
  divideRoundHalfUp,
  formatPercent,
  formatQuantity,
  formatUsd,
  lineAmountCents,
  optionTotals,
  parseDollars,
  parsePercent,
  parseQuantity,
} from "~/features/estimates/money";
import { estimateDraftSchema } from "~/features/estimates/schemas";
import { estimateViewModel, isExpired } from "~/features/estimates/view-model";
import { loadEnv } from "~/lib/env.server";

const taxable = (amountCents: number) => ({ amountCents, taxable: true });
const untaxed = (amountCents: number) => ({ amountCents, taxable: false });

describe("rounding half up", () => {
  it("rounds halves up and everything else to the nearest cent", () => {
    expect(divideRoundHalfUp(5n, 2n)).toBe(3n);
    expect(divideRoundHalfUp(3n, 2n)).toBe(2n);
    expect(divideRoundHalfUp(1n, 3n)).toBe(0n);
    expect(divideRoundHalfUp(2n, 3n)).toBe(1n);
    expect(divideRoundHalfUp(0n, 7n)).toBe(0n);
    expect(() => divideRoundHalfUp(-1n, 2n)).toThrow(RangeError);
  });
});

describe("line amounts", () => {
  it("multiplies thousandths of a unit by cents exactly", () => {
    expect(lineAmountCents(1500, 8500)).toBe(12_750); // 1.5 hours at $85.00
    expect(lineAmountCents(850_000, 275)).toBe(233_750); // 850 sq ft at $2.75
    expect(lineAmountCents(1000, 185_000)).toBe(185_000);
    expect(lineAmountCents(333, 100)).toBe(33); // 0.333 x $1.00 = 33.3 cents
    expect(lineAmountCents(5, 100)).toBe(1); // 0.5 cent rounds up
    expect(lineAmountCents(4, 100)).toBe(0);
  });

  it("stays exact at the largest line the limits allow", () => {
    // 100,000 units at $100,000.00 = $10,000,000,000.00
    expect(lineAmountCents(limits.MAX_QUANTITY_THOUSANDTHS, limits.MAX_UNIT_PRICE_CENTS)).toBe(
      1_000_000_000_000,
    );
  });
});

describe("option totals", () => {
  it("adds lines without floating-point drift", () => {
    // 0.1 + 0.2 !== 0.3 in floats; in cents it is 10 + 20 = 30
    expect(optionTotals([untaxed(10), untaxed(20)], { kind: "none" }, 0)).toEqual({
      subtotalCents: 30,
      discountCents: 0,
      taxableBaseCents: 0,
      taxCents: 0,
      totalCents: 30,
    });
  });

  it("rounds tax once per option, half up (docs/decisions: estimate money)", () => {
    // three taxable 10-cent lines at 7.25%: per line 0.725 -> 1 cent each (3); per total 2.175 -> 2
    expect(
      optionTotals([taxable(10), taxable(10), taxable(10)], { kind: "none" }, 725).taxCents,
    ).toBe(2);
    // exactly half a cent rounds up: $10.00 at 7.25% = 72.5 cents
    expect(optionTotals([taxable(1000)], { kind: "none" }, 725)).toMatchObject({
      taxableBaseCents: 1000,
      taxCents: 73,
      totalCents: 1073,
    });
  });

  it("taxes only taxable lines", () => {
    expect(optionTotals([taxable(165_000), untaxed(22_000)], { kind: "none" }, 725)).toEqual({
      subtotalCents: 187_000,
      discountCents: 0,
      taxableBaseCents: 165_000,
      taxCents: 11_963, // 11,962.5 rounds up
      totalCents: 198_963,
    });
  });

  it("spreads a discount over taxable and untaxed lines in proportion", () => {
    expect(
      optionTotals([taxable(100_000), untaxed(100_000)], { kind: "amount", cents: 20_000 }, 1000),
    ).toEqual({
      subtotalCents: 200_000,
      discountCents: 20_000,
      taxableBaseCents: 90_000,
      taxCents: 9_000,
      totalCents: 189_000,
    });
  });

  it("takes a percentage discount of the subtotal, rounded half up", () => {
    expect(
      optionTotals([untaxed(245_005)], { kind: "percent", basisPoints: 1000 }, 0),
    ).toMatchObject({
      discountCents: 24_501, // 24,500.5
      totalCents: 220_504,
    });
  });

  it("never discounts below zero", () => {
    expect(optionTotals([taxable(5_000)], { kind: "amount", cents: 9_000 }, 725)).toEqual({
      subtotalCents: 5_000,
      discountCents: 5_000,
      taxableBaseCents: 0,
      taxCents: 0,
      totalCents: 0,
    });
    expect(optionTotals([], { kind: "amount", cents: 100 }, 725).totalCents).toBe(0);
  });

  it("stays exact for the largest estimate the limits allow", () => {
    const line = lineAmountCents(limits.MAX_QUANTITY_THOUSANDTHS, limits.MAX_UNIT_PRICE_CENTS);
    const lines = Array.from({ length: limits.MAX_LINES }, () => taxable(line));
    const totals = optionTotals(lines, { kind: "none" }, limits.MAX_TAX_RATE_BASIS_POINTS);
    expect(totals.subtotalCents).toBe(40_000_000_000_000);
    expect(totals.taxCents).toBe(8_000_000_000_000);
    expect(Number.isSafeInteger(totals.totalCents)).toBe(true);
  });
});

describe("reading and writing amounts", () => {
  it("reads dollars as cents without floats", () => {
    expect(parseDollars("2,450.00")).toBe(245_000);
    expect(parseDollars("$12")).toBe(1200);
    expect(parseDollars(" 12.5 ")).toBe(1250);
    expect(parseDollars(".05")).toBe(5);
    expect(parseDollars("0.29")).toBe(29); // 0.29 * 100 is 28.999999999999996 in floats
    expect(parseDollars("12,345,678.90")).toBe(1_234_567_890);
    for (const bad of ["", ".", "1.234", "-5", "1,23", "12a", "1e3", "$", "1..2"]) {
      expect(parseDollars(bad), bad).toBeNull();
    }
  });

  it("reads quantities in thousandths and percentages in basis points", () => {
    expect(parseQuantity("1.5")).toBe(1500);
    expect(parseQuantity("850")).toBe(850_000);
    expect(parseQuantity("0.001")).toBe(1);
    expect(parseQuantity("0.0001")).toBeNull();
    expect(parsePercent("7.25")).toBe(725);
    expect(parsePercent("7")).toBe(700);
    expect(parsePercent("7.125")).toBeNull();
  });

  it("shows cents as US dollars", () => {
    expect(formatUsd(245_000)).toBe("$2,450.00");
    expect(formatUsd(5)).toBe("$0.05");
    expect(formatUsd(0)).toBe("$0.00");
    expect(formatUsd(-1500)).toBe("-$15.00");
    expect(formatUsd(123_456_789_012_345)).toBe("$1,234,567,890,123.45");
    expect(formatQuantity(1500)).toBe("1.5");
    expect(formatQuantity(1_234_500)).toBe("1,234.5");
    expect(formatPercent(725)).toBe("7.25%");
    expect(formatPercent(700)).toBe("7%");
  });
});

describe("ESTIMATE_TAX_RATE", () => {
  const base = { NODE_ENV: "test", AUTH_SECRET: "x".repeat(32), DATA_DIR: "/tmp/unused" };

  it("is a percentage kept as basis points, 0 when unset", () => {
    expect(loadEnv({ ...base, ESTIMATE_TAX_RATE: "7.25" }).estimateTaxRateBasisPoints).toBe(725);
    expect(loadEnv({ ...base, ESTIMATE_TAX_RATE: "6" }).estimateTaxRateBasisPoints).toBe(600);
    expect(loadEnv(base).estimateTaxRateBasisPoints).toBe(0);
    expect(loadEnv({ ...base, ESTIMATE_TAX_RATE: "" }).estimateTaxRateBasisPoints).toBe(0);
  });

  it("refuses what is not a percentage with at most 2 decimals, or above 20", () => {
    for (const bad of ["7.125", "abc", "-1", "25", "7,25"]) {
      expect(() => loadEnv({ ...base, ESTIMATE_TAX_RATE: bad }), bad).toThrow(/ESTIMATE_TAX_RATE/);
    }
  });
});

describe("the estimate editor's schema", () => {
  it("turns typed amounts into integers and the discount into one value", () => {
    const parsed = estimateDraftSchema.parse({
      options: [
        {
          name: "Active sub-slab system",
          lines: [
            { name: "Fan", quantity: "1", unit: "each", unitPrice: "325.00", taxable: true },
            { name: "Labor", quantity: "2.5", unit: "hour", unitPrice: "95" },
          ],
        },
      ],
      discountKind: "percent",
      discountPercent: "10",
      taxRate: "7.25",
      validUntil: "2030-01-31",
    });
    expect(parsed.options[0]?.lines.map((l) => [l.quantity, l.unitPrice, l.taxable])).toEqual([
      [1000, 32_500, true],
      [2500, 9500, false],
    ]);
    expect(parsed.discount).toEqual({ kind: "percent", basisPoints: 1000 });
    expect(parsed.taxRate).toBe(725);
  });

  const messages = (input: unknown) =>
    Object.fromEntries(
      (estimateDraftSchema.safeParse(input).error?.issues ?? []).map((i) => [
        i.path.join("."),
        i.message,
      ]),
    );

  it("names each bad field: a free line without price, a zero quantity, a missing discount", () => {
    expect(
      messages({
        options: [
          { name: "A", lines: [{ name: "X", quantity: "0", unitPrice: "1" }] },
          { name: "B", lines: [{ name: "Y", quantity: "1" }] },
          { name: "C", lines: [] },
        ],
      }),
    ).toEqual({
      "options.0.lines.0.quantity": "Enter a quantity greater than 0",
      "options.1.lines.0.unitPrice": "Enter a price",
      "options.2.lines": "Add at least one line",
    });
    const line = { name: "X", quantity: "1", unitPrice: "1" };
    expect(messages({ options: [{ name: "A", lines: [line] }], discountKind: "amount" })).toEqual({
      discountAmount: "Enter the discount",
    });
  });

  it("offers at most three options", () => {
    const option = { name: "A", lines: [{ name: "X", quantity: "1", unitPrice: "1" }] };
    expect(messages({ options: [option, option, option, option] })).toEqual({
      options: "An estimate can offer at most 3 options",
    });
  });
});

describe("view model", () => {
  const content = estimateContent(
    {
      options: [
        {
          name: "Active sub-slab system",
          lines: [
            {
              priceBookItemId: null,
              name: "Active sub-slab depressurization system",
              description: "",
              unit: "each",
              quantityThousandths: 1000,
              unitPriceCents: 185_000,
              taxable: false,
            },
            {
              priceBookItemId: null,
              name: "Radon fan",
              description: "",
              unit: "each",
              quantityThousandths: 1000,
              unitPriceCents: 60_000,
              taxable: true,
            },
          ],
        },
      ],
      discount: { kind: "percent", basisPoints: 1000 },
      taxRateBasisPoints: 725,
      terms: "Payment on completion.\n\nWarranty: 5 years.",
      validUntil: "2026-12-25",
    },
    {
      id: "1a2b3c4d-0000-4000-8000-000000000000",
      reference: "1a2b3c4d",
      service: "radon",
      requesterName: "Ann Lee",
      propertyLines: ["12 Elm St", "Sandy, UT 84070"],
    },
    2,
    new Date("2026-11-25T18:00:00Z"),
  );

  it("formats every figure for the page and the PDF alike", () => {
    const view = estimateViewModel(
      content,
      { status: "sent", contentSha256: "ab", acceptance: null, decline: null },
      new Date("2026-11-26T12:00:00Z"),
    );
    expect(view).toMatchObject({
      title: "Estimate 1a2b3c4d",
      version: 2,
      issuedOn: "November 25, 2026",
      validUntil: "December 25, 2026",
      discountLabel: "Discount (10%)",
      taxLabel: "Sales tax (7.25%)",
      terms: ["Payment on completion.", "Warranty: 5 years."],
      expired: false,
    });
    // 2,450.00 - 245.00 = 2,205.00; fan's share of the discount 60.00 -> base 540.00 -> tax 39.15
    expect(view.options[0]).toMatchObject({
      subtotal: "$2,450.00",
      discount: "-$245.00",
      tax: "$39.15",
      total: "$2,244.15",
      lines: [
        { quantity: "1 Each", unitPrice: "$1,850.00", amount: "$1,850.00" },
        { quantity: "1 Each", unitPrice: "$600.00", amount: "$600.00", taxable: true },
      ],
    });
  });

  it("expires after the valid-until day in Utah, not in UTC", () => {
    // 2026-12-26 04:00 UTC is still December 25 (9 PM) in Denver
    expect(isExpired("2026-12-25", new Date("2026-12-26T04:00:00Z"))).toBe(false);
    expect(isExpired("2026-12-25", new Date("2026-12-26T07:30:00Z"))).toBe(true);
  });
});
