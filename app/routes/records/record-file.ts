import { sharedReportResponse } from "~/features/records/share-links.server";
import { idParam, tokenParam } from "~/lib/ids";
import type { Route } from "./+types/record-file";

/**
 * GET /records/:token/files/:fileId: a lab report of a result on the shared record (the share
 * link is the reader's key); 404 for anything else, a dead link included.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const token = tokenParam(params.token);
  const fileId = idParam(params.fileId);
  return sharedReportResponse(token, fileId);
}
