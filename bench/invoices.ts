/**
 * The books and the Stripe webhook at volume (issue: /admin/invoices and the aging at 20,000
 * invoices < 50 ms; the webhook handler >= 200 events/s with p99 < 100 ms). A fresh database per
 * driver (PGlite always; PostgreSQL when DATABASE_URL is set; BENCH_DRIVERS picks one) is seeded
 * with BENCH_INVOICES (default 20,000) invoices over three years, a tenth void and about a third
 * with check payments. Then, in process:
 * - /admin/invoices' data (the list's first page, the aging, payments by month, the flag count)
 *   and each part alone: median and p99 over BENCH_RUNS (default 40);
 * - the webhook handler (`receiveStripeWebhook`: signature check, the event stored once, the
 *   invoice locked, the payment written, its receipt mail queued in the outbox; the PDF is drawn
 *   when the outbox sends it, decision 0265) for BENCH_EVENTS (default 200) signed
 *   `checkout.session.completed` card events on distinct invoices, the same number of bank
 *   (pending, no receipt) events, and their replays; one at a time (per-event median and p99,
 *   events/s), then 8 at once (events/s);
 * - the outbox sending the card payments' receipts (`deliverDueMail` to a transport that accepts
 *   and drops each mail: the PDFs drawn there), receipts/s.
 * Prints figures (wall times, and the process's CPU time per event, which a busy machine does not
 * inflate as much); asserts nothing.
 *   npm run bench:invoices      (tsx, for the ~ path alias; run from the project root)
 */
import { randomUUID } from "node:crypto";
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import Stripe from "stripe";
import {
  agingSummary,
  listInvoices,
  parseInvoiceListQuery,
  paymentsByMonth,
} from "~/features/invoices/books.server";
import { openFlagCount } from "~/features/invoices/flags.server";
import { receiveStripeWebhook } from "~/features/invoices/webhooks.server";
import { denverDate } from "~/lib/dates";
import { db } from "~/lib/db.server";
import { env, setEnv } from "~/lib/env.server";
import { deliverDueMail } from "~/lib/outbox.server";
import { benchEachDriver, type Driver, time } from "./database";

const INVOICES = Number(process.env.BENCH_INVOICES ?? 20_000);
const EVENTS = Number(process.env.BENCH_EVENTS ?? 200);
const WEBHOOK_SECRET = "whsec_bench_0123456789abcdef";
const sdk = new Stripe("sk_test_bench", { telemetry: false });

async function seed(): Promise<void> {
  setEnv({ ...env(), STRIPE_SECRET_KEY: "sk_test_bench", STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET });
  await db.execute(sql`
    INSERT INTO quotes (id, service, is_guest, current_status, created_at, description,
      contact_first_name, contact_last_name, contact_email, contact_phone, zip_code)
    SELECT gen_random_uuid(), 'radon'::service, true, 'in_progress'::quote_status,
      now() - make_interval(days => i % 1000), 'Radon system ' || i,
      (ARRAY['Ann','Bob','Cara','Dan','Eve','Finn','Gus'])[1 + i % 7],
      (ARRAY['Lee','Smith','Garcia','Nguyen','Brown','Jensen','Young'])[1 + i % 7] || (i % 50),
      'payer' || i || '@example.com', '801-555-' || lpad((i % 10000)::text, 4, '0'), '84101'
    FROM generate_series(1, ${Math.ceil(INVOICES / 2)}) AS i`);
  // 7,000 a year from 2024 (numbers stay under 9,999 a year), issued evenly over three years
  await db.execute(sql`
    INSERT INTO invoices (number, year, sequence, quote_id, customer_name, customer_email,
      quote_reference, kind, status, lines, subtotal_cents, tax_cents, total_cents, issued_on,
      due_on, sent_at, voided_at)
    SELECT 'INV-' || y || '-' || lpad(s::text, 4, '0'), y, s, q.id,
      q.contact_first_name || ' ' || q.contact_last_name, q.contact_email, left(q.id::text, 8),
      (CASE WHEN i <= ${Math.ceil(INVOICES / 2)} THEN 'deposit' ELSE 'final' END)::invoice_kind,
      (CASE WHEN i % 10 = 9 THEN 'void' ELSE 'sent' END)::invoice_status,
      '[{"name":"Radon mitigation","description":"","quantityThousandths":1000,"unitPriceCents":'
        || (150000 + i % 450000) || ',"amountCents":' || (150000 + i % 450000) || ',"taxable":false}]',
      150000 + i % 450000, 0, 150000 + i % 450000, d, d + 15,
      d::timestamptz + interval '18 hours',
      CASE WHEN i % 10 = 9 THEN d::timestamptz + interval '20 hours' END
    FROM (
      SELECT i, 2024 + (i - 1) / 7000 AS y, (i - 1) % 7000 + 1 AS s,
        (date '2024-01-01' + ((i - 1)::bigint * 1090 / ${INVOICES})::int) AS d,
        (i - 1) % ${Math.ceil(INVOICES / 2)} AS qn
      FROM generate_series(1, ${INVOICES}) AS i
    ) n
    JOIN (SELECT id, contact_first_name, contact_last_name, contact_email,
            row_number() OVER (ORDER BY id) - 1 AS qn FROM quotes) q ON q.qn = n.qn`);
  await db.execute(sql`
    INSERT INTO invoice_counters (year, last_number)
    SELECT year, max(sequence) FROM invoices GROUP BY year`);
  // paid in full (6, 7 of every 10) or half (8) by check, received ten days after issue
  await db.execute(sql`
    INSERT INTO payments (invoice_id, method, status, amount_cents, applied_cents, received_on,
      reference)
    SELECT id, 'check', 'succeeded', a, a, issued_on + 10, 'CHK' || sequence
    FROM (SELECT id, sequence, issued_on,
            CASE WHEN sequence % 10 = 8 THEN total_cents / 2 ELSE total_cents END AS a
          FROM invoices WHERE sequence % 10 IN (6, 7, 8)) p`);
  await db.execute(sql`ANALYZE`);
}

/** Open invoices with no payment: the targets of the webhook events. */
async function targets(n: number): Promise<{ id: string; total: number }[]> {
  const result = await db.execute(sql`
    SELECT id, total_cents FROM invoices
    WHERE status = 'sent' AND paid_cents = 0 ORDER BY sequence DESC, year DESC LIMIT ${n}`);
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
    id: string;
    total_cents: number;
  }[];
  return rows.map((r) => ({ id: r.id, total: Number(r.total_cents) }));
}

function completedEvent(invoiceId: string, amount: number, bank: boolean) {
  const session = {
    id: `cs_test_${randomUUID().replaceAll("-", "")}`,
    object: "checkout.session",
    mode: "payment",
    status: "complete",
    payment_status: bank ? "unpaid" : "paid",
    amount_total: amount,
    currency: "usd",
    payment_intent: `pi_${randomUUID().replaceAll("-", "")}`,
    metadata: { invoice_id: invoiceId },
  };
  const payload = JSON.stringify({
    id: `evt_${randomUUID().replaceAll("-", "")}`,
    object: "event",
    type: "checkout.session.completed",
    created: Math.floor(Date.now() / 1000),
    data: { object: session },
  });
  return {
    payload,
    sign: () => sdk.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
  };
}

type Delivery = ReturnType<typeof completedEvent>;

/**
 * The process's CPU time (all its threads: the PGlite worker's too, not PostgreSQL's server) per
 * event since `since`, in ms: what a busy machine's wall times hide.
 */
const cpuPerEvent = (since: NodeJS.CpuUsage, events: number) => {
  const used = process.cpuUsage(since);
  return ((used.user + used.system) / 1000 / events).toFixed(1);
};

/** Delivers `events` one at a time: per-event median and p99, events per second. */
async function oneAtATime(label: string, driver: Driver, events: Delivery[]) {
  const samples: number[] = [];
  const cpu = process.cpuUsage();
  const started = performance.now();
  for (const e of events) {
    const t = performance.now();
    const answer = await receiveStripeWebhook(e.payload, e.sign());
    if (answer.status !== 200) throw new Error(`webhook answered ${answer.status}`);
    samples.push(performance.now() - t);
  }
  const seconds = (performance.now() - started) / 1000;
  samples.sort((a, b) => a - b);
  const at = (p: number) =>
    samples[Math.min(samples.length - 1, Math.ceil(p * samples.length) - 1)] ?? 0;
  console.log(
    `${driver.padEnd(9)} ${label.padEnd(44)} median ${at(0.5).toFixed(1).padStart(6)} ms   p99 ${at(0.99).toFixed(1).padStart(6)} ms   ${(events.length / seconds).toFixed(0)} events/s   CPU ${cpuPerEvent(cpu, events.length)} ms/event`,
  );
}

/** Delivers `events` with `concurrency` in flight: events per second. */
async function atOnce(label: string, driver: Driver, events: Delivery[], concurrency: number) {
  const queue = [...events];
  const cpu = process.cpuUsage();
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let e = queue.shift(); e; e = queue.shift()) {
        const answer = await receiveStripeWebhook(e.payload, e.sign());
        if (answer.status !== 200) throw new Error(`webhook answered ${answer.status}`);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `${driver.padEnd(9)} ${label.padEnd(44)} ${(events.length / seconds).toFixed(0)} events/s   CPU ${cpuPerEvent(cpu, events.length)} ms/event`,
  );
}

/** The outbox sends every queued mail (the receipts drawn there) to a transport that drops it. */
async function outboxReceipts(driver: Driver) {
  const transport = { send: async () => {} };
  const cpu = process.cpuUsage();
  const started = performance.now();
  let sent = 0;
  for (;;) {
    const round = await deliverDueMail({ transport });
    if (round.failed > 0) throw new Error(`${round.failed} mails failed`);
    if (round.sent === 0) break;
    sent += round.sent;
  }
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `${driver.padEnd(9)} ${"outbox: receipt mails sent (PDF drawn)".padEnd(44)} ${sent} mails, ${(sent / seconds).toFixed(1)} mails/s   CPU ${cpuPerEvent(cpu, sent)} ms/mail`,
  );
}

await benchEachDriver({
  header: `invoices bench: ${INVOICES} invoices, ${EVENTS} events per webhook run`,
  seeded: `${INVOICES} invoices`,
  seed,
  measure: async (driver) => {
    const today = denverDate(new Date());
    const query = (search: string) => parseInvoiceListQuery(new URLSearchParams(search));
    await time("/admin/invoices data (list+aging+months+flags)", driver, () =>
      Promise.all([
        listInvoices(query(""), today),
        agingSummary(today),
        paymentsByMonth(today, 12),
        openFlagCount(),
      ]),
    );
    await time("aging (5 buckets, America/Denver)", driver, () => agingSummary(today));
    await time("list: newest, first page", driver, () => listInvoices(query(""), today));
    await time("list: status=overdue", driver, () => listInvoices(query("status=overdue"), today));
    await time("list: q=smith", driver, () => listInvoices(query("q=smith"), today));
    await time("list: q=INV-2025-0420", driver, () =>
      listInvoices(query("q=INV-2025-0420"), today),
    );
    await time("payments by month (12)", driver, () => paymentsByMonth(today, 12));

    const invoices = await targets(EVENTS * 4);
    const cards = invoices.slice(0, EVENTS).map((i) => completedEvent(i.id, i.total, false));
    const banks = invoices
      .slice(EVENTS, EVENTS * 2)
      .map((i) => completedEvent(i.id, i.total, true));
    await oneAtATime("webhook: card completed (payment + receipt mail)", driver, cards);
    await oneAtATime("webhook: bank completed (pending)", driver, banks);
    await oneAtATime("webhook: replays (stored once, nothing)", driver, cards);
    const concurrent = invoices
      .slice(EVENTS * 2)
      .map((i, n) => completedEvent(i.id, i.total, n % 2 === 1));
    await atOnce("webhook: card + bank, 8 at once", driver, concurrent, 8);
    await outboxReceipts(driver);
  },
});

process.exit(0);
