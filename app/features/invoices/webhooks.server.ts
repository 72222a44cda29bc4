/**
 * Stripe's word on online payments. `POST /webhooks/stripe` hands the raw body here: the SDK
 * checks the signature (5-minute tolerance), each event id is stored once (a replay or duplicate
 * changes nothing), and every event about a payment lands on the one payments row of its
 * PaymentIntent, written only while its invoice is at the version the rules read (else again
 * under the invoice's lock), moving it only forward (pending -> succeeded or failed), so events
 * in any order, twice or at once end in the same state. The amount recorded is
 * the one Stripe reports; another than we asked, or more than the balance, is flagged to staff.
 * A payment that succeeds queues its receipt mail in the same write; its PDF is drawn when
 * the outbox sends it, not in the request (docs/decisions/0265-receipt-pdf-drawn-at-sending.md).
 * A session's event is read in one call and written in one (decision 0290).
 * docs/decisions/0231-stripe-webhooks.md
 */
import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type Stripe from "stripe";
import { payments, refunds, stripe_events } from "~/db/schema";
import { isSerializationFailure } from "~/lib/database-errors.server";
import { denverDate } from "~/lib/dates";
import { db, executedRows } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { isId } from "~/lib/ids";
import { logger } from "~/lib/logger.server";
import { kickOutbox, type OutboxMessage, queuedMailRows } from "~/lib/outbox.server";
import {
  type InvoiceRow,
  lockInvoice,
  recordInvoiceEvent,
  type Transaction,
} from "./invoices.server";
import { type MailInvoice, paymentFlagAlert, receiptMail } from "./mail.server";
import { formatCents } from "./money";
// the receipt mail's PDF drawer is registered there, for every process that queues receipts
import "./payments.server";
import { stripe, WEBHOOK_TOLERANCE_SECONDS } from "./stripe.server";

/** The event types handled; any other is acknowledged and changes nothing. */
export const HANDLED_EVENT_TYPES = [
  "checkout.session.completed",
  "checkout.session.async_payment_succeeded",
  "checkout.session.async_payment_failed",
  "checkout.session.expired",
  "charge.refunded",
] as const;

/** What the route answers Stripe. */
export interface WebhookAnswer {
  status: number;
  body: string;
}

/**
 * Checks and applies one webhook delivery.
 * @param payload the request body exactly as received (the signature covers its bytes)
 * @param signature the `Stripe-Signature` header
 * @returns 200 once handled (also for a duplicate or an unhandled type); 400 for a missing or bad
 *   signature or a timestamp older than 5 minutes (nothing changes); 503 when no webhook secret is
 *   configured; the database's error propagates (Stripe retries)
 */
export async function receiveStripeWebhook(
  payload: string,
  signature: string | null,
): Promise<WebhookAnswer> {
  const secret = env().STRIPE_WEBHOOK_SECRET;
  if (!secret || !env().STRIPE_SECRET_KEY) return { status: 503, body: "not configured" };
  if (!signature) return { status: 400, body: "missing signature" };
  let event: Stripe.Event;
  try {
    event = stripe().webhooks.constructEvent(payload, signature, secret, WEBHOOK_TOLERANCE_SECONDS);
  } catch (error) {
    logger().warn({ err: error }, "Stripe webhook refused: bad signature");
    return { status: 400, body: "bad signature" };
  }
  await handleStripeEvent(event);
  return { status: 200, body: "ok" };
}

/**
 * Applies a verified event (see the module's comment). Unknown types are not stored.
 * @returns what it did, for logs and tests
 */
export async function handleStripeEvent(
  event: Stripe.Event,
): Promise<"applied" | "duplicate" | "ignored"> {
  if (!(HANDLED_EVENT_TYPES as readonly string[]).includes(event.type)) return "ignored";
  if (event.type === "charge.refunded") return handleCharge(event);
  const session = event.data.object as Stripe.Checkout.Session;
  const result = await applySessionNews(session, event.type as SessionEventType, {
    id: event.id,
    type: event.type,
  });
  if (result.mailed) kickOutbox();
  return result.outcome;
}

/**
 * Applies Checkout Session `session` as read back from Stripe (the return page's retrieve): the
 * same path as its events, without an event id.
 * @returns the payment's state for the page: received, processing, failed or none (not paid)
 */
export async function applyRetrievedSession(
  session: Stripe.Checkout.Session,
): Promise<"received" | "processing" | "failed" | "none"> {
  if (session.status !== "complete") return "none";
  const result = await applySessionNews(session, "checkout.session.completed", null);
  if (result.mailed) kickOutbox();
  return result.state;
}

type SessionEventType =
  | "checkout.session.completed"
  | "checkout.session.async_payment_succeeded"
  | "checkout.session.async_payment_failed"
  | "checkout.session.expired";

type PaymentStatus = "pending" | "succeeded" | "failed";
type PageState = "received" | "processing" | "failed" | "none";

interface SessionOutcome {
  outcome: "applied" | "duplicate";
  state: PageState;
  mailed: boolean;
}

/**
 * A session's news applied in two calls and no transaction: one reads what the rules need
 * (the event stored before?, the invoice, the session, the payment of its PaymentIntent), the
 * rules decide in code, and one writes it all (drizzle/0030), on condition that the
 * invoice is still the version read (every change of its payments rewrites its row: the totals'
 * trigger). When it was not, the same runs again under the invoice's lock, in a transaction.
 * docs/decisions/0290-webhook-in-two-statements.md
 */
async function applySessionNews(
  session: Stripe.Checkout.Session,
  kind: SessionEventType,
  event: StoredEvent | null,
): Promise<SessionOutcome> {
  const invoiceId = sessionInvoiceId(session);
  const news: SessionNews = { session, kind, event, invoiceId };
  const optimistic = await applyNews(db, news);
  if (optimistic) return optimistic;
  return db.transaction(async (tx) => {
    if (invoiceId) await lockInvoice(tx, invoiceId);
    const locked = await applyNews(tx, news);
    if (!locked) throw new Error("invoice changed under its lock");
    return locked;
  });
}

interface StoredEvent {
  id: string;
  type: string;
}

interface SessionNews {
  session: Stripe.Checkout.Session;
  kind: SessionEventType;
  event: StoredEvent | null;
  invoiceId: string | null;
}

/** One try of `news`: null when its invoice changed between the read and the write. */
async function applyNews(executor: Executor, news: SessionNews): Promise<SessionOutcome | null> {
  const { session, kind, event, invoiceId } = news;
  const none = (outcome: SessionOutcome["outcome"]) => ({
    outcome,
    state: "none" as const,
    mailed: false,
  });
  const intent = idOf(session.payment_intent);
  const state = await readPaymentState(executor, {
    eventId: event?.id ?? null,
    invoiceId,
    sessionId: session.id,
    intent,
  });
  if (state.stored) return none("duplicate");
  if (!state.invoice) {
    if (!invoiceId && event) {
      logger().warn({ eventId: event.id, type: event.type }, "Stripe event for no invoice of ours");
    }
    if (!event) return none("applied");
    return none((await storeEvent(executor, event)) ? "applied" : "duplicate");
  }
  const plan = planSession(state, session, kind, intent, new Date(state.now));
  const written = await writePlan(executor, state.invoice, plan, event);
  if (!written.current) return null;
  if (!written.stored) return none("duplicate");
  return {
    outcome: "applied",
    state: plan.state,
    mailed: plan.mail.length > 0,
  };
}

function sessionInvoiceId(session: Stripe.Checkout.Session): string | null {
  const id = session.metadata?.invoice_id;
  return isId(id) ? id : null;
}

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  typeof value === "string" ? value : (value?.id ?? null);

type Executor = Pick<typeof db, "execute">;

/** The invoice as the rules and the mails need it, with the version (xmin) it was read at. */
type StateInvoice = MailInvoice & Pick<InvoiceRow, "status"> & { version: string };

interface PaymentState {
  /** the event was stored before: a replay or duplicate (then nothing else is read) */
  stored: boolean;
  invoice: StateInvoice | null;
  session: { status: string; requested_cents: number } | null;
  /** the payment of the PaymentIntent, with its receipt number were it to succeed now */
  payment: {
    id: string;
    status: PaymentStatus;
    method: OnlinePayment["method"];
    amount_cents: number;
    flag: string | null;
    stripe_checkout_session_id: string | null;
    requested_cents: number | null;
    received_on: string;
    receipt_number: number;
  } | null;
  /** a new payment's id, and its receipt number were it written now and succeeded */
  newId: string;
  /** the database's clock (ISO 8601), what the write stamps: one clock for all payments */
  now: string;
  new_receipt_number: number;
}

const json = <T>(value: unknown): T => (typeof value === "string" ? JSON.parse(value) : value) as T;

/**
 * What the rules need, in one call of stripe_webhook_state (drizzle/0030_stripe_webhook_write.sql);
 * no lock: the write checks the invoice's version.
 */
async function readPaymentState(
  executor: Executor,
  key: {
    eventId: string | null;
    invoiceId: string | null;
    sessionId: string | null;
    intent: string | null;
  },
): Promise<PaymentState> {
  const newId = randomUUID();
  const [row] = executedRows<{ state: unknown }>(
    await executor.execute(sql`SELECT stripe_webhook_state(${key.eventId}, ${key.invoiceId}::uuid,
      ${key.sessionId}, ${key.intent}, ${newId}::uuid) AS state`),
  );
  if (!row) throw new Error("no state read");
  return { ...json<Omit<PaymentState, "newId">>(row.state), newId };
}
interface OnlinePayment {
  intent: string;
  sessionId: string | null;
  amount: number;
  status: PaymentStatus;
  method: "stripe_card" | "stripe_bank";
  requested: number | null;
}

/** What one piece of news writes: decided in code from `PaymentState`, written in one call. */
interface Plan {
  /** the session's row moved to this status (from open, or from anything but complete) */
  session: { id: string; status: "expired" | "complete" } | null;
  payment:
    | { insert: typeof payments.$inferInsert }
    | { id: string; from: PaymentStatus; set: Partial<typeof payments.$inferInsert> }
    | null;
  /** the invoice event and the quote's history row */
  event: { kind: string; note: string; amount: number; at: Date } | null;
  mail: OutboxMessage[];
  state: PageState;
}

const NOTHING: Plan = { session: null, payment: null, event: null, mail: [], state: "none" };

/**
 * One session's news (`kind`) on its invoice: the session's row, and the payment of its
 * PaymentIntent created or moved forward.
 */
function planSession(
  state: PaymentState,
  session: Stripe.Checkout.Session,
  kind: SessionEventType,
  intent: string | null,
  now: Date,
): Plan {
  const opened = state.session;
  if (kind === "checkout.session.expired") {
    return {
      ...NOTHING,
      session: opened?.status === "open" ? { id: session.id, status: "expired" } : null,
    };
  }
  const completed: Plan["session"] =
    opened && opened.status !== "complete" ? { id: session.id, status: "complete" } : null;
  const amount = session.amount_total ?? 0;
  if (!intent || amount <= 0) return { ...NOTHING, session: completed };
  const status =
    kind === "checkout.session.async_payment_failed"
      ? "failed"
      : kind === "checkout.session.async_payment_succeeded" || session.payment_status === "paid"
        ? "succeeded"
        : "pending";
  // a card is paid at completion; a bank debit completes unpaid and settles days later
  const method =
    kind === "checkout.session.completed" && session.payment_status === "paid"
      ? "stripe_card"
      : "stripe_bank";
  const plan = planPayment(
    state,
    {
      intent,
      sessionId: session.id,
      amount,
      status,
      method,
      requested: opened?.requested_cents ?? null,
    },
    now,
  );
  return { ...plan, session: completed };
}

/**
 * The payment of PaymentIntent `p.intent` created or moved forward (pending -> succeeded or
 * failed; never back), filling what an earlier event lacked (its session, the amount asked).
 * Crediting happens once, when it first becomes succeeded: the part up to the balance; then its
 * receipt is queued (claimed on the payment's row: receipt_queued_at).
 */
function planPayment(state: PaymentState, p: OnlinePayment, now: Date): Plan {
  const invoice = state.invoice as StateInvoice;
  const existing = state.payment;
  const balance = invoice.total_cents - invoice.paid_cents;
  const flags: string[] = [];
  if (p.requested !== null && p.requested !== p.amount) {
    flags.push(`Stripe reported ${formatCents(p.amount)}, ${formatCents(p.requested)} was asked`);
  }
  const credit = (amount: number) => {
    if (invoice.status === "void") {
      flags.push(`paid on a void invoice: refund ${formatCents(amount)}`);
      return 0;
    }
    const applied = Math.max(0, Math.min(amount, balance));
    if (applied < amount) {
      flags.push(`${formatCents(amount - applied)} more than the balance: refund it`);
    }
    return applied;
  };
  /** the writes of a payment that is new or moved forward to `status` */
  const moved = (
    payment: Plan["payment"],
    id: string,
    amount: number,
    method: OnlinePayment["method"],
    applied: number,
    receiptNumber: number,
  ): Plan => {
    const mail = flags.length > 0 ? [paymentFlagAlert(invoice, flags.join("; "))] : [];
    if (p.status === "succeeded") {
      // the invoice as the payment's write leaves it (its trigger adds what was applied)
      const after = { ...invoice, paid_cents: invoice.paid_cents + applied };
      mail.push(receiptMail(after, id, amount, receiptNumber));
    }
    return {
      session: null,
      payment,
      event: {
        kind: `payment_${p.status}`,
        note: paymentNote(invoice, p.status, amount, method),
        amount,
        at: now,
      },
      mail,
      state: pageState(p.status),
    };
  };
  const succeeded = p.status === "succeeded";
  if (!existing) {
    const applied = succeeded ? credit(p.amount) : 0;
    const insert: typeof payments.$inferInsert = {
      id: state.newId,
      invoice_id: invoice.id,
      method: p.method,
      status: p.status,
      amount_cents: p.amount,
      applied_cents: applied,
      received_on: denverDate(now),
      reference: p.intent,
      stripe_payment_intent_id: p.intent,
      stripe_checkout_session_id: p.sessionId,
      requested_cents: p.requested,
      flag: flags.length > 0 ? flags.join("; ") : null,
      receipt_queued_at: succeeded ? now : null,
      created_at: now,
      updated_at: now,
    };
    return moved({ insert }, state.newId, p.amount, p.method, applied, state.new_receipt_number);
  }
  const fill = {
    stripe_checkout_session_id: existing.stripe_checkout_session_id ?? p.sessionId,
    requested_cents: existing.requested_cents ?? p.requested,
    updated_at: now,
  };
  if (existing.status !== "pending" || p.status === "pending") {
    return {
      ...NOTHING,
      payment: { id: existing.id, from: existing.status, set: fill },
      state: pageState(existing.status),
    };
  }
  const applied = succeeded ? credit(existing.amount_cents) : 0;
  const set = {
    ...fill,
    status: p.status,
    applied_cents: applied,
    received_on: succeeded ? denverDate(now) : existing.received_on,
    flag: [existing.flag, ...flags].filter(Boolean).join("; ") || null,
    receipt_queued_at: succeeded ? now : undefined,
  };
  return moved(
    { id: existing.id, from: "pending", set },
    existing.id,
    existing.amount_cents,
    existing.method,
    applied,
    existing.receipt_number,
  );
}

const pageState = (status: PaymentStatus): PageState =>
  status === "succeeded" ? "received" : status === "pending" ? "processing" : "failed";

function paymentNote(
  invoice: StateInvoice,
  status: PaymentStatus,
  amount: number,
  method: OnlinePayment["method"],
): string {
  const how = method === "stripe_card" ? "card" : "bank account";
  const what = { succeeded: "received", pending: "processing", failed: "failed" }[status];
  return `Online payment of ${formatCents(amount)} on ${invoice.number} ${what} (${how})`;
}

/**
 * Writes `plan` (and stores `event`, when given) in one call of the database's
 * stripe_webhook_write (drizzle/0030_stripe_webhook_write.sql), atomic without a transaction: it
 * writes only when the invoice is still at the version read (it locks it for the call) and the
 * event was not stored before. A write of a payment rewrites its invoice's row (the totals'
 * trigger), so the version stands for everything the plan was decided on; the session's row is
 * moved only from the status it had.
 * @returns current: the invoice was at the version read (else nothing was written); stored: the
 *   event is new (or there is none), so the plan was written
 */
async function writePlan(
  executor: Executor,
  invoice: StateInvoice,
  plan: Plan,
  event: StoredEvent | null,
): Promise<{ current: boolean; stored: boolean }> {
  const { session, payment } = plan;
  const { rows, files } = queuedMailRows(plan.mail);
  if (files.some((f) => f.content)) throw new Error("only drawn attachments are written here");
  const json = (value: unknown) => (value ? JSON.stringify(value) : null);
  const event_ = plan.event && {
    kind: plan.event.kind,
    note: plan.event.note,
    amount_cents: plan.event.amount,
    created_at: plan.event.at,
  };
  const update = payment && "set" in payment ? payment : null;
  const written = executor.execute(sql`SELECT stripe_webhook_write(
      ${invoice.id}::uuid, ${invoice.version}, ${event?.id ?? null}, ${event?.type ?? null},
      ${session?.id ?? null}, ${session?.status ?? null},
      ${json(payment && "insert" in payment ? payment.insert : null)}::jsonb,
      ${update?.id ?? null}::uuid, ${update?.from ?? null}::payment_status,
      ${json(update?.set)}::jsonb,
      ${json(event_)}::jsonb, ${JSON.stringify(rows)}::jsonb, ${JSON.stringify(files)}::jsonb
    ) AS outcome`);
  type Outcome = "stale" | "duplicate" | "written";
  let outcome: Outcome | undefined;
  try {
    const [row] = executedRows<{ outcome: Outcome }>(await written);
    outcome = row?.outcome;
  } catch (error) {
    // the payment to move moved since it was read: nothing was written (the call was undone)
    if (!isSerializationFailure(error)) throw error;
    outcome = "stale";
  }
  return { current: outcome !== "stale", stored: outcome === "written" };
}

/** Stores `event` alone (no invoice of ours): false when it was stored before. */
async function storeEvent(executor: Executor, event: StoredEvent): Promise<boolean> {
  const stored = executedRows(
    await executor.execute(sql`INSERT INTO ${stripe_events} (id, type)
      VALUES (${event.id}, ${event.type}) ON CONFLICT DO NOTHING RETURNING 1`),
  );
  return stored.length > 0;
}

/**
 * A `charge.refunded` event, in a transaction under its invoice's lock: the payment made or
 * moved forward as a session's news would (a refund needs a paid charge), then its refunds.
 */
async function handleCharge(event: Stripe.Event): Promise<"applied" | "duplicate"> {
  const chargeInfo = await chargeInfoOf(event.data.object as Stripe.Charge);
  const invoiceId = chargeInfo?.invoiceId ?? null;
  const result = await db.transaction(async (tx) => {
    const stored = await tx
      .insert(stripe_events)
      .values({ id: event.id, type: event.type })
      .onConflictDoNothing()
      .returning({ id: stripe_events.id });
    if (stored.length === 0) return { outcome: "duplicate" as const, mailed: false };
    if (!invoiceId) {
      logger().warn({ eventId: event.id, type: event.type }, "Stripe event for no invoice of ours");
      return { outcome: "applied" as const, mailed: false };
    }
    const invoice = await lockInvoice(tx, invoiceId);
    if (!invoice) return { outcome: "applied" as const, mailed: false };
    const mailed = await applyCharge(tx, invoice, chargeInfo as ChargeInfo);
    return { outcome: "applied" as const, mailed };
  });
  if (result.mailed) kickOutbox();
  return result.outcome;
}

interface ChargeInfo {
  invoiceId: string | null;
  intent: string;
  amount: number;
  amountRefunded: number;
  method: "stripe_card" | "stripe_bank";
  refunds: { id: string; amount: number }[];
  chargeId: string;
}

/**
 * What a `charge.refunded` event tells, with its invoice: from the payment we know for its
 * PaymentIntent, else from the PaymentIntent's metadata (retrieved from Stripe: a refund may be
 * reported before the checkout's completion).
 */
async function chargeInfoOf(charge: Stripe.Charge): Promise<ChargeInfo | null> {
  const intent = idOf(charge.payment_intent);
  if (!intent) return null;
  const [known] = await db
    .select({ invoiceId: payments.invoice_id })
    .from(payments)
    .where(eq(payments.stripe_payment_intent_id, intent));
  let invoiceId = known?.invoiceId ?? charge.metadata?.invoice_id ?? null;
  if (!isId(invoiceId)) {
    const retrieved = await stripe().paymentIntents.retrieve(intent);
    invoiceId = retrieved.metadata?.invoice_id ?? null;
  }
  return {
    invoiceId: isId(invoiceId) ? invoiceId : null,
    intent,
    amount: charge.amount,
    amountRefunded: charge.amount_refunded,
    method:
      charge.payment_method_details?.type === "us_bank_account" ? "stripe_bank" : "stripe_card",
    refunds: (charge.refunds?.data ?? [])
      .filter((r) => r.status === "succeeded" || r.status === "pending")
      .map((r) => ({ id: r.id, amount: r.amount })),
    chargeId: charge.id,
  };
}

/**
 * A charge's refunds applied: the payment made if no event created it yet (a refund needs a
 * paid charge), each refund Stripe lists recorded once by its id, and any amount Stripe counts
 * beyond those (refunds not listed) recorded under a key of the charge and its cumulative total.
 */
async function applyCharge(tx: Transaction, invoice: InvoiceRow, c: ChargeInfo): Promise<boolean> {
  const state = await readPaymentState(tx, {
    eventId: null,
    invoiceId: invoice.id,
    sessionId: null,
    intent: c.intent,
  });
  const now = new Date(state.now);
  const plan = planPayment(
    state,
    {
      intent: c.intent,
      sessionId: null,
      amount: c.amount,
      status: "succeeded",
      method: c.method,
      requested: null,
    },
    now,
  );
  const written = await writePlan(tx, state.invoice as StateInvoice, plan, null);
  if (!written.current) throw new Error("invoice changed under its lock");
  const [payment] = await tx
    .select()
    .from(payments)
    .where(eq(payments.stripe_payment_intent_id, c.intent));
  const mailed = plan.mail.length > 0;
  if (payment?.status !== "succeeded") return mailed;
  const today = denverDate(new Date());
  for (const refund of c.refunds) {
    const inserted = await tx
      .insert(refunds)
      .values({
        payment_id: payment.id,
        amount_cents: refund.amount,
        stripe_refund_id: refund.id,
        refunded_on: today,
      })
      .onConflictDoNothing({ target: refunds.stripe_refund_id })
      .returning({ id: refunds.id });
    if (inserted.length > 0) {
      await recordInvoiceEvent(
        tx,
        invoice,
        "refund",
        `Refund of ${formatCents(refund.amount)} on ${invoice.number} (online)`,
        -refund.amount,
        null,
      );
    }
  }
  const [after] = await tx
    .select({ refunded: sql<number>`${payments.refunded_cents}` })
    .from(payments)
    .where(eq(payments.id, payment.id));
  const missing = c.amountRefunded - (after?.refunded ?? 0);
  if (missing > 0) {
    await tx
      .insert(refunds)
      .values({
        payment_id: payment.id,
        amount_cents: missing,
        stripe_refund_id: `${c.chargeId}:${c.amountRefunded}`,
        refunded_on: today,
        reason: "Reported by Stripe",
      })
      .onConflictDoNothing({ target: refunds.stripe_refund_id });
    await recordInvoiceEvent(
      tx,
      invoice,
      "refund",
      `Refund of ${formatCents(missing)} on ${invoice.number} (online)`,
      -missing,
      null,
    );
  }
  return mailed;
}
