/**
 * Paying an invoice online: a Stripe Checkout Session (payment mode, card and US bank account,
 * the invoice number as client_reference_id and in metadata) for the balance or a part of it.
 * Card data never reaches our server: Stripe's hosted page takes it (PCI SAQ A). At most one
 * session per invoice is open: a new one expires the previous.
 */
import { and, eq } from "drizzle-orm";
import type Stripe from "stripe";
import { checkout_sessions } from "~/db/schema";
import { MIN_ONLINE_PAYMENT_CENTS } from "~/features/catalog/invoice-enums";
import { db } from "~/lib/db.server";
import { logger } from "~/lib/logger.server";
import { type InvoiceOutcome, invoiceById } from "./invoices.server";
import { formatCents, PROCESSING_MESSAGE } from "./money";
import { paymentsOfInvoice, processingCents } from "./payments.server";
import { onlinePaymentsEnabled, stripe } from "./stripe.server";
import { applyRetrievedSession } from "./webhooks.server";

/**
 * The least and most a homeowner may pay online now on an invoice with `balance` cents payable
 * (the balance less what is processing).
 */
export function payableRange(balance: number): { min: number; max: number } {
  return { min: Math.min(MIN_ONLINE_PAYMENT_CENTS, balance), max: balance };
}

/**
 * Opens a Checkout Session for `amountCents` of invoice `invoiceId` and returns Stripe's page.
 * @param returnUrl our page Stripe sends the payer back to (`?session_id=...` is added), and the
 *   page a cancel returns to
 * @returns ok with the hosted page's URL; 503 when online payment is off; 404 unknown; 409 void,
 *   paid or the rest processing; 400 an amount outside $1 .. the balance less what is processing;
 *   502 when Stripe could not be reached
 */
export async function startCheckout(
  invoiceId: string,
  amountCents: number,
  returnUrl: string,
): Promise<InvoiceOutcome<{ url: string }>> {
  if (!onlinePaymentsEnabled()) {
    return {
      ok: false,
      status: 503,
      message: "Online payment is not available: pay by check or phone.",
    };
  }
  const invoice = await invoiceById(invoiceId);
  if (!invoice) return { ok: false, status: 404, message: "This invoice was not found." };
  if (invoice.status === "void")
    return { ok: false, status: 409, message: "This invoice is void." };
  const balance = invoice.total_cents - invoice.paid_cents;
  if (balance <= 0) return { ok: false, status: 409, message: "This invoice is paid. Thank you." };
  const payable = balance - processingCents(await paymentsOfInvoice(invoice.id));
  if (payable <= 0) return { ok: false, status: 409, message: PROCESSING_MESSAGE };
  const range = payableRange(payable);
  if (!Number.isSafeInteger(amountCents) || amountCents < range.min || amountCents > range.max) {
    const message = `Enter an amount from ${formatCents(range.min)} to ${formatCents(range.max)}.`;
    return { ok: false, status: 400, message, fieldErrors: { amount: [message] } };
  }
  try {
    await expireOpenSessions(invoice.id);
    const metadata = { invoice_id: invoice.id, invoice_number: invoice.number };
    const session = await stripe().checkout.sessions.create({
      mode: "payment",
      client_reference_id: invoice.number,
      metadata,
      payment_intent_data: { metadata, description: `Invoice ${invoice.number}` },
      allowed_payment_method_types: ["card", "us_bank_account"],
      customer_email: invoice.customer_email,
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: "usd",
            unit_amount: amountCents,
            product_data: { name: `Invoice ${invoice.number}` },
          },
        },
      ],
      success_url: `${returnUrl}?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: returnUrl.replace(/\/return$/, ""),
    });
    if (!session.url) throw new Error("Checkout Session without a URL");
    const inserted = await db
      .insert(checkout_sessions)
      .values({
        id: session.id,
        invoice_id: invoice.id,
        requested_cents: amountCents,
        url: session.url,
      })
      .onConflictDoNothing()
      .returning({ id: checkout_sessions.id });
    if (inserted.length === 0) {
      // another tab opened one at the same moment: keep one open session
      await stripe()
        .checkout.sessions.expire(session.id)
        .catch(() => undefined);
      return { ok: false, status: 409, message: "A payment is already being started. Try again." };
    }
    return { ok: true, url: session.url };
  } catch (error) {
    logger().error({ err: error, invoiceId }, "Checkout Session not created");
    return {
      ok: false,
      status: 502,
      message: "The payment page could not be opened. Please try again in a minute.",
    };
  }
}

/** Expires invoice `invoiceId`'s open sessions at Stripe and here. */
async function expireOpenSessions(invoiceId: string): Promise<void> {
  const open = await db
    .select({ id: checkout_sessions.id })
    .from(checkout_sessions)
    .where(and(eq(checkout_sessions.invoice_id, invoiceId), eq(checkout_sessions.status, "open")));
  for (const { id } of open) {
    let status: string = "expired";
    try {
      status = (await stripe().checkout.sessions.expire(id)).status ?? "expired";
    } catch {
      // already complete or expired at Stripe: ask what it is
      const session = await stripe().checkout.sessions.retrieve(id);
      status = session.status ?? "expired";
      if (session.status === "complete") await applyRetrievedSession(session);
    }
    await db
      .update(checkout_sessions)
      .set({ status: status === "complete" ? "complete" : "expired" })
      .where(eq(checkout_sessions.id, id));
  }
}

/**
 * Where the payer stands after Stripe's page sent them back with `sessionId`: the session is
 * retrieved from Stripe (it must be one of invoice `invoiceId`'s) and applied as its webhook would
 * be, so the page says 'Payment received' only when Stripe confirms it.
 * @returns received, processing (a bank debit), failed, or none (not paid, unknown session)
 */
export async function checkoutOutcome(
  invoiceId: string,
  sessionId: string,
): Promise<"received" | "processing" | "failed" | "none"> {
  if (!onlinePaymentsEnabled() || !/^cs_[A-Za-z0-9_]{1,200}$/.test(sessionId)) return "none";
  const [known] = await db
    .select({ invoiceId: checkout_sessions.invoice_id })
    .from(checkout_sessions)
    .where(eq(checkout_sessions.id, sessionId));
  if (known?.invoiceId !== invoiceId) return "none";
  let session: Stripe.Checkout.Session;
  try {
    session = await stripe().checkout.sessions.retrieve(sessionId);
  } catch (error) {
    logger().warn({ err: error }, "Checkout Session not retrieved");
    return "none";
  }
  if (session.metadata?.invoice_id !== invoiceId) return "none";
  return applyRetrievedSession(session);
}
