/**
 * GET /admin/quotes/:id/signature.png - the signature drawn on the quote's accepted estimate,
 * for staff only (the admin layout's middleware and requireAdmin guard it); never cached.
 */
import { data } from "react-router";
import { acceptedSignaturePng } from "~/features/estimates/quote-estimate.server";
import { signatureResponse } from "~/features/estimates/signing.server";
import { idParam } from "~/lib/ids";
import { requireAdmin } from "~/lib/session.server";
import type { Route } from "./+types/estimate-signature";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, context);
  const id = idParam(params.id);
  const png = await acceptedSignaturePng(admin, id);
  if (!png) throw data(null, { status: 404 });
  return signatureResponse(png);
}
