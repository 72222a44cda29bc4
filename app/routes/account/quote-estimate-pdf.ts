import { partyOf } from "~/features/estimates/access.server";
import { estimatePdfResponse } from "~/features/estimates/homeowner.server";
import { idParam } from "~/lib/ids";
import { requireUser } from "~/lib/session.server";
import type { Route } from "./+types/quote-estimate-pdf";

/** A signed-in customer's estimate for their own quote `id` as a PDF download. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = requireUser(request, context);
  const id = idParam(params.id);
  return estimatePdfResponse(partyOf(user), id, context);
}
