import { href } from "react-router";
import { accountErrorBoundary, NOT_YOUR_QUOTE } from "~/components/layout/account-error";
import { ownedQuoteId } from "~/features/visits/booking-route.server";
import { RemindersPage, remindersPageMeta } from "~/features/visits/reminders-page";
import {
  REMINDERS_HEADERS,
  remindersAction,
  remindersLoader,
} from "~/features/visits/reminders-route.server";
import { idParam } from "~/lib/ids";
import { requireUser } from "~/lib/session.server";
import type { Route } from "./+types/quote-reminders";

export const headers = () => REMINDERS_HEADERS;

/** The reminders of one of the customer's own quotes. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = requireUser(request, context);
  const id = idParam(params.id);
  return remindersLoader(await ownedQuoteId(user.id, id));
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = requireUser(request, context);
  const id = idParam(params.id);
  const page = href("/account/quotes/:id/reminders", { id });
  return remindersAction(await ownedQuoteId(user.id, id), request, page);
}

export const meta = remindersPageMeta;

export default function AccountRemindersPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <RemindersPage
      view={loaderData}
      errors={actionData?.errors}
      posted={actionData?.posted}
      back={{ to: href("/account/quotes"), label: "Back to your quotes" }}
      inAccount
    />
  );
}

export const ErrorBoundary = accountErrorBoundary(
  NOT_YOUR_QUOTE,
  "We could not load your reminders. Please try again in a moment.",
);
