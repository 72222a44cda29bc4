import { href } from "react-router";
import { accountErrorBoundary, NOT_YOUR_QUOTE } from "~/components/layout/account-error";
import {
  bookingPageMeta,
  revalidateAfterConflict,
  VisitBookingPage,
} from "~/features/visits/booking-page";
import {
  BOOKING_HEADERS,
  bookingAction,
  bookingLoader,
  ownedQuoteId,
} from "~/features/visits/booking-route.server";
import { idParam } from "~/lib/ids";
import { requireUser } from "~/lib/session.server";
import type { Route } from "./+types/quote-visit";

export const headers = () => BOOKING_HEADERS;

/** Booking from the customer's quote list: their own quotes only. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = requireUser(request, context);
  const id = idParam(params.id);
  return bookingLoader(await ownedQuoteId(user.id, id), request);
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = requireUser(request, context);
  const id = idParam(params.id);
  const page = href("/account/quotes/:id/visit", { id });
  return bookingAction(await ownedQuoteId(user.id, id), request, page);
}

/** After "That time was just taken" (409) the fresh times load. */
export const shouldRevalidate = revalidateAfterConflict;

export const meta = bookingPageMeta;

export default function AccountVisitPage({ loaderData, actionData }: Route.ComponentProps) {
  return <VisitBookingPage view={loaderData} actionData={actionData} inAccount />;
}

export const ErrorBoundary = accountErrorBoundary(
  NOT_YOUR_QUOTE,
  "We could not load the free times. Please try again in a moment.",
);
