/**
 * Every feature's part of a customer's personal data (app/lib/personal-data.server.ts), in one
 * list: a feature that stores something about a customer adds its `personal-data.server.ts` here,
 * and accounts only assembles them (docs/decisions/0190-features-own-their-data.md).
 *
 * The order is the archive's (README.txt and the JSON files) and goes from the login outwards: a
 * part comes after the parts its rows hang on. Closing an account runs the list backwards, so a
 * feature detaches or erases its rows before those they hang on go; the login's own rows go last.
 */
import type { PersonalDataPart } from "~/lib/personal-data.server";
import { accountPart, securityPart } from "./accounts/personal-data.server";
import { estimatesPart } from "./estimates/personal-data.server";
import { invoicesPart } from "./invoices/personal-data.server";
import { jobsPart } from "./jobs/personal-data.server";
import { messagesPart } from "./messages/personal-data.server";
import { quotesPart } from "./quotes/personal-data.server";
import { recordsPart } from "./records/personal-data.server";
import { visitsPart } from "./visits/personal-data.server";

export const PERSONAL_DATA_PARTS: readonly PersonalDataPart[] = [
  accountPart,
  quotesPart,
  estimatesPart,
  jobsPart,
  invoicesPart,
  visitsPart,
  recordsPart,
  messagesPart,
  securityPart,
];
