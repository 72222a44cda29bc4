/**
 * The "Job" card of the back office's quote page: the quote's job (number, state, a link to its
 * page) or, on an approved quote without one, the form opening a job by hand (work agreed by
 * phone), posted to /admin/jobs.
 */
import { Form, href, Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { TitledCard } from "~/components/ui/card";
import { Field, Textarea } from "~/components/ui/form-controls";
import { MAX_JOB_NOTE_LENGTH } from "~/features/catalog/jobs";
import { jobStatusTone } from "./status-tone";
import type { JobSummary } from "./summary.server";

export const OPEN_JOB_INTENT = "open-job";

export function JobCard({
  quoteId,
  quoteStatus,
  job,
}: {
  quoteId: string;
  quoteStatus: string;
  job: JobSummary | null;
}) {
  return (
    <TitledCard id="job" title="Job" bodyClassName="space-y-3">
      {job ? (
        <p>
          <Link
            to={href("/admin/jobs/:id", { id: job.id })}
            className="font-medium text-brand-800 underline"
          >
            Job {job.number}
          </Link>{" "}
          <Badge tone={jobStatusTone(job.status)}>{job.statusLabel}</Badge>
        </p>
      ) : quoteStatus === "approved" || quoteStatus === "in_progress" ? (
        <Form method="post" action={href("/admin/jobs")} className="space-y-3">
          <p className="text-sm text-slate-700">
            No job yet. Accepting the estimate opens one; when the work was agreed another way (by
            phone), open it here.
          </p>
          <input type="hidden" name="intent" value={OPEN_JOB_INTENT} />
          <input type="hidden" name="quoteId" value={quoteId} />
          <Field id="open-job-note" label="How the work was agreed (optional)">
            {(aria) => <Textarea {...aria} name="note" rows={2} maxLength={MAX_JOB_NOTE_LENGTH} />}
          </Field>
          <Button type="submit">Open a job</Button>
        </Form>
      ) : (
        <p className="text-sm text-slate-700">
          No job. A job is opened when the estimate is accepted or the quote is approved.
        </p>
      )}
    </TitledCard>
  );
}
