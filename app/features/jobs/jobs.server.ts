/**
 * Staff's side of jobs: opening one by hand on an approved quote, moving its status (the quote
 * follows: approved -> in progress -> completed, each move in the quote's history and mailed as a
 * change by hand is), its crew, and the reads of the job pages. Callers (routes under /admin) have
 * checked the admin; ids come through app/lib/ids.ts. docs/decisions/0210-jobs.md
 */
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { job_crew, job_lines, job_status_history, jobs, profiles, quotes, user } from "~/db/schema";
import { notClosedAccount } from "~/features/accounts/admins.server";
import { canMoveJob, type JobStatus, jobNumberLabel, jobStatus } from "~/features/catalog/jobs";
import type { QuoteStatus } from "~/features/quotes/reference";
import { canTransition } from "~/features/quotes/status";
import { moveQuoteStatus } from "~/features/quotes/status-change.server";
import { CrewOverlap, insertWorkVisits } from "~/features/visits/work.server";
import { db } from "~/lib/db.server";
import { isId } from "~/lib/ids";
import { kickOutbox, queueMail } from "~/lib/outbox.server";
import { createJob, type Transaction } from "./create.server";
import { runJobCompleted } from "./events.server";
import { recordProblems } from "./record.server";
import { queueCompletionReport } from "./report-mail.server";
import { mailSignOffLink } from "./sign-off.server";

export type JobOutcome<T = object> =
  | ({ ok: true } & T)
  | { ok: false; status: 400 | 404 | 409; message: string };

const NO_JOB = { ok: false, status: 404, message: "No such job." } as const;
export const STALE_JOB_MESSAGE = "This job was changed by someone else; reload to see it";

/** Quote statuses on which staff may open a job by hand: the work was agreed. */
const OPENABLE_QUOTE_STATUSES: readonly string[] = ["approved", "in_progress"];

/**
 * Opens a job by hand on quote `quoteId` (work agreed by phone), on behalf of admin `staffId`:
 * no lines (no option was accepted); `note` says why.
 * @returns ok with the job's id and number; 404 for an unknown quote; 409 when the quote is not
 *   approved or already has a job (nothing written)
 */
export async function openJobByHand(
  quoteId: string,
  staffId: string,
  note: string | null,
  now: Date = new Date(),
): Promise<JobOutcome<{ id: string; number: number }>> {
  if (!isId(quoteId)) return { ok: false, status: 404, message: "No such quote." };
  return db.transaction(async (tx): Promise<JobOutcome<{ id: string; number: number }>> => {
    const [quote] = await tx
      .select({ status: quotes.current_status, service: quotes.service })
      .from(quotes)
      .where(eq(quotes.id, quoteId))
      .for("update");
    if (!quote) return { ok: false, status: 404, message: "No such quote." };
    if (!OPENABLE_QUOTE_STATUSES.includes(quote.status)) {
      return {
        ok: false,
        status: 409,
        message: "A job can be opened only on an approved quote. Approve the quote first.",
      };
    }
    const [existing] = await tx
      .select({ number: jobs.number })
      .from(jobs)
      .where(eq(jobs.quote_id, quoteId));
    if (existing) {
      return {
        ok: false,
        status: 409,
        message: `This quote already has job ${jobNumberLabel(existing.number)}.`,
      };
    }
    const job = await createJob(tx, {
      quoteId,
      service: quote.service,
      acceptanceId: null,
      optionName: null,
      totalCents: null,
      lines: [],
      createdBy: staffId,
      note: note ? `Opened by hand: ${note}` : "Opened by hand",
      openedNote: note,
      now,
    });
    return { ok: true, ...job };
  });
}

/** The quote status a job's status brings its quote to (null: the quote stays as it is). */
function quoteStatusFor(job: JobStatus): QuoteStatus | null {
  if (job === "scheduled" || job === "in_progress") return "in_progress";
  if (job === "completed") return "completed";
  return null;
}

/**
 * Inside `tx`: moves the job's quote along with the job (approved -> in progress -> completed),
 * when that is a move the quote's workflow allows from where it stands. The history row's note
 * names the job.
 * @returns whether a status mail was queued
 */
async function quoteFollows(
  tx: Transaction,
  job: { quoteId: string; number: number },
  to: JobStatus,
  changedBy: string | null,
): Promise<boolean> {
  const target = quoteStatusFor(to);
  if (!target) return false;
  const [quote] = await tx
    .select({ status: quotes.current_status })
    .from(quotes)
    .where(eq(quotes.id, job.quoteId))
    .for("update");
  if (!quote || !canTransition(quote.status, target)) return false;
  return moveQuoteStatus(tx, job.quoteId, quote.status, target, {
    changedBy,
    notes: `Job ${jobNumberLabel(job.number)} ${jobStatus.label(to).toLowerCase()}`,
  });
}

export interface JobStatusChange {
  status: JobStatus;
  /** the status the person saw */
  expectedStatus: JobStatus;
  /** required when cancelling (the reason) */
  notes: string | null;
}

/**
 * Moves job `jobId` from `change.expectedStatus` to `change.status` on behalf of admin `changedBy`,
 * in one transaction with its history row and the quote following it. Completing goes through
 * `completeJob()` instead (the completion record's checks).
 * @returns 400 for a move JOB_TRANSITIONS does not allow or a cancellation without a reason; 404
 *   for an unknown job; 409 when the job changed meanwhile (nothing written then)
 */
export async function changeJobStatus(
  jobId: string,
  change: JobStatusChange,
  changedBy: string,
  now: Date = new Date(),
): Promise<JobOutcome> {
  if (!isId(jobId)) return NO_JOB;
  if (change.status === "completed") {
    return { ok: false, status: 400, message: "Complete the job from its completion record." };
  }
  if (!canMoveJob(change.expectedStatus, change.status)) {
    return {
      ok: false,
      status: 400,
      message: `A job that is ${jobStatus.label(change.expectedStatus)} cannot become ${jobStatus.label(change.status)}.`,
    };
  }
  if (change.status === "cancelled" && !change.notes) {
    return { ok: false, status: 400, message: "Give the reason for cancelling the job." };
  }
  const outcome = await db.transaction(async (tx): Promise<JobOutcome<{ mailed: boolean }>> => {
    const [job] = await tx
      .update(jobs)
      .set({
        status: change.status,
        updated_at: now,
        cancel_reason: change.status === "cancelled" ? change.notes : null,
      })
      .where(and(eq(jobs.id, jobId), eq(jobs.status, change.expectedStatus)))
      .returning({ id: jobs.id, number: jobs.number, quoteId: jobs.quote_id });
    if (!job) {
      const [exists] = await tx.select({ id: jobs.id }).from(jobs).where(eq(jobs.id, jobId));
      return exists ? { ok: false, status: 409, message: STALE_JOB_MESSAGE } : NO_JOB;
    }
    await tx.insert(job_status_history).values({
      job_id: job.id,
      status: change.status,
      changed_by: changedBy,
      notes: change.notes,
      created_at: now,
    });
    return { ok: true, mailed: await quoteFollows(tx, job, change.status, changedBy) };
  });
  if (outcome.ok && outcome.mailed) kickOutbox();
  return outcome.ok ? { ok: true } : outcome;
}

/**
 * Completes job `jobId` (scheduled or in progress) on behalf of admin `completedBy`: the job's
 * status, completion time and history row, the quote following (completed), the 'job completed'
 * listeners (events.server.ts), the homeowner's mail with the completion report PDF and their
 * sign-off link (sign-off.server.ts), all in one transaction.
 * @returns 400 with the missing items when the completion record is not complete; 404 unknown;
 *   409 when the job is not open for completion (nothing written then)
 */
export async function completeJob(
  jobId: string,
  completedBy: string,
  now: Date = new Date(),
): Promise<JobOutcome | { ok: false; status: 400; message: string; missing: string[] }> {
  if (!isId(jobId)) return NO_JOB;
  const outcome = await db.transaction(async (tx) => {
    const [job] = await tx
      .select({
        id: jobs.id,
        number: jobs.number,
        quoteId: jobs.quote_id,
        status: jobs.status,
        service: jobs.service,
        totalCents: jobs.total_cents,
      })
      .from(jobs)
      .where(eq(jobs.id, jobId))
      .for("update");
    if (!job) return NO_JOB;
    if (!canMoveJob(job.status, "completed")) {
      return {
        ok: false as const,
        status: 409 as const,
        message: `A job that is ${jobStatus.label(job.status)} cannot be completed.`,
      };
    }
    const missing = await recordProblems(tx, job.id, job.service);
    if (missing.length > 0) {
      return {
        ok: false as const,
        status: 400 as const,
        message: `The job cannot be completed yet: ${missing.join("; ")}.`,
        missing,
      };
    }
    await tx
      .update(jobs)
      .set({ status: "completed", completed_at: now, updated_at: now })
      .where(eq(jobs.id, job.id));
    await tx.insert(job_status_history).values({
      job_id: job.id,
      status: "completed",
      changed_by: completedBy,
      notes: null,
      created_at: now,
    });
    await quoteFollows(tx, job, "completed", completedBy);
    await mailSignOffLink(tx, job.id, now);
    await runJobCompleted(tx, {
      id: job.id,
      number: job.number,
      quoteId: job.quoteId,
      service: job.service,
      totalCents: job.totalCents,
      completedAt: now,
      completedBy,
    });
    await queueCompletionReport(tx, job.id);
    return { ok: true as const };
  });
  if (outcome.ok) {
    kickOutbox();
    return { ok: true };
  }
  return outcome;
}

/** Admins who may be crew, by name (or email). */
export async function crewCandidates(): Promise<{ id: string; name: string }[]> {
  const rows = await db
    .select({ id: user.id, email: user.email, name: profiles.full_name })
    .from(profiles)
    .innerJoin(user, eq(user.id, profiles.id))
    .where(and(eq(profiles.is_admin, true), notClosedAccount))
    .orderBy(asc(user.email));
  return rows.map((r) => ({ id: r.id, name: r.name || r.email }));
}

/**
 * Sets job `jobId`'s crew to `staffIds` (each an admin; the list replaces the old one).
 * @returns 400 when one of them is not an admin; 404 for an unknown job; 409 once it is closed
 */
export async function setJobCrew(jobId: string, staffIds: readonly string[]): Promise<JobOutcome> {
  if (!isId(jobId)) return NO_JOB;
  const unique = [...new Set(staffIds)];
  const admins =
    unique.length === 0
      ? []
      : await db
          .select({ id: profiles.id })
          .from(profiles)
          .where(and(inArray(profiles.id, unique), eq(profiles.is_admin, true)));
  if (admins.length !== unique.length) {
    return { ok: false, status: 400, message: "Choose crew members among the staff." };
  }
  return db.transaction(async (tx): Promise<JobOutcome> => {
    const locked = await lockOpenJob(tx, jobId, "The crew of a closed job cannot change.");
    if (!locked.ok) return locked;
    await tx.delete(job_crew).where(eq(job_crew.job_id, jobId));
    if (unique.length > 0) {
      await tx.insert(job_crew).values(unique.map((id) => ({ job_id: jobId, user_id: id })));
    }
    return { ok: true };
  });
}

/**
 * Inside `tx`: locks job `jobId` for a change a closed job refuses.
 * @returns the job (id, number, quote id, status); 404; 409 `closedMessage` when it is completed or
 *   cancelled
 */
async function lockOpenJob(
  tx: Transaction,
  jobId: string,
  closedMessage: string,
): Promise<
  JobOutcome<{ job: { id: string; number: number; quoteId: string; status: JobStatus } }>
> {
  const [job] = await tx
    .select({ id: jobs.id, number: jobs.number, quoteId: jobs.quote_id, status: jobs.status })
    .from(jobs)
    .where(eq(jobs.id, jobId))
    .for("update");
  if (!job) return NO_JOB;
  if (job.status === "completed" || job.status === "cancelled") {
    return { ok: false, status: 409, message: closedMessage };
  }
  return { ok: true, job };
}

/** Job `jobId` with its lines, crew and history for the admin's job page, or null. */
export async function jobDetail(jobId: string) {
  if (!isId(jobId)) return null;
  const [job] = await db
    .select({
      job: jobs,
      quote: {
        id: quotes.id,
        status: quotes.current_status,
        firstName: quotes.contact_first_name,
        lastName: quotes.contact_last_name,
        email: quotes.contact_email,
        phone: quotes.contact_phone,
        address: quotes.property_address,
        city: quotes.property_city,
        state: quotes.property_state,
        zip: quotes.property_zip_code,
        quoteZip: quotes.zip_code,
      },
    })
    .from(jobs)
    .innerJoin(quotes, eq(quotes.id, jobs.quote_id))
    .where(eq(jobs.id, jobId));
  if (!job) return null;
  const [lines, crew, history] = await Promise.all([
    db.select().from(job_lines).where(eq(job_lines.job_id, jobId)).orderBy(asc(job_lines.position)),
    db
      .select({ id: job_crew.user_id, name: profiles.full_name, email: user.email })
      .from(job_crew)
      .innerJoin(user, eq(user.id, job_crew.user_id))
      .leftJoin(profiles, eq(profiles.id, job_crew.user_id))
      .where(eq(job_crew.job_id, jobId))
      .orderBy(asc(user.email)),
    db
      .select({
        id: job_status_history.id,
        status: job_status_history.status,
        notes: job_status_history.notes,
        at: job_status_history.created_at,
        byName: profiles.full_name,
        byEmail: user.email,
        by: job_status_history.changed_by,
      })
      .from(job_status_history)
      .leftJoin(user, eq(user.id, job_status_history.changed_by))
      .leftJoin(profiles, eq(profiles.id, job_status_history.changed_by))
      .where(eq(job_status_history.job_id, jobId))
      .orderBy(desc(job_status_history.created_at), desc(sql`${job_status_history.id}`)),
  ]);
  return { ...job, lines, crew, history };
}

/**
 * Books a work visit of job `jobId` at `times` for crew members `staffIds` (each on the job's
 * crew), on behalf of admin `bookedBy`, in one transaction: a visit row per crew member (the
 * database refuses a crew member's overlap), the homeowner's mail with the `.ics`, and an
 * unscheduled job becoming scheduled (its quote following, as `changeJobStatus`).
 * @returns 400 without crew or with someone not on the crew; 404 unknown; 409 for a closed job or
 *   an overlap (nothing written then)
 */
export async function bookWorkVisit(
  jobId: string,
  staffIds: readonly string[],
  times: { startsAt: Date; endsAt: Date },
  bookedBy: string,
  now: Date = new Date(),
): Promise<JobOutcome> {
  if (!isId(jobId)) return NO_JOB;
  const chosen = [...new Set(staffIds)];
  if (chosen.length === 0) {
    return { ok: false, status: 400, message: "Choose who of the crew goes." };
  }
  try {
    const outcome = await db.transaction(async (tx): Promise<JobOutcome> => {
      const locked = await lockOpenJob(tx, jobId, "A closed job gets no more work visits.");
      if (!locked.ok) return locked;
      const { job } = locked;
      const crew = await tx
        .select({ id: job_crew.user_id })
        .from(job_crew)
        .where(and(eq(job_crew.job_id, jobId), inArray(job_crew.user_id, chosen)));
      if (crew.length !== chosen.length) {
        return { ok: false, status: 400, message: "Assign them to the job's crew first." };
      }
      const booked = await insertWorkVisits(tx, {
        jobId,
        quoteId: job.quoteId,
        staffIds: chosen,
        ...times,
      });
      await queueMail(tx, [booked.mail]);
      if (job.status === "unscheduled") {
        await tx
          .update(jobs)
          .set({ status: "scheduled", updated_at: now })
          .where(eq(jobs.id, jobId));
        await tx.insert(job_status_history).values({
          job_id: jobId,
          status: "scheduled",
          changed_by: bookedBy,
          notes: "Work visit booked",
          created_at: now,
        });
        await quoteFollows(tx, job, "scheduled", bookedBy);
      }
      return { ok: true };
    });
    if (outcome.ok) kickOutbox();
    return outcome;
  } catch (error) {
    if (error instanceof CrewOverlap) {
      return {
        ok: false,
        status: 409,
        message: "A crew member already has a visit at that time. Choose another time.",
      };
    }
    throw error;
  }
}
