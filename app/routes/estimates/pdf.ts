import { linkParty } from "~/features/estimates/access.server";
import { estimatePdfResponse } from "~/features/estimates/homeowner.server";
import type { Route } from "./+types/pdf";

/** The estimate behind a mailed link as a PDF download (the signed copy once accepted). */
export async function loader({ params, context }: Route.LoaderArgs) {
  return estimatePdfResponse(linkParty(params.token), undefined, context);
}
