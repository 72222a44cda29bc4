import { data, Form } from "react-router";
import { errorBoundary } from "~/components/layout/error-page";
import { Button } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import { unsubscribe, unsubscribeTarget } from "~/features/visits/reminders.server";
import { tokenParam } from "~/lib/ids";
import { PRIVATE_PAGE_HEADERS, privatePage } from "~/lib/private-page";
import { privatePageMeta } from "~/lib/seo";
import type { Route } from "./+types/unsubscribe";

export const headers = privatePage;

/** The confirm page of a reminder mail's unsubscribe link: what it stops, and a button. */
export async function loader({ params }: Route.LoaderArgs) {
  const token = tokenParam(params.token);
  const target = await unsubscribeTarget(token);
  if (!target) throw data(null, { status: 404, headers: PRIVATE_PAGE_HEADERS });
  return { label: target.label, reference: target.reference, stopped: target.stopped };
}

/**
 * One-click unsubscribe (RFC 8058): a POST to the link, from the mail provider (body
 * `List-Unsubscribe=One-Click`) or the confirm page's button, stops those reminders without a
 * sign-in. It carries no session to forge, so cross-site posts are let through for this path
 * (lib/origin.server.ts); the body is not needed to act.
 */
export async function action({ params }: Route.ActionArgs) {
  const token = tokenParam(params.token);
  const target = await unsubscribe(token);
  if (!target) throw data(null, { status: 404, headers: PRIVATE_PAGE_HEADERS });
  return data(
    { label: target.label, reference: target.reference, stopped: true },
    { headers: PRIVATE_PAGE_HEADERS },
  );
}

export function meta(args: Route.MetaArgs) {
  return privatePageMeta(args, "Stop Reminders", "Stop reminder emails.");
}

export default function UnsubscribePage({ loaderData, actionData }: Route.ComponentProps) {
  const { label, reference, stopped } = actionData ?? loaderData;
  return (
    <div className="mx-auto max-w-2xl px-4 py-12">
      <h1 className="text-3xl font-bold tracking-tight">Stop reminders</h1>
      <Card className="mt-6">
        <CardContent className="pt-6">
          {stopped ? (
            <p role="status">
              {label} for request {reference} are stopped. You will get no more of them.
            </p>
          ) : (
            <Form method="post">
              <p>
                Stop <strong>{label.toLowerCase()}</strong> for request {reference}?
              </p>
              <input type="hidden" name="List-Unsubscribe" value="One-Click" />
              <Button type="submit" className="mt-4">
                Stop these reminders
              </Button>
            </Form>
          )}
        </CardContent>
      </Card>
    </div>
  );
}

export const ErrorBoundary = errorBoundary({
  notFound: {
    title: "Link not found",
    message: "This unsubscribe link does not match any reminders.",
  },
  failed: "We could not stop the reminders. Please try again in a moment.",
});
