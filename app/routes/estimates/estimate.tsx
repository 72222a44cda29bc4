import { data, href } from "react-router";
import { ErrorPage } from "~/components/layout/error-page";
import { company } from "~/features/catalog/company";
import { linkParty } from "~/features/estimates/access.server";
import { EstimatePage } from "~/features/estimates/estimate-page";
import {
  estimateAnswerToast,
  loadEstimatePage,
  PRIVATE_HEADERS,
  respondToEstimate,
} from "~/features/estimates/homeowner.server";
import { pageMeta } from "~/lib/seo";
import { redirectWithToast } from "~/lib/toast.server";
import type { Route } from "./+types/estimate";

// Referrer-Policy: no-referrer comes from server.ts for every token path (lib/token-paths.ts)
export function headers() {
  return PRIVATE_HEADERS;
}

/** The estimate behind a mailed link: the newest sent version, or only that it expired. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const pdfHref = href("/estimates/:token/pdf", { token: params.token });
  return loadEstimatePage(linkParty(params.token), undefined, context, pdfHref);
}

/** Accept (with a signature) or decline; on success back to the page, which shows the answer. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const outcome = await respondToEstimate(linkParty(params.token), undefined, request, context);
  if (!outcome.ok) {
    return data(
      { intent: outcome.intent, result: outcome.result },
      { status: outcome.status, headers: PRIVATE_HEADERS },
    );
  }
  const page = href("/estimates/:token", { token: params.token });
  return redirectWithToast(page, estimateAnswerToast(outcome));
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: "Your Estimate",
    description: `Your estimate from ${company.name}.`,
    noIndex: true,
  });
}

export default function EstimateRoute({ loaderData, actionData }: Route.ComponentProps) {
  return <EstimatePage data={loaderData} actionData={actionData} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <ErrorPage
      error={error}
      notFound={{
        title: "Estimate not found",
        message:
          "This link does not match an estimate. Please use the newest link from our emails.",
      }}
      failed={{
        title: "Something went wrong",
        message: "We could not load your estimate. Please try again in a moment.",
      }}
      back={{ to: "/", label: "Return Home" }}
    />
  );
}
