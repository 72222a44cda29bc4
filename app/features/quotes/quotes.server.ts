/**
 * Creating quotes. One statement writes the quote, its service details, the first status
 * history row and the outbox mail: a failure anywhere stores none of it (DESIGN section 4).
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { text_consents } from "~/db/messages-schema";
import {
  mail_outbox,
  mold_assessment_details,
  properties,
  quote_attachments,
  quote_status_history,
  quote_status_links,
  quotes,
  radon_testing_details,
  water_filtration_details,
} from "~/db/schema";
import { normalizeMobile } from "~/features/accounts/mobile-number.server";
import type { PropertyInput } from "~/features/accounts/property-schema";
import { serviceById } from "~/features/catalog/services";
import { consentRow } from "~/features/messages/consent.server";
import { db, insertAtomically, type TableRows } from "~/lib/db.server";
import { outboxRows } from "~/lib/outbox.server";
import type { QuoteFileKind } from "./files";
import { newQuoteMail } from "./quote-mail.server";
import { DEFAULT_SQUARE_FOOTAGE, type QuoteRequest } from "./schemas";
import { newStatusLink } from "./status-link.server";
import { type TriageInput, triageScore } from "./triage";

export interface QuoteOwner {
  /** the signed-in customer, or null for a guest */
  userId: string | null;
  /** one of the customer's properties (the caller has read it as theirs); null for guests */
  property?: SavedProperty | null;
  /** a property to add for the customer in the same write, and to attach the quote to */
  newProperty?: PropertyInput;
}

/** A saved property as the quote copies it. */
export interface SavedProperty {
  id: string;
  address: string;
  city: string;
  state: string;
  zip_code: string;
}

/** The quote's own copy of its job address (null columns when no property was chosen). */
function addressSnapshot(property: SavedProperty | null) {
  return {
    property_id: property?.id ?? null,
    property_address: property?.address ?? null,
    property_city: property?.city ?? null,
    property_state: property?.state ?? null,
    property_zip_code: property?.zip_code ?? null,
  };
}

/**
 * Stores a validated quote request with its details, its first history row ('pending'), the
 * lead alert and confirmation mail and the attachments of its uploaded files (`attachments`:
 * pending `quote_uploads` in the form's order, already checked by the caller), atomically:
 * one SQL statement (see `insertAtomically`). An upload swept meanwhile fails the statement on
 * its foreign key: a quote is never written without one of its files.
 * @returns the new quote's id.
 * @throws whatever the database raises; nothing is stored then.
 */
export async function createQuote(
  request: QuoteRequest,
  owner: QuoteOwner,
  submissionKey: string | null = null,
  attachments: readonly { id: string; kind: QuoteFileKind }[] = [],
): Promise<{ id: string }> {
  const c = request.input;
  const id = randomUUID();
  const description = c.details || serviceById(request.service).defaultDescription;
  const isGuest = owner.userId === null;
  const newProperty =
    !isGuest && owner.newProperty ? { id: randomUUID(), ...owner.newProperty } : null;
  const jobAddress: SavedProperty | null = isGuest
    ? null
    : newProperty
      ? { ...newProperty, zip_code: newProperty.zipCode }
      : (owner.property ?? null);
  const details = detailsRow(id, request);
  const statusLink = newStatusLink(id);
  const mobile = c.textConsent ? normalizeMobile(c.phone) : null;
  await insertAtomically([
    ...(newProperty && owner.userId
      ? ([
          [
            properties,
            [
              {
                id: newProperty.id,
                user_id: owner.userId,
                address: newProperty.address,
                city: newProperty.city,
                state: newProperty.state,
                zip_code: newProperty.zipCode,
              },
            ],
          ],
        ] satisfies TableRows[])
      : []),
    [
      quotes,
      [
        {
          id,
          service: request.service,
          user_id: owner.userId,
          is_guest: isGuest,
          ...addressSnapshot(jobAddress),
          submission_key: submissionKey,
          description,
          contact_first_name: c.firstName,
          contact_last_name: c.lastName,
          contact_email: c.email,
          contact_phone: c.phone,
          zip_code: c.zipCode,
          preferred_contact_method: c.preferredContactMethod,
          best_time_to_contact: c.bestTimeToContact,
          triage_score: triageScore({
            service: request.service,
            details: details[1][0],
          } as TriageInput),
        } satisfies typeof quotes.$inferInsert,
      ],
    ],
    details,
    ...(mobile
      ? ([
          [
            text_consents,
            [consentRow(mobile, true, "quote_form", { userId: owner.userId, quoteId: id })],
          ],
        ] satisfies TableRows[])
      : []),
    [
      quote_status_history,
      [
        {
          quote_id: id,
          status: "pending",
          changed_by: owner.userId,
          notes: null,
        } satisfies typeof quote_status_history.$inferInsert,
      ],
    ],
    [quote_status_links, [statusLink.row]],
    ...(attachments.length > 0
      ? ([
          [
            quote_attachments,
            attachments.map((upload, position) => ({
              upload_id: upload.id,
              quote_id: id,
              position,
            })),
          ],
        ] satisfies TableRows[])
      : []),
    [
      mail_outbox,
      outboxRows(
        newQuoteMail(id, request, description, statusLink.url, details[1][0], {
          photos: attachments.filter((a) => a.kind === "photo").length,
          reports: attachments.filter((a) => a.kind === "report").length,
        }),
      ),
    ],
  ]);
  return { id };
}

/** The constraint that keeps one quote per form render (`quotes.submission_key`). */
export const SUBMISSION_KEY_CONSTRAINT = "quotes_submission_key_unique";

/** The quote a form render with `submissionKey` already made, or null. */
export async function quoteIdForSubmissionKey(submissionKey: string): Promise<string | null> {
  const [row] = await db
    .select({ id: quotes.id })
    .from(quotes)
    .where(eq(quotes.submission_key, submissionKey))
    .limit(1);
  return row?.id ?? null;
}

/** SPEC detail-creation rules: lists default to empty, booleans true only when true, empties null. */
function detailsRow(quoteId: string, request: QuoteRequest): TableRows {
  switch (request.service) {
    case "water_filtration": {
      const a = request.input;
      const row: typeof water_filtration_details.$inferInsert = {
        quote_id: quoteId,
        property_type: a.propertyType,
        water_source: a.waterSource,
        current_issues: a.currentIssues,
        has_existing_filter: a.hasExistingFilter === true,
        num_bathrooms: a.numBathrooms,
        num_residents: a.numResidents,
        appliances: a.appliances ?? [],
        filter_type: a.filterType ?? null,
        budget_range: a.budgetRange ?? null,
      };
      return [water_filtration_details, [row]];
    }
    case "mold": {
      const a = request.input;
      const row: typeof mold_assessment_details.$inferInsert = {
        quote_id: quoteId,
        property_type: a.propertyType,
        visible_mold: a.visibleMold === true,
        // type and area describe visible mold only (SPEC: revealed only while checked)
        mold_type: a.visibleMold ? (a.moldType ?? null) : null,
        affected_area: a.visibleMold ? (a.affectedArea ?? null) : null,
        problem_areas: a.problemAreas ?? [],
        symptoms_concerns: a.symptomsConcerns ?? [],
        property_age: a.propertyAge ?? null,
        recent_water_issues: a.recentWaterIssues === true,
        hvac_system_type: a.hvacSystemType ?? null,
        previous_treatment: a.previousTreatment === true,
        issue_duration: a.issueDuration ?? null,
        urgency_level: a.urgencyLevel ?? null,
      };
      return [mold_assessment_details, [row]];
    }
    case "radon": {
      const a = request.input;
      const row: typeof radon_testing_details.$inferInsert = {
        quote_id: quoteId,
        property_type: a.propertyType,
        square_footage: a.squareFootage || DEFAULT_SQUARE_FOOTAGE,
        previous_testing: a.previousTesting === true,
        has_basement: a.hasBasement === true,
        num_levels: a.numLevels ?? null,
        basement_type: a.hasBasement ? (a.basementType ?? null) : null,
        previous_test_date: a.previousTesting ? (a.previousTestDate ?? null) : null,
        previous_results: a.previousTesting ? a.previousResults || null : null,
        year_built: a.yearBuilt ?? null,
        foundation_type: a.foundationType ?? null,
        recent_renovations: a.recentRenovations === true,
        test_purpose: a.testPurpose ?? null,
        test_preference: a.testPreference ?? null,
      };
      return [radon_testing_details, [row]];
    }
  }
}

export interface QuoteConfirmation {
  id: string;
  service: QuoteRequest["service"];
  created_at: Date;
  current_status: string;
  is_guest: boolean;
  user_id: string | null;
}

/** What the confirmation page shows of quote `id`, or null when there is no such quote. */
export async function getQuoteConfirmation(id: string): Promise<QuoteConfirmation | null> {
  const [row] = await db
    .select({
      id: quotes.id,
      service: quotes.service,
      created_at: quotes.created_at,
      current_status: quotes.current_status,
      is_guest: quotes.is_guest,
      user_id: quotes.user_id,
    })
    .from(quotes)
    .where(eq(quotes.id, id))
    .limit(1);
  return row ?? null;
}
