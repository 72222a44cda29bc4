/**
 * The final invoice made by a job's completion, in the completion's transaction: the balance is
 * invoiced when the work is done. A job opened by hand without an accepted estimate, or with
 * nothing left to invoice, completes without one: staff invoice it by hand from the quote's page.
 */
import { onJobCompleted } from "~/features/jobs/events.server";
import { finalInvoiceIn } from "./invoices.server";

/**
 * Registers the listener once per process (the server's start-up calls it).
 * @returns a function removing it
 */
export function invoiceCompletedJobs(): () => void {
  return onJobCompleted(async (tx, job) => {
    await finalInvoiceIn(tx, job.quoteId, job.completedBy, job.completedAt);
  });
}
