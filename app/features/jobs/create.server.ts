/**
 * Making a job: the next `J-` number and the job's rows, inside the caller's transaction. The
 * estimate's acceptance calls it in its own transaction (so an accepted estimate always has its
 * job, and a failed acceptance leaves none); staff opening a job by hand call it through
 * `openJobByHand()` (jobs.server.ts). docs/decisions/0210-jobs.md
 */
import { eq, sql } from "drizzle-orm";
import { job_lines, job_number_counter, job_status_history, jobs } from "~/db/schema";
import type { EstimateUnit } from "~/features/catalog/estimate-enums";
import type { ServiceId } from "~/features/catalog/services";
import type { Database } from "~/lib/db.server";

export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** One line of the accepted option, as the estimate froze it. */
export interface JobLineInput {
  name: string;
  description: string;
  unit: EstimateUnit;
  quantityThousandths: number;
  unitPriceCents: number;
  amountCents: number;
  taxable: boolean;
}

export interface NewJob {
  quoteId: string;
  service: ServiceId;
  /** the acceptance the job comes from; null when staff open it by hand */
  acceptanceId: string | null;
  optionName: string | null;
  totalCents: number | null;
  lines: readonly JobLineInput[];
  /** who made it: the signed-in homeowner who accepted, the staff member, or null (a link holder) */
  createdBy: string | null;
  /** the first history row's note */
  note: string;
  /** staff's reason for opening it by hand */
  openedNote?: string | null;
  now: Date;
}

/**
 * Takes the next job number inside `tx`: the counter row is updated (made at the first job), so
 * concurrent transactions take numbers one after the other and a rolled-back one gives its number
 * back. No gaps, no repeats.
 * @returns the number (1, 2, ...)
 */
export async function nextJobNumber(tx: Transaction): Promise<number> {
  const [row] = await tx
    .insert(job_number_counter)
    .values({ id: true, last_number: 1 })
    .onConflictDoUpdate({
      target: job_number_counter.id,
      set: { last_number: sql`${job_number_counter.last_number} + 1` },
    })
    .returning({ number: job_number_counter.last_number });
  if (!row) throw new Error("the job number counter returned no row");
  return row.number;
}

/**
 * Writes job `job` inside `tx`: the job row (unscheduled), its lines and its first history row.
 * The caller has checked the quote may have a job; `jobs_quote_unique` refuses a second job of one
 * quote (the whole transaction fails then).
 * @returns the job's id and number
 */
export async function createJob(
  tx: Transaction,
  job: NewJob,
): Promise<{ id: string; number: number }> {
  const number = await nextJobNumber(tx);
  const [row] = await tx
    .insert(jobs)
    .values({
      number,
      quote_id: job.quoteId,
      estimate_acceptance_id: job.acceptanceId,
      service: job.service,
      option_name: job.optionName,
      total_cents: job.totalCents,
      opened_note: job.openedNote ?? null,
      created_by: job.createdBy,
      created_at: job.now,
      updated_at: job.now,
    })
    .returning({ id: jobs.id, number: jobs.number });
  if (!row) throw new Error("the job insert returned no row");
  await insertLines(tx, row.id, job.lines);
  await tx.insert(job_status_history).values({
    job_id: row.id,
    status: "unscheduled",
    changed_by: job.createdBy,
    notes: job.note,
    created_at: job.now,
  });
  return row;
}

/**
 * The job of an accepted estimate, inside the acceptance's transaction `tx`: a new job, or, when
 * staff had already opened one by hand for the quote (work agreed by phone), that job now tied to
 * the acceptance, with the accepted option's lines if it had none and a history row saying so.
 * @returns the job's id and number
 */
export async function jobForAcceptance(
  tx: Transaction,
  job: NewJob & { acceptanceId: string },
): Promise<{ id: string; number: number }> {
  const [existing] = await tx
    .select({ id: jobs.id, number: jobs.number, status: jobs.status })
    .from(jobs)
    .where(eq(jobs.quote_id, job.quoteId))
    .for("update");
  if (!existing) return createJob(tx, job);
  await tx
    .update(jobs)
    .set({
      estimate_acceptance_id: job.acceptanceId,
      option_name: job.optionName,
      total_cents: job.totalCents,
      updated_at: job.now,
    })
    .where(eq(jobs.id, existing.id));
  const [line] = await tx
    .select({ position: job_lines.position })
    .from(job_lines)
    .where(eq(job_lines.job_id, existing.id))
    .limit(1);
  if (!line) await insertLines(tx, existing.id, job.lines);
  await tx.insert(job_status_history).values({
    job_id: existing.id,
    status: existing.status,
    changed_by: job.createdBy,
    notes: job.note,
    created_at: job.now,
  });
  return existing;
}

async function insertLines(tx: Transaction, jobId: string, lines: readonly JobLineInput[]) {
  if (lines.length === 0) return;
  await tx.insert(job_lines).values(
    lines.map((line, i) => ({
      job_id: jobId,
      position: i + 1,
      name: line.name,
      description: line.description,
      unit: line.unit,
      quantity_thousandths: line.quantityThousandths,
      unit_price_cents: line.unitPriceCents,
      amount_cents: line.amountCents,
      taxable: line.taxable,
    })),
  );
}
