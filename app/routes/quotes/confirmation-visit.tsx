import { href } from "react-router";
import { ErrorPage } from "~/components/layout/error-page";
import { confirmedQuoteId } from "~/features/quotes/confirmation.server";
import { VisitBooking } from "~/features/visits/booking-page";
import {
  BOOKING_HEADERS,
  bookingAction,
  bookingLoader,
} from "~/features/visits/booking-route.server";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/confirmation-visit";

export function headers() {
  return BOOKING_HEADERS;
}

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

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: "Book Your Assessment Visit",
    description: "Choose a time for your visit.",
    noIndex: true,
  });
}

export default function ConfirmationVisitPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="text-3xl font-bold tracking-tight">Book your assessment visit</h1>
      <VisitBooking view={loaderData} message={actionData?.message} />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <ErrorPage
      error={error}
      notFound={{
        title: "Request not found",
        message:
          "This page is open for 15 minutes after a request. Please use the status link from our email to book your visit.",
      }}
      failed={{
        title: "Something went wrong",
        message: "We could not load the free times. Please try again in a moment.",
      }}
      back={{ to: "/", label: "Return Home" }}
    />
  );
}
