import { href, useParams } from "react-router";
import { quoteIdByStatusToken } from "~/features/quotes/status-link.server";
import { StatusLinkErrorPage } from "~/features/quotes/status-link-error";
import { RemindersPage, remindersPageMeta } from "~/features/visits/reminders-page";
import {
  REMINDERS_HEADERS,
  remindersAction,
  remindersLoader,
} from "~/features/visits/reminders-route.server";
import { tokenParam } from "~/lib/ids";
import type { Route } from "./+types/status-reminders";

export const headers = () => REMINDERS_HEADERS;

/** The reminders of the requester's quote, from the status link: the token is the access. */
export async function loader({ params }: Route.LoaderArgs) {
  const token = tokenParam(params.token);
  return remindersLoader(await quoteIdByStatusToken(token));
}

export async function action({ request, params }: Route.ActionArgs) {
  const token = tokenParam(params.token);
  const page = href("/quotes/status/:token/reminders", { token });
  return remindersAction(await quoteIdByStatusToken(token), request, page);
}

export const meta = remindersPageMeta;

export default function StatusRemindersPage({ loaderData, actionData }: Route.ComponentProps) {
  const { token = "" } = useParams();
  return (
    <RemindersPage
      view={loaderData}
      errors={actionData?.errors}
      posted={actionData?.posted}
      back={{ to: href("/quotes/status/:token", { token }), label: "Back to your quote status" }}
    />
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <StatusLinkErrorPage
      error={error}
      failed="We could not load your reminders. Please try again in a moment."
    />
  );
}
