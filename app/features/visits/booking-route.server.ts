/**
 * What the three booking pages share (status link, confirmation, the customer's account): each
 * route decides who may see the quote; this answers its loader and action.
 */
import { and, eq } from "drizzle-orm";
import { data } from "react-router";
import { quotes } from "~/db/schema";
import { postServiceAddress, serviceAddressOf } from "~/features/quotes/service-address.server";
import { db } from "~/lib/db.server";
import { isId } from "~/lib/ids";
import { PRIVATE_PAGE_HEADERS } from "~/lib/private-page";
import { redirectWithToast } from "~/lib/toast.server";
import { bookingRefusal, bookingView, bookVisit, changeVisits } from "./booking.server";

/** Booking pages show a quote's private details: a private page's headers (lib/private-page.ts). */
export const BOOKING_HEADERS = PRIVATE_PAGE_HEADERS;

/**
 * The booking page's data for quote `quoteId` (404 when unknown), from `?day=`, `?placement=` and
 * `?change=1` (move the booked visits), with the request's service address (the page asks for the
 * street when it has none).
 */
export async function bookingLoader(quoteId: string | null, request: Request) {
  if (!quoteId) throw data(null, { status: 404, headers: BOOKING_HEADERS });
  const params = new URL(request.url).searchParams;
  const [view, address] = await Promise.all([
    bookingView(quoteId, new Date(), {
      day: params.get("day"),
      placement: params.get("placement"),
      change: params.get("change") === "1",
    }),
    serviceAddressOf(quoteId),
  ]);
  if (!view || !address) throw data(null, { status: 404, headers: BOOKING_HEADERS });
  return { ...view, address };
}

/** The booking form's message when the street address is missing or wrong. */
export const ADDRESS_NEEDED = "Enter the street address where we should come.";

/** A refused booking or change as the page's answer; an unknown quote is the page's 404. */
function refused(outcome: { status: number; message: string }) {
  if (outcome.status === 404) throw data(null, { status: 404, headers: BOOKING_HEADERS });
  return data(
    { message: outcome.message, addressResult: undefined },
    { status: outcome.status, headers: BOOKING_HEADERS },
  );
}

/**
 * Books the visit posted for quote `quoteId`, or moves (`intent` "reschedule") or cancels
 * (`intent` "cancel") its booked visits; on success back to `page` (which then shows the
 * booked visits) with a toast, else the message with its status (the page's loader runs again,
 * so the fresh slots show). A request without a street address books only with one (the form's
 * address, city, state and zipCode, a property's rules), saved before the visit is written:
 * 400 ADDRESS_NEEDED with a message per field and nothing written otherwise. A closed request
 * (rejected, completed, archived) books and changes nothing: 409, nothing written.
 */
export async function bookingAction(quoteId: string | null, request: Request, page: string) {
  if (!quoteId) throw data(null, { status: 404, headers: BOOKING_HEADERS });
  const form = await request.formData();
  const intent = form.get("intent");
  const changing = intent === "reschedule" || intent === "cancel";
  if (!changing) {
    // a closed request books nothing, and so writes nothing (not even the address it brought)
    const refusal = await bookingRefusal(quoteId);
    if (refusal) return refused(refusal);
    const address = await postServiceAddress(quoteId, form, { onlyWhenMissing: true });
    if (!address.ok) {
      if (address.status === 404) throw data(null, { status: 404, headers: BOOKING_HEADERS });
      return data(
        { message: ADDRESS_NEEDED, addressResult: address.result },
        { status: 400, headers: BOOKING_HEADERS },
      );
    }
  }
  const outcome = changing
    ? await changeVisits(quoteId, form, new Date())
    : await bookVisit(quoteId, form, new Date());
  if (!outcome.ok) return refused(outcome);
  const first = outcome.visits[0];
  const many = outcome.visits.length > 1;
  const title = {
    booked: many ? "Your visits are booked" : "Your visit is booked",
    moved: many ? "Your visits are moved" : "Your visit is moved",
    cancelled: many ? "Your visits are cancelled" : "Your visit is cancelled",
  }[outcome.change];
  return redirectWithToast(
    page,
    {
      type: "success",
      title,
      description: first
        ? `${first.kind}: ${first.day}, ${first.time}. ${outcome.change === "cancelled" ? "We emailed you the cancellation for your calendar." : "We emailed you the calendar invitation."}`
        : undefined,
    },
    new Headers(BOOKING_HEADERS),
  );
}

/** Quote `quoteId` when it belongs to account `userId`, else null. */
export async function ownedQuoteId(userId: string, quoteId: string): Promise<string | null> {
  if (!isId(quoteId)) return null;
  const [row] = await db
    .select({ id: quotes.id })
    .from(quotes)
    .where(and(eq(quotes.id, quoteId), eq(quotes.user_id, userId)))
    .limit(1);
  return row?.id ?? null;
}
