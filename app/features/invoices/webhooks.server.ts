/**
 * Stripe's word on online payments. `POST /webhooks/stripe` hands the raw body here: the SDK
 * checks the signature (5-minute tolerance), each event id is stored once (a replay or duplicate
 * changes nothing), and every event about a payment lands on the one payments row of its
 * PaymentIntent under a lock of its invoice, moving it only forward (pending -> succeeded or
 * failed), so events in any order, twice or at once end in the same state. The amount recorded is
 * the one Stripe reports; another than we asked, or more than the balance, is flagged to staff.
 * A payment that succeeds queues its receipt mail in the same transaction; its PDF is drawn when
 * the outbox sends it, not in the request (docs/decisions/0265-receipt-pdf-drawn-at-sending.md).
 * docs/decisions/0231-stripe-webhooks.md
 */
import { eq, sql } from "drizzle-orm";
import type Stripe from "stripe";
import { checkout_sessions, invoices, payments, refunds, stripe_events } from "~/db/schema";
import { denverDate } from "~/lib/dates";
import { db } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { isId } from "~/lib/ids";
import { logger } from "~/lib/logger.server";
import { kickOutbox, queueMail } from "~/lib/outbox.server";
import { type InvoiceRow, recordInvoiceEvent, type Transaction } from "./invoices.server";
import { paymentFlagAlert } from "./mail.server";
import { formatCents } from "./money";
import { queueReceipt } from "./payments.server";
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
  let invoiceId: string | null = null;
  let chargeInfo: ChargeInfo | null = null;
  if (event.type === "charge.refunded") {
    chargeInfo = await chargeInfoOf(event.data.object as Stripe.Charge);
    invoiceId = chargeInfo?.invoiceId ?? null;
  } else {
    invoiceId = sessionInvoiceId(event.data.object as Stripe.Checkout.Session);
  }
  const result = await db.transaction(async (tx) => {
    const stored = await tx
      .insert(stripe_events)
      .values({ id: event.id, type: event.type })
      .onConflictDoNothing()
      .returning({ id: stripe_events.id });
    if (stored.length === 0) return { outcome: "duplicate" as const, receipt: false, alert: false };
    if (!invoiceId) {
      logger().warn({ eventId: event.id, type: event.type }, "Stripe event for no invoice of ours");
      return { outcome: "applied" as const, receipt: false, alert: false };
    }
    const invoice = await lockInvoice(tx, invoiceId);
    if (!invoice) return { outcome: "applied" as const, receipt: false, alert: false };
    if (event.type === "charge.refunded") {
      await applyCharge(tx, invoice, chargeInfo as ChargeInfo);
      return { outcome: "applied" as const, receipt: false, alert: false };
    }
    const applied = await applySession(
      tx,
      invoice,
      event.data.object as Stripe.Checkout.Session,
      event.type,
    );
    const receipt = applied.receipt ? await queueReceipt(tx, applied.receipt) : false;
    return { outcome: "applied" as const, alert: applied.alert, receipt };
  });
  if (result.alert || result.receipt) kickOutbox();
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
  const invoiceId = sessionInvoiceId(session);
  if (!invoiceId || session.status !== "complete") return "none";
  const result = await db.transaction(async (tx) => {
    const invoice = await lockInvoice(tx, invoiceId);
    if (!invoice) return { receipt: false, alert: false, state: "none" as const };
    const applied = await applySession(tx, invoice, session, "checkout.session.completed");
    const receipt = applied.receipt ? await queueReceipt(tx, applied.receipt) : false;
    return { ...applied, receipt };
  });
  if (result.alert || result.receipt) kickOutbox();
  return result.state;
}

function sessionInvoiceId(session: Stripe.Checkout.Session): string | null {
  const id = session.metadata?.invoice_id;
  return isId(id) ? id : null;
}

async function lockInvoice(tx: Transaction, invoiceId: string): Promise<InvoiceRow | undefined> {
  const [invoice] = await tx
    .select()
    .from(invoices)
    .where(eq(invoices.id, invoiceId))
    .for("update");
  return invoice;
}

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  typeof value === "string" ? value : (value?.id ?? null);

type SessionEventType =
  | "checkout.session.completed"
  | "checkout.session.async_payment_succeeded"
  | "checkout.session.async_payment_failed"
  | "checkout.session.expired";

/**
 * One session's news applied to its invoice (locked by the caller): the session's row, and the
 * payment of its PaymentIntent created or moved forward.
 */
async function applySession(
  tx: Transaction,
  invoice: InvoiceRow,
  session: Stripe.Checkout.Session,
  type: string,
): Promise<{
  receipt: string | null;
  alert: boolean;
  state: "received" | "processing" | "failed" | "none";
}> {
  const kind = type as SessionEventType;
  const [opened] = await tx
    .select()
    .from(checkout_sessions)
    .where(eq(checkout_sessions.id, session.id));
  if (kind === "checkout.session.expired") {
    if (opened?.status === "open") {
      await tx
        .update(checkout_sessions)
        .set({ status: "expired" })
        .where(eq(checkout_sessions.id, session.id));
    }
    return { receipt: null, alert: false, state: "none" };
  }
  if (opened && opened.status !== "complete") {
    await tx
      .update(checkout_sessions)
      .set({ status: "complete" })
      .where(eq(checkout_sessions.id, session.id));
  }
  const intent = idOf(session.payment_intent);
  const amount = session.amount_total ?? 0;
  if (!intent || amount <= 0) return { receipt: null, alert: false, state: "none" };
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
  const result = await upsertOnlinePayment(tx, invoice, {
    intent,
    sessionId: session.id,
    amount,
    status,
    method,
    requested: opened?.requested_cents ?? null,
  });
  return {
    ...result,
    state:
      result.status === "succeeded"
        ? "received"
        : result.status === "pending"
          ? "processing"
          : "failed",
  };
}

interface OnlinePayment {
  intent: string;
  sessionId: string | null;
  amount: number;
  status: "pending" | "succeeded" | "failed";
  method: "stripe_card" | "stripe_bank";
  requested: number | null;
}

/**
 * Creates the payment of PaymentIntent `p.intent` or moves it forward (pending -> succeeded or
 * failed; never back), filling what an earlier event lacked (its session, the amount asked).
 * Crediting happens once, when it first becomes succeeded: the part up to the balance.
 */
async function upsertOnlinePayment(
  tx: Transaction,
  invoice: InvoiceRow,
  p: OnlinePayment,
): Promise<{ receipt: string | null; alert: boolean; status: OnlinePayment["status"] }> {
  const [existing] = await tx
    .select()
    .from(payments)
    .where(eq(payments.stripe_payment_intent_id, p.intent));
  const now = new Date();
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
  if (!existing) {
    const applied = p.status === "succeeded" ? credit(p.amount) : 0;
    const [row] = await tx
      .insert(payments)
      .values({
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
      })
      .returning({ id: payments.id });
    await paymentEvent(tx, invoice, p.status, p.amount, p.method);
    const alert = await flagAlert(tx, invoice, flags);
    return {
      receipt: p.status === "succeeded" ? (row?.id ?? null) : null,
      alert,
      status: p.status,
    };
  }
  const fill = {
    stripe_checkout_session_id: existing.stripe_checkout_session_id ?? p.sessionId,
    requested_cents: existing.requested_cents ?? p.requested,
    updated_at: now,
  };
  if (existing.status !== "pending" || p.status === "pending") {
    await tx.update(payments).set(fill).where(eq(payments.id, existing.id));
    return { receipt: null, alert: false, status: existing.status };
  }
  const applied = p.status === "succeeded" ? credit(existing.amount_cents) : 0;
  const flag = [existing.flag, ...flags].filter(Boolean).join("; ") || null;
  await tx
    .update(payments)
    .set({
      ...fill,
      status: p.status,
      applied_cents: applied,
      received_on: p.status === "succeeded" ? denverDate(now) : existing.received_on,
      flag,
    })
    .where(eq(payments.id, existing.id));
  await paymentEvent(
    tx,
    invoice,
    p.status,
    existing.amount_cents,
    existing.method as OnlinePayment["method"],
  );
  const alert = await flagAlert(tx, invoice, flags);
  return { receipt: p.status === "succeeded" ? existing.id : null, alert, status: p.status };
}

async function paymentEvent(
  tx: Transaction,
  invoice: InvoiceRow,
  status: OnlinePayment["status"],
  amount: number,
  method: OnlinePayment["method"],
): Promise<void> {
  const how = method === "stripe_card" ? "card" : "bank account";
  const note =
    status === "succeeded"
      ? `Online payment of ${formatCents(amount)} on ${invoice.number} received (${how})`
      : status === "pending"
        ? `Online payment of ${formatCents(amount)} on ${invoice.number} processing (${how})`
        : `Online payment of ${formatCents(amount)} on ${invoice.number} failed (${how})`;
  await recordInvoiceEvent(tx, invoice, `payment_${status}`, note, amount, null);
}

async function flagAlert(tx: Transaction, invoice: InvoiceRow, flags: string[]) {
  if (flags.length === 0) return false;
  await queueMail(tx, [paymentFlagAlert(invoice, flags.join("; "))]);
  return true;
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
async function applyCharge(tx: Transaction, invoice: InvoiceRow, c: ChargeInfo): Promise<void> {
  await upsertOnlinePayment(tx, invoice, {
    intent: c.intent,
    sessionId: null,
    amount: c.amount,
    status: "succeeded",
    method: c.method,
    requested: null,
  });
  const [payment] = await tx
    .select()
    .from(payments)
    .where(eq(payments.stripe_payment_intent_id, c.intent));
  if (payment?.status !== "succeeded") return;
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
}
