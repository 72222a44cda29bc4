/**
 * The quote schemas' validation in the browser: zod and the three schemas, loaded with the
 * form's first use (quote-form.tsx) rather than with the page, so a visitor who only reads the
 * form does not download them (the quote forms' JavaScript budget). The server
 * validates every submission with the same schemas either way.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import type { ServiceId } from "~/features/catalog/services";
import { quoteSchemas } from "./schemas";

/** Conform's submission for `formData` checked against the quote schema of `service`. */
export function validateQuote(service: ServiceId, formData: FormData) {
  return parseWithZod(formData, { schema: quoteSchemas[service] });
}
