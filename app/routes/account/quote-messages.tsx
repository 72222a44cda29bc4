import { data, href, Link } from "react-router";
import { accountErrorBoundary, NOT_YOUR_QUOTE } from "~/components/layout/account-error";
import { MessageBox } from "~/features/messages/message-box";
import {
  customerMessageAction,
  customerThreadOfQuote,
  isOwnQuote,
} from "~/features/messages/thread.server";
import { referenceNumber } from "~/features/quotes/reference";
import { idParam } from "~/lib/ids";
import { requestInfo } from "~/lib/request-context";
import { privatePageMeta } from "~/lib/seo";
import { requireUser } from "~/lib/session.server";
import type { Route } from "./+types/quote-messages";

/** The conversation about one of the customer's own requests (another's is not found). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = requireUser(request, context);
  const id = idParam(params.id);
  if (!(await isOwnQuote(user.id, id))) throw data(null, { status: 404 });
  return {
    reference: referenceNumber(id),
    messages: await customerThreadOfQuote(id, (fileId) =>
      href("/account/message-files/:fileId", { fileId }),
    ),
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = requireUser(request, context);
  const id = idParam(params.id);
  if (!(await isOwnQuote(user.id, id))) throw data(null, { status: 404 });
  const outcome = await customerMessageAction(
    id,
    await request.formData(),
    requestInfo(context)?.clientIp,
  );
  return data(outcome, { status: outcome.ok ? 200 : outcome.status });
}

export function meta(args: Route.MetaArgs) {
  return privatePageMeta(args, "Messages", "Your conversation with the company about a request.");
}

export default function AccountQuoteMessages({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="max-w-2xl">
      <Link to={href("/account/quotes")} className="text-sm text-brand-800 underline">
        Back to your quotes
      </Link>
      <h2 className="mt-2 text-lg font-semibold">Messages about {loaderData.reference}</h2>
      <MessageBox
        key={loaderData.messages.length}
        entries={loaderData.messages}
        errors={actionData && !actionData.ok ? actionData.errors : undefined}
        fileErrors={actionData && !actionData.ok ? actionData.fileErrors : undefined}
        typed={actionData && !actionData.ok ? actionData.typed : undefined}
        sent={actionData?.ok === true}
      />
    </div>
  );
}

export const ErrorBoundary = accountErrorBoundary(
  NOT_YOUR_QUOTE,
  "We could not load your messages. Please try again in a moment.",
);
