import { linkParty } from "~/features/estimates/access.server";
import { estimatePdfResponse } from "~/features/estimates/homeowner.server";
import { tokenParam } from "~/lib/ids";
import type { Route } from "./+types/pdf";

/** The estimate behind a mailed link as a PDF download (the signed copy once accepted). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const token = tokenParam(params.token);
  return estimatePdfResponse(linkParty(token), undefined, context);
}
