/**
 * Handling a quote request POST: rate limit, honeypot, validation, attached files (checked and
 * stored as pending uploads, features/quotes/files.server.ts), atomic creation with their
 * attachments, mail kick.
 * Routes map the outcome to a response; nothing here knows about HTTP beyond status codes.
 */

import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { getProperty } from "~/features/accounts/properties.server";
import { type PropertyInput, propertySchema } from "~/features/accounts/property-schema";
import type { ServiceId } from "~/features/catalog/services";
import { isDatabaseUnavailable, isUniqueViolation } from "~/lib/database-errors.server";
import { fromEnv } from "~/lib/env.server";
import { parseId } from "~/lib/ids";
import { logger } from "~/lib/logger.server";
import { kickOutbox } from "~/lib/outbox.server";
import { createRateLimit, type LimitOutcome, type RateLimit } from "~/lib/rate-limit.server";
import { filesOfSubmission } from "./files.server";
import {
  createQuote,
  type QuoteOwner,
  quoteIdForSubmissionKey,
  SUBMISSION_KEY_CONSTRAINT,
} from "./quotes.server";
import { HONEYPOT_FIELD, NEW_PROPERTY, type QuoteRequest, quoteSchemas } from "./schemas";
import { SUBMISSION_KEY_FIELD } from "./submission-key";
import { SUBMIT_FAILED_MESSAGE } from "./submit-failure";

/**
 * The inline new property, checked by the same schema as the Properties page (its ZIP is the
 * contact ZIP); field errors are named after the quote form's fields.
 */
function parseNewProperty(value: {
  newPropertyAddress?: string;
  newPropertyCity?: string;
  newPropertyState?: string;
  zipCode: string;
}): { property: PropertyInput } | { errors: Record<string, string[]> } {
  const parsed = propertySchema.safeParse({
    address: value.newPropertyAddress,
    city: value.newPropertyCity,
    state: value.newPropertyState,
    zipCode: value.zipCode,
  });
  if (parsed.success) return { property: parsed.data };
  const names: Record<string, string> = {
    address: "newPropertyAddress",
    city: "newPropertyCity",
    state: "newPropertyState",
    zipCode: "zipCode",
  };
  const errors: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) {
    const name = names[String(issue.path[0])] ?? "propertyId";
    errors[name] = [...(errors[name] ?? []), issue.message];
  }
  return { errors };
}

/**
 * What a submitted quote form came to (docs/decisions/0139-one-result-shape.md): the quote made
 * (`ok: true`, also when a retried or doubled submit finds the one its form render made), a bot's
 * post dropped unseen (`ok: "dropped"`, the honeypot was filled: it is answered as a success and
 * nothing is stored), or a refusal with the HTTP status to answer and the form's reply (400
 * invalid, 413 an attached file too large, 429 rate limited, 500 failed, 503 database
 * unavailable).
 */
export type SubmitOutcome =
  | { ok: true; quoteId: string }
  | { ok: "dropped" }
  | { ok: false; status: 400 | 413 | 429 | 500 | 503; result: SubmissionResult<string[]> };

/** The answer during a database outage (503): the answers stay in the form. */
export const SUBMIT_UNAVAILABLE_MESSAGE =
  "We could not save your request just now. Please try again in a minute, or call us for emergency service.";

/**
 * The form again with its answers and a plain message after a database failure: 503 when the
 * database is unreachable or timed out (a retry will do), 500 for any other error.
 */
function notSaved(
  submission: { reply(options: { formErrors: string[] }): SubmissionResult<string[]> },
  service: ServiceId,
  error: unknown,
): SubmitOutcome {
  logger().error({ err: error, service }, "Failed to create quote");
  return isDatabaseUnavailable(error)
    ? {
        ok: false,
        status: 503,
        result: submission.reply({ formErrors: [SUBMIT_UNAVAILABLE_MESSAGE] }),
      }
    : { ok: false, status: 500, result: submission.reply({ formErrors: [SUBMIT_FAILED_MESSAGE] }) };
}

/** QUOTE_RATE_LIMIT submissions per client (IP, IPv6 /64) per hour. */
const quoteRateLimit: () => RateLimit = fromEnv((config) =>
  createRateLimit("quote", config.QUOTE_RATE_LIMIT, 60 * 60),
);

/**
 * Counts a quote post refused before its action ran (too large, unreadable) against the quote
 * rate limit, so malformed posts are no way around it. Store failures reject.
 */
export async function countRefusedQuotePost(clientIp: string | undefined): Promise<void> {
  await quoteRateLimit().consume(clientIp);
}

/**
 * Processes one submitted quote form for `service`.
 * Every POST counts toward the client's hourly limit, valid or not, so a bot gains nothing by
 * sending junk. Unknown fields are ignored by the schema.
 */
export async function submitQuoteRequest(
  service: ServiceId,
  formData: FormData,
  context: { clientIp: string | undefined; owner: QuoteOwner },
): Promise<SubmitOutcome> {
  const submission = parseWithZod(formData, { schema: quoteSchemas[service] });
  // a retried submit of a form render that already made its quote answers as the first did
  const key = submissionKeyOf(formData);
  if (key) {
    try {
      const earlier = await quoteIdForSubmissionKey(key);
      if (earlier) return { ok: true, quoteId: earlier };
    } catch (error) {
      return notSaved(submission, service, error);
    }
  }
  let limit: LimitOutcome;
  try {
    limit = await quoteRateLimit().consume(context.clientIp);
  } catch (error) {
    return notSaved(submission, service, error);
  }
  if (!limit.ok) {
    const minutes = Math.max(1, Math.ceil(limit.retryAfterSeconds / 60));
    return {
      ok: false,
      status: 429,
      result: submission.reply({
        formErrors: [
          `Too many quote requests from your network. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}, or call us for emergency service.`,
        ],
      }),
    };
  }
  const honeypot = formData.get(HONEYPOT_FIELD);
  if (typeof honeypot === "string" && honeypot.trim() !== "") {
    logger().info({ service }, "quote honeypot filled: request dropped");
    return { ok: "dropped" };
  }
  if (submission.status !== "success") {
    return { ok: false, status: 400, result: submission.reply() };
  }
  const { userId } = context.owner;
  const choice = userId ? submission.value.propertyId : undefined;
  let newProperty: PropertyInput | undefined;
  if (choice === NEW_PROPERTY) {
    const parsed = parseNewProperty(submission.value);
    if ("errors" in parsed)
      return { ok: false, status: 400, result: submission.reply({ fieldErrors: parsed.errors }) };
    newProperty = parsed.property;
  }
  try {
    const saved =
      choice !== NEW_PROPERTY && userId && choice ? await getProperty(userId, choice) : null;
    if (choice !== NEW_PROPERTY && userId && choice && !saved) {
      return {
        ok: false,
        status: 400,
        result: submission.reply({
          fieldErrors: { propertyId: ["Please choose one of your properties"] },
        }),
      };
    }
    // files last: they are checked and stored only for an otherwise valid request
    const files = await filesOfSubmission(formData, key);
    if (!files.ok) {
      return {
        ok: false,
        status: files.status,
        result: submission.reply({ fieldErrors: files.fieldErrors, formErrors: files.formErrors }),
      };
    }
    const { id } = await createQuote(
      { service, input: submission.value } as QuoteRequest,
      { userId, property: saved, newProperty },
      key,
      files.uploads,
    );
    kickOutbox();
    return { ok: true, quoteId: id };
  } catch (error) {
    // the same form sent twice at once: the other request made the quote
    if (key && isUniqueViolation(error, SUBMISSION_KEY_CONSTRAINT)) {
      const earlier = await quoteIdForSubmissionKey(key).catch(() => null);
      if (earlier) return { ok: true, quoteId: earlier };
    }
    return notSaved(submission, service, error);
  }
}

/** The form render's idempotency key (a UUID), or null when absent or malformed. */
function submissionKeyOf(formData: FormData): string | null {
  const value = formData.get(SUBMISSION_KEY_FIELD);
  return parseId(value);
}
