import type { BadgeTone } from "~/components/ui/badge";
import type { JobStatus } from "~/features/catalog/jobs";

const TONES: Record<JobStatus, BadgeTone> = {
  unscheduled: "warning",
  scheduled: "info",
  in_progress: "info",
  completed: "success",
  cancelled: "neutral",
};

/** The badge colour of a job in `status`. */
export function jobStatusTone(status: JobStatus): BadgeTone {
  return TONES[status];
}
