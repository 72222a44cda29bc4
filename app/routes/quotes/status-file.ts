import { quoteFileResponse } from "~/features/quotes/files.server";
import { quoteIdByStatusToken } from "~/features/quotes/status-link.server";
import { idParam, tokenParam } from "~/lib/ids";
import type { Route } from "./+types/status-file";

/**
 * GET /quotes/status/:token/files/:fileId[?size=thumbnail]: a file attached to the quote whose
 * status link this is (the link is the requester's key, as for the status page); 404 otherwise.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const token = tokenParam(params.token);
  const fileId = idParam(params.fileId);
  const quoteId = await quoteIdByStatusToken(token);
  if (!quoteId) return quoteFileResponse(request, { role: "link", quoteId: "" }, "", "");
  return quoteFileResponse(request, { role: "link", quoteId }, quoteId, fileId);
}
