/**
 * Carrying a new quote to /quotes/confirmation: a signed, HttpOnly cookie that lives 15 minutes
 * and is sent only under /quotes, so a request is never exposed by a guessable or shared URL.
 * (Not /quotes/confirmation: the browser's data request goes to /quotes/confirmation.data.)
 */
import { createSignedCookie } from "~/lib/signed-cookie.server";

const FIFTEEN_MINUTES = 15 * 60;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const confirmationCookie = createSignedCookie("quote_confirmation", {
  path: "/quotes",
  maxAge: FIFTEEN_MINUTES,
});

/** The Set-Cookie header value that shows quote `quoteId` on the confirmation page. */
export function confirmationCookieHeader(quoteId: string): Promise<string> {
  return confirmationCookie.serialize({ quoteId, exp: Date.now() + FIFTEEN_MINUTES * 1000 });
}

/** The quote id carried by the request's confirmation cookie, or null (absent, expired, forged). */
export async function confirmedQuoteId(request: Request): Promise<string | null> {
  const value = (await confirmationCookie.parse(request.headers.get("Cookie"))) as {
    quoteId?: unknown;
    exp?: unknown;
  } | null;
  const id = value?.quoteId;
  // the signed expiry also stops a copied cookie from being replayed after 15 minutes
  const fresh = typeof value?.exp === "number" && value.exp > Date.now();
  return fresh && typeof id === "string" && UUID.test(id) ? id : null;
}
