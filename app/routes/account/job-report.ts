import { data } from "react-router";
import { completionReportForOwner } from "~/features/jobs/report-mail.server";
import { pdfDownload } from "~/features/jobs/report-pdf.server";
import { idParam } from "~/lib/ids";
import { requireUser } from "~/lib/session.server";
import type { Route } from "./+types/job-report";

/** The signed-in customer's completion report of a completed job on one of their quotes. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = requireUser(request, context);
  const report = await completionReportForOwner(user.id, idParam(params.id));
  if (!report) throw data(null, { status: 404 });
  return pdfDownload(report);
}
