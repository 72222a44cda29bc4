import { data, href } from "react-router";
import { errorBoundary } from "~/components/layout/error-page";
import { company } from "~/features/catalog/company";
import { respondToSignOff, signOffPage, signOffToast } from "~/features/jobs/sign-off.server";
import { SignOff } from "~/features/jobs/sign-off-form";
import { formatDate } from "~/lib/dates";
import { tokenParam } from "~/lib/ids";
import { PRIVATE_PAGE_HEADERS, privatePage } from "~/lib/private-page";
import { requestInfo } from "~/lib/request-context";
import { privatePageMeta } from "~/lib/seo";
import { redirectWithToast } from "~/lib/toast.server";
import type { Route } from "./+types/sign-off";

export const headers = privatePage;

/** The completed job behind a mailed sign-off link, or only that the link expired (410). */
export async function loader({ params }: Route.LoaderArgs) {
  const page = await signOffPage({ via: "link", token: tokenParam(params.token) });
  if (!page) throw data(null, { status: 404, headers: PRIVATE_PAGE_HEADERS });
  if (page.state === "expired") {
    return data(page, { status: 410, headers: PRIVATE_PAGE_HEADERS });
  }
  return data(page, { headers: PRIVATE_PAGE_HEADERS });
}

/** Sign off, or leave a punch-list comment; on success back to the page, which shows it. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const token = tokenParam(params.token);
  const outcome = await respondToSignOff(
    { via: "link", token },
    await request.formData(),
    request,
    requestInfo(context)?.clientIp ?? "unknown",
  );
  if (!outcome.ok) {
    if (outcome.status === 404) throw data(null, { status: 404, headers: PRIVATE_PAGE_HEADERS });
    return data(
      { intent: outcome.intent, result: outcome.result },
      { status: outcome.status, headers: PRIVATE_PAGE_HEADERS },
    );
  }
  return redirectWithToast(
    href("/jobs/:token", { token }),
    signOffToast(outcome.intent, false),
    new Headers(PRIVATE_PAGE_HEADERS),
  );
}

export function meta(args: Route.MetaArgs) {
  return privatePageMeta(args, "Sign off your job", `Your completed job with ${company.name}.`);
}

export default function SignOffRoute({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.state === "expired") {
    return (
      <div className="mx-auto max-w-3xl px-4 py-12">
        <h1 className="text-3xl font-bold tracking-tight">Sign off your job</h1>
        <p className="mt-6">
          This link expired on {formatDate(loaderData.validUntil)}. Contact us for a new one.
        </p>
      </div>
    );
  }
  const { view } = loaderData;
  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-12">
      <header>
        <p className="font-semibold text-brand-800">{company.name}</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight">
          Sign off job <span className="whitespace-nowrap">{view.number}</span>
        </h1>
        {!view.signed && (
          <p className="mt-2 text-slate-700">
            Please review the completed work below. Sign it off, or tell us what still needs doing.
          </p>
        )}
      </header>
      <SignOff
        view={view}
        actionData={actionData}
        level="h2"
        crewPhone={false}
        open={loaderData.completed}
      />
    </div>
  );
}

export const ErrorBoundary = errorBoundary({
  notFound: {
    title: "Job not found",
    message: "This link does not match a job. Please use the newest link from our emails.",
  },
  failed: "We could not load your job. Please try again in a moment.",
});
