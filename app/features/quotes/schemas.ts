/**
 * The quote request schemas: one per service, used by the browser (Conform) and, authoritatively,
 * by the route action. Messages are SPEC section 5's. Conform coerces form values first: empty
 * strings become undefined, checkboxes "on" become true, repeated names become arrays.
 */
import "~/lib/zod-browser";
import { z } from "zod";
import * as enums from "~/features/catalog/enums";
import type { ServiceId } from "~/features/catalog/services";
import { idField } from "~/lib/ids";
import { requiredText } from "~/lib/required-text";
import { DESCRIPTION_MAX_LENGTH, NEW_PROPERTY } from "./form-rules";

// the rules the form needs without zod live in form-rules.ts; the server reads them here too
export {
  CONTACT_FIELDS,
  DEFAULT_SQUARE_FOOTAGE,
  DESCRIPTION_MAX_LENGTH,
  formErrorMessages,
  HONEYPOT_FIELD,
  NEW_PROPERTY,
} from "./form-rules";

const text = (max: number) =>
  z.string().trim().max(max, `Please keep this under ${max} characters`);
const optionalText = (max: number) => text(max).optional();
/** A checkbox: true only when checked (SPEC: booleans are true only when exactly true). */
const checkbox = () => z.boolean().default(false);
const choice = <V extends string>(e: enums.Enumeration<V>, message: string) =>
  z.enum(e.values, { error: message });
const optionalChoice = <V extends string>(e: enums.Enumeration<V>) =>
  z.enum(e.values, { error: "Please choose one of the listed options" }).optional();
/**
 * A list of answers from `e`: at most its options, each once (a repeated option is a
 * malformed request, never stored).
 */
const optionList = <V extends string>(e: enums.Enumeration<V>, message: string) =>
  z
    .array(z.enum(e.values, { error: message }), { error: message })
    .max(e.values.length, "Please choose each option at most once")
    .refine((list) => new Set(list).size === list.length, "Please choose each option at most once");
const choices = <V extends string>(e: enums.Enumeration<V>) =>
  optionList(e, "Please choose from the listed options").default([]);

/**
 * SPEC's shared contact schema; we require it from everyone
 * (docs/decisions/0002-quote-forms-require-contact-fields.md).
 */
export const contactSchema = z.object({
  firstName: requiredText("First name is required", 100, "Please keep this under 100 characters"),
  lastName: requiredText("Last name is required", 100, "Please keep this under 100 characters"),
  email: z
    .string({ error: "Email is required" })
    .trim()
    .max(254, "Invalid email address")
    .pipe(z.email("Invalid email address")),
  phone: z
    .string({ error: "Phone number is required" })
    .trim()
    .min(10, "Phone number is required")
    .max(30, "Please enter a phone number of at most 30 characters")
    .regex(/^[0-9+().\-\s]+$/, "Please enter a phone number using digits"),
  zipCode: z
    .string({ error: "ZIP code is required" })
    .trim()
    .min(5, "ZIP code is required")
    .regex(/^\d{5}(-\d{4})?$/, "Please enter a 5-digit ZIP code"),
  preferredContactMethod: choice(
    enums.contactMethod,
    "Please choose how we should contact you",
  ).default("email"),
  bestTimeToContact: choice(enums.bestTime, "Please choose the best time to contact you").default(
    "morning",
  ),
  /** 'Text me about my request' (unticked by default): consent to texts, features/messages */
  textConsent: checkbox(),
  /** free text stored as quotes.description; the service's default when empty */
  details: optionalText(DESCRIPTION_MAX_LENGTH),
  /**
   * Signed-in customers: one of their properties (ownership is checked on the server), or
   * "new" to add the address below as a property (the ZIP code is the contact ZIP).
   */
  propertyId: z
    .union([z.literal(NEW_PROPERTY), idField("Please choose one of your properties")])
    .optional(),
  newPropertyAddress: optionalText(200),
  newPropertyCity: optionalText(100),
  newPropertyState: optionalText(50),
});

export const waterQuoteSchema = contactSchema.extend({
  waterSource: choice(enums.waterSource, "Please select a water source"),
  currentIssues: optionList(enums.waterIssue, "Please select at least one issue").min(
    1,
    "Please select at least one issue",
  ),
  propertyType: choice(enums.propertyType, "Please select a property type"),
  numBathrooms: z
    .number({ error: "Number of bathrooms is required" })
    .int("Number of bathrooms is required")
    .min(1, "Number of bathrooms is required")
    .max(50, "Please enter at most 50 bathrooms"),
  numResidents: z
    .number({ error: "Number of residents is required" })
    .int("Number of residents is required")
    .min(1, "Number of residents is required")
    .max(200, "Please enter at most 200 residents"),
  hasExistingFilter: checkbox(),
  appliances: choices(enums.appliance),
  filterType: optionalChoice(enums.filterType),
  budgetRange: optionalChoice(enums.budgetRange),
});

export const moldQuoteSchema = contactSchema.extend({
  propertyType: choice(enums.propertyType, "Property type is required"),
  visibleMold: checkbox(),
  moldType: optionalChoice(enums.moldType),
  affectedArea: optionalChoice(enums.affectedArea),
  problemAreas: optionList(enums.problemArea, "Please select at least one problem area").min(
    1,
    "Please select at least one problem area",
  ),
  symptomsConcerns: choices(enums.symptom),
  propertyAge: optionalChoice(enums.propertyAge),
  recentWaterIssues: checkbox(),
  hvacSystemType: optionalChoice(enums.hvacSystemType),
  previousTreatment: checkbox(),
  issueDuration: optionalChoice(enums.issueDuration),
  urgencyLevel: optionalChoice(enums.urgency),
});

const thisYear = new Date().getFullYear();

export const radonQuoteSchema = contactSchema.extend({
  propertyType: choice(enums.radonPropertyType, "Property type is required"),
  squareFootage: z
    .number({ error: "Invalid square footage" })
    .int("Invalid square footage")
    .max(1_000_000, "Invalid square footage")
    .refine((value) => value === 0 || value >= 100, "Invalid square footage")
    .optional(),
  previousTesting: checkbox(),
  hasBasement: checkbox(),
  basementType: optionalChoice(enums.basementType),
  numLevels: z
    .number({ error: "Please enter a whole number of levels" })
    .int("Please enter a whole number of levels")
    .min(1, "A home has at least 1 level")
    .max(20, "Please enter at most 20 levels")
    .optional(),
  previousTestDate: z.iso
    .date("Please enter a date like 2024-05-31")
    .refine(
      (value) => value <= new Date().toISOString().slice(0, 10),
      "The test date cannot be in the future",
    )
    .optional(),
  previousResults: optionalText(200),
  yearBuilt: z
    .number({ error: "Please enter a year like 1985" })
    .int("Please enter a year like 1985")
    .min(1800, "Please enter a year like 1985")
    .max(thisYear + 1, `Please enter a year no later than ${thisYear + 1}`)
    .optional(),
  foundationType: optionalChoice(enums.foundationType),
  recentRenovations: checkbox(),
  testPurpose: optionalChoice(enums.testPurpose),
  testPreference: optionalChoice(enums.testPreference),
});

export type WaterQuoteInput = z.infer<typeof waterQuoteSchema>;
export type MoldQuoteInput = z.infer<typeof moldQuoteSchema>;
export type RadonQuoteInput = z.infer<typeof radonQuoteSchema>;

export type QuoteRequest =
  | { service: "water_filtration"; input: WaterQuoteInput }
  | { service: "mold"; input: MoldQuoteInput }
  | { service: "radon"; input: RadonQuoteInput };

export const quoteSchemas = {
  water_filtration: waterQuoteSchema,
  mold: moldQuoteSchema,
  radon: radonQuoteSchema,
} as const satisfies Record<ServiceId, z.ZodType>;
