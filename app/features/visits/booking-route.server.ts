/**
 * What the three booking pages share (status link, confirmation, the customer's account): each
 * route decides who may see the quote; this answers its loader and action.
 */
import { and, eq } from "drizzle-orm";
import { data } from "react-router";
import { quotes } from "~/db/schema";
import { db } from "~/lib/db.server";
import { redirectWithToast } from "~/lib/toast.server";
import { bookingView, bookVisit, changeVisits } from "./booking.server";

/** Booking pages show a quote's private details: never cached, never indexed. */
export const BOOKING_HEADERS = {
  "Cache-Control": "private, no-store",
  "X-Robots-Tag": "noindex, nofollow",
};

/**
 * The booking page's data for quote `quoteId` (404 when unknown), from `?day=`, `?placement=` and
 * `?change=1` (move the booked visits).
 */
export async function bookingLoader(quoteId: string | null, request: Request) {
  if (!quoteId) throw data(null, { status: 404, headers: BOOKING_HEADERS });
  const params = new URL(request.url).searchParams;
  const view = await bookingView(quoteId, new Date(), {
    day: params.get("day"),
    placement: params.get("placement"),
    change: params.get("change") === "1",
  });
  if (!view) throw data(null, { status: 404, headers: BOOKING_HEADERS });
  return view;
}

/**
 * Books the visit posted for quote `quoteId`, or moves (`intent` "reschedule") or cancels
 * (`intent` "cancel") its booked visits; on success back to `page` (which then shows the
 * booked visits) with a toast, else the message with its status (the page's loader runs again,
 * so the fresh slots show).
 */
export async function bookingAction(quoteId: string | null, request: Request, page: string) {
  if (!quoteId) throw data(null, { status: 404, headers: BOOKING_HEADERS });
  const form = await request.formData();
  const intent = form.get("intent");
  const outcome =
    intent === "reschedule" || intent === "cancel"
      ? await changeVisits(quoteId, form, new Date())
      : await bookVisit(quoteId, form, new Date());
  if (!outcome.ok) {
    if (outcome.status === 404) throw data(null, { status: 404, headers: BOOKING_HEADERS });
    return data({ message: outcome.message }, { status: outcome.status, headers: BOOKING_HEADERS });
  }
  const first = outcome.visits[0];
  const many = outcome.visits.length > 1;
  const title = {
    booked: many ? "Your visits are booked" : "Your visit is booked",
    moved: many ? "Your visits are moved" : "Your visit is moved",
    cancelled: many ? "Your visits are cancelled" : "Your visit is cancelled",
  }[outcome.change];
  return redirectWithToast(page, {
    type: "success",
    title,
    description: first
      ? `${first.kind}: ${first.day}, ${first.time}. We emailed you the calendar invitation.`
      : undefined,
  });
}

/** Quote `quoteId` when it belongs to account `userId`, else null. */
export async function ownedQuoteId(userId: string, quoteId: string): Promise<string | null> {
  if (!/^[0-9a-f-]{36}$/i.test(quoteId)) return null;
  const [row] = await db
    .select({ id: quotes.id })
    .from(quotes)
    .where(and(eq(quotes.id, quoteId), eq(quotes.user_id, userId)))
    .limit(1);
  return row?.id ?? null;
}
