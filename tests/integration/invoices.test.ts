import { and, eq } from "drizzle-orm";
import { extractText, getDocumentProxy } from "unpdf";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import { seedPriceBook } from "~/features/estimates/seed.server";
import {
  createFinalInvoice,
  depositCents,
  insertInvoice,
  invoiceIdByToken,
  invoiceLines,
  isOverdue,
  sendInvoice,
  voidInvoice,
} from "~/features/invoices/invoices.server";
import { recordStaffPayment } from "~/features/invoices/payments.server";
import { db } from "~/lib/db.server";
import type { SessionUser } from "~/lib/session.server";
import { makeUser } from "../setup/admin";
import { drivers, freshDatabase, type TestDatabase } from "../setup/database";
import { acceptedQuote, invoicesOf } from "../setup/invoices";

async function pdfText(content: Buffer): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(content));
  return (await extractText(pdf, { mergePages: true })).text;
}

describe.each(drivers)("invoices on %s", (driver) => {
  let database: TestDatabase;
  let admin: SessionUser;

  beforeAll(async () => {
    database = await freshDatabase(driver, {
      ESTIMATE_TAX_RATE: "7.25",
      COMPANY_PHONE: "801-555-0142",
      COMPANY_EMAIL: "office@remediation.test",
    });
    await seedPriceBook();
    admin = await makeUser("books@remediation.test", { admin: true, totp: true });
  }, 180_000);
  afterAll(async () => {
    await database.dispose();
  });

  it("rounds a deposit half up in integer cents", () => {
    expect(depositCents(100_001, 5000)).toBe(50_001);
    expect(depositCents(3, 5000)).toBe(2);
    expect(depositCents(123_456, 0)).toBe(0);
    expect(depositCents(123_456, 10_000)).toBe(123_456);
  });

  it("writes the deposit invoice in the acceptance, mails its private link and PDF, due net 15", async () => {
    const accepted = new Date("2026-03-10T18:00:00Z");
    const { quoteId, totalCents } = await acceptedQuote(admin, 50, accepted);
    const [deposit, ...others] = await invoicesOf(quoteId);
    expect(others).toEqual([]);
    expect(deposit).toMatchObject({
      kind: "deposit",
      status: "sent",
      total_cents: depositCents(totalCents, 5000),
      tax_cents: 0,
      paid_cents: 0,
      issued_on: "2026-03-10",
      due_on: "2026-03-25",
      customer_name: "Ann Lee",
    });
    expect(deposit?.number).toMatch(/^INV-2026-\d{4}$/);
    const [mail] = await db
      .select()
      .from(schema.mail_outbox)
      .where(
        and(eq(schema.mail_outbox.kind, "invoice_sent"), eq(schema.mail_outbox.quote_id, quoteId)),
      );
    expect(mail?.subject).toContain(`Invoice ${deposit?.number}`);
    const token = /\/invoices\/([\w-]{43})/.exec(mail?.text_body ?? "")?.[1] as string;
    expect(await invoiceIdByToken(token)).toBe(deposit?.id);
    const [file] = await db
      .select()
      .from(schema.mail_outbox_attachments)
      .where(eq(schema.mail_outbox_attachments.outbox_id, mail?.id as string));
    expect(file?.filename).toBe(`${deposit?.number}.pdf`);
    const text = await pdfText(file?.content as Buffer);
    expect(text).toContain(`Invoice ${deposit?.number}`);
    expect(text).toContain("Deposit: 50% of Passive system");
    // the quote's history has the invoice
    const history = await db
      .select({ notes: schema.quote_status_history.notes })
      .from(schema.quote_status_history)
      .where(eq(schema.quote_status_history.quote_id, quoteId));
    expect(history.map((h) => h.notes)).toEqual(
      expect.arrayContaining([
        expect.stringContaining(`Invoice ${deposit?.number} (deposit) made`),
      ]),
    );
  });

  it("makes no deposit invoice when the service asks none (0 %)", async () => {
    const { quoteId } = await acceptedQuote(admin, 0);
    expect(await invoicesOf(quoteId)).toEqual([]);
  });

  it("freezes the final invoice's lines from the accepted option, tax as estimated, less the deposit; once", async () => {
    const { quoteId, totalCents } = await acceptedQuote(admin, 50);
    const outcome = await createFinalInvoice(quoteId, admin.id);
    if (!outcome.ok) throw new Error(outcome.message);
    const [deposit] = await invoicesOf(quoteId);
    const final = outcome.invoice;
    const lines = invoiceLines(final);
    expect(lines.map((l) => l.name)).toEqual([
      expect.stringContaining("Passive radon vent"),
      "Sealing",
      `Less deposit ${deposit?.number}`,
    ]);
    expect(lines[1]).toMatchObject({
      quantityThousandths: 2500,
      unitPriceCents: 9500,
      amountCents: 23_750,
      taxable: true,
    });
    expect(final.tax_cents).toBeGreaterThan(0);
    expect(final.total_cents + (deposit?.total_cents ?? 0)).toBe(totalCents);
    expect(final.status).toBe("draft");
    const again = await createFinalInvoice(quoteId, admin.id);
    expect(again).toMatchObject({ ok: true, already: true, invoice: { id: final.id } });
    // a request without an accepted estimate has nothing to invoice
    expect(await createFinalInvoice(crypto.randomUUID(), admin.id)).toMatchObject({ status: 404 });
  });

  it("numbers without gaps per year under concurrent transactions; a void invoice keeps its number", async () => {
    const { quoteId } = await acceptedQuote(admin, 0);
    const line = {
      name: "Inspection",
      description: "",
      quantityThousandths: 1000,
      unitPriceCents: 10_000,
      amountCents: 10_000,
      taxable: false,
    };
    const made = await Promise.all(
      Array.from({ length: 12 }, () =>
        db.transaction((tx) =>
          insertInvoice(tx, {
            quoteId,
            kind: "manual",
            lines: [line],
            taxCents: 0,
            issuedOn: "2031-05-01",
          }),
        ),
      ),
    );
    // one of them rolls back: its number is given to the next invoice, not lost
    await expect(
      db.transaction(async (tx) => {
        await insertInvoice(tx, {
          quoteId,
          kind: "manual",
          lines: [line],
          taxCents: 0,
          issuedOn: "2031-06-01",
        });
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    const next = await db.transaction((tx) =>
      insertInvoice(tx, {
        quoteId,
        kind: "manual",
        lines: [line],
        taxCents: 0,
        issuedOn: "2031-07-01",
      }),
    );
    const numbers = [...made.map((i) => i.number), next.number].sort();
    expect(numbers).toEqual(
      Array.from({ length: 13 }, (_, i) => `INV-2031-${String(i + 1).padStart(4, "0")}`),
    );
    // a new year starts at 0001
    const nextYear = await db.transaction((tx) =>
      insertInvoice(tx, {
        quoteId,
        kind: "manual",
        lines: [line],
        taxCents: 0,
        issuedOn: "2032-01-01",
      }),
    );
    expect(nextYear.number).toBe("INV-2032-0001");
    expect(await voidInvoice(next.id, admin.id)).toEqual({ ok: true });
    const [voided] = await db.select().from(schema.invoices).where(eq(schema.invoices.id, next.id));
    expect(voided).toMatchObject({ status: "void", number: "INV-2031-0013" });
    expect(await sendInvoice(next.id, admin.id)).toMatchObject({ ok: false, status: 409 });
  });

  it("shows overdue from the day after the due date, never for paid or void", () => {
    const invoice = { status: "sent" as const, due_on: "2026-03-25" };
    expect(isOverdue(invoice, "2026-03-25")).toBe(false);
    expect(isOverdue(invoice, "2026-03-26")).toBe(true);
    expect(isOverdue({ ...invoice, status: "partly_paid" }, "2026-04-30")).toBe(true);
    expect(isOverdue({ ...invoice, status: "paid" }, "2026-04-30")).toBe(false);
    expect(isOverdue({ ...invoice, status: "void" }, "2026-04-30")).toBe(false);
  });

  it("records staff payments within the balance; the database keeps paid between 0 and the total", async () => {
    const { quoteId } = await acceptedQuote(admin, 50);
    const [deposit] = await invoicesOf(quoteId);
    const id = deposit?.id as string;
    const total = deposit?.total_cents as number;
    expect(
      await recordStaffPayment(
        id,
        { method: "check", amount: 1000, receivedOn: "2026-03-12" },
        admin.id,
      ),
    ).toMatchObject({
      ok: false,
      status: 400,
      fieldErrors: { reference: ["Enter the check number"] },
    });
    expect(
      await recordStaffPayment(
        id,
        { method: "cash", amount: total + 1, receivedOn: "2026-03-12" },
        admin.id,
      ),
    ).toMatchObject({ ok: false, status: 400 });
    const part = await recordStaffPayment(
      id,
      { method: "check", amount: 1000, receivedOn: "2026-03-12", reference: "1042" },
      admin.id,
    );
    expect(part.ok).toBe(true);
    let [row] = await invoicesOf(quoteId);
    expect(row).toMatchObject({ status: "partly_paid", paid_cents: 1000 });
    // past the database's own bounds: refused whatever the code
    await expect(
      db.insert(schema.payments).values({
        invoice_id: id,
        method: "cash",
        status: "succeeded",
        amount_cents: total,
        applied_cents: total,
        received_on: "2026-03-12",
      }),
    ).rejects.toThrow();
    await expect(
      db.insert(schema.refunds).values({
        payment_id: part.ok ? part.payment.id : "",
        amount_cents: 1001,
        refunded_on: "2026-03-12",
      }),
    ).rejects.toThrow();
    await recordStaffPayment(
      id,
      {
        method: "bank_transfer",
        amount: total - 1000,
        receivedOn: "2026-03-13",
        reference: "ACH 77",
      },
      admin.id,
    );
    [row] = await invoicesOf(quoteId);
    expect(row).toMatchObject({ status: "paid", paid_cents: total });
    expect(row?.paid_at).not.toBeNull();
    expect(await voidInvoice(id, admin.id)).toMatchObject({ ok: false, status: 409 });
    // each payment mailed one receipt with its PDF
    const receipts = await db
      .select()
      .from(schema.mail_outbox)
      .where(
        and(
          eq(schema.mail_outbox.kind, "payment_receipt"),
          eq(schema.mail_outbox.quote_id, quoteId),
        ),
      );
    expect(receipts.map((r) => r.subject).sort()).toEqual(
      [
        `Receipt: $10.00 received on invoice ${deposit?.number}`,
        expect.stringMatching(/^Receipt: \$[\d,.]+ received on invoice INV-/),
      ].sort(),
    );
  });
});
