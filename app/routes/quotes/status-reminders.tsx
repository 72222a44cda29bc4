import { href, Link, useParams } from "react-router";
import { ErrorPage } from "~/components/layout/error-page";
import { quoteIdByStatusToken } from "~/features/quotes/status-link.server";
import { RemindersForm } from "~/features/visits/reminders-page";
import {
  REMINDERS_HEADERS,
  remindersAction,
  remindersLoader,
} from "~/features/visits/reminders-route.server";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/status-reminders";

// Referrer-Policy: no-referrer comes from server.ts for every token path (lib/token-paths.ts)
export function headers() {
  return REMINDERS_HEADERS;
}

/** The reminders of the requester's quote, from the status link: the token is the access. */
export async function loader({ params }: Route.LoaderArgs) {
  return remindersLoader(await quoteIdByStatusToken(params.token));
}

export async function action({ request, params }: Route.ActionArgs) {
  const page = href("/quotes/status/:token/reminders", { token: params.token });
  return remindersAction(await quoteIdByStatusToken(params.token), request, page);
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: "Your Reminders",
    description: "Choose the reminders you get.",
    noIndex: true,
  });
}

export default function StatusRemindersPage({ loaderData, actionData }: Route.ComponentProps) {
  const { token = "" } = useParams();
  return (
    <div className="mx-auto max-w-2xl px-4 py-12">
      <h1 className="text-3xl font-bold tracking-tight">Your reminders</h1>
      <p className="mt-2 text-slate-700">Request {loaderData.reference}</p>
      <RemindersForm view={loaderData} errors={actionData?.errors} />
      <p className="mt-6">
        <Link to={href("/quotes/status/:token", { token })} className="underline">
          Back to your quote status
        </Link>
      </p>
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
        message: "We could not load your reminders. Please try again in a moment.",
      }}
      back={{ to: "/", label: "Return Home" }}
    />
  );
}
