import { quoteFileResponse } from "~/features/quotes/files.server";
import { quoteIdByStatusToken } from "~/features/quotes/status-link.server";
import type { Route } from "./+types/status-file";

/**
 * GET /quotes/status/:token/files/:fileId[?size=thumbnail]: a file attached to the quote whose
 * status link this is (the link is the requester's key, as for the status page); 404 otherwise.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const quoteId = await quoteIdByStatusToken(params.token);
  if (!quoteId) return quoteFileResponse(request, { role: "link", quoteId: "" }, "", "");
  return quoteFileResponse(request, { role: "link", quoteId }, quoteId, params.fileId);
}
