/**
 * The invoices' part of a customer's personal data (app/lib/personal-data.server.ts): the
 * invoices of their account or of their quotes, with payments and refunds. On closing, invoices
 * are company records: they are detached from the account (customer_id cleared), never deleted;
 * the copied name and email stay for the books.
 */
import { asc, eq, inArray, or } from "drizzle-orm";
import { invoices, payments, quotes, refunds } from "~/db/schema";
import { db } from "~/lib/db.server";
import { exportTime, type PersonalDataPart, type SectionContent } from "~/lib/personal-data.server";
import { invoiceLines } from "./invoices.server";

async function invoicesSection(userId: string): Promise<SectionContent> {
  const own = db.select({ id: quotes.id }).from(quotes).where(eq(quotes.user_id, userId));
  const rows = await db
    .select()
    .from(invoices)
    .where(or(eq(invoices.customer_id, userId), inArray(invoices.quote_id, own)))
    .orderBy(asc(invoices.created_at));
  const ids = rows.map((r) => r.id);
  const paid =
    ids.length === 0
      ? []
      : await db
          .select()
          .from(payments)
          .where(inArray(payments.invoice_id, ids))
          .orderBy(asc(payments.created_at));
  const returned =
    paid.length === 0
      ? []
      : await db
          .select()
          .from(refunds)
          .where(
            inArray(
              refunds.payment_id,
              paid.map((p) => p.id),
            ),
          );
  return {
    data: rows.map((invoice) => ({
      number: invoice.number,
      kind: invoice.kind,
      status: invoice.status,
      customerName: invoice.customer_name,
      customerEmail: invoice.customer_email,
      issuedOn: invoice.issued_on,
      dueOn: invoice.due_on,
      lines: invoiceLines(invoice),
      totalCents: invoice.total_cents,
      paidCents: invoice.paid_cents,
      payments: paid
        .filter((p) => p.invoice_id === invoice.id)
        .map((p) => ({
          method: p.method,
          status: p.status,
          amountCents: p.amount_cents,
          receivedOn: p.received_on,
          reference: p.reference,
          refunds: returned
            .filter((r) => r.payment_id === p.id)
            .map((r) => ({
              amountCents: r.amount_cents,
              refundedOn: r.refunded_on,
              at: exportTime(r.created_at),
            })),
        })),
    })),
  };
}

/** The customer's invoices and payments. */
export const invoicesPart: PersonalDataPart = {
  name: "invoices",
  sections: [
    {
      file: "invoices.json",
      describes: "your invoices, with the payments and refunds made on them",
      collect: invoicesSection,
    },
  ],
  async close(tx, account) {
    await tx
      .update(invoices)
      .set({ customer_id: null })
      .where(eq(invoices.customer_id, account.userId));
  },
};
