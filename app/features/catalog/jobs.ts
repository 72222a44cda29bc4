/**
 * Jobs: the work an accepted estimate (or a quote approved by phone) becomes. One source of truth
 * for the job's statuses, their labels and the moves between them: the schema's enum, the job
 * pages and the status changes read these (docs/decisions/0210-jobs.md).
 */
import { defineEnum, type EnumValue } from "./define-enum";

export const jobStatus = defineEnum({
  unscheduled: "Unscheduled",
  scheduled: "Scheduled",
  in_progress: "In progress",
  completed: "Completed",
  cancelled: "Cancelled",
});
export type JobStatus = EnumValue<typeof jobStatus>;

/** Where a job may go from each status; completed and cancelled are final. */
export const JOB_TRANSITIONS: Readonly<Record<JobStatus, readonly JobStatus[]>> = {
  unscheduled: ["scheduled", "cancelled"],
  scheduled: ["in_progress", "unscheduled", "cancelled"],
  in_progress: ["completed", "scheduled", "cancelled"],
  completed: [],
  cancelled: [],
};

/** Whether a job may move from `from` to `to`. */
export function canMoveJob(from: string, to: string): boolean {
  return (JOB_TRANSITIONS[from as JobStatus] ?? []).includes(to as JobStatus);
}

/** Statuses of a job that is still open (work to do). */
export const OPEN_JOB_STATUSES: readonly JobStatus[] = ["unscheduled", "scheduled", "in_progress"];

/** A job's number as people read it: `J-` and at least four digits (J-0001, J-12345). */
export function jobNumberLabel(number: number): string {
  return `J-${String(number).padStart(4, "0")}`;
}

/** The longest cancellation reason or status note, in characters. */
export const MAX_JOB_NOTE_LENGTH = 2000;

/** Radon mitigation system types (ANSI/AARST SGM-SF). */
export const radonSystemType = defineEnum({
  sub_slab: "Sub-slab depressurization",
  sub_membrane: "Sub-membrane depressurization",
  drain_tile: "Drain-tile depressurization",
  block_wall: "Block-wall depressurization",
});

/** Water treatment equipment a job installs. */
export const waterEquipment = defineEnum({
  softener: "Water softener",
  reverse_osmosis: "Reverse osmosis",
  whole_house_filter: "Whole-house filter",
  uv: "UV disinfection",
  arsenic_media: "Arsenic media",
  nitrate_media: "Nitrate media",
});

/** The U-tube manometer reading at commissioning, inches of water column (SGM-SF). */
export const MANOMETER_RANGE = { min: 0.01, max: 10 } as const;

/** What the radon system label says besides the system's facts (ANSI/AARST SGM-SF labelling). */
export const RADON_LABEL_TEXT = {
  title: "Radon Mitigation System",
  retest: "Test your home for radon every two years and after major renovations.",
  contacts: [
    "EPA radon: 1-800-SOS-RADON (1-800-767-7236), epa.gov/radon",
    "Utah DEQ Radon Program: (801) 536-4250, radon.utah.gov",
  ],
} as const;

/** The condition of a mold remediation area (IICRC S520: normal fungal ecology to actual growth). */
export const moldCondition = defineEnum({
  "1": "Condition 1 (normal fungal ecology)",
  "2": "Condition 2 (settled spores)",
  "3": "Condition 3 (actual growth)",
});

/** The containment a mold remediation set up (IICRC S520). */
export const moldContainment = defineEnum({
  none: "None",
  limited: "Limited",
  full: "Full",
});

/** Who verified a mold remediation afterwards (IICRC S520 post-remediation verification). */
export const moldVerification = defineEnum({
  independent: "An independent assessor",
  not_independent: "Not independent (written disclosure)",
});

/** How many areas and moisture readings the mold record's form offers (fixed rows, no script). */
export const MOLD_RECORD_ROWS = { areas: 4, moisture: 4 } as const;

/** The wording the non-independent verification's disclosure starts from (staff may edit it). */
export const MOLD_DISCLOSURE_DEFAULT =
  "The post-remediation verification of this job was not done by an independent assessor: it was done by our own staff, who also did the remediation.";
