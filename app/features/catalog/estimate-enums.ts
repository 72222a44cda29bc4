/**
 * The estimates' enumerations with their labels, defined once: the database enums
 * (app/db/schema.ts), validation, the price book, the estimate page and its PDF read them.
 */
import { defineEnum, type EnumValue } from "./define-enum";

/** How a price book item or an estimate line is counted. */
export const estimateUnit = defineEnum({
  each: "Each",
  hour: "Hour",
  sq_ft: "Sq ft",
  test: "Test",
});
export type EstimateUnit = EnumValue<typeof estimateUnit>;

/**
 * Where an estimate stands with the homeowner: never sent, sent (newest version not yet opened
 * through its link), viewed, accepted (final) or declined (the newest version).
 */
export const estimateStatus = defineEnum({
  draft: "Draft",
  sent: "Sent",
  viewed: "Viewed",
  accepted: "Accepted",
  declined: "Declined",
});
export type EstimateStatus = EnumValue<typeof estimateStatus>;
