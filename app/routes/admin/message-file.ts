import { messageFileResponse } from "~/features/messages/thread.server";
import { idParam } from "~/lib/ids";
import { requireAdmin } from "~/lib/session.server";
import type { Route } from "./+types/message-file";

/** GET /admin/messages/files/:fileId[?size=thumbnail]: a file a customer sent with a message. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return messageFileResponse(request, { role: "admin" }, idParam(params.fileId));
}
