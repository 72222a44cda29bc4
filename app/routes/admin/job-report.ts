import { data } from "react-router";
import { completionReportPdf, pdfDownload } from "~/features/jobs/report-pdf.server";
import { idParam } from "~/lib/ids";
import { requireAdmin } from "~/lib/session.server";
import type { Route } from "./+types/job-report";

/** A completed job's completion report (PDF), for staff. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const report = await completionReportPdf(idParam(params.id));
  if (!report) throw data(null, { status: 404 });
  return pdfDownload(report);
}
