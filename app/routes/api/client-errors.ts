import { receiveClientError } from "~/lib/client-errors.server";
import { requestContext } from "~/lib/request-context";
import { currentUser } from "~/lib/session.server";
import type { Route } from "./+types/client-errors";

/** POST /api/client-errors: the client logger's error entries, into the server log. */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST")
    return new Response(null, { status: 405, headers: { Allow: "POST" } });
  const { clientIp, requestId } = context.get(requestContext);
  return receiveClientError(request, {
    clientIp,
    requestId,
    userId: currentUser(context)?.id ?? null,
  });
}
