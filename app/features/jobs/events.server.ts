/**
 * The 'job completed' hook: other features (invoicing) register a listener that runs inside the
 * completion's transaction, so what it writes (a final invoice) exists exactly when the completed
 * job does. A listener that throws rolls the completion back.
 */
import type { ServiceId } from "~/features/catalog/services";
import type { Transaction } from "./create.server";

/** The job that has just been completed, as a listener receives it. */
export interface CompletedJob {
  id: string;
  number: number;
  quoteId: string;
  service: ServiceId;
  /** the accepted option's total in integer cents; null for a job opened by hand */
  totalCents: number | null;
  completedAt: Date;
  /** the staff member who completed it */
  completedBy: string;
}

export type JobCompletedListener = (tx: Transaction, job: CompletedJob) => Promise<void>;

const listeners = new Set<JobCompletedListener>();

/**
 * Registers `listener` to run inside every job completion's transaction, after the job row and
 * its history are written.
 * @returns a function removing it
 */
export function onJobCompleted(listener: JobCompletedListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Runs every registered listener for `job` in `tx`, one after another. */
export async function runJobCompleted(tx: Transaction, job: CompletedJob): Promise<void> {
  for (const listener of listeners) await listener(tx, job);
}
