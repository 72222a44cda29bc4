import { href } from "react-router";
import { errorBoundary } from "~/components/layout/error-page";
import { confirmedQuoteId } from "~/features/quotes/confirmation.server";
import {
  bookingPageMeta,
  revalidateAfterConflict,
  VisitBookingPage,
} from "~/features/visits/booking-page";
import {
  BOOKING_HEADERS,
  bookingAction,
  bookingLoader,
} from "~/features/visits/booking-route.server";
import type { Route } from "./+types/confirmation-visit";

export const headers = () => BOOKING_HEADERS;

/** Booking right after the request: the confirmation cookie (15 minutes) is the access. */
export async function loader({ request }: Route.LoaderArgs) {
  return bookingLoader(await confirmedQuoteId(request), request);
}

export async function action({ request }: Route.ActionArgs) {
  return bookingAction(
    await confirmedQuoteId(request),
    request,
    href("/quotes/confirmation/visit"),
  );
}

/** After "That time was just taken" (409) the fresh times load. */
export const shouldRevalidate = revalidateAfterConflict;

export const meta = bookingPageMeta;

export default function ConfirmationVisitPage({ loaderData, actionData }: Route.ComponentProps) {
  return <VisitBookingPage view={loaderData} actionData={actionData} />;
}

export const ErrorBoundary = errorBoundary({
  notFound: {
    title: "Request not found",
    message:
      "This page is open for 15 minutes after a request. Please use the status link from our email to book your visit.",
  },
  failed: "We could not load the free times. Please try again in a moment.",
});
