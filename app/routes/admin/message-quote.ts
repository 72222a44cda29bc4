import { data, href, redirect } from "react-router";
import { threadOfQuote } from "~/features/messages/admin.server";
import { idParam } from "~/lib/ids";
import { requireAdmin } from "~/lib/session.server";
import type { Route } from "./+types/message-quote";

/** The quote page's 'Messages' link: the thread of the request's customer (made if none). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const threadId = await threadOfQuote(idParam(params.id));
  if (!threadId) throw data(null, { status: 404 });
  return redirect(href("/admin/messages/:id", { id: threadId }));
}
