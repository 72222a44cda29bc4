/**
 * A quote submission that failed (SPEC section 8 'Submit failure'): the toasts each form shows,
 * and, in the browser, a POST that never got an answer (network down, the server unreachable
 * or crashing) kept on the form with its answers instead of replacing the page with an error.
 * Pure, browser-safe.
 */
import { isRouteErrorResponse, type ShouldRevalidateFunctionArgs } from "react-router";
import type { ServiceId } from "~/features/catalog/services";

/** The message a quote POST answers with when the quote could not be stored. */
export const SUBMIT_FAILED_MESSAGE = "Error submitting quote. Please try again later.";

/** What the quote route's browser action returns when its POST got no answer. */
export interface SubmitFailure {
  submitFailed: true;
  /** when it failed: a new failure is a new value (the form reports each one) */
  at: number;
}

export function isSubmitFailure(value: unknown): value is SubmitFailure {
  return (
    typeof value === "object" && value !== null && (value as SubmitFailure).submitFailed === true
  );
}

/**
 * Runs the server action; a failure that is not an answer of ours (a redirect or an HTTP error
 * response are: they go on as usual) becomes a `SubmitFailure`, so the page, and the answers
 * typed into it, stay.
 */
export async function submitKeepingAnswers<T>(
  serverAction: () => Promise<T>,
): Promise<T | SubmitFailure> {
  try {
    return await serverAction();
  } catch (error) {
    if (error instanceof Response || isRouteErrorResponse(error)) throw error;
    return { submitFailed: true, at: Date.now() };
  }
}

export interface FailureToast {
  title: string;
  description?: string;
}

/**
 * The SPEC's toasts for a failed submission of `service`'s form, with the server's `message`
 * when there is one: 'Error submitting quote' with the message or 'Please try again later';
 * mold also 'Form submission failed'; radon 'Error' with the message or 'An error occurred
 * while submitting your form'.
 */
export function submitFailureToasts(service: ServiceId, message: string | null): FailureToast[] {
  if (service === "radon") {
    return [
      { title: "Error", description: message ?? "An error occurred while submitting your form" },
    ];
  }
  const toasts: FailureToast[] = [
    { title: "Error submitting quote", description: message ?? "Please try again later" },
  ];
  if (service === "mold") toasts.push({ title: "Form submission failed" });
  return toasts;
}

/**
 * A route's `shouldRevalidate` for pages that keep a failed POST on screen: after a
 * `SubmitFailure` the loaders are not called again (the server is unreachable, and a reload
 * would replace the page, and what was typed, with an error); otherwise React Router's default.
 */
export function skipRevalidationAfterSubmitFailure({
  actionResult,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs): boolean {
  return isSubmitFailure(actionResult) ? false : defaultShouldRevalidate;
}
