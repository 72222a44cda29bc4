import { quoteFileResponse } from "~/features/quotes/files.server";
import { idParam } from "~/lib/ids";
import { requireAdmin } from "~/lib/session.server";
import type { Route } from "./+types/quote-file";

/** GET /admin/quotes/:id/files/:fileId[?size=thumbnail]: a file attached to a quote, for admins. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const id = idParam(params.id);
  const fileId = idParam(params.fileId);
  return quoteFileResponse(request, { role: "admin" }, id, fileId);
}
