/**
 * The customer's invoice page (the mailed link): the invoice, its PDF, what was paid (with the
 * receipts), and how to pay the balance: online through Stripe's page (an amount from $1 to the
 * balance), or by check or phone when online payment is off. A plain form: works without scripts.
 */
import { Form, Link } from "react-router";
import { Badge, type BadgeTone } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Alert, Field, Input } from "~/components/ui/form-controls";
import { useIsPending } from "~/components/ui/use-is-pending";
import type { InvoiceView, PayOptions } from "./customer.server";
import { PROCESSING_MESSAGE } from "./money";

/** The badge tone of an invoice's status as shown (Overdue included). */
export function invoiceTone(view: { statusLabel: string; status?: string }): BadgeTone {
  if (view.statusLabel === "Overdue") return "danger";
  if (view.statusLabel === "Paid") return "success";
  if (view.statusLabel === "Partly paid") return "warning";
  if (view.statusLabel === "Void") return "neutral";
  return "info";
}

function Totals({ view }: { view: InvoiceView }) {
  const rows: [string, string, boolean?][] = [
    ["Subtotal", view.subtotal],
    ...(view.tax ? ([["Sales tax (estimate)", view.tax]] as [string, string][]) : []),
    ["Total", view.total, true],
    ["Paid", view.paid],
    ...(view.processing ? ([["Processing", view.processing]] as [string, string][]) : []),
    ["Balance due", view.balance, true],
  ];
  return (
    <dl className="ml-auto mt-4 max-w-xs space-y-1 text-sm">
      {rows.map(([label, value, strong]) => (
        <div key={label} className={`flex justify-between gap-4 ${strong ? "font-semibold" : ""}`}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The invoice itself: facts, lines, totals, payments. */
export function InvoiceDocument({ view, pdfHref }: { view: InvoiceView; pdfHref: string }) {
  return (
    <section aria-labelledby="invoice-title" className="space-y-4">
      <div className="flex flex-wrap items-center gap-3">
        <h1 id="invoice-title" className="text-2xl font-bold text-slate-900">
          Invoice {view.number}
        </h1>
        <Badge tone={invoiceTone(view)}>{view.statusLabel}</Badge>
      </div>
      <dl className="grid grid-cols-1 gap-2 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-slate-600">Bill to</dt>
          <dd>{view.customerName}</dd>
        </div>
        <div>
          <dt className="text-slate-600">Request</dt>
          <dd>{view.reference}</dd>
        </div>
        <div>
          <dt className="text-slate-600">Issued</dt>
          <dd>{view.issuedOn}</dd>
        </div>
        <div>
          <dt className="text-slate-600">Due</dt>
          <dd>{view.dueOn}</dd>
        </div>
      </dl>
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Invoice lines</caption>
          <thead>
            <tr className="border-b">
              <th scope="col" className="py-2 pr-2">
                Item
              </th>
              <th scope="col" className="py-2 pr-2 text-right">
                Qty
              </th>
              <th scope="col" className="py-2 pr-2 text-right">
                Rate
              </th>
              <th scope="col" className="py-2 text-right">
                Amount
              </th>
            </tr>
          </thead>
          <tbody>
            {view.lines.map((line, i) => (
              // frozen lines have no identity of their own: their position is their key
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <tr key={i} className="border-b align-top">
                <td className="py-2 pr-2">
                  {line.name}
                  {line.description && (
                    <span className="block text-slate-600">{line.description}</span>
                  )}
                </td>
                <td className="py-2 pr-2 text-right">{line.quantity}</td>
                <td className="py-2 pr-2 text-right">{line.rate}</td>
                <td className="py-2 text-right">{line.amount}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Totals view={view} />
      <p>
        <a href={pdfHref} className="font-medium text-primary underline" download>
          Download invoice (PDF)
        </a>
      </p>
      {view.payments.length > 0 && (
        <section aria-labelledby="payments-title">
          <h2 id="payments-title" className="text-lg font-semibold text-slate-900">
            Payments
          </h2>
          <ul className="mt-2 space-y-2 text-sm">
            {view.payments.map((p) => (
              <li key={p.id} className="flex flex-wrap gap-x-3">
                <span>{p.date}</span>
                <span>{p.method}</span>
                <span>{p.amount}</span>
                <span>{p.status}</span>
                {p.refunded && <span>Refunded {p.refunded}</span>}
                {p.receiptHref && (
                  <a href={p.receiptHref} className="text-primary underline" download>
                    Receipt (PDF)
                  </a>
                )}
              </li>
            ))}
          </ul>
        </section>
      )}
    </section>
  );
}

/**
 * The customer's invoice page (behind the mailed link, and in the account): the invoice and how
 * to pay it. `page`: the loader's data; `answer`: a refused Pay's message and amount as typed.
 */
export function InvoicePage({
  page,
  answer,
  className = "",
}: {
  page: { view: InvoiceView; pay: PayOptions; pdfHref: string };
  answer?: { error?: string; amount?: string };
  className?: string;
}) {
  return (
    <div className={`space-y-8 ${className}`}>
      <InvoiceDocument view={page.view} pdfHref={page.pdfHref} />
      <PaySection view={page.view} pay={page.pay} error={answer?.error} typed={answer?.amount} />
    </div>
  );
}

/** How to pay: the online form, or check and phone. */
export function PaySection({
  view,
  pay,
  error,
  typed,
}: {
  view: InvoiceView;
  pay: PayOptions;
  error?: string;
  /** the amount a refused post carried, shown again as typed */
  typed?: string;
}) {
  const busy = useIsPending();
  if (view.balanceCents <= 0) {
    return view.status === "paid" ? (
      <Alert tone="success">This invoice is paid. Thank you.</Alert>
    ) : null;
  }
  if (view.payableCents <= 0) {
    return (
      <p role="status" className="rounded-md border border-slate-200 bg-slate-50 p-3 text-sm">
        {PROCESSING_MESSAGE}
      </p>
    );
  }
  const offline = (
    <p className="text-sm text-slate-700">
      You can also pay by check payable to {pay.payee} (write {view.number} on it), or call us at{" "}
      {pay.phone} to pay by card over the phone.
    </p>
  );
  if (!pay.online) {
    return (
      <section aria-labelledby="pay-title" className="space-y-2">
        <h2 id="pay-title" className="text-lg font-semibold text-slate-900">
          How to pay
        </h2>
        <p className="text-sm text-slate-700">
          Online payment is not available right now. Please pay by check payable to {pay.payee}{" "}
          (write {view.number} on it), or call us at {pay.phone} to pay by card over the phone.
        </p>
      </section>
    );
  }
  return (
    <section aria-labelledby="pay-title" className="space-y-3">
      <h2 id="pay-title" className="text-lg font-semibold text-slate-900">
        Pay online
      </h2>
      {error && <Alert>{error}</Alert>}
      <Form method="post" className="space-y-3">
        <Field
          id="amount"
          label="Amount to pay (USD)"
          required
          description={
            view.processing
              ? `From ${pay.minimum} up to ${pay.maximum}: the balance less the ${view.processing} processing.`
              : `From ${pay.minimum} up to the balance of ${pay.maximum}.`
          }
          errors={error ? [error] : undefined}
        >
          {(control) => (
            <Input
              {...control}
              name="amount"
              inputMode="decimal"
              autoComplete="off"
              defaultValue={typed ?? pay.defaultAmount}
              className="max-w-40"
            />
          )}
        </Field>
        <Button type="submit" disabled={busy}>
          {busy ? "Opening the payment page..." : "Pay"}
        </Button>
        <p className="text-sm text-slate-600">
          You pay by card or US bank account on Stripe's secure page; your card details never reach
          our site.
        </p>
      </Form>
      {offline}
    </section>
  );
}

/** What the return page after Stripe's shows: 'Payment received' only once Stripe confirms it. */
export interface PaymentReturnData {
  outcome: "received" | "processing" | "failed" | "none";
  number: string;
  paid: string;
  balance: string;
  invoiceHref: string;
}

/** The page Stripe sends the payer back to (the mailed link's and the account's). */
export function PaymentReturn({ outcome, number, paid, balance, invoiceHref }: PaymentReturnData) {
  return (
    <div className="mx-auto max-w-2xl space-y-6 px-4 py-10">
      {outcome === "received" && (
        <>
          <h1 className="text-2xl font-bold text-slate-900">Payment received</h1>
          <Alert tone="success">
            Thank you: your payment on invoice {number} was received. Paid so far: {paid}; balance
            due: {balance}. Your receipt is on its way by email.
          </Alert>
        </>
      )}
      {outcome === "processing" && (
        <>
          <h1 className="text-2xl font-bold text-slate-900">Processing</h1>
          <p>
            Your bank payment on invoice {number} is on its way. Bank payments take a few business
            days to clear; we email your receipt once it does.
          </p>
        </>
      )}
      {(outcome === "none" || outcome === "failed") && (
        <>
          <h1 className="text-2xl font-bold text-slate-900">Payment not completed</h1>
          <p>
            We have no confirmed payment for invoice {number} from this page yet. If you paid, it
            will show on the invoice once the card processor confirms it.
          </p>
        </>
      )}
      <p>
        <Link to={invoiceHref} className="font-medium text-primary underline">
          Back to invoice {number}
        </Link>
      </p>
    </div>
  );
}
