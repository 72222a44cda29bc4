import { href } from "react-router";
import { type ErrorCopy, errorBoundary } from "~/components/layout/error-page";

/** What a page under one of the customer's quotes says of a quote that is not theirs. */
export const NOT_YOUR_QUOTE: ErrorCopy = {
  title: "Quote not found",
  message: "This quote is not one of yours.",
};

/**
 * The ErrorBoundary of a page under the customer's quotes: `notFound` for a 404, the sentence
 * `failed` for anything else, and a link back to their quotes.
 */
export function accountErrorBoundary(notFound: ErrorCopy, failed: string) {
  return errorBoundary({
    notFound,
    failed,
    back: { to: href("/account/quotes"), label: "Back to your quotes" },
  });
}
