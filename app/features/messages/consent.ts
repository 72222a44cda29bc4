/**
 * The words of consent to texts, shared by the quote forms, the profile and the stored record
 * (what a person agreed to is kept word for word with each consent row).
 */
import { company } from "~/features/catalog/company";

/** The checkbox's label (unticked by default everywhere). */
export const TEXT_CONSENT_LABEL = "Text me about my request";

/** What the checkbox promises, shown under it. */
export const TEXT_CONSENT_HINT = `${company.name} may text the number above about this request: its status, visits, estimates and a review request. Message and data rates may apply; how many depends on your request. Reply STOP to stop, HELP for help.`;

/** The wording stored with a consent given on a form. */
export const TEXT_CONSENT_WORDING = `${TEXT_CONSENT_LABEL}. ${TEXT_CONSENT_HINT}`;
