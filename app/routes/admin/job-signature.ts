/**
 * GET /admin/jobs/:id/signature.png - the signature the homeowner drew on the job's sign-off, for
 * staff only (the admin layout's middleware and requireAdmin guard it); never cached.
 */
import { data } from "react-router";
import { signatureResponse } from "~/features/estimates/signing.server";
import { signOffSignaturePng } from "~/features/jobs/sign-off.server";
import { idParam } from "~/lib/ids";
import { requireAdmin } from "~/lib/session.server";
import type { Route } from "./+types/job-signature";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const png = await signOffSignaturePng(idParam(params.id));
  if (!png) throw data(null, { status: 404 });
  return signatureResponse(png);
}
