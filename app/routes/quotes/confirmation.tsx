import { CheckCircle2, SearchX } from "lucide-react";
import { useEffect } from "react";
import { href, isRouteErrorResponse, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { toast } from "~/components/ui/toaster";
import { serviceById, services } from "~/features/catalog/services";
import { confirmationOf } from "~/features/quotes/confirmation.server";
import { ConfirmationDetails } from "~/features/quotes/confirmation-details";
import { getQuoteConfirmation } from "~/features/quotes/quotes.server";
import { referenceNumber } from "~/features/quotes/reference";
import { formatDateTime } from "~/lib/dates";
import { logger } from "~/lib/logger.server";
import { pageMeta } from "~/lib/seo";
import { currentUser } from "~/lib/session.server";
import type { Route } from "./+types/confirmation";

const PRIVATE = { "Cache-Control": "private, no-store" };

export function headers() {
  return PRIVATE;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = currentUser(context);
  const carried = await confirmationOf(request);
  const signedIn = user !== null;
  // opened directly, in another browser or after 15 minutes: nothing to confirm
  if (!carried) return { state: "none" as const, signedIn };
  if (!("quoteId" in carried)) return { state: "received" as const, signedIn };
  const { quoteId } = carried;
  try {
    const quote = await getQuoteConfirmation(quoteId);
    if (!quote) return { state: "error" as const, signedIn };
    // the status is shown only to the quote's owner; a guest quote shows the tracking offer
    const owned = user !== null && quote.user_id === user.id;
    return {
      state: "found" as const,
      owned,
      status: owned ? quote.current_status : null,
      reference: referenceNumber(quote.id),
      submittedAt: formatDateTime(quote.created_at),
      serviceId: quote.service,
      signedIn,
    };
  } catch (error) {
    logger().error({ err: error }, "Failed to load quote confirmation");
    return { state: "error" as const, signedIn };
  }
}

/**
 * In the browser: when the confirmation's data cannot be loaded (the network dropped right after
 * a successful submit), the page still says the submission went through, with the SPEC's text,
 * instead of an error page that invites a second request.
 */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  try {
    return await serverLoader();
  } catch (error) {
    if (error instanceof Response || isRouteErrorResponse(error)) throw error;
    return { state: "error" as const, signedIn: false };
  }
}

export function meta(args: Route.MetaArgs) {
  const none = args.loaderData?.state === "none";
  return pageMeta(args, {
    title: none ? "No Quote Request Found" : "Quote Submitted",
    description: none
      ? "No quote request was sent from this browser lately."
      : "Your free quote request was received.",
    noIndex: true,
  });
}

/** Where a visitor with nothing to confirm can go: the quote forms, and their account's quotes. */
function NothingToConfirm({ signedIn }: { signedIn: boolean }) {
  return (
    <div className="mx-auto max-w-2xl px-4 py-12">
      <div className="text-center">
        <SearchX className="mx-auto size-14 text-slate-500" aria-hidden="true" />
        <h1 className="mt-4 text-3xl font-bold tracking-tight">No quote request found</h1>
        <p className="mt-4 text-lg text-slate-700">
          We found no quote request sent from this browser in the last 15 minutes. If you sent one
          earlier, the confirmation email in your inbox has its reference number and a link to
          follow it.
        </p>
      </div>
      <h2 className="mt-8 text-xl font-semibold">Request a free quote</h2>
      <ul className="mt-3 space-y-2">
        {services.map((service) => (
          <li key={service.id}>
            <Link to={service.quoteHref} className="font-medium text-brand-800 underline">
              {service.formTitle}
            </Link>
          </li>
        ))}
      </ul>
      <div className="mt-8 flex flex-wrap gap-3">
        {signedIn ? (
          <Button asChild>
            <Link to={href("/account/quotes")}>View All Quotes</Link>
          </Button>
        ) : (
          <Button asChild>
            <Link to={href("/auth/signin")}>Sign in to see your quotes</Link>
          </Button>
        )}
        <Button asChild variant="outline">
          <Link to={href("/")}>Return Home</Link>
        </Button>
      </div>
    </div>
  );
}

export default function QuoteConfirmation({ loaderData }: Route.ComponentProps) {
  const service = loaderData.state === "found" ? serviceById(loaderData.serviceId) : undefined;
  useEffect(() => {
    if (service) toast.success(service.submittedToast.title, service.submittedToast);
  }, [service]);
  if (loaderData.state === "none") return <NothingToConfirm signedIn={loaderData.signedIn} />;
  return (
    <div className="mx-auto max-w-2xl px-4 py-12">
      <div className="text-center">
        <CheckCircle2 className="mx-auto size-14 text-brand-700" aria-hidden="true" />
        <h1 className="mt-4 text-3xl font-bold tracking-tight">Quote Submitted Successfully!</h1>
      </div>

      {loaderData.state === "found" && (
        <>
          <p className="mt-4 text-center text-lg text-slate-700">
            Thank you. We&apos;ll review your {service?.title.toLowerCase()} request and get back to
            you soon. A confirmation is on its way to your inbox.
          </p>
          <ConfirmationDetails
            reference={loaderData.reference}
            submittedAt={loaderData.submittedAt}
            status={loaderData.owned ? loaderData.status : null}
          />
        </>
      )}

      {loaderData.state === "received" && (
        <p className="mt-4 text-center text-lg text-slate-700">
          Your quote request has been received. We&apos;ll review it and get back to you soon.
        </p>
      )}

      {loaderData.state === "error" && (
        <p className="mt-4 text-center text-lg text-slate-700">
          There was an error loading your quote details, but your submission was successful.
        </p>
      )}

      <div className="mt-8 flex flex-wrap justify-center gap-3">
        {loaderData.state === "found" && (
          <Button asChild>
            <Link to={href("/quotes/confirmation/visit")}>Book your assessment visit</Link>
          </Button>
        )}
        <Button asChild variant={loaderData.state === "found" ? "outline" : "default"}>
          <Link to={href("/")}>Return Home</Link>
        </Button>
        {loaderData.signedIn && (
          <Button asChild>
            <Link to={href("/account/quotes")}>View All Quotes</Link>
          </Button>
        )}
      </div>
    </div>
  );
}
