import { messageFileResponse } from "~/features/messages/thread.server";
import { quoteIdByStatusToken } from "~/features/quotes/status-link.server";
import { idParam, tokenParam } from "~/lib/ids";
import type { Route } from "./+types/status-message-file";

/**
 * GET /quotes/status/:token/message-files/:fileId[?size=thumbnail]: a file sent with a message
 * about the quote whose status link this is; 404 otherwise.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const quoteId = await quoteIdByStatusToken(tokenParam(params.token));
  const fileId = idParam(params.fileId);
  return messageFileResponse(
    request,
    { role: "link", quoteId: quoteId ?? "" },
    quoteId ? fileId : "",
  );
}
