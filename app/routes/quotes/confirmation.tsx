import { CheckCircle2 } from "lucide-react";
import { useEffect } from "react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { toast } from "~/components/ui/toaster";
import { quoteStatus } from "~/features/catalog/enums";
import { serviceById } from "~/features/catalog/services";
import { confirmedQuoteId } from "~/features/quotes/confirmation.server";
import { getQuoteConfirmation } from "~/features/quotes/quotes.server";
import { referenceNumber, statusProgress } from "~/features/quotes/reference";
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
  const quoteId = await confirmedQuoteId(request);
  const signedIn = user !== null;
  if (!quoteId) return { state: "received" as const, signedIn };
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

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: "Quote Submitted",
    description: "Your free quote request was received.",
    noIndex: true,
  });
}

export default function QuoteConfirmation({ loaderData }: Route.ComponentProps) {
  const service = loaderData.state === "found" ? serviceById(loaderData.serviceId) : undefined;
  useEffect(() => {
    if (service) toast.success(service.submittedToast.title, service.submittedToast);
  }, [service]);
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
          <Card className="mt-8">
            <CardContent className="pt-6">
              <dl className="grid gap-4 sm:grid-cols-2">
                <div>
                  <dt className="text-sm text-slate-600">Reference Number</dt>
                  <dd className="mt-1 font-mono text-2xl font-bold tracking-wider">
                    {loaderData.reference}
                  </dd>
                </div>
                <div>
                  <dt className="text-sm text-slate-600">Submitted</dt>
                  <dd className="mt-1 font-medium">{loaderData.submittedAt}</dd>
                </div>
              </dl>
            </CardContent>
          </Card>
          {loaderData.owned && loaderData.status ? (
            <Card className="mt-6">
              <CardContent className="pt-6">
                <p className="text-sm text-slate-600" id="quote-status-label">
                  Status:{" "}
                  <span className="font-semibold text-slate-900">
                    {quoteStatus.label(loaderData.status)}
                  </span>
                </p>
                <div
                  role="progressbar"
                  aria-labelledby="quote-status-label"
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={statusProgress(loaderData.status)}
                  className="mt-2 h-3 w-full overflow-hidden rounded-full bg-slate-200"
                >
                  <div
                    className="h-full bg-brand-700"
                    style={{ width: `${statusProgress(loaderData.status)}%` }}
                  />
                </div>
              </CardContent>
            </Card>
          ) : (
            <Card tone="brand" className="mt-6">
              <CardHeader>
                <CardTitle>Track Your Quote</CardTitle>
                <p className="text-sm text-slate-700">
                  Create an account with the same email address to follow your request&apos;s
                  status.
                </p>
              </CardHeader>
              <CardContent className="flex flex-wrap gap-3">
                <Button asChild>
                  <Link to="/auth/signup">Create Account</Link>
                </Button>
                <Button asChild variant="outline">
                  <Link to="/auth/signin">Sign In</Link>
                </Button>
              </CardContent>
            </Card>
          )}
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
        <Button asChild variant={loaderData.state === "found" ? "outline" : "default"}>
          <Link to="/">Return Home</Link>
        </Button>
        {loaderData.signedIn && (
          <Button asChild>
            <Link to="/account/quotes">View All Quotes</Link>
          </Button>
        )}
      </div>
    </div>
  );
}
