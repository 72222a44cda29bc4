/**
 * Handling a quote request POST: rate limit, honeypot, validation, atomic creation, mail kick.
 * Routes map the outcome to a response; nothing here knows about HTTP beyond status codes.
 */

import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { getProperty } from "~/features/accounts/properties.server";
import { type PropertyInput, propertySchema } from "~/features/accounts/property-schema";
import type { ServiceId } from "~/features/catalog/services";
import { env } from "~/lib/env.server";
import { logger } from "~/lib/logger.server";
import { kickOutbox } from "~/lib/outbox.server";
import { createRateLimit, type RateLimit } from "~/lib/rate-limit.server";
import { createQuote, type QuoteOwner } from "./quotes.server";
import { HONEYPOT_FIELD, NEW_PROPERTY, type QuoteRequest, quoteSchemas } from "./schemas";

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

export type SubmitOutcome =
  | { status: 201; quoteId: string }
  /** a bot filled the honeypot: it sees success, nothing is stored */
  | { status: 202 }
  | { status: 400 | 429 | 500; result: SubmissionResult<string[]> };

export const SUBMIT_FAILED_MESSAGE = "Error submitting quote. Please try again later.";

let quoteLimit: RateLimit | undefined;
/** QUOTE_RATE_LIMIT submissions per client (IP, IPv6 /64) per hour. */
function quoteRateLimit(): RateLimit {
  quoteLimit ??= createRateLimit("quote", env().QUOTE_RATE_LIMIT, 60 * 60);
  return quoteLimit;
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
  const limit = await quoteRateLimit().consume(context.clientIp);
  if (!limit.allowed) {
    const minutes = Math.max(1, Math.ceil(limit.retryAfterSeconds / 60));
    return {
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
    return { status: 202 };
  }
  if (submission.status !== "success") {
    return { status: 400, result: submission.reply() };
  }
  const { userId } = context.owner;
  const choice = userId ? submission.value.propertyId : undefined;
  let newProperty: PropertyInput | undefined;
  if (choice === NEW_PROPERTY) {
    const parsed = parseNewProperty(submission.value);
    if ("errors" in parsed)
      return { status: 400, result: submission.reply({ fieldErrors: parsed.errors }) };
    newProperty = parsed.property;
  } else if (userId && choice && !(await getProperty(userId, choice))) {
    return {
      status: 400,
      result: submission.reply({
        fieldErrors: { propertyId: ["Please choose one of your properties"] },
      }),
    };
  }
  try {
    const { id } = await createQuote({ service, input: submission.value } as QuoteRequest, {
      userId,
      propertyId: choice && choice !== NEW_PROPERTY ? choice : null,
      newProperty,
    });
    kickOutbox();
    return { status: 201, quoteId: id };
  } catch (error) {
    logger().error({ err: error, service }, "Failed to create quote");
    return { status: 500, result: submission.reply({ formErrors: [SUBMIT_FAILED_MESSAGE] }) };
  }
}
