import { data, href } from "react-router";
import { errorBoundary } from "~/components/layout/error-page";
import { company } from "~/features/catalog/company";
import { linkParty } from "~/features/estimates/access.server";
import { EstimatePage } from "~/features/estimates/estimate-page";
import {
  estimateAnswerToast,
  loadEstimatePage,
  PRIVATE_HEADERS,
  respondToEstimate,
} from "~/features/estimates/homeowner.server";
import { tokenParam } from "~/lib/ids";
import { privatePageMeta } from "~/lib/seo";
import { redirectWithToast } from "~/lib/toast.server";
import type { Route } from "./+types/estimate";

export function headers() {
  return PRIVATE_HEADERS;
}

/** The estimate behind a mailed link: the newest sent version, or only that it expired. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const token = tokenParam(params.token);
  const pdfHref = href("/estimates/:token/pdf", { token });
  return loadEstimatePage(linkParty(token), undefined, context, pdfHref);
}

/** Accept (with a signature) or decline; on success back to the page, which shows the answer. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const token = tokenParam(params.token);
  const outcome = await respondToEstimate(linkParty(token), undefined, request, context);
  if (!outcome.ok) {
    return data(
      { intent: outcome.intent, result: outcome.result },
      { status: outcome.status, headers: PRIVATE_HEADERS },
    );
  }
  const page = href("/estimates/:token", { token });
  return redirectWithToast(page, estimateAnswerToast(outcome), new Headers(PRIVATE_HEADERS));
}

export function meta(args: Route.MetaArgs) {
  return privatePageMeta(args, "Your Estimate", `Your estimate from ${company.name}.`);
}

export default function EstimateRoute({ loaderData, actionData }: Route.ComponentProps) {
  return <EstimatePage data={loaderData} actionData={actionData} />;
}

export const ErrorBoundary = errorBoundary({
  notFound: {
    title: "Estimate not found",
    message: "This link does not match an estimate. Please use the newest link from our emails.",
  },
  failed: "We could not load your estimate. Please try again in a moment.",
});
