import { href, Link } from "react-router";
import { ErrorPage } from "~/components/layout/error-page";
import { ownedQuoteId } from "~/features/visits/booking-route.server";
import { RemindersForm } from "~/features/visits/reminders-page";
import {
  REMINDERS_HEADERS,
  remindersAction,
  remindersLoader,
} from "~/features/visits/reminders-route.server";
import { pageMeta } from "~/lib/seo";
import { requireUser } from "~/lib/session.server";
import type { Route } from "./+types/quote-reminders";

export function headers() {
  return REMINDERS_HEADERS;
}

/** The reminders of one of the customer's own quotes. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = requireUser(request, context);
  return remindersLoader(await ownedQuoteId(user.id, params.id));
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = requireUser(request, context);
  const page = href("/account/quotes/:id/reminders", { id: params.id });
  return remindersAction(await ownedQuoteId(user.id, params.id), request, page);
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: "Your Reminders",
    description: "Choose the reminders you get.",
    noIndex: true,
  });
}

export default function AccountRemindersPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div>
      <h2 className="text-2xl font-bold tracking-tight">Your reminders</h2>
      <p className="mt-2 text-slate-700">Request {loaderData.reference}</p>
      <RemindersForm view={loaderData} errors={actionData?.errors} />
      <p className="mt-6">
        <Link to={href("/account/quotes")} className="underline">
          Back to your quotes
        </Link>
      </p>
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
        message: "We could not load your reminders. Please try again in a moment.",
      }}
      back={{ to: href("/account/quotes"), label: "Back to your quotes" }}
    />
  );
}
