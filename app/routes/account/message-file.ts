import { messageFileResponse } from "~/features/messages/thread.server";
import { idParam } from "~/lib/ids";
import { requireUser } from "~/lib/session.server";
import type { Route } from "./+types/message-file";

/**
 * GET /account/message-files/:fileId[?size=thumbnail]: a file the signed-in customer sent with a
 * message (their own thread's only; 404 otherwise, sign-in first when signed out).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = requireUser(request, context);
  return messageFileResponse(request, { role: "owner", userId: user.id }, idParam(params.fileId));
}
