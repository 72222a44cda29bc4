/**
 * A completed radon job's post-mitigation test (ANSI/AARST SGM-SF): a detector placement no
 * sooner than 24 hours and no later than 30 days after the system was commissioned (the job's
 * completion, when the commissioning manometer reading is taken), and its pick-up 48 to 96 hours
 * after the placement (post-mitigation.ts). The homeowner books it from the link in the completion
 * mail (`/jobs/{token}/radon-test`, the sign-off link's token), staff from the job page. Both
 * visits are `visits` rows carrying the job's id in `test_job_id`, written by one statement: both
 * or neither. The database holds one placement and one pick-up per job
 * (visits_test_job_kind_unique) and refuses a staff member's overlap (visits_staff_no_overlap).
 * docs/decisions/0270-post-mitigation-test.md
 */
import { and, asc, eq } from "drizzle-orm";
import { jobs, profiles, visits } from "~/db/schema";
import {
  type BookedVisit,
  type ChangedBy,
  type ChooseView,
  describeVisits,
  instant,
  mailChange,
  quoteForBooking,
  radonWindowRows,
  radonWindowView,
  SLOT_TAKEN,
  type VisitRow,
} from "~/features/visits/booking.server";
import { visitSettings } from "~/features/visits/settings.server";
import { denverInstant } from "~/features/visits/slots";
import { isExclusionViolation, isUniqueViolation } from "~/lib/database-errors.server";
import { formatDateTime } from "~/lib/dates";
import { db } from "~/lib/db.server";
import { isId } from "~/lib/ids";
import { kickOutbox } from "~/lib/outbox.server";
import { placementWindow, postMitigationProblem } from "./post-mitigation";

export const TEST_ALREADY_BOOKED = "The post-mitigation test of this job is already booked.";
export const TEST_NOT_OPEN = "The post-mitigation test is booked once the radon job is completed.";
const NO_JOB = { ok: false, status: 404, message: "No such job." } as const;

/** The window as people read it, in Utah time with its zone. */
export interface TestWindowView {
  earliest: string;
  latest: string;
}

/** What the test's page and the job page show. */
export type PostMitigationView =
  | { state: "not-radon" }
  | { state: "not-completed" }
  | { state: "booked"; visits: BookedVisit[]; window: TestWindowView }
  | { state: "over"; window: TestWindowView }
  | { state: "open"; window: TestWindowView; windowStart: Date; windowEnd: Date };

export type TestOutcome =
  | { ok: true; visits: BookedVisit[] }
  | { ok: false; status: 400 | 404 | 409; message: string };

type TestRefusal = Exclude<TestOutcome, { ok: true }>;

interface TestJob {
  id: string;
  quoteId: string;
  service: string;
  status: string;
  completedAt: Date | null;
}

async function testJob(
  jobId: string,
  executor: Pick<typeof db, "select"> = db,
): Promise<TestJob | null> {
  if (!isId(jobId)) return null;
  const [job] = await executor
    .select({
      id: jobs.id,
      quoteId: jobs.quote_id,
      service: jobs.service,
      status: jobs.status,
      completedAt: jobs.completed_at,
    })
    .from(jobs)
    .where(eq(jobs.id, jobId));
  return job ?? null;
}

/** The post-mitigation visit rows of job `jobId` (placement first), read through `executor`. */
async function testRows(jobId: string, executor: Pick<typeof db, "select"> = db) {
  return executor
    .select()
    .from(visits)
    .where(eq(visits.test_job_id, jobId))
    .orderBy(asc(visits.starts_at));
}

/**
 * The post-mitigation test of job `jobId` at `now`: not offered (not a radon job, or not completed
 * yet), booked (its two visits), over (the 30 days passed unbooked) or open with its window.
 * @returns null for an unknown job
 */
export async function postMitigationTest(
  jobId: string,
  now: Date = new Date(),
): Promise<PostMitigationView | null> {
  const job = await testJob(jobId);
  if (!job) return null;
  if (job.service !== "radon") return { state: "not-radon" };
  if (job.status !== "completed" || !job.completedAt) return { state: "not-completed" };
  const window = placementWindow(job.completedAt);
  const shown = {
    earliest: formatDateTime(window.earliest),
    latest: formatDateTime(window.latest),
  };
  const rows = await testRows(job.id);
  if (rows.length > 0)
    return { state: "booked", visits: await describeVisits(rows), window: shown };
  if (now > window.latest) return { state: "over", window: shown };
  return { state: "open", window: shown, windowStart: window.earliest, windowEnd: window.latest };
}

/**
 * The homeowner's choosing view of job `jobId`'s test at `now` (days, times, pick-ups after the
 * chosen `placement`), or the test's state when there is nothing to choose.
 * @returns null for an unknown job
 */
export async function postMitigationChoice(
  jobId: string,
  now: Date,
  choice: { day?: string | null; placement?: string | null },
): Promise<
  | Exclude<PostMitigationView, { state: "open" }>
  | { state: "open"; window: TestWindowView; choose: Awaited<ReturnType<typeof radonWindowView>> }
  | null
> {
  const test = await postMitigationTest(jobId, now);
  if (test?.state !== "open") return test;
  const choose = await radonWindowView(
    { from: test.windowStart, until: test.windowEnd },
    now,
    choice,
  );
  return { state: "open", window: test.window, choose };
}

export type { ChooseView };

/**
 * Writes the test's two `rows` for job `jobId` with one statement, and the homeowner's and the
 * staff members' calendar mail (and, `by` the homeowner, the office's alert) in the same
 * transaction. The job is locked and checked again (completed radon job, nothing booked yet).
 */
async function insertTest(
  jobId: string,
  rows: {
    kind: "radon_placement" | "radon_pickup";
    staff_id: string;
    starts_at: Date;
    ends_at: Date;
  }[],
  by: ChangedBy,
  now: Date,
): Promise<TestOutcome> {
  try {
    const outcome = await db.transaction(
      async (tx): Promise<{ ok: true; rows: VisitRow[] } | TestRefusal> => {
        await tx.select({ id: jobs.id }).from(jobs).where(eq(jobs.id, jobId)).for("update");
        const job = await testJob(jobId, tx);
        if (!job) return NO_JOB;
        const quote = await quoteForBooking(job.quoteId, tx);
        if (!quote) return NO_JOB;
        const inserted = await tx
          .insert(visits)
          .values(rows.map((r) => ({ ...r, quote_id: job.quoteId, test_job_id: job.id })))
          .returning();
        await mailChange(tx, "booked", quote, inserted, { by, now, changeOnline: false });
        return { ok: true, rows: inserted };
      },
    );
    if (!outcome.ok) return outcome;
    kickOutbox();
    return { ok: true, visits: await describeVisits(outcome.rows) };
  } catch (error) {
    if (isUniqueViolation(error, "visits_test_job_kind_unique")) {
      return { ok: false, status: 409, message: TEST_ALREADY_BOOKED };
    }
    if (isExclusionViolation(error)) {
      return {
        ok: false,
        status: 409,
        message:
          by === "homeowner"
            ? SLOT_TAKEN
            : "The technician already has a visit at that time. Choose another time.",
      };
    }
    throw error;
  }
}

/** Checks shared by both ways of booking: a completed radon job whose test is not booked. */
async function openJob(jobId: string): Promise<{ ok: true; job: TestJob } | TestRefusal> {
  const job = await testJob(jobId);
  if (!job) return NO_JOB;
  if (job.service !== "radon") {
    return { ok: false, status: 409, message: "Only a radon job has a post-mitigation test." };
  }
  if (job.status !== "completed" || !job.completedAt) {
    return { ok: false, status: 409, message: TEST_NOT_OPEN };
  }
  if ((await testRows(job.id)).length > 0) {
    return { ok: false, status: 409, message: TEST_ALREADY_BOOKED };
  }
  return { ok: true, job };
}

/**
 * The SGM-SF windows' check of `job`'s test with its placement starting at `placement` and its
 * pick-up at `pickup`, each as long as the schedule's length of its kind.
 * @returns both visits' ends, or 400 with the rule's own message
 */
async function testEnds(
  job: TestJob,
  placement: Date,
  pickup: Date,
): Promise<{ ok: true; placementEnd: Date; pickupEnd: Date } | TestRefusal> {
  const { lengths } = await visitSettings();
  const placementEnd = new Date(placement.getTime() + lengths.radon_placement * 60_000);
  const problem = postMitigationProblem(job.completedAt as Date, placement, placementEnd, pickup);
  if (problem) return { ok: false, status: 400, message: problem };
  const pickupEnd = new Date(pickup.getTime() + lengths.radon_pickup * 60_000);
  return { ok: true, placementEnd, pickupEnd };
}

/**
 * The homeowner books job `jobId`'s test from `form`: `placement` and `pickup`, ISO instants of
 * free slots (the choosing view's), at `now`.
 * @returns the booked visits; 400 for a missing choice or one outside the windows (the rule's
 *   own message: 24 hours, 30 days, 48 to 96 hours); 409 SLOT_TAKEN when a time is no longer free,
 *   TEST_ALREADY_BOOKED for a second booking, or a job without an open test; 404 unknown job.
 *   Nothing is written unless both visits are.
 */
export async function bookTestAsHomeowner(
  jobId: string,
  form: FormData,
  now: Date = new Date(),
): Promise<TestOutcome> {
  const open = await openJob(jobId);
  if (!open.ok) return open;
  const { job } = open;
  const placement = instant(form.get("placement"));
  const pickup = instant(form.get("pickup"));
  if (!placement || !pickup) {
    return { ok: false, status: 400, message: "Choose the placement and the pick-up times." };
  }
  const ends = await testEnds(job, placement, pickup);
  if (!ends.ok) return ends;
  const window = placementWindow(job.completedAt as Date);
  const chosen = await radonWindowRows(
    { from: window.earliest, until: window.latest },
    now,
    placement,
    pickup,
  );
  if (!chosen.ok) return chosen;
  return insertTest(job.id, chosen.rows as Parameters<typeof insertTest>[1], "homeowner", now);
}

/** A staff booking: the technician and both start times (the lengths are the schedule's). */
export interface StaffTestChoice {
  staffId: string;
  placementStartsAt: Date;
  pickupStartsAt: Date;
}

/**
 * Reads the job page's form: `staff` (a staff member's id), `placementDay` and `pickupDay`
 * (YYYY-MM-DD), `placementTime` and `pickupTime` ("HH:MM", Utah wall time).
 * @returns the choice, or a message for staff
 */
export function staffTestChoice(form: FormData): StaffTestChoice | { error: string } {
  const at = (dayField: string, timeField: string) => {
    const day = String(form.get(dayField) ?? "");
    const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(String(form.get(timeField) ?? ""));
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || !match) return null;
    return denverInstant(day, Number(match[1]) * 60 + Number(match[2]));
  };
  const placement = at("placementDay", "placementTime");
  const pickup = at("pickupDay", "pickupTime");
  const staffId = String(form.get("staff") ?? "");
  if (!placement || !pickup) {
    return { error: "Give the day and time of the placement and of the pick-up (Utah time)." };
  }
  if (!staffId) return { error: "Choose who places and picks up the detector." };
  return { staffId, placementStartsAt: placement, pickupStartsAt: pickup };
}

/**
 * Staff book job `jobId`'s test at `choice` (one technician for both visits, each as long as
 * the schedule's length of its kind), at `now`. Staff are not held to the lead time or working
 * hours, but to the SGM-SF windows.
 * @returns as bookTestAsHomeowner; 400 also when the technician is not staff; 409 for their
 *   overlap with another visit
 */
export async function bookTestAsStaff(
  jobId: string,
  choice: StaffTestChoice,
  now: Date = new Date(),
): Promise<TestOutcome> {
  const open = await openJob(jobId);
  if (!open.ok) return open;
  const [staff] = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(and(eq(profiles.id, choice.staffId), eq(profiles.is_admin, true)));
  if (!staff) return { ok: false, status: 400, message: "Choose a technician among the staff." };
  const ends = await testEnds(open.job, choice.placementStartsAt, choice.pickupStartsAt);
  if (!ends.ok) return ends;
  return insertTest(
    open.job.id,
    [
      {
        kind: "radon_placement",
        staff_id: staff.id,
        starts_at: choice.placementStartsAt,
        ends_at: ends.placementEnd,
      },
      {
        kind: "radon_pickup",
        staff_id: staff.id,
        starts_at: choice.pickupStartsAt,
        ends_at: ends.pickupEnd,
      },
    ],
    "staff",
    now,
  );
}
