/**
 * Carrying a new quote to /quotes/confirmation: a signed, HttpOnly cookie that lives 15 minutes
 * and is sent only under /quotes, so a request is never exposed by a guessable or shared URL.
 * (Not /quotes/confirmation: the browser's data request goes to /quotes/confirmation.data.)
 */

import { isId } from "~/lib/ids";
import { createSignedCookie } from "~/lib/signed-cookie.server";

const FIFTEEN_MINUTES = 15 * 60;
const confirmationCookie = createSignedCookie("quote_confirmation", {
  path: "/quotes",
  maxAge: FIFTEEN_MINUTES,
});

/** The Set-Cookie header value that shows quote `quoteId` on the confirmation page. */
export function confirmationCookieHeader(quoteId: string): Promise<string> {
  return confirmationCookie.serialize({ quoteId, exp: Date.now() + FIFTEEN_MINUTES * 1000 });
}

/**
 * The Set-Cookie header value that shows the generic 'received' message without a quote (a
 * request dropped as a bot's reads as accepted: docs/decisions/0012-honeypot.md).
 */
export function receivedCookieHeader(): Promise<string> {
  return confirmationCookie.serialize({ received: true, exp: Date.now() + FIFTEEN_MINUTES * 1000 });
}

/**
 * What the request's confirmation cookie carries: a quote id, the generic 'received' answer, or
 * nothing (absent, expired, forged: no request was sent from this browser lately).
 */
export async function confirmationOf(
  request: Request,
): Promise<{ quoteId: string } | { received: true } | null> {
  const value = (await confirmationCookie.parse(request.headers.get("Cookie"))) as {
    quoteId?: unknown;
    received?: unknown;
    exp?: unknown;
  } | null;
  // the signed expiry also stops a copied cookie from being replayed after 15 minutes
  const fresh = typeof value?.exp === "number" && value.exp > Date.now();
  if (!fresh) return null;
  const id = value?.quoteId;
  if (typeof id === "string" && isId(id)) return { quoteId: id };
  return value?.received === true ? { received: true } : null;
}

/** The quote id carried by the request's confirmation cookie, or null (absent, expired, forged). */
export async function confirmedQuoteId(request: Request): Promise<string | null> {
  const carried = await confirmationOf(request);
  return carried && "quoteId" in carried ? carried.quoteId : null;
}
