import { data, href } from "react-router";
import { ErrorPage } from "~/components/layout/error-page";
import { partyOf } from "~/features/estimates/access.server";
import { EstimatePage } from "~/features/estimates/estimate-page";
import {
  estimateAnswerToast,
  loadEstimatePage,
  PRIVATE_HEADERS,
  respondToEstimate,
} from "~/features/estimates/homeowner.server";
import { pageMeta } from "~/lib/seo";
import { requireUser } from "~/lib/session.server";
import { redirectWithToast } from "~/lib/toast.server";
import type { Route } from "./+types/quote-estimate";

export function headers() {
  return PRIVATE_HEADERS;
}

/** A signed-in customer's estimate for their own quote `id` (the same page as the mailed link). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = requireUser(request, context);
  const pdfHref = href("/account/quotes/:id/estimate/pdf", { id: params.id });
  return loadEstimatePage(partyOf(user), params.id, context, pdfHref);
}

/** Accept (with a signature) or decline; on success back to the page, which shows the answer. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const user = requireUser(request, context);
  const outcome = await respondToEstimate(partyOf(user), params.id, request, context);
  if (!outcome.ok) {
    return data(
      { intent: outcome.intent, result: outcome.result },
      { status: outcome.status, headers: PRIVATE_HEADERS },
    );
  }
  const page = href("/account/quotes/:id/estimate", { id: params.id });
  return redirectWithToast(page, estimateAnswerToast(outcome));
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { title: "Your Estimate", description: "Your estimate.", noIndex: true });
}

export default function QuoteEstimateRoute({ loaderData, actionData }: Route.ComponentProps) {
  return <EstimatePage data={loaderData} actionData={actionData} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <ErrorPage
      error={error}
      notFound={{
        title: "Estimate not found",
        message: "This quote has no estimate for you yet.",
      }}
      failed={{
        title: "Something went wrong",
        message: "We could not load your estimate. Please try again in a moment.",
      }}
      back={{ to: href("/account/quotes"), label: "Back to your quotes" }}
    />
  );
}
