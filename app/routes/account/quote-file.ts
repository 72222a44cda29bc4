import { quoteFileResponse } from "~/features/quotes/files.server";
import { idParam } from "~/lib/ids";
import { requireUser } from "~/lib/session.server";
import type { Route } from "./+types/quote-file";

/**
 * GET /account/quotes/:id/files/:fileId[?size=thumbnail]: a file attached to the signed-in
 * customer's own quote; 404 for any other quote (sign-in first when signed out).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = requireUser(request, context);
  const id = idParam(params.id);
  const fileId = idParam(params.fileId);
  return quoteFileResponse(request, { role: "owner", userId: user.id }, id, fileId);
}
