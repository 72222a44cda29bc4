import { describe, expect, it } from "vitest";
import { MAX_LINES } from "~/features/catalog/estimate-limits";
import {
  builderRows,
  builderValuesFromPost,
  builderValuesOf,
  withoutEmptyRows,
} from "~/features/estimates/builder-form";

const form = (entries: [string, string][]) => {
  const data = new FormData();
  for (const [k, v] of entries) data.append(k, v);
  return data;
};

describe("estimate builder form", () => {
  it("drops empty rows and options and numbers the rest again, keeping the other fields", () => {
    const compact = withoutEmptyRows(
      form([
        ["intent", "save-estimate"],
        ["options[0].name", ""],
        ["options[0].lines[0].name", ""],
        ["options[0].lines[0].quantity", "1"],
        ["options[1].name", "Active"],
        ["options[1].lines[0].priceBookItemId", ""],
        ["options[1].lines[0].quantity", "1"],
        ["options[1].lines[1].priceBookItemId", "abc"],
        ["options[1].lines[1].quantity", "2"],
        ["options[1].lines[2].name", " "],
        ["options[1].lines[2].unit", "hour"],
        ["options[1].lines[3].unitPrice", "9"],
        ["options[1].lines[3].taxable", "on"],
        ["options[2].name", ""],
        ["options[2].lines[0].name", "Typed without a name for its option"],
        ["taxRate", "7.25"],
      ]),
    );
    expect([...compact.entries()]).toEqual([
      ["intent", "save-estimate"],
      ["taxRate", "7.25"],
      ["options[0].name", "Active"],
      ["options[0].lines[0].priceBookItemId", "abc"],
      ["options[0].lines[0].quantity", "2"],
      ["options[0].lines[1].unitPrice", "9"],
      ["options[0].lines[1].taxable", "on"],
      // an option with a line but no name stays, to be told it needs a name
      ["options[1].name", ""],
      ["options[1].lines[0].name", "Typed without a name for its option"],
    ]);
  });

  it("pads three options with empty rows, and reads a refused post back", () => {
    const values = builderValuesOf({
      options: [
        {
          name: "One",
          lines: [
            {
              priceBookItemId: null,
              name: "Labor",
              description: "",
              unit: "hour",
              quantityThousandths: 1500,
              unitPriceCents: 9500,
              taxable: false,
            },
          ],
        },
      ],
      discount: { kind: "percent", basisPoints: 1050 },
      taxRateBasisPoints: 725,
      terms: "T",
      validUntil: "2026-12-25",
    });
    expect(values).toMatchObject({
      discountKind: "percent",
      discountPercent: "10.5",
      taxRate: "7.25",
    });
    expect(values.options[0]?.lines[0]).toMatchObject({ quantity: "1.5", unitPrice: "95.00" });
    const rows = builderRows(values);
    expect(rows.options.map((o) => o.lines.length)).toEqual([4, 4, 4]);
    const long = builderRows({
      ...values,
      options: [{ name: "Long", lines: Array(MAX_LINES).fill(values.options[0]?.lines[0]) }],
    });
    expect(long.options[0]?.lines).toHaveLength(MAX_LINES);

    const posted = builderValuesFromPost(
      { options: [{ name: "X", lines: [{ name: "Y", taxable: "on" }] }], discountKind: "bogus" },
      values,
    );
    expect(posted.options[0]?.lines[0]).toMatchObject({ name: "Y", taxable: true, quantity: "" });
    expect(posted.discountKind).toBe("none");
    expect(posted.terms).toBe("T");
  });
});
