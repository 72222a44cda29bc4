/**
 * Online payments against our local Stripe-compatible server (tests/setup/stripe-server.ts) with
 * the official SDK pointed at it (STRIPE_API_URL), and webhook events signed as Stripe signs them,
 * delivered to the route's action with their raw body.
 */
import { spawn } from "node:child_process";
import path from "node:path";
import { createInterface } from "node:readline";
import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import { seedPriceBook } from "~/features/estimates/seed.server";
import { checkoutOutcome, startCheckout } from "~/features/invoices/checkout.server";
import { refundPayment } from "~/features/invoices/payments.server";
import { db } from "~/lib/db.server";
import { smtpTransport } from "~/lib/mail.server";
import { deliverDueMail } from "~/lib/outbox.server";
import type { SessionUser } from "~/lib/session.server";
import * as invoicesPage from "~/routes/admin/invoices";
import * as flagsPage from "~/routes/admin/payment-flags";
import { action as webhookAction } from "~/routes/webhooks/stripe";
import { contextFor, makeUser, requestTo, run } from "../setup/admin";
import { drivers, freshDatabase, itOnPostgres, type TestDatabase } from "../setup/database";
import { acceptedQuote, invoicesOf } from "../setup/invoices";
import { startSmtpServer } from "../setup/smtp";
import {
  type StripeServer,
  startStripeServer,
  TEST_SECRET_KEY,
  TEST_WEBHOOK_SECRET,
} from "../setup/stripe-server";
import { throughRoot } from "../setup/through-root";

const ORIGIN = "http://localhost:3000";

async function postWebhook(payload: string, signature: string | null): Promise<number> {
  const headers = new Headers({ "Content-Type": "application/json" });
  if (signature !== null) headers.set("Stripe-Signature", signature);
  const request = new Request(`${ORIGIN}/webhooks/stripe`, {
    method: "POST",
    headers,
    body: payload,
  });
  // as Stripe's post arrives: through the root middleware (the body bounds) first
  const response = await throughRoot(request, webhookAction as never, { params: {} });
  return response.status;
}

/** The file names of the receipts queued for `quoteId`'s mails, sorted. */
async function receiptFiles(quoteId: string): Promise<string[]> {
  const files = await db
    .select({ filename: schema.mail_outbox_attachments.filename })
    .from(schema.mail_outbox_attachments)
    .innerJoin(
      schema.mail_outbox,
      eq(schema.mail_outbox.id, schema.mail_outbox_attachments.outbox_id),
    )
    .where(
      and(eq(schema.mail_outbox.quote_id, quoteId), eq(schema.mail_outbox.kind, "payment_receipt")),
    );
  return files.map((f) => f.filename).sort();
}

describe.each(drivers)("Stripe payments on %s", (driver) => {
  let database: TestDatabase;
  let admin: SessionUser;
  let stripe: StripeServer;

  beforeAll(async () => {
    stripe = await startStripeServer();
    stripe.deliverTo = postWebhook;
    database = await freshDatabase(driver, {
      ESTIMATE_TAX_RATE: "7.25",
      COMPANY_EMAIL: "office@remediation.test",
      STRIPE_SECRET_KEY: TEST_SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
      STRIPE_API_URL: stripe.url,
    });
    await seedPriceBook();
    admin = await makeUser("cashier@remediation.test", { admin: true, totp: true });
  }, 180_000);
  afterAll(async () => {
    await database.dispose();
    await stripe.close();
  });

  /** A sent deposit invoice of a new request (50 %), and a Checkout Session for `amount` of it. */
  async function depositCheckout(amount?: number) {
    const { quoteId } = await acceptedQuote(admin, 50);
    const [invoice] = await invoicesOf(quoteId);
    if (!invoice) throw new Error("no deposit invoice");
    const started = await startCheckout(
      invoice.id,
      amount ?? invoice.total_cents,
      `${ORIGIN}/invoices/token/return`,
    );
    if (!started.ok) throw new Error(started.message);
    const sessionId = started.url.split("/").pop() as string;
    return { quoteId, invoice, sessionId };
  }

  const paymentsOf = (invoiceId: string) =>
    db.select().from(schema.payments).where(eq(schema.payments.invoice_id, invoiceId));
  const invoiceRow = async (id: string) =>
    (await db.select().from(schema.invoices).where(eq(schema.invoices.id, id)))[0];
  const mailCount = async (kind: string, quoteId: string) =>
    (
      await db
        .select({ n: count() })
        .from(schema.mail_outbox)
        .where(and(eq(schema.mail_outbox.kind, kind), eq(schema.mail_outbox.quote_id, quoteId)))
    )[0]?.n;

  /** Captures the events the hosted page would deliver, instead of delivering them. */
  async function withoutDelivery<T>(run: () => Promise<T>): Promise<T> {
    stripe.deliverTo = async () => 0;
    try {
      return await run();
    } finally {
      stripe.deliverTo = postWebhook;
    }
  }

  it("opens a Checkout Session in payment mode with the invoice number, metadata, card and US bank account, for $1 up to the balance", async () => {
    const { invoice, sessionId } = await depositCheckout();
    const created = stripe.calls.find(
      (c) => c.path === "/v1/checkout/sessions" && c.body.client_reference_id === invoice.number,
    );
    expect(created?.body).toMatchObject({
      mode: "payment",
      client_reference_id: invoice.number,
      metadata: { invoice_id: invoice.id, invoice_number: invoice.number },
      payment_intent_data: { metadata: { invoice_id: invoice.id } },
      allowed_payment_method_types: ["card", "us_bank_account"],
      line_items: [
        {
          quantity: "1",
          price_data: { currency: "usd", unit_amount: String(invoice.total_cents) },
        },
      ],
    });
    for (const amount of [99, invoice.total_cents + 1]) {
      expect(await startCheckout(invoice.id, amount, `${ORIGIN}/r`)).toMatchObject({
        ok: false,
        status: 400,
      });
    }
    // a second start expires the first session: one open session per invoice
    const again = await startCheckout(invoice.id, 100, `${ORIGIN}/r`);
    expect(again.ok).toBe(true);
    expect(stripe.sessions.get(sessionId)?.status).toBe("expired");
    const open = await db
      .select()
      .from(schema.checkout_sessions)
      .where(
        and(
          eq(schema.checkout_sessions.invoice_id, invoice.id),
          eq(schema.checkout_sessions.status, "open"),
        ),
      );
    expect(open).toHaveLength(1);
  });

  it("records a card payment once from its signed event, at Stripe's amount; replays and duplicates change nothing; one receipt", async () => {
    const { quoteId, invoice, sessionId } = await depositCheckout();
    expect(await checkoutOutcome(invoice.id, sessionId)).toBe("none");
    const event = await stripe.pay(sessionId, "card");
    let [payment, ...more] = await paymentsOf(invoice.id);
    expect(more).toEqual([]);
    expect(payment).toMatchObject({
      method: "stripe_card",
      status: "succeeded",
      amount_cents: invoice.total_cents,
      applied_cents: invoice.total_cents,
      stripe_checkout_session_id: sessionId,
      flag: null,
    });
    expect(await invoiceRow(invoice.id)).toMatchObject({
      status: "paid",
      paid_cents: invoice.total_cents,
    });
    // the same event again (a replay, Stripe's retry) and the same news under a new id
    const replay = stripe.signedEvent(event.type, event.data.object, { id: event.id });
    expect(await stripe.deliver(replay)).toBe(200);
    expect(await stripe.deliver(stripe.signedEvent(event.type, event.data.object))).toBe(200);
    [payment, ...more] = await paymentsOf(invoice.id);
    expect(more).toEqual([]);
    expect(await invoiceRow(invoice.id)).toMatchObject({ paid_cents: invoice.total_cents });
    expect(await mailCount("payment_receipt", quoteId)).toBe(1);
    expect(await checkoutOutcome(invoice.id, sessionId)).toBe("received");
    // paid: no new session
    expect(await startCheckout(invoice.id, 100, `${ORIGIN}/r`)).toMatchObject({ status: 409 });
  });

  it("mails the receipt of a card payment with its PDF through the outbox: queued by the webhook, drawn when sent, sent once", async () => {
    const { quoteId, invoice, sessionId } = await depositCheckout();
    await stripe.pay(sessionId, "card");
    const [mail, ...others] = await db
      .select()
      .from(schema.mail_outbox)
      .where(
        and(
          eq(schema.mail_outbox.kind, "payment_receipt"),
          eq(schema.mail_outbox.quote_id, quoteId),
        ),
      );
    expect(others).toEqual([]);
    const filesOf = () =>
      db
        .select()
        .from(schema.mail_outbox_attachments)
        .where(eq(schema.mail_outbox_attachments.outbox_id, mail?.id as string));
    // queued with the payment, its PDF not drawn in the webhook's request
    expect(await filesOf()).toEqual([
      expect.objectContaining({
        filename: `${invoice.number}-receipt-1.pdf`,
        content: null,
        drawer: "payment_receipt",
      }),
    ]);
    const smtp = await startSmtpServer();
    try {
      const transport = smtpTransport(
        smtp.url,
        "Utah Home Remediation <no-reply@remediation.test>",
      );
      await deliverDueMail({ transport });
      const receipts = smtp.received.filter(
        (m) => m.subject.startsWith(`Receipt: `) && m.subject.includes(invoice.number),
      );
      expect(receipts.map((m) => [m.to, m.subject])).toEqual([
        [
          [invoice.customer_email],
          `Receipt: $${(invoice.total_cents / 100).toFixed(2)} received on invoice ${invoice.number}`,
        ],
      ]);
      expect(receipts[0]?.text).toContain("The invoice is paid in full.");
      const [pdf, ...more] = receipts[0]?.attachments ?? [];
      expect(more).toEqual([]);
      expect(pdf?.filename).toBe(`${invoice.number}-receipt-1.pdf`);
      expect(pdf?.mimeType).toBe("application/pdf");
      expect(
        Buffer.from(pdf?.content ?? [])
          .subarray(0, 5)
          .toString("latin1"),
      ).toBe("%PDF-");
      // the drawn file is kept with the mail: what was sent is on record
      const [file] = await filesOf();
      expect(
        Buffer.compare(Buffer.from(file?.content ?? []), Buffer.from(pdf?.content ?? [])),
      ).toBe(0);
      // sent once: another round sends nothing for it
      await deliverDueMail({ transport });
      expect(
        smtp.received.filter(
          (m) => m.subject.startsWith(`Receipt: `) && m.subject.includes(invoice.number),
        ),
      ).toHaveLength(1);
    } finally {
      await smtp.close();
    }
  });

  it("refuses a bad signature, an old timestamp or none with 400; an unknown type changes nothing", async () => {
    const { invoice, sessionId } = await depositCheckout();
    const event = await withoutDelivery(() => stripe.pay(sessionId, "card"));
    const events = async () => (await db.select({ n: count() }).from(schema.stripe_events))[0]?.n;
    const before = await events();
    const forged = stripe.signedEvent(event.type, event.data.object, { secret: "whsec_wrong" });
    expect(await postWebhook(forged.payload, forged.signature)).toBe(400);
    const old = stripe.signedEvent(event.type, event.data.object, {
      timestamp: Math.floor(Date.now() / 1000) - 6 * 60,
    });
    expect(await postWebhook(old.payload, old.signature)).toBe(400);
    const good = stripe.signedEvent(event.type, event.data.object);
    expect(await postWebhook(good.payload, null)).toBe(400);
    // a body changed after signing
    expect(
      await postWebhook(
        good.payload.replace(/"amount_total": \d+/, '"amount_total": 1'),
        good.signature,
      ),
    ).toBe(400);
    const unknown = stripe.signedEvent("customer.created", { id: "cus_1", object: "customer" });
    expect(await postWebhook(unknown.payload, unknown.signature)).toBe(200);
    expect(await events()).toBe(before);
    expect(await paymentsOf(invoice.id)).toEqual([]);
    // within the tolerance it is taken
    expect(await postWebhook(good.payload, good.signature)).toBe(200);
    expect(await paymentsOf(invoice.id)).toHaveLength(1);
  });

  it("holds a bank payment as processing until it settles, in either order, and a failed one credits nothing", async () => {
    const settle = async (sessionId: string, type: string) =>
      stripe.deliver(
        stripe.signedEvent(type, {
          ...stripe.sessions.get(sessionId),
          payment_status: type.endsWith("succeeded") ? "paid" : "unpaid",
        }),
      );

    const inOrder = await depositCheckout();
    await stripe.pay(inOrder.sessionId, "bank");
    expect(await paymentsOf(inOrder.invoice.id)).toMatchObject([
      { status: "pending", method: "stripe_bank", applied_cents: 0 },
    ]);
    expect(await invoiceRow(inOrder.invoice.id)).toMatchObject({ status: "sent", paid_cents: 0 });
    expect(await checkoutOutcome(inOrder.invoice.id, inOrder.sessionId)).toBe("processing");
    await settle(inOrder.sessionId, "checkout.session.async_payment_succeeded");
    expect(await invoiceRow(inOrder.invoice.id)).toMatchObject({ status: "paid" });

    // the settlement reported before the completion ends the same way
    const reversed = await depositCheckout();
    const completed = await withoutDelivery(() => stripe.pay(reversed.sessionId, "bank"));
    await settle(reversed.sessionId, "checkout.session.async_payment_succeeded");
    await stripe.deliver(stripe.signedEvent(completed.type, completed.data.object));
    const strip = (rows: (typeof schema.payments.$inferSelect)[]) =>
      rows.map(({ status, method, amount_cents, applied_cents, refunded_cents }) => ({
        status,
        method,
        amount_cents,
        applied_cents,
        refunded_cents,
      }));
    expect(strip(await paymentsOf(reversed.invoice.id))).toEqual(
      strip(await paymentsOf(inOrder.invoice.id)),
    );
    expect(await invoiceRow(reversed.invoice.id)).toMatchObject({ status: "paid" });

    const failed = await depositCheckout();
    await stripe.pay(failed.sessionId, "bank");
    await settle(failed.sessionId, "checkout.session.async_payment_failed");
    // a late 'completed' replay cannot bring it back to processing
    await stripe.deliver(
      stripe.signedEvent(
        "checkout.session.completed",
        stripe.sessions.get(failed.sessionId) as object,
      ),
    );
    expect(await paymentsOf(failed.invoice.id)).toMatchObject([
      { status: "failed", applied_cents: 0 },
    ]);
    expect(await invoiceRow(failed.invoice.id)).toMatchObject({ status: "sent", paid_cents: 0 });
    expect(await checkoutOutcome(failed.invoice.id, failed.sessionId)).toBe("failed");
  });

  it("records the amount Stripe reports, flags a mismatch to staff, and an expired session pays nothing", async () => {
    const { quoteId, invoice, sessionId } = await depositCheckout(5000);
    await stripe.pay(sessionId, "card", 4900);
    const [payment] = await paymentsOf(invoice.id);
    expect(payment).toMatchObject({
      amount_cents: 4900,
      requested_cents: 5000,
      applied_cents: 4900,
    });
    expect(payment?.flag).toBe("Stripe reported $49.00, $50.00 was asked");
    expect(await invoiceRow(invoice.id)).toMatchObject({ status: "partly_paid", paid_cents: 4900 });
    expect(await mailCount("payment_flag_alert", quoteId)).toBe(1);

    const other = await depositCheckout();
    const session = stripe.sessions.get(other.sessionId) as object;
    expect(
      await stripe.deliver(
        stripe.signedEvent("checkout.session.expired", { ...session, status: "expired" }),
      ),
    ).toBe(200);
    const [row] = await db
      .select()
      .from(schema.checkout_sessions)
      .where(eq(schema.checkout_sessions.id, other.sessionId));
    expect(row?.status).toBe("expired");
    expect(await paymentsOf(other.invoice.id)).toEqual([]);
  });

  it("ends in the same state when the refund is reported before the completion", async () => {
    const runs = [];
    for (const refundFirst of [false, true]) {
      const { invoice, sessionId } = await depositCheckout();
      const completed = await withoutDelivery(() => stripe.pay(sessionId, "card"));
      const intent = stripe.intents.get(completed.data.object.payment_intent);
      const charge = stripe.charges.get(intent?.latest_charge)!;
      charge.amount_refunded = 1500;
      charge.refunds.data.push({
        id: `re_${refundFirst}_${sessionId.slice(-6)}`,
        amount: 1500,
        status: "succeeded",
      });
      const refunded = stripe.signedEvent("charge.refunded", charge);
      const again = stripe.signedEvent(completed.type, completed.data.object);
      const order = refundFirst ? [refunded, again] : [again, refunded];
      for (const e of order) expect(await stripe.deliver(e)).toBe(200);
      const [payment] = await paymentsOf(invoice.id);
      runs.push({
        payment: {
          status: payment?.status,
          amount: payment?.amount_cents,
          refunded: payment?.refunded_cents,
          session: payment?.stripe_checkout_session_id === sessionId,
        },
        invoice: {
          status: (await invoiceRow(invoice.id))?.status,
          paid: (await invoiceRow(invoice.id))?.paid_cents,
          total: invoice.total_cents,
        },
      });
    }
    expect(runs[1]).toEqual(runs[0]);
    expect(runs[0]?.payment.refunded).toBe(1500);
    expect(runs[0]?.invoice).toMatchObject({
      status: "partly_paid",
      paid: (runs[0]?.invoice.total ?? 0) - 1500,
    });
  });

  it("refunds an online payment through the Refunds API; Stripe's event for it adds nothing; never more than was paid", async () => {
    const { quoteId, invoice, sessionId } = await depositCheckout();
    await stripe.pay(sessionId, "card");
    const [payment] = await paymentsOf(invoice.id);
    const id = payment?.id as string;
    expect(
      await refundPayment({ paymentId: id, amount: invoice.total_cents + 1 }, admin.id),
    ).toMatchObject({ ok: false, status: 400 });
    const refund = await refundPayment(
      { paymentId: id, amount: 2000, reason: "Goodwill" },
      admin.id,
    );
    if (!refund.ok) throw new Error(refund.message);
    expect(refund.refund.stripe_refund_id).toMatch(/^re_/);
    expect(
      stripe.calls.filter(
        (c) =>
          c.path === "/v1/refunds" && c.body.payment_intent === payment?.stripe_payment_intent_id,
      ),
    ).toHaveLength(1);
    const charge = stripe.charges.get(
      stripe.intents.get(payment?.stripe_payment_intent_id as string)?.latest_charge,
    )!;
    expect(await stripe.deliver(stripe.signedEvent("charge.refunded", charge))).toBe(200);
    expect(await invoiceRow(invoice.id)).toMatchObject({
      status: "partly_paid",
      paid_cents: invoice.total_cents - 2000,
    });
    const [after] = await paymentsOf(invoice.id);
    expect(after?.refunded_cents).toBe(2000);
    // the rest, then nothing more
    const rest = await refundPayment(
      { paymentId: id, amount: invoice.total_cents - 2000 },
      admin.id,
    );
    expect(rest.ok).toBe(true);
    expect(await refundPayment({ paymentId: id, amount: 1 }, admin.id)).toMatchObject({
      ok: false,
      status: 400,
    });
    expect(await invoiceRow(invoice.id)).toMatchObject({ status: "sent", paid_cents: 0 });
    const history = await db
      .select({ notes: schema.quote_status_history.notes })
      .from(schema.quote_status_history)
      .where(eq(schema.quote_status_history.quote_id, quoteId));
    expect(history.filter((h) => h.notes?.startsWith("Refund of"))).toHaveLength(2);
  });

  it("leaves one payment when the same events arrive at once", async () => {
    const { invoice, sessionId } = await depositCheckout();
    const completed = await withoutDelivery(() => stripe.pay(sessionId, "card"));
    const same = stripe.signedEvent(completed.type, completed.data.object, { id: completed.id });
    const statuses = await Promise.all([
      stripe.deliver(same),
      stripe.deliver(same),
      stripe.deliver(stripe.signedEvent(completed.type, completed.data.object)),
      checkoutOutcome(invoice.id, sessionId).then(() => 200),
    ]);
    expect(statuses).toEqual([200, 200, 200, 200]);
    expect(await paymentsOf(invoice.id)).toHaveLength(1);
    expect(await invoiceRow(invoice.id)).toMatchObject({
      status: "paid",
      paid_cents: invoice.total_cents,
    });
  });

  it("credits two payments of one invoice arriving at once only up to the invoice's total, flags the excess, numbers their receipts, and writes their history", async () => {
    const { quoteId, invoice, sessionId } = await depositCheckout();
    const completed = await withoutDelivery(() => stripe.pay(sessionId, "card"));
    const session = completed.data.object;
    // the same invoice paid in full twice (a second tab): another session and PaymentIntent
    const other = {
      ...session,
      id: `${session.id}_second`,
      payment_intent: `${session.payment_intent}_second`,
    };
    const statuses = await Promise.all([
      stripe.deliver(stripe.signedEvent(completed.type, session)),
      stripe.deliver(stripe.signedEvent(completed.type, other)),
    ]);
    expect(statuses).toEqual([200, 200]);
    const rows = await paymentsOf(invoice.id);
    expect(rows.map((p) => p.applied_cents).sort((a, b) => a - b)).toEqual([
      0,
      invoice.total_cents,
    ]);
    const excess = rows.find((p) => p.applied_cents === 0);
    expect(excess?.flag).toBe(
      `$${(invoice.total_cents / 100).toFixed(2)} more than the balance: refund it`,
    );
    expect(await invoiceRow(invoice.id)).toMatchObject({
      status: "paid",
      paid_cents: invoice.total_cents,
    });
    expect(await receiptFiles(quoteId)).toEqual([
      `${invoice.number}-receipt-1.pdf`,
      `${invoice.number}-receipt-2.pdf`,
    ]);
    expect(await mailCount("payment_flag_alert", quoteId)).toBe(1);
    const received = `Online payment of $${(invoice.total_cents / 100).toFixed(2)} on ${invoice.number} received (card)`;
    const events = await db
      .select({ kind: schema.invoice_events.kind, note: schema.invoice_events.note })
      .from(schema.invoice_events)
      .where(eq(schema.invoice_events.invoice_id, invoice.id));
    expect(events.filter((e) => e.kind === "payment_succeeded").map((e) => e.note)).toEqual([
      received,
      received,
    ]);
    const history = await db
      .select()
      .from(schema.quote_status_history)
      .where(eq(schema.quote_status_history.quote_id, quoteId));
    expect(history.filter((h) => h.notes === received)).toHaveLength(2);
  });

  it("a settlement and the return page at once move a pending payment once: one receipt, one payment_succeeded event", async () => {
    const { quoteId, invoice, sessionId } = await depositCheckout();
    await stripe.pay(sessionId, "bank");
    expect(await paymentsOf(invoice.id)).toMatchObject([{ status: "pending" }]);
    const stored = stripe.sessions.get(sessionId) as Record<string, unknown>;
    stored.payment_status = "paid";
    const settled = stripe.signedEvent("checkout.session.async_payment_succeeded", { ...stored });
    const statuses = await Promise.all([
      stripe.deliver(settled),
      checkoutOutcome(invoice.id, sessionId).then(() => 200),
      stripe.deliver(stripe.signedEvent("checkout.session.async_payment_succeeded", { ...stored })),
    ]);
    expect(statuses).toEqual([200, 200, 200]);
    expect(await paymentsOf(invoice.id)).toMatchObject([{ status: "succeeded" }]);
    expect(await mailCount("payment_receipt", quoteId)).toBe(1);
    const events = await db
      .select({ kind: schema.invoice_events.kind })
      .from(schema.invoice_events)
      .where(eq(schema.invoice_events.invoice_id, invoice.id));
    expect(events.filter((e) => e.kind === "payment_succeeded")).toHaveLength(1);
  });

  it("two half payments at once get receipts numbered 1 and 2", async () => {
    const { quoteId, invoice } = await depositCheckout();
    const half = Math.floor(invoice.total_cents / 2);
    const started = await startCheckout(invoice.id, half, `${ORIGIN}/r`);
    if (!started.ok) throw new Error(started.message);
    const sessionId = started.url.split("/").pop() as string;
    const completed = await withoutDelivery(() => stripe.pay(sessionId, "card"));
    const session = completed.data.object as Record<string, unknown>;
    const other = {
      ...session,
      id: `${session.id}_second`,
      payment_intent: `${session.payment_intent}_second`,
    };
    const statuses = await Promise.all([
      stripe.deliver(stripe.signedEvent(completed.type, session)),
      stripe.deliver(stripe.signedEvent(completed.type, other)),
    ]);
    expect(statuses).toEqual([200, 200]);
    expect(await receiptFiles(quoteId)).toEqual([
      `${invoice.number}-receipt-1.pdf`,
      `${invoice.number}-receipt-2.pdf`,
    ]);
  });

  itOnPostgres(driver)(
    "two processes handling the same events at once on PostgreSQL leave one payment",
    async () => {
      const { invoice, sessionId } = await depositCheckout();
      const completed = await withoutDelivery(() => stripe.pay(sessionId, "card"));
      const events = [
        stripe.signedEvent(completed.type, completed.data.object, { id: completed.id }),
        stripe.signedEvent(completed.type, completed.data.object),
      ].map(({ payload, signature }) => ({ payload, signature }));
      const tsx = path.resolve("node_modules/.bin/tsx");
      const processes = [1, 2].map(() =>
        spawn(tsx, ["tests/setup/stripe-webhook-worker.ts"], {
          env: {
            ...process.env,
            DATABASE_URL: database.url,
            PUBLIC_URL: ORIGIN,
            AUTH_SECRET: "integration-test-secret-0123456789abcdef",
            DATA_DIR: database.dataDir,
            STRIPE_SECRET_KEY: TEST_SECRET_KEY,
            STRIPE_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
            STRIPE_API_URL: stripe.url,
            WEBHOOK_EVENTS: JSON.stringify(events),
          },
          stdio: ["pipe", "pipe", "inherit"],
        }),
      );
      const exited = processes.map((child) => new Promise((r) => child.on("exit", r)));
      const readers = processes.map((child) => {
        const lines: string[] = [];
        const waiting: ((line: string) => void)[] = [];
        createInterface({ input: child.stdout! }).on("line", (line) => {
          const next = waiting.shift();
          if (next) next(line);
          else lines.push(line);
        });
        return () =>
          new Promise<string>((resolve) => {
            const line = lines.shift();
            if (line !== undefined) resolve(line);
            else waiting.push(resolve);
          });
      });
      try {
        expect(await Promise.all(readers.map((next) => next()))).toEqual(["ready", "ready"]);
        for (const child of processes) child.stdin!.write("go\n");
        const answers = await Promise.all(readers.map((next) => next()));
        expect(answers).toEqual(["[200,200]", "[200,200]"]);
        await Promise.all(exited);
      } finally {
        for (const child of processes) if (child.exitCode === null) child.kill();
      }
      expect(await paymentsOf(invoice.id)).toHaveLength(1);
      expect(await invoiceRow(invoice.id)).toMatchObject({
        status: "paid",
        paid_cents: invoice.total_cents,
      });
    },
    180_000,
  );

  it("lists a flagged payment for staff at /admin/invoices/flags until one marks it reviewed with a note, written to the quote's history", async () => {
    const { quoteId, invoice, sessionId } = await depositCheckout(5000);
    await stripe.pay(sessionId, "card", 5100);
    const [payment] = await paymentsOf(invoice.id);
    expect(payment?.flag).toBe("Stripe reported $51.00, $50.00 was asked");
    const [alert] = await db
      .select()
      .from(schema.mail_outbox)
      .where(
        and(
          eq(schema.mail_outbox.kind, "payment_flag_alert"),
          eq(schema.mail_outbox.quote_id, quoteId),
        ),
      );
    expect(alert?.text_body).toContain("/admin/invoices/flags");
    const page = "/admin/invoices/flags";
    const staff = contextFor(admin);
    const listed = await run(flagsPage.loader as never, {
      request: requestTo(page),
      context: staff,
    });
    const open = (listed.value as { open: { id: string; flag: string; invoiceNumber: string }[] })
      .open;
    expect(open.find((p) => p.id === payment?.id)).toMatchObject({
      invoiceNumber: invoice.number,
      flag: "Stripe reported $51.00, $50.00 was asked",
    });
    const books = await run(invoicesPage.loader as never, {
      request: requestTo("/admin/invoices"),
      context: staff,
    });
    expect((books.value as { flags: number }).flags).toBeGreaterThanOrEqual(1);

    // only staff; a note is required; nothing is written when refused
    const customer = await makeUser(`payer-${sessionId.slice(-8)}@example.com`);
    const outsider = await run(flagsPage.action as never, {
      request: requestTo(page, { paymentId: payment?.id as string, note: "fine" }),
      context: contextFor(customer),
    });
    expect(outsider.location).toBe("/");
    const empty = await run(flagsPage.action as never, {
      request: requestTo(page, { paymentId: payment?.id as string, note: "  " }),
      context: staff,
    });
    expect(empty).toMatchObject({
      status: 400,
      value: { error: "Enter a note: what was done about this payment." },
    });
    const unknown = await run(flagsPage.action as never, {
      request: requestTo(page, { paymentId: "not-an-id", note: "x" }),
      context: staff,
    });
    expect(unknown.status).toBe(404);
    expect((await paymentsOf(invoice.id))[0]?.flag_reviewed_at).toBeNull();

    const note = "Refunded the extra $1.00 at Stripe";
    const marked = await run(flagsPage.action as never, {
      request: requestTo(page, { paymentId: payment?.id as string, note }),
      context: staff,
    });
    expect(marked.status).toBe(302);
    expect(marked.location).toBe(page);
    expect((await paymentsOf(invoice.id))[0]).toMatchObject({
      flag: "Stripe reported $51.00, $50.00 was asked",
      flag_reviewed_by: admin.id,
      flag_review_note: note,
    });
    const history = await db
      .select()
      .from(schema.quote_status_history)
      .where(eq(schema.quote_status_history.quote_id, quoteId));
    expect(history.map((h) => h.notes)).toContain(
      `Flagged payment of $51.00 on ${invoice.number} reviewed: ${note}`,
    );
    const events = await db
      .select()
      .from(schema.invoice_events)
      .where(
        and(
          eq(schema.invoice_events.invoice_id, invoice.id),
          eq(schema.invoice_events.kind, "flag_reviewed"),
        ),
      );
    expect(events).toHaveLength(1);
    const after = (
      await run(flagsPage.loader as never, { request: requestTo(page), context: staff })
    ).value as { open: { id: string }[]; reviewed: { id: string; reviewed: { note: string } }[] };
    expect(after.open.map((p) => p.id)).not.toContain(payment?.id);
    expect(after.reviewed.find((p) => p.id === payment?.id)?.reviewed.note).toBe(note);
    const twice = await run(flagsPage.action as never, {
      request: requestTo(page, { paymentId: payment?.id as string, note: "again" }),
      context: staff,
    });
    expect(twice).toMatchObject({
      status: 409,
      value: { error: "This payment was already marked reviewed." },
    });
  });
});
