/**
 * The idempotency key of a quote form: a random id per render of the form, sent in a hidden
 * field, so a retried submit of the same form (a browser resending its POST, a second click after
 * a lost answer) finds the quote it made instead of making a second
 * (docs/decisions/0134-quote-submission-key.md). On the server the key comes from
 * `SubmissionKeyContext` (entry.server.tsx gives each response its own, also on a page from the
 * render cache); in the browser each mounted form makes its own, which hydration writes over the
 * server's.
 */
import { createContext, useContext, useState } from "react";

/** The hidden field's name. */
export const SUBMISSION_KEY_FIELD = "submissionKey";

/** This response's key (the server); empty in the browser. */
export const SubmissionKeyContext = createContext("");

/** A random version 4 UUID from `crypto.getRandomValues` (available over plain HTTP too). */
function randomKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The hidden field carrying this form render's key. */
export function SubmissionKeyField() {
  const fromServer = useContext(SubmissionKeyContext);
  const [key] = useState(() => fromServer || randomKey());
  return <input type="hidden" name={SUBMISSION_KEY_FIELD} value={key} suppressHydrationWarning />;
}
