import { href } from "react-router";
import { ErrorPage } from "~/components/layout/error-page";
import { quoteStatusByToken } from "~/features/quotes/status-link.server";
import { VisitBooking } from "~/features/visits/booking-page";
import {
  BOOKING_HEADERS,
  bookingAction,
  bookingLoader,
} from "~/features/visits/booking-route.server";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/status-visit";

// Referrer-Policy: no-referrer comes from server.ts for every token path (lib/token-paths.ts)
export function headers() {
  return BOOKING_HEADERS;
}

/** Booking from the requester's status link: the token is the access. */
export async function loader({ request, params }: Route.LoaderArgs) {
  return bookingLoader((await quoteStatusByToken(params.token))?.id ?? null, request);
}

export async function action({ request, params }: Route.ActionArgs) {
  const quoteId = (await quoteStatusByToken(params.token))?.id ?? null;
  const page = href("/quotes/status/:token/visit", { token: params.token });
  return bookingAction(quoteId, request, page);
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: "Book Your Assessment Visit",
    description: "Choose a time for your visit.",
    noIndex: true,
  });
}

export default function StatusVisitPage({ loaderData, actionData }: Route.ComponentProps) {
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
        title: "Status link not found",
        message:
          "This link does not match a quote request. Please use the newest link from our emails.",
      }}
      failed={{
        title: "Something went wrong",
        message: "We could not load the free times. Please try again in a moment.",
      }}
      back={{ to: "/", label: "Return Home" }}
    />
  );
}
