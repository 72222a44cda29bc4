import { data, href } from "react-router";
import { accountErrorBoundary } from "~/components/layout/account-error";
import { partyOf } from "~/features/estimates/access.server";
import { EstimatePage } from "~/features/estimates/estimate-page";
import {
  estimateAnswerToast,
  loadEstimatePage,
  PRIVATE_HEADERS,
  respondToEstimate,
} from "~/features/estimates/homeowner.server";
import { idParam } from "~/lib/ids";
import { privatePageMeta } from "~/lib/seo";
import { requireUser } from "~/lib/session.server";
import { redirectWithToast } from "~/lib/toast.server";
import type { Route } from "./+types/quote-estimate";

export function headers() {
  return PRIVATE_HEADERS;
}

/** A signed-in customer's estimate for their own quote `id` (the same page as the mailed link). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = requireUser(request, context);
  const id = idParam(params.id);
  const pdfHref = href("/account/quotes/:id/estimate/pdf", { id });
  return loadEstimatePage(partyOf(user), id, context, pdfHref);
}

/** Accept (with a signature) or decline; on success back to the page, which shows the answer. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const user = requireUser(request, context);
  const id = idParam(params.id);
  const outcome = await respondToEstimate(partyOf(user), id, request, context);
  if (!outcome.ok) {
    return data(
      { intent: outcome.intent, result: outcome.result },
      { status: outcome.status, headers: PRIVATE_HEADERS },
    );
  }
  const page = href("/account/quotes/:id/estimate", { id });
  return redirectWithToast(page, estimateAnswerToast(outcome));
}

export function meta(args: Route.MetaArgs) {
  return privatePageMeta(args, "Your Estimate", "Your estimate.");
}

export default function QuoteEstimateRoute({ loaderData, actionData }: Route.ComponentProps) {
  return <EstimatePage data={loaderData} actionData={actionData} />;
}

export const ErrorBoundary = accountErrorBoundary(
  {
    title: "Estimate not found",
    message: "This quote has no estimate for you yet.",
  },
  "We could not load your estimate. Please try again in a moment.",
);
