/**
 * The books: the aging in America/Denver, payments by month, the list's filters and search, the
 * QuickBooks-style CSV rows, the overdue reminders (3 and 10 days, once, stopped by payment), and
 * the staff's invoice actions on a quote's admin page.
 */
import { and, eq } from "drizzle-orm";
import { createElement } from "react";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import { seedPriceBook } from "~/features/estimates/seed.server";
import { invoicePost, loadQuoteInvoices } from "~/features/invoices/admin.server";
import {
  agingSummary,
  INVOICE_CSV_COLUMNS,
  invoiceCsvRows,
  listInvoices,
  paymentCsvRows,
  paymentsByMonth,
} from "~/features/invoices/books.server";
import { insertInvoice } from "~/features/invoices/invoices.server";
import { recordStaffPayment } from "~/features/invoices/payments.server";
import { InvoicesCard } from "~/features/invoices/quote-invoices";
import { queueOverdueReminders } from "~/features/invoices/reminders.server";
import { denverDate } from "~/lib/dates";
import { db } from "~/lib/db.server";
import type { SessionUser } from "~/lib/session.server";
import * as invoicesPage from "~/routes/admin/invoices";
import * as invoicesExport from "~/routes/admin/invoices-export";
import * as paymentsExport from "~/routes/admin/payments-export";
import * as quotePage from "~/routes/admin/quote";
import * as settingsPage from "~/routes/admin/settings";
import { contextFor, makeUser, requestTo, run } from "../setup/admin";
import { drivers, freshDatabase, type TestDatabase } from "../setup/database";
import { acceptedQuote, invoicesOf } from "../setup/invoices";
import { renderRoute } from "../setup/render";

const line = (cents: number) => ({
  name: "Radon mitigation",
  description: "Active system",
  quantityThousandths: 1000,
  unitPriceCents: cents,
  amountCents: cents,
  taxable: true,
});

describe.each(drivers)("the books on %s", (driver) => {
  let database: TestDatabase;
  let admin: SessionUser;
  let quoteId: string;

  beforeAll(async () => {
    database = await freshDatabase(driver, {
      ESTIMATE_TAX_RATE: "7.25",
      COMPANY_EMAIL: "office@remediation.test",
    });
    await seedPriceBook();
    admin = await makeUser("ledger@remediation.test", { admin: true, totp: true });
    ({ quoteId } = await acceptedQuote(admin, 0));
  }, 180_000);
  afterAll(async () => {
    await database.dispose();
  });

  /** A sent invoice of `cents` (+ $7.25 tax) issued on `issuedOn`, due net 15. */
  async function sentInvoice(cents: number, issuedOn: string) {
    const invoice = await db.transaction((tx) =>
      insertInvoice(tx, { quoteId, kind: "manual", lines: [line(cents)], taxCents: 725, issuedOn }),
    );
    await db
      .update(schema.invoices)
      .set({ status: "sent", sent_at: new Date(`${issuedOn}T18:00:00Z`) })
      .where(eq(schema.invoices.id, invoice.id));
    return { ...invoice, status: "sent" as const };
  }

  it("ages open balances by days past due in America/Denver", async () => {
    const today = "2027-05-01";
    const before = await agingSummary(today);
    // due 2027-05-01 (current), 04-30 (1 day), 03-31 (31), 01-31 (90), 01-30 (91)
    for (const due of ["2027-05-01", "2027-04-30", "2027-03-31", "2027-01-31", "2027-01-30"]) {
      await sentInvoice(
        10_000,
        new Date(Date.parse(`${due}T00:00:00Z`) - 15 * 86_400_000).toISOString().slice(0, 10),
      );
    }
    const paid = await sentInvoice(10_000, "2027-03-01");
    await recordStaffPayment(
      paid.id,
      { method: "cash", amount: 10_725, receivedOn: "2027-03-02" },
      admin.id,
    );
    const after = await agingSummary(today);
    expect(
      after.map((b, i) => [
        b.bucket,
        b.count - (before[i]?.count ?? 0),
        b.balanceCents - (before[i]?.balanceCents ?? 0),
      ]),
    ).toEqual([
      ["Current", 1, 10_725],
      ["1-30 days", 1, 10_725],
      ["31-60 days", 1, 10_725],
      ["61-90 days", 1, 10_725],
      ["Over 90 days", 1, 10_725],
    ]);
    // late evening in Utah is still the due date; the next Utah morning it is 1 day late
    const dueToday = await sentInvoice(5_000, "2027-06-01");
    const evening = new Date("2027-06-17T05:30:00Z"); // June 16, 11:30 PM MDT
    const morning = new Date("2027-06-17T07:30:00Z"); // June 17, 1:30 AM MDT
    const bucketOf = async (now: Date) => {
      const rows = await listInvoices({ status: "overdue", q: dueToday.number }, denverDate(now));
      return rows.length;
    };
    expect(dueToday.due_on).toBe("2027-06-16");
    expect(await bucketOf(evening)).toBe(0);
    expect(await bucketOf(morning)).toBe(1);
  });

  it("filters by status and overdue, searches by number or name, and sums payments by month", async () => {
    const invoice = await sentInvoice(20_000, "2027-08-01");
    expect((await listInvoices({ status: "", q: invoice.number })).map((i) => i.id)).toEqual([
      invoice.id,
    ]);
    expect((await listInvoices({ status: "", q: "ann le" })).length).toBeGreaterThan(0);
    expect((await listInvoices({ status: "paid", q: invoice.number })).length).toBe(0);
    expect(
      (await listInvoices({ status: "overdue", q: invoice.number }, "2027-08-17")).length,
    ).toBe(1);
    expect(
      (await listInvoices({ status: "overdue", q: invoice.number }, "2027-08-16")).length,
    ).toBe(0);
    const before = await paymentsByMonth("2027-09-15", 3);
    const payment = await recordStaffPayment(
      invoice.id,
      { method: "check", amount: 5_000, receivedOn: "2027-08-20", reference: "2001" },
      admin.id,
    );
    if (!payment.ok) throw new Error(payment.message);
    const months = await paymentsByMonth("2027-09-15", 3);
    expect(months.map((m) => m.month)).toEqual(["2027-09", "2027-08", "2027-07"]);
    expect((months[1]?.receivedCents ?? 0) - (before[1]?.receivedCents ?? 0)).toBe(5_000);
    // the CSVs an accountant imports
    const rows = await invoiceCsvRows({ status: "", q: invoice.number });
    expect(INVOICE_CSV_COLUMNS).toEqual(
      expect.arrayContaining([
        "InvoiceNo",
        "Customer",
        "InvoiceDate",
        "DueDate",
        "Item(Product/Service)",
        "ItemQuantity",
        "ItemRate",
        "ItemAmount",
        "TaxAmount",
      ]),
    );
    expect(rows).toEqual([
      [
        invoice.number,
        "Ann Lee",
        "2027-08-01",
        "2027-08-16",
        "Radon mitigation",
        "Active system",
        "1",
        "200.00",
        "200.00",
        "Y",
        "7.25",
        "Partly paid",
      ],
    ]);
    const payments = await paymentCsvRows();
    expect(payments).toContainEqual([
      "2027-08-20",
      "Ann Lee",
      invoice.number,
      "50.00",
      "Check",
      "2001",
      "Payment",
    ]);
  });

  it("mails overdue reminders 3 and 10 days after the due date, once each, until paid or void", async () => {
    const invoice = await sentInvoice(30_000, "2027-10-01"); // due 2027-10-16
    const voided = await sentInvoice(30_000, "2027-10-01");
    await db
      .update(schema.invoices)
      .set({ status: "void" })
      .where(eq(schema.invoices.id, voided.id));
    const reminders = async () =>
      db
        .select({ subject: schema.mail_outbox.subject, text: schema.mail_outbox.text_body })
        .from(schema.mail_outbox)
        .where(
          and(
            eq(schema.mail_outbox.kind, "invoice_overdue"),
            eq(schema.mail_outbox.quote_id, quoteId),
          ),
        );
    const at = (day: string) => new Date(`${day}T18:00:00Z`);
    await queueOverdueReminders(at("2027-10-18"));
    const mine = async () => (await reminders()).filter((r) => r.subject.includes(invoice.number));
    expect(await mine()).toEqual([]);
    await queueOverdueReminders(at("2027-10-19"));
    await queueOverdueReminders(at("2027-10-19"));
    expect(await mine()).toHaveLength(1);
    expect((await mine())[0]?.text).toContain("3 days ago");
    await queueOverdueReminders(at("2027-10-25"));
    expect(await mine()).toHaveLength(1);
    await Promise.all([
      queueOverdueReminders(at("2027-10-26")),
      queueOverdueReminders(at("2027-10-26")),
    ]);
    expect(await mine()).toHaveLength(2);
    expect((await mine())[1]?.text).toContain("10 days ago");
    expect((await reminders()).filter((r) => r.subject.includes(voided.number))).toEqual([]);
    // paid: no more (a late one, first seen 10 days on, gets the 10-day reminder only)
    const paidLate = await sentInvoice(30_000, "2027-10-01");
    await recordStaffPayment(
      paidLate.id,
      { method: "cash", amount: 30_725, receivedOn: "2027-10-20" },
      admin.id,
    );
    const late = await sentInvoice(30_000, "2027-10-01");
    await queueOverdueReminders(at("2027-11-30"));
    const all = await reminders();
    expect(all.filter((r) => r.subject.includes(paidLate.number))).toEqual([]);
    expect(
      all.filter((r) => r.subject.includes(late.number)).map((r) => r.text.includes("10 days ago")),
    ).toEqual([true]);
  });

  it("lets staff make the final invoice, send it, record a check and refund it from the quote's page", async () => {
    const accepted = await acceptedQuote(admin, 50);
    const form = (fields: Record<string, string>) => {
      const data = new FormData();
      for (const [k, v] of Object.entries(fields)) data.set(k, v);
      return data;
    };
    const made = await invoicePost(admin.id, accepted.quoteId, form({ intent: "invoice-final" }));
    expect(made).toMatchObject({
      ok: true,
      title: expect.stringMatching(/^Invoice INV-\d{4}-\d{4} made$/),
    });
    const [, final] = await invoicesOf(accepted.quoteId);
    expect(
      await invoicePost(
        admin.id,
        accepted.quoteId,
        form({ intent: "invoice-send", invoiceId: final!.id }),
      ),
    ).toMatchObject({ ok: true });
    expect(
      await invoicePost(
        admin.id,
        accepted.quoteId,
        form({
          intent: "invoice-payment",
          invoiceId: final!.id,
          method: "check",
          amount: "100.00",
          receivedOn: "2099-01-01",
          reference: "5150",
        }),
      ),
    ).toMatchObject({
      ok: false,
      status: 400,
      message: "The date received cannot be in the future",
    });
    // through the page without JavaScript: the refused payment's answers come back to its form
    const refusedPayment = await run(quotePage.action as never, {
      request: requestTo(`/admin/quotes/${accepted.quoteId}`, {
        intent: "invoice-payment",
        invoiceId: final!.id,
        method: "cash",
        amount: "12.34",
        receivedOn: "2099-01-01",
        reference: "Envelope 7",
      }),
      context: contextFor(admin),
      params: { id: accepted.quoteId },
    });
    expect(refusedPayment.status).toBe(400);
    const answers = (refusedPayment.value as { invoiceAnswers: Record<string, string> })
      .invoiceAnswers;
    const views = await loadQuoteInvoices(accepted.quoteId);
    const card = await renderRoute(
      {
        loader: () => null,
        default: () => createElement(InvoicesCard, { invoices: views, answers }),
      },
      "/admin/quotes/:id",
      `/admin/quotes/${accepted.quoteId}`,
    );
    for (const value of ['value="12.34"', 'value="2099-01-01"', 'value="Envelope 7"']) {
      expect(card.html).toContain(value);
    }
    expect(card.html).toMatch(/<option value="cash" selected="">/);
    expect(
      await invoicePost(
        admin.id,
        accepted.quoteId,
        form({
          intent: "invoice-payment",
          invoiceId: final!.id,
          method: "check",
          amount: "100.00",
          receivedOn: "2026-12-01",
        }),
      ),
    ).toMatchObject({ ok: false, status: 400, message: "Enter the check number." });
    expect(
      await invoicePost(
        admin.id,
        accepted.quoteId,
        form({
          intent: "invoice-payment",
          invoiceId: final!.id,
          method: "check",
          amount: "100.00",
          receivedOn: "2026-12-01",
          reference: "5150",
        }),
      ),
    ).toMatchObject({ ok: true, title: "Payment of $100.00 recorded" });
    const [payment] = await db
      .select()
      .from(schema.payments)
      .where(eq(schema.payments.invoice_id, final!.id));
    expect(
      await invoicePost(
        admin.id,
        accepted.quoteId,
        form({
          intent: "invoice-refund",
          invoiceId: final!.id,
          paymentId: payment!.id,
          amount: "100.01",
        }),
      ),
    ).toMatchObject({ ok: false, status: 400 });
    expect(
      await invoicePost(
        admin.id,
        accepted.quoteId,
        form({
          intent: "invoice-refund",
          invoiceId: final!.id,
          paymentId: payment!.id,
          amount: "40.00",
          reason: "Overcharge",
        }),
      ),
    ).toMatchObject({ ok: true });
    const [, after] = await invoicesOf(accepted.quoteId);
    expect(after).toMatchObject({ status: "partly_paid", paid_cents: 6_000 });
    // the books' CSVs keep the deposit credit and the refund as negative numbers, not text
    const csvOf = async (route: typeof invoicesExport, path: string) =>
      (
        (await run(route.loader as never, { request: requestTo(path), context: contextFor(admin) }))
          .value as Response
      ).text();
    const invoicesCsv = await csvOf(invoicesExport, "/admin/invoices/export.csv");
    expect(invoicesCsv).toMatch(new RegExp(`${final!.number},.*,-\\d+\\.\\d{2},`));
    expect(invoicesCsv).not.toContain("'-");
    const paymentsCsv = await csvOf(paymentsExport as never, "/admin/invoices/payments.csv");
    expect(paymentsCsv).toContain(",-40.00,");
    expect(paymentsCsv).not.toContain("'-");
    // another request's invoice is not reachable from this page
    expect(
      await invoicePost(admin.id, quoteId, form({ intent: "invoice-void", invoiceId: final!.id })),
    ).toMatchObject({ ok: false, status: 404 });
  });

  it("serves /admin/invoices, its CSV exports and /admin/settings to admins only; settings set the deposit", async () => {
    const customer = await makeUser("not-staff@example.com");
    for (const [module, path] of [
      [invoicesPage, "/admin/invoices"],
      [invoicesExport, "/admin/invoices/export.csv"],
      [paymentsExport, "/admin/invoices/payments.csv"],
      [settingsPage, "/admin/settings"],
    ] as const) {
      const refused = await run(module.loader, {
        request: requestTo(path),
        context: contextFor(customer),
      });
      expect(refused.status, path).not.toBe(200);
    }
    const page = await run(invoicesPage.loader, {
      request: requestTo("/admin/invoices?status=overdue&q=INV"),
      context: contextFor(admin),
    });
    const value = page.value as Awaited<ReturnType<typeof invoicesPage.loader>>;
    expect(value.query).toEqual({ status: "overdue", q: "INV" });
    expect(value.aging.map((b) => b.bucket)).toEqual([
      "Current",
      "1-30 days",
      "31-60 days",
      "61-90 days",
      "Over 90 days",
    ]);
    expect(value.months).toHaveLength(12);
    const csv = await run(invoicesExport.loader, {
      request: requestTo("/admin/invoices/export.csv"),
      context: contextFor(admin),
    });
    const response = csv.value as Response;
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect((await response.text()).split("\r\n")[0]).toBe(
      "InvoiceNo,Customer,InvoiceDate,DueDate,Item(Product/Service),ItemDescription,ItemQuantity,ItemRate,ItemAmount,Taxable,TaxAmount,Status",
    );
    const bad = await run(settingsPage.action, {
      request: requestTo("/admin/settings", {
        deposit_radon: "120",
        deposit_mold: "25",
        deposit_water_filtration: "0",
      }),
      context: contextFor(admin),
    });
    expect(bad.status).toBe(400);
    const saved = await run(settingsPage.action, {
      request: requestTo("/admin/settings", {
        deposit_radon: "33.5",
        deposit_mold: "25",
        deposit_water_filtration: "",
      }),
      context: contextFor(admin),
    });
    expect(saved.status).toBe(302);
    const shown = await run(settingsPage.loader, {
      request: requestTo("/admin/settings"),
      context: contextFor(admin),
    });
    expect((shown.value as { deposits: { service: string; percent: string }[] }).deposits).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ service: "radon", percent: "33.5" }),
        expect.objectContaining({ service: "mold", percent: "25" }),
        expect.objectContaining({ service: "water_filtration", percent: "0" }),
      ]),
    );
  });

  it("lets staff type an invoice's lines on the quote's page: cents and tax as on the estimate; bad lines refused with their line named, nothing written", async () => {
    const accepted = await acceptedQuote(admin, 0);
    const page = `/admin/quotes/${accepted.quoteId}`;
    const post = (fields: Record<string, string>) =>
      run(quotePage.action as never, {
        request: requestTo(page, { intent: "invoice-typed", kind: "manual", ...fields }),
        context: contextFor(admin),
        params: { id: accepted.quoteId },
      });
    const refusals: [Record<string, string>, string][] = [
      [{}, "Add at least one line."],
      [
        { "lines[0].description": " ", "lines[0].quantity": "", "lines[0].unitPrice": "" },
        "Add at least one line.",
      ],
      [
        { "lines[0].description": "Fan", "lines[0].quantity": "1", "lines[0].unitPrice": "-5" },
        "Line 1: the unit price cannot be negative.",
      ],
      [
        {
          "lines[0].description": "Fan",
          "lines[0].quantity": "1",
          "lines[0].unitPrice": "10.005",
        },
        "Line 1: enter the unit price with at most 2 decimals.",
      ],
      [
        {
          "lines[0].description": "Fan",
          "lines[0].quantity": "1",
          "lines[0].unitPrice": "10",
          "lines[2].description": "",
          "lines[2].quantity": "2",
          "lines[2].unitPrice": "5",
        },
        "Line 3: enter a description.",
      ],
      [
        { "lines[0].description": "Fan", "lines[0].quantity": "", "lines[0].unitPrice": "10" },
        "Line 1: enter the quantity.",
      ],
      [
        { "lines[0].description": "Fan", "lines[0].quantity": "-1", "lines[0].unitPrice": "10" },
        "Line 1: the quantity cannot be negative.",
      ],
      [
        { "lines[0].description": "Fan", "lines[0].quantity": "0", "lines[0].unitPrice": "10" },
        "Line 1: enter a quantity greater than 0.",
      ],
      [
        { "lines[0].description": "Fan", "lines[0].quantity": "1", "lines[0].unitPrice": "ten" },
        "Line 1: enter the unit price as a number, e.g. 1250.00.",
      ],
      [
        { "lines[0].description": "Fan", "lines[0].quantity": "1", "lines[0].unitPrice": "0" },
        "The invoice total must be more than $0.00.",
      ],
      [
        {
          kind: "deposit",
          "lines[0].description": "Fan",
          "lines[0].quantity": "1",
          "lines[0].unitPrice": "10",
        },
        "Choose what kind of invoice this is.",
      ],
    ];
    for (const [fields, message] of refusals) {
      const refused = await post(fields);
      expect(refused.status, message).toBe(400);
      expect(refused.value).toMatchObject({ invoiceError: message });
    }
    expect(await invoicesOf(accepted.quoteId)).toEqual([]);

    // a refusal gives back what was typed, and the form (plain HTML, no script needed) shows it
    // again, open, under the message
    const typed = {
      "lines[0].description": "Radon fan replacement",
      "lines[0].quantity": "1",
      "lines[0].unitPrice": "ten",
      "lines[0].taxable": "on",
    };
    const refused = await post(typed);
    const reply = refused.value as { invoiceError: string; invoiceAnswers: Record<string, string> };
    expect(reply.invoiceAnswers).toEqual({ intent: "invoice-typed", kind: "manual", ...typed });
    const shown = await renderRoute(
      {
        loader: () => null,
        default: () =>
          createElement(InvoicesCard, {
            invoices: [],
            error: reply.invoiceError,
            answers: reply.invoiceAnswers,
          }),
      },
      "/admin/quotes/:id",
      page,
    );
    expect(shown.html).toContain('<details class="border-t pt-4" open="">');
    for (const value of ['value="Radon fan replacement"', 'value="ten"', "checked"]) {
      expect(shown.html).toContain(value);
    }

    const made = await post({
      "lines[0].description": "Radon fan replacement",
      "lines[0].quantity": "1",
      "lines[0].unitPrice": "325.50",
      "lines[0].taxable": "on",
      "lines[1].description": "Labor",
      "lines[1].quantity": "2.5",
      "lines[1].unitPrice": "$95",
    });
    expect(made.status).toBe(302);
    const [invoice] = await invoicesOf(accepted.quoteId);
    // 325.50 taxed at 7.25 % = 23.59875 -> $23.60, rounded once as on the estimate
    expect(invoice).toMatchObject({
      kind: "manual",
      status: "draft",
      subtotal_cents: 32_550 + 23_750,
      tax_cents: 2_360,
      total_cents: 58_660,
      created_by: admin.id,
    });
    expect(JSON.parse(invoice!.lines)).toEqual([
      {
        name: "Radon fan replacement",
        description: "",
        quantityThousandths: 1000,
        unitPriceCents: 32_550,
        amountCents: 32_550,
        taxable: true,
      },
      {
        name: "Labor",
        description: "",
        quantityThousandths: 2500,
        unitPriceCents: 9_500,
        amountCents: 23_750,
        taxable: false,
      },
    ]);
    const history = await db
      .select()
      .from(schema.quote_status_history)
      .where(eq(schema.quote_status_history.quote_id, accepted.quoteId));
    expect(history.map((h) => h.notes)).toContain(
      `Invoice ${invoice!.number} (manual) made: $586.60`,
    );

    // a final invoice by hand, once: a second typed final is refused while the first is live
    const final = await post({
      kind: "final",
      "lines[0].description": "Balance of the radon system",
      "lines[0].quantity": "1",
      "lines[0].unitPrice": "1200",
    });
    expect(final.status).toBe(302);
    const again = await post({
      kind: "final",
      "lines[0].description": "Again",
      "lines[0].quantity": "1",
      "lines[0].unitPrice": "1",
    });
    expect(again.status).toBe(409);
    expect(again.value).toMatchObject({
      invoiceError: expect.stringContaining("already has a final invoice"),
    });
    expect((await invoicesOf(accepted.quoteId)).map((i) => i.kind)).toEqual(["manual", "final"]);
  });
});
