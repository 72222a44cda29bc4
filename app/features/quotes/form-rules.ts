/**
 * What the quote forms need in the browser before any validation runs, without zod (the schemas
 * in schemas.ts load with the form's first use: issue 16 point 11): field names and the SPEC's
 * form-level messages. schemas.ts re-exports them for the server.
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
