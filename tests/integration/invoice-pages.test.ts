/**
 * The customer's invoice pages through their route modules: the invoice behind its link, 'Pay'
 * through the local Stripe-compatible server's hosted page (which delivers the signed event to our
 * webhook route), the return page, the PDF and the receipts; and the page without Stripe.
 */
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import { seedPriceBook } from "~/features/estimates/seed.server";
import {
  customerInvoicePdf,
  customerReceipt,
  invoicesOfQuotes,
} from "~/features/invoices/customer.server";
import { sendInvoice } from "~/features/invoices/invoices.server";
import { PROCESSING_MESSAGE } from "~/features/invoices/money";
import { recordStaffPayment } from "~/features/invoices/payments.server";
import { invoicesPart } from "~/features/invoices/personal-data.server";
import { createTypedInvoice, readTypedInvoice } from "~/features/invoices/typed.server";
import { db } from "~/lib/db.server";
import { env, setEnv } from "~/lib/env.server";
import { requestContext } from "~/lib/request-context";
import type { SessionUser } from "~/lib/session.server";
import * as accountInvoiceRoute from "~/routes/account/invoice";
import * as accountReceiptRoute from "~/routes/account/invoice-receipt";
import * as accountReturnRoute from "~/routes/account/invoice-return";
import * as accountQuotesRoute from "~/routes/account/quotes";
import * as invoiceRoute from "~/routes/invoices/invoice";
import * as pdfRoute from "~/routes/invoices/pdf";
import * as receiptRoute from "~/routes/invoices/receipt";
import * as returnRoute from "~/routes/invoices/return";
import { action as webhookAction } from "~/routes/webhooks/stripe";
import { makeUser, requestTo, run, contextFor as signedIn } from "../setup/admin";
import { drivers, freshDatabase, type TestDatabase } from "../setup/database";
import { acceptedQuote, invoicesOf } from "../setup/invoices";
import { renderRoute } from "../setup/render";
import {
  type StripeServer,
  startStripeServer,
  TEST_SECRET_KEY,
  TEST_WEBHOOK_SECRET,
} from "../setup/stripe-server";
import { throughRoot } from "../setup/through-root";

const ORIGIN = "http://localhost:3000";

/** A rendered page's HTML without React's text separators. */
async function render(
  path: string,
  module = invoiceRoute as never,
  pattern = "/invoices/:token",
  context?: RouterContextProvider,
) {
  const page = await renderRoute(module, pattern, path, context);
  return { status: page.status, html: page.html.replaceAll("<!-- -->", "") };
}

function contextFor(ip = "203.0.113.9") {
  const context = new RouterContextProvider();
  context.set(requestContext, { clientIp: ip, nonce: "n", requestId: `req-${randomUUID()}` });
  return context;
}

describe.each(drivers)("invoice pages on %s", (driver) => {
  let database: TestDatabase;
  let admin: SessionUser;
  let stripe: StripeServer;

  beforeAll(async () => {
    stripe = await startStripeServer();
    stripe.deliverTo = async (payload, signature) => {
      const request = new Request(`${ORIGIN}/webhooks/stripe`, {
        method: "POST",
        headers: { "Stripe-Signature": signature, "Content-Type": "application/json" },
        body: payload,
      });
      const response = await throughRoot(request, webhookAction as never, { params: {} });
      return response.status;
    };
    database = await freshDatabase(driver, {
      COMPANY_PHONE: "801-555-0142",
      COMPANY_EMAIL: "office@remediation.test",
      STRIPE_SECRET_KEY: TEST_SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
      STRIPE_API_URL: stripe.url,
    });
    await seedPriceBook();
    admin = await makeUser("front@remediation.test", { admin: true, totp: true });
  }, 180_000);
  afterAll(async () => {
    await database.dispose();
    await stripe.close();
  });

  /** A new deposit invoice and the token of the link mailed with it. */
  async function mailedInvoice() {
    const { quoteId } = await acceptedQuote(admin, 50);
    const [invoice] = await invoicesOf(quoteId);
    const [mail] = await db
      .select()
      .from(schema.mail_outbox)
      .where(
        and(eq(schema.mail_outbox.kind, "invoice_sent"), eq(schema.mail_outbox.quote_id, quoteId)),
      );
    const token = /\/invoices\/([\w-]{43})/.exec(mail?.text_body ?? "")?.[1] as string;
    if (!invoice || !token) throw new Error("no mailed invoice");
    return { invoice, token, quoteId };
  }

  async function pay(token: string, amount: string) {
    const request = new Request(`${ORIGIN}/invoices/${token}`, {
      method: "POST",
      headers: { Origin: ORIGIN },
      body: new URLSearchParams({ amount }),
    });
    return (await invoiceRoute.action({
      request,
      params: { token },
      context: contextFor(),
    } as never)) as Response | { data: { error: string }; init: { status: number } };
  }

  it("shows the invoice with its lines, PDF and Pay form, as a private page; unknown links are 404", async () => {
    const { invoice, token } = await mailedInvoice();
    const page = await render(`/invoices/${token}`);
    expect(page.status).toBe(200);
    expect(page.html).toContain(`Invoice ${invoice.number}`);
    expect(page.html).toContain("Deposit: 50% of Passive system");
    expect(page.html).toContain("Balance due");
    expect(page.html).toContain('name="amount"');
    expect(page.html).toContain(`href="/invoices/${token}/pdf"`);
    expect(invoiceRoute.headers()).toMatchObject({
      "Cache-Control": "private, no-store",
      "Referrer-Policy": "no-referrer",
    });
    const missing = await render(`/invoices/${"x".repeat(43)}`);
    expect(missing.status).toBe(404);
    expect(missing.html).toContain("Invoice not found");
    const pdf = (await pdfRoute.loader({
      params: { token },
      context: contextFor(),
    } as never)) as Response;
    expect(pdf.headers.get("Content-Type")).toBe("application/pdf");
    expect(pdf.headers.get("Cache-Control")).toBe("private, no-store");
  });

  it("pays on Stripe's hosted page: 'Payment received' once confirmed, the receipt downloads again", async () => {
    const { invoice, token } = await mailedInvoice();
    const refused = await pay(token, "0.50");
    expect(refused).toMatchObject({ init: { status: 400 } });
    const answer = (await pay(token, (invoice.total_cents / 100).toFixed(2))) as Response;
    expect(answer.status).toBe(303);
    const hosted = answer.headers.get("Location") as string;
    expect(hosted.startsWith(`${stripe.url}/pay/cs_test_`)).toBe(true);
    const form = await fetch(hosted);
    expect(await form.text()).toContain("Pay $");
    // the payer submits the hosted page: the completion event reaches our webhook, then back
    const submitted = await fetch(hosted, {
      method: "POST",
      body: new URLSearchParams({ method: "card" }),
      redirect: "manual",
    });
    expect(submitted.status).toBe(303);
    const back = new URL(submitted.headers.get("Location") as string);
    expect(back.pathname).toBe(`/invoices/${token}/return`);
    const page = await render(
      `${back.pathname}${back.search}`,
      returnRoute as never,
      "/invoices/:token/return",
    );
    expect(page.html).toContain("Payment received");
    const shown = await render(`/invoices/${token}`);
    expect(shown.html).toContain("This invoice is paid. Thank you.");
    const [payment] = await db
      .select()
      .from(schema.payments)
      .where(eq(schema.payments.invoice_id, invoice.id));
    const receipt = (await receiptRoute.loader({
      params: { token, fileId: payment?.id },
      context: contextFor(),
    } as never)) as Response;
    expect(receipt.headers.get("Content-Disposition")).toContain(`${invoice.number}-receipt-1.pdf`);
    // another invoice's link does not reach this payment's receipt
    const other = await mailedInvoice();
    await expect(
      receiptRoute.loader({
        params: { token: other.token, fileId: payment?.id },
        context: contextFor(),
      } as never),
    ).rejects.toMatchObject({ init: { status: 404 } });
  });

  it("says 'Processing' for a bank payment, and nothing is received before Stripe confirms", async () => {
    const { invoice, token } = await mailedInvoice();
    const answer = (await pay(token, "10.00")) as Response;
    const hosted = answer.headers.get("Location") as string;
    const sessionId = hosted.split("/").pop() as string;
    const early = await render(
      `/invoices/${token}/return?session_id=${sessionId}`,
      returnRoute as never,
      "/invoices/:token/return",
    );
    expect(early.html).toContain("Payment not completed");
    expect(early.html).not.toContain("Payment received");
    await fetch(hosted, {
      method: "POST",
      body: new URLSearchParams({ method: "bank" }),
      redirect: "manual",
    });
    const page = await render(
      `/invoices/${token}/return?session_id=${sessionId}`,
      returnRoute as never,
      "/invoices/:token/return",
    );
    expect(page.html).toContain("Processing");
    expect((await invoicesOf(invoice.quote_id as string))[0]?.paid_cents).toBe(0);
    // back on the invoice: the $10.00 processing is not asked for again
    const rest = invoice.total_cents - 1_000;
    const shown = await render(`/invoices/${token}`);
    expect(shown.html).toMatch(/<dt>Processing<\/dt><dd>\$10\.00<\/dd>/);
    expect(shown.html).toContain(`value="${(rest / 100).toFixed(2)}"`);
    expect(shown.html).toContain("the balance less the $10.00 processing");
    expect(await pay(token, (invoice.total_cents / 100).toFixed(2))).toMatchObject({
      init: { status: 400 },
    });
    // the rest paid by bank too: nothing is left to pay until Stripe settles or fails them
    const second = (await pay(token, (rest / 100).toFixed(2))) as Response;
    await fetch(second.headers.get("Location") as string, {
      method: "POST",
      body: new URLSearchParams({ method: "bank" }),
      redirect: "manual",
    });
    const settled = await render(`/invoices/${token}`);
    expect(settled.html).toContain(PROCESSING_MESSAGE);
    expect(settled.html).not.toContain('name="amount"');
    expect(await pay(token, "1.00")).toMatchObject({ init: { status: 409 } });
  });

  it("without JavaScript a refused amount comes back as typed, with its message, never replaced by the balance", async () => {
    const { invoice, token } = await mailedInvoice();
    for (const typed of ["1000", "12.345", "abc"]) {
      const page = await renderRoute(
        invoiceRoute as never,
        "/invoices/:token",
        `/invoices/${token}`,
        contextFor(),
        {
          method: "POST",
          body: new URLSearchParams({ amount: typed }),
        },
      );
      expect(page.status).toBe(400);
      const html = page.html.replaceAll("<!-- -->", "");
      expect(html).toContain(`value="${typed}"`);
      expect(html).not.toContain(`value="${(invoice.total_cents / 100).toFixed(2)}"`);
      expect(html).toContain('aria-invalid="true"');
    }
  });

  it("without STRIPE_SECRET_KEY explains how to pay by check or phone, and Pay is refused", async () => {
    const { token } = await mailedInvoice();
    const saved = env();
    setEnv({ ...saved, STRIPE_SECRET_KEY: undefined });
    try {
      const page = await render(`/invoices/${token}`);
      expect(page.status).toBe(200);
      expect(page.html).toContain("Online payment is not available right now");
      expect(page.html).toContain("(801) 555-0142");
      expect(page.html).not.toContain('name="amount"');
      expect(await pay(token, "10.00")).toMatchObject({ init: { status: 503 } });
    } finally {
      setEnv(saved);
    }
  });

  it("shows a customer their quote's invoices, paid and due, and their receipts download again; others get a 404", async () => {
    const { invoice, quoteId } = await mailedInvoice();
    const owner = await makeUser(`owner-${randomUUID().slice(0, 8)}@example.com`);
    const stranger = await makeUser(`stranger-${randomUUID().slice(0, 8)}@example.com`);
    await db
      .update(schema.quotes)
      .set({ user_id: owner.id, is_guest: false })
      .where(eq(schema.quotes.id, quoteId));
    const paid = await recordStaffPayment(
      invoice.id,
      { method: "cash", amount: 2_500, receivedOn: "2026-04-02" },
      admin.id,
    );
    if (!paid.ok) throw new Error(paid.message);
    const [summary] = (await invoicesOfQuotes([quoteId]))[quoteId] ?? [];
    expect(summary).toMatchObject({
      number: invoice.number,
      statusLabel: "Partly paid",
      paid: "$25.00",
      receipts: [{ id: paid.payment.id, label: "Receipt 1: $25.00 on April 2, 2026" }],
    });
    const receipt = await customerReceipt(owner.id, invoice.id, paid.payment.id);
    expect(receipt.headers.get("Content-Type")).toBe("application/pdf");
    expect(receipt.headers.get("Cache-Control")).toBe("private, no-store");
    await expect(customerReceipt(stranger.id, invoice.id, paid.payment.id)).rejects.toMatchObject({
      init: { status: 404 },
    });
    await expect(customerInvoicePdf(stranger.id, invoice.id)).rejects.toMatchObject({
      init: { status: 404 },
    });
    expect((await customerInvoicePdf(owner.id, invoice.id)).status).toBe(200);
    // the "Your data" export carries it; closing the account detaches it, the books keep it
    const exported = await invoicesPart.sections[0]?.collect(owner.id);
    expect(exported?.data).toEqual([
      expect.objectContaining({ number: invoice.number, paidCents: 2_500 }),
    ]);
    await db
      .update(schema.invoices)
      .set({ customer_id: owner.id })
      .where(eq(schema.invoices.id, invoice.id));
    await db.transaction(async (tx) => {
      await invoicesPart.close?.(tx, { userId: owner.id, email: "x@example.com", phone: null });
    });
    const [kept] = await db
      .select()
      .from(schema.invoices)
      .where(eq(schema.invoices.id, invoice.id));
    expect(kept).toMatchObject({ customer_id: null, number: invoice.number, paid_cents: 2_500 });
  });

  it("keeps a draft invoice from the customer until staff send it: not on their quotes or status page, its page and PDF a 404", async () => {
    const { quoteId } = await mailedInvoice();
    const owner = await makeUser(`draft-${randomUUID().slice(0, 8)}@example.com`);
    await db
      .update(schema.quotes)
      .set({ user_id: owner.id, is_guest: false })
      .where(eq(schema.quotes.id, quoteId));
    const form = new FormData();
    form.set("kind", "manual");
    form.set("lines[0].description", "Extra fan");
    form.set("lines[0].quantity", "1");
    form.set("lines[0].unitPrice", "120.00");
    const typed = readTypedInvoice(form);
    if (!typed.ok) throw new Error(typed.message);
    const created = await createTypedInvoice(quoteId, typed.value, admin.id);
    if (!created.ok) throw new Error(created.message);
    const draft = created.invoice;
    expect(draft.status).toBe("draft");
    const listed = async () =>
      ((await invoicesOfQuotes([quoteId]))[quoteId] ?? []).map((i) => i.number);
    expect(await listed()).not.toContain(draft.number);
    const page = await render(
      `/account/invoices/${draft.id}`,
      accountInvoiceRoute as never,
      "/account/invoices/:id",
      signedIn(owner),
    );
    expect(page.status).toBe(404);
    await expect(customerInvoicePdf(owner.id, draft.id)).rejects.toMatchObject({
      init: { status: 404 },
    });
    // sent, it is theirs to see and pay
    expect(await sendInvoice(draft.id, admin.id)).toMatchObject({ ok: true });
    expect(await listed()).toContain(draft.number);
    expect((await customerInvoicePdf(owner.id, draft.id)).status).toBe(200);
  });

  it("lets a signed-in customer pay from their quotes ('Pay' -> Stripe -> back) and download the receipt again; another customer gets a 404", async () => {
    const { invoice, quoteId } = await mailedInvoice();
    const owner = await makeUser(`payer-${randomUUID().slice(0, 8)}@example.com`);
    const stranger = await makeUser(`other-${randomUUID().slice(0, 8)}@example.com`);
    await db
      .update(schema.quotes)
      .set({ user_id: owner.id, is_guest: false })
      .where(eq(schema.quotes.id, quoteId));
    const page = `/account/invoices/${invoice.id}`;
    const quotes = await render(
      "/account/quotes",
      accountQuotesRoute as never,
      "/account/quotes",
      signedIn(owner),
    );
    expect(quotes.html).toContain(`href="${page}"`);
    expect(quotes.html).toMatch(/>Pay<span class="sr-only"> invoice INV-/);

    const shown = await render(
      page,
      accountInvoiceRoute as never,
      "/account/invoices/:id",
      signedIn(owner),
    );
    expect(shown.status).toBe(200);
    expect(shown.html).toContain(`Invoice ${invoice.number}`);
    expect(shown.html).toContain('name="amount"');
    expect(shown.html).toContain(`href="${page}/pdf"`);
    expect(accountInvoiceRoute.headers()).toMatchObject({ "Cache-Control": "private, no-store" });
    const hidden = await render(
      page,
      accountInvoiceRoute as never,
      "/account/invoices/:id",
      signedIn(stranger),
    );
    expect(hidden.status).toBe(404);
    expect(hidden.html).not.toContain(invoice.number);
    const amount = (invoice.total_cents / 100).toFixed(2);
    const strangerPays = await run(accountInvoiceRoute.action as never, {
      request: requestTo(page, { amount }),
      context: signedIn(stranger),
      params: { id: invoice.id },
    });
    expect(strangerPays.status).toBe(404);
    const guestPays = await run(accountInvoiceRoute.action as never, {
      request: requestTo(page, { amount }),
      context: signedIn(null),
      params: { id: invoice.id },
    });
    expect(guestPays.location).toMatch(/^\/auth\/signin/);

    const paid = await run(accountInvoiceRoute.action as never, {
      request: requestTo(page, { amount }),
      context: signedIn(owner),
      params: { id: invoice.id },
    });
    expect(paid.status).toBe(303);
    const hosted = paid.location as string;
    expect(hosted.startsWith(`${stripe.url}/pay/cs_test_`)).toBe(true);
    const submitted = await fetch(hosted, {
      method: "POST",
      body: new URLSearchParams({ method: "card" }),
      redirect: "manual",
    });
    const back = new URL(submitted.headers.get("Location") as string);
    expect(back.pathname).toBe(`${page}/return`);
    const strangerBack = await run(accountReturnRoute.loader as never, {
      request: requestTo(`${back.pathname}${back.search}`),
      context: signedIn(stranger),
      params: { id: invoice.id },
    });
    expect(strangerBack.status).toBe(404);
    const returned = await render(
      `${back.pathname}${back.search}`,
      accountReturnRoute as never,
      "/account/invoices/:id/return",
      signedIn(owner),
    );
    expect(returned.html).toContain("Payment received");
    expect(returned.html).toContain(`href="${page}"`);

    const after = await render(
      page,
      accountInvoiceRoute as never,
      "/account/invoices/:id",
      signedIn(owner),
    );
    expect(after.html).toContain("This invoice is paid. Thank you.");
    const [payment] = await db
      .select()
      .from(schema.payments)
      .where(eq(schema.payments.invoice_id, invoice.id));
    const receiptHref = `${page}/receipts/${payment?.id}`;
    expect(after.html).toContain(`href="${receiptHref}"`);
    const listed = await render(
      "/account/quotes",
      accountQuotesRoute as never,
      "/account/quotes",
      signedIn(owner),
    );
    expect(listed.html).toContain(`href="${receiptHref}"`);
    expect(listed.html).toContain(`View invoice ${invoice.number}`);
    const receipt = await run(accountReceiptRoute.loader as never, {
      request: requestTo(receiptHref),
      context: signedIn(owner),
      params: { id: invoice.id, fileId: payment?.id as string },
    });
    expect(receipt.status).toBe(200);
    expect((receipt.value as Response).headers.get("Content-Type")).toBe("application/pdf");
    const taken = await run(accountReceiptRoute.loader as never, {
      request: requestTo(receiptHref),
      context: signedIn(stranger),
      params: { id: invoice.id, fileId: payment?.id as string },
    });
    expect(taken.status).toBe(404);
  });
});
