/**
 * What the quote forms need in the browser before any validation runs, without zod (the schemas
 * in schemas.ts load with the form's first use, the quote forms' JavaScript budget): field names
 * and the SPEC's form-level messages. schemas.ts re-exports them for the server.
 */
import type { ServiceId } from "~/features/catalog/services";

/** The property choice that adds the typed address as a new property. */
export const NEW_PROPERTY = "new";

export const CONTACT_FIELDS = [
  "firstName",
  "lastName",
  "email",
  "phone",
  "zipCode",
  "preferredContactMethod",
  "bestTimeToContact",
] as const;

/**
 * Every field of each service's form in the order the page shows it: the service's own questions
 * (water-form.tsx, mold-form.tsx, radon-form.tsx), then the shared sections of quote-form.tsx
 * (property, files, contact). The error summary lists errors in this order.
 */
const SHARED_FIELD_ORDER = [
  "propertyId",
  "newPropertyAddress",
  "newPropertyCity",
  "newPropertyState",
  "photos",
  "reports",
  ...CONTACT_FIELDS,
  "details",
] as const;

export const FORM_FIELD_ORDER: Readonly<Record<ServiceId, readonly string[]>> = {
  water_filtration: [
    "waterSource",
    "currentIssues",
    "hasExistingFilter",
    "filterType",
    "appliances",
    "propertyType",
    "numBathrooms",
    "numResidents",
    "budgetRange",
    ...SHARED_FIELD_ORDER,
  ],
  mold: [
    "visibleMold",
    "moldType",
    "affectedArea",
    "problemAreas",
    "symptomsConcerns",
    "issueDuration",
    "urgencyLevel",
    "recentWaterIssues",
    "previousTreatment",
    "propertyType",
    "propertyAge",
    "hvacSystemType",
    ...SHARED_FIELD_ORDER,
  ],
  radon: [
    "propertyType",
    "squareFootage",
    "numLevels",
    "yearBuilt",
    "foundationType",
    "hasBasement",
    "basementType",
    "recentRenovations",
    "previousTesting",
    "previousTestDate",
    "previousResults",
    "testPurpose",
    "testPreference",
    ...SHARED_FIELD_ORDER,
  ],
};

/**
 * `entries` (field name first, e.g. Conform's errors) sorted into the order `service`'s form
 * shows the fields; an item of a list field ("photos[1]") sorts with its field, unknown names last.
 */
export function inFormOrder<T extends readonly [string, ...unknown[]]>(
  service: ServiceId,
  entries: readonly T[],
): T[] {
  const order = FORM_FIELD_ORDER[service];
  const rank = ([name]: T) => {
    const at = order.indexOf(name.split(/[.[]/)[0] ?? name);
    return at === -1 ? order.length : at;
  };
  return [...entries].sort((a, b) => rank(a) - rank(b));
}

/** The most characters the free-text description ('Anything else we should know?') may hold. */
export const DESCRIPTION_MAX_LENGTH = 2000;

/** SPEC default: an empty or 0 square footage means 1000. */
export const DEFAULT_SQUARE_FOOTAGE = 1000;

/**
 * The SPEC's form-level messages (section 5) for a failed submission, given the names of the
 * fields in error. Radon has none of its own; its field messages stand alone.
 */
export function formErrorMessages(service: ServiceId, fieldsInError: readonly string[]): string[] {
  const has = (names: readonly string[]) => names.some((n) => fieldsInError.includes(n));
  const contact = has(CONTACT_FIELDS);
  const messages: string[] = [];
  if (service === "water_filtration") {
    if (contact) messages.push("Validation Error: Please fill in all contact information");
    if (has(["waterSource", "currentIssues"])) {
      messages.push("Please select a water source and at least one issue");
    }
  } else if (service === "mold") {
    if (contact) {
      messages.push("Missing contact information: Please fill in all contact information fields");
    }
    if (has(["propertyType", "problemAreas"])) {
      messages.push(
        "Missing property information: Please select a property type and at least one problem area",
      );
    }
  }
  return messages;
}

/** Hidden field that people leave empty and form-filling bots do not (honeypot). */
export const HONEYPOT_FIELD = "website";
