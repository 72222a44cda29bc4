import { data } from "react-router";
import { radonLabelPdf } from "~/features/jobs/label-pdf.server";
import { idParam } from "~/lib/ids";
import { requireAdmin } from "~/lib/session.server";
import type { Route } from "./+types/job-label";

/** The radon system label (4 x 6 in PDF) of a job whose record holds what it prints. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const label = await radonLabelPdf(idParam(params.id));
  if (!label) throw data(null, { status: 404 });
  return new Response(new Uint8Array(label.pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${label.filename}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
