import { href } from "react-router";
import { ErrorPage } from "~/components/layout/error-page";
import { VisitBooking } from "~/features/visits/booking-page";
import {
  BOOKING_HEADERS,
  bookingAction,
  bookingLoader,
  ownedQuoteId,
} from "~/features/visits/booking-route.server";
import { pageMeta } from "~/lib/seo";
import { requireUser } from "~/lib/session.server";
import type { Route } from "./+types/quote-visit";

export function headers() {
  return BOOKING_HEADERS;
}

/** Booking from the customer's quote list: their own quotes only. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = requireUser(request, context);
  return bookingLoader(await ownedQuoteId(user.id, params.id), request);
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = requireUser(request, context);
  const page = href("/account/quotes/:id/visit", { id: params.id });
  return bookingAction(await ownedQuoteId(user.id, params.id), request, page);
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: "Book Your Assessment Visit",
    description: "Choose a time for your visit.",
    noIndex: true,
  });
}

export default function AccountVisitPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div>
      <h2 className="text-2xl font-bold tracking-tight">Book your assessment visit</h2>
      <VisitBooking view={loaderData} message={actionData?.message} />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <ErrorPage
      error={error}
      notFound={{ title: "Quote not found", message: "This quote is not one of yours." }}
      failed={{
        title: "Something went wrong",
        message: "We could not load the free times. Please try again in a moment.",
      }}
      back={{ to: href("/account/quotes"), label: "Back to your quotes" }}
    />
  );
}
