/**
 * The field names the body guard (lib/form-limits.server.ts) lets through to an action: every
 * name our forms send, Conform's list paths and the job records' rows ("areas.0.room", which the
 * guard refused before, so the mold and water records could not be saved in production), and none
 * that could build a huge list or reach a prototype.
 */
import { describe, expect, it } from "vitest";
import { isBoundedFieldName } from "~/lib/form-limits.server";

describe("isBoundedFieldName", () => {
  it.each([
    "firstName",
    "problemAreas[0]",
    "options[1].lines[2].name",
    "areas.0.room",
    "areas.3.before",
    "moisture.1.reading",
    "equipment.0.make",
    "items.99",
  ])("lets %s through", (name) => {
    expect(isBoundedFieldName(name)).toBe(true);
  });

  it.each([
    "",
    "0.room",
    "areas[0]0",
    "areas.0room",
    "areas.100.room",
    "areas.1000",
    "x[100000000]",
    "areas.__proto__.x",
    "a.b.c.d.e.f.g",
  ])("refuses %j", (name) => {
    expect(isBoundedFieldName(name)).toBe(false);
  });
});
