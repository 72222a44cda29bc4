import { href } from "react-router";
import { quoteStatusByToken } from "~/features/quotes/status-link.server";
import { StatusLinkErrorPage } from "~/features/quotes/status-link-error";
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
import { tokenParam } from "~/lib/ids";
import type { Route } from "./+types/status-visit";

export const headers = () => BOOKING_HEADERS;

/** Booking from the requester's status link: the token is the access. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const token = tokenParam(params.token);
  return bookingLoader((await quoteStatusByToken(token))?.id ?? null, request);
}

export async function action({ request, params }: Route.ActionArgs) {
  const token = tokenParam(params.token);
  const quoteId = (await quoteStatusByToken(token))?.id ?? null;
  const page = href("/quotes/status/:token/visit", { token });
  return bookingAction(quoteId, request, page);
}

/** After "That time was just taken" (409) the fresh times load. */
export const shouldRevalidate = revalidateAfterConflict;

export const meta = bookingPageMeta;

export default function StatusVisitPage({ loaderData, actionData }: Route.ComponentProps) {
  return <VisitBookingPage view={loaderData} actionData={actionData} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <StatusLinkErrorPage
      error={error}
      failed="We could not load the free times. Please try again in a moment."
    />
  );
}
