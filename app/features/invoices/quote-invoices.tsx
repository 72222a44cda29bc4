/**
 * The invoices of a request: the admin quote page's card (make the final invoice, send, void,
 * record a payment, refund; plain forms posting `intent` invoice-* to the page's action) and the
 * customer's short list under each quote (invoiced, paid, due).
 */
import { Form, Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { TitledCard } from "~/components/ui/card";
import { Alert, Checkbox, Field, Input, Select } from "~/components/ui/form-controls";
import {
  invoiceKind,
  paymentMethod,
  STAFF_PAYMENT_METHODS,
  TYPED_INVOICE_KINDS,
  TYPED_LINE_ROWS,
} from "~/features/catalog/invoice-enums";
import type { InvoiceView, QuoteInvoiceSummary } from "./customer.server";
import { invoiceTone } from "./invoice-page";

function Hidden({ intent, invoiceId }: { intent: string; invoiceId?: string }) {
  return (
    <>
      <input type="hidden" name="intent" value={intent} />
      {invoiceId && <input type="hidden" name="invoiceId" value={invoiceId} />}
    </>
  );
}

/** What a refused post of this form carried (invoiceFormAnswers), else undefined. */
type Answers = Record<string, string> | undefined;

function PaymentForm({ invoice, answers }: { invoice: InvoiceView; answers: Answers }) {
  const id = (name: string) => `${name}-${invoice.id}`;
  return (
    <Form method="post" className="grid gap-3 sm:grid-cols-2">
      <Hidden intent="invoice-payment" invoiceId={invoice.id} />
      <Field id={id("method")} label="Method" required>
        {(control) => (
          <Select {...control} name="method" defaultValue={answers?.method ?? "check"}>
            {STAFF_PAYMENT_METHODS.map((m) => (
              <option key={m} value={m}>
                {paymentMethod.label(m)}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field id={id("amount")} label="Amount (USD)" required>
        {(control) => (
          <Input
            {...control}
            name="amount"
            inputMode="decimal"
            defaultValue={answers?.amount ?? (invoice.balanceCents / 100).toFixed(2)}
          />
        )}
      </Field>
      <Field id={id("receivedOn")} label="Received on" required>
        {(control) => (
          <Input {...control} name="receivedOn" type="date" defaultValue={answers?.receivedOn} />
        )}
      </Field>
      <Field id={id("reference")} label="Reference" description="Check number, transfer reference">
        {(control) => <Input {...control} name="reference" defaultValue={answers?.reference} />}
      </Field>
      <div className="sm:col-span-2">
        <Button type="submit" size="sm">
          Record payment on {invoice.number}
        </Button>
      </div>
    </Form>
  );
}

function RefundForm({
  invoice,
  paymentId,
  label,
  answers,
}: {
  invoice: InvoiceView;
  paymentId: string;
  label: string;
  answers: Answers;
}) {
  const id = (name: string) => `${name}-${paymentId}`;
  return (
    <Form method="post" className="flex flex-wrap items-end gap-2">
      <Hidden intent="invoice-refund" invoiceId={invoice.id} />
      <input type="hidden" name="paymentId" value={paymentId} />
      <Field id={id("refund-amount")} label={`Refund of ${label} (USD)`}>
        {(control) => (
          <Input
            {...control}
            name="amount"
            inputMode="decimal"
            size="sm"
            className="w-28"
            defaultValue={answers?.amount}
          />
        )}
      </Field>
      <Field id={id("refund-reason")} label={`Reason for refunding ${label}`}>
        {(control) => (
          <Input
            {...control}
            name="reason"
            size="sm"
            className="w-48"
            defaultValue={answers?.reason}
          />
        )}
      </Field>
      <Button type="submit" size="sm" variant="outline">
        Refund
      </Button>
    </Form>
  );
}

/** The text boxes of a typed line: control id suffix, field name (in `lines[i]`), label. */
const TYPED_LINE_FIELDS = [
  { id: "description", name: "description", label: "Description", inputMode: undefined },
  { id: "quantity", name: "quantity", label: "Quantity", inputMode: "decimal" },
  { id: "price", name: "unitPrice", label: "Unit price (USD)", inputMode: "decimal" },
] as const;

/**
 * Staff type an invoice's lines (a final invoice by hand, or another invoice). `values`: what
 * was typed into a refused one (by field name), shown again, open.
 */
function TypedInvoiceForm({ values }: { values?: Record<string, string> }) {
  const rows = Array.from({ length: TYPED_LINE_ROWS }, (_, i) => i);
  const typed = (name: string) => values?.[name] ?? "";
  return (
    <details className="border-t pt-4" open={values !== undefined}>
      <summary className="cursor-pointer font-medium">Type an invoice</summary>
      <Form method="post" className="mt-3 space-y-4">
        <Hidden intent="invoice-typed" />
        <Field id="typed-kind" label="Kind" required>
          {(control) => (
            <Select {...control} name="kind" defaultValue={values?.kind ?? "manual"}>
              {TYPED_INVOICE_KINDS.map((k) => (
                <option key={k} value={k}>
                  {invoiceKind.label(k)}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <p className="text-sm text-slate-700">
          Unit prices in dollars; tax is added on the taxable lines at the estimate's rate. Empty
          lines are left out.
        </p>
        {rows.map((i) => (
          <fieldset key={i} className="grid gap-3 border-t pt-3 sm:grid-cols-[2fr_1fr_1fr_auto]">
            <legend className="text-sm font-medium">Line {i + 1}</legend>
            {TYPED_LINE_FIELDS.map((f) => (
              <Field key={f.id} id={`typed-${i}-${f.id}`} label={f.label}>
                {(control) => (
                  <Input
                    {...control}
                    name={`lines[${i}].${f.name}`}
                    inputMode={f.inputMode}
                    defaultValue={typed(`lines[${i}].${f.name}`)}
                  />
                )}
              </Field>
            ))}
            <div className="flex min-h-10 items-center gap-2 self-end text-sm">
              <Checkbox
                id={`invoice-line-${i}-taxable`}
                name={`lines[${i}].taxable`}
                defaultChecked={typed(`lines[${i}].taxable`) === "on"}
              />
              <label htmlFor={`invoice-line-${i}-taxable`}>Taxable</label>
            </div>
          </fieldset>
        ))}
        <Button type="submit" size="sm">
          Make the invoice
        </Button>
      </Form>
    </details>
  );
}

/**
 * The admin quote page's card. `error`: the message of a refused post; `answers`: what that post
 * carried (invoiceFormAnswers), given back to the form it came from.
 */
export function InvoicesCard({
  invoices,
  error,
  answers,
}: {
  invoices: InvoiceView[];
  error?: string;
  answers?: Record<string, string>;
}) {
  const of = (intent: string, key: "invoiceId" | "paymentId", id: string): Answers =>
    answers?.intent === intent && answers[key] === id ? answers : undefined;
  const typed = answers?.intent === "invoice-typed" ? answers : undefined;
  return (
    <TitledCard id="invoices" title="Invoices" bodyClassName="space-y-6">
      {error && <Alert>{error}</Alert>}
      {invoices.length === 0 && <p className="text-sm text-slate-700">No invoices yet.</p>}
      {invoices.map((invoice) => (
        <section
          key={invoice.id}
          aria-labelledby={`inv-${invoice.id}`}
          className="space-y-3 border-t pt-4"
        >
          <div className="flex flex-wrap items-center gap-2">
            <h4 id={`inv-${invoice.id}`} className="font-semibold">
              {invoice.number} ({invoice.kind})
            </h4>
            <Badge tone={invoiceTone(invoice)}>{invoice.statusLabel}</Badge>
          </div>
          <p className="text-sm">
            Total {invoice.total}, paid {invoice.paid}, balance {invoice.balance}; due{" "}
            {invoice.dueOn}.
          </p>
          {invoice.payments.length > 0 && (
            <ul className="space-y-2 text-sm">
              {invoice.payments.map((p) => (
                <li key={p.id} className="space-y-1">
                  <span>
                    {p.date}: {p.method}, {p.amount} ({p.status})
                    {p.refunded ? `, refunded ${p.refunded}` : ""}
                  </span>
                  {p.status === "Received" && (
                    <RefundForm
                      invoice={invoice}
                      paymentId={p.id}
                      label={`${p.method}, ${p.amount} of ${p.date}`}
                      answers={of("invoice-refund", "paymentId", p.id)}
                    />
                  )}
                </li>
              ))}
            </ul>
          )}
          {invoice.status !== "void" && (
            <div className="flex flex-wrap gap-2">
              <Form method="post">
                <Hidden intent="invoice-send" invoiceId={invoice.id} />
                <Button type="submit" size="sm" variant="outline">
                  {invoice.status === "draft" ? "Send" : "Send again"}
                </Button>
              </Form>
              {invoice.paid === "$0.00" && (
                <Form method="post">
                  <Hidden intent="invoice-void" invoiceId={invoice.id} />
                  <Button type="submit" size="sm" variant="destructive">
                    Void
                  </Button>
                </Form>
              )}
            </div>
          )}
          {invoice.status !== "void" && invoice.balanceCents > 0 && (
            <PaymentForm
              key={JSON.stringify(of("invoice-payment", "invoiceId", invoice.id) ?? null)}
              invoice={invoice}
              answers={of("invoice-payment", "invoiceId", invoice.id)}
            />
          )}
        </section>
      ))}
      <Form method="post">
        <Hidden intent="invoice-final" />
        <Button type="submit" size="sm">
          Make the final invoice
        </Button>
      </Form>
      {/* a new key per refusal: the form's fields start from what was sent */}
      <TypedInvoiceForm key={JSON.stringify(typed ?? null)} values={typed} />
    </TitledCard>
  );
}

/**
 * The customer's list of a quote's invoices: what was invoiced, paid and is due; with `hrefs`
 * (signed in), the invoice's page ('Pay' while a balance is due), its PDF and its receipts to
 * download again.
 */
export function QuoteInvoicesList({
  invoices,
  hrefs,
}: {
  invoices: QuoteInvoiceSummary[];
  hrefs?: {
    page: (invoiceId: string) => string;
    pdf: (invoiceId: string) => string;
    receipt: (invoiceId: string, paymentId: string) => string;
  };
}) {
  if (invoices.length === 0) return null;
  return (
    <ul className="mt-2 space-y-2 text-sm" aria-label="Invoices">
      {invoices.map((i) => (
        <li key={i.id} className="space-y-1">
          <div className="flex flex-wrap items-center gap-2">
            <span>
              Invoice {i.number} ({i.kind}): {i.total}, paid {i.paid}, due {i.balance} by {i.dueOn}
            </span>
            <Badge tone={invoiceTone(i)}>{i.statusLabel}</Badge>
          </div>
          {hrefs && (
            <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
              {i.balanceCents > 0 ? (
                <Button asChild size="sm">
                  <Link to={hrefs.page(i.id)}>
                    Pay<span className="sr-only"> invoice {i.number}</span>
                  </Link>
                </Button>
              ) : (
                <Link to={hrefs.page(i.id)} className="text-primary underline">
                  View invoice {i.number}
                </Link>
              )}
              <a className="text-primary underline" href={hrefs.pdf(i.id)} download>
                Invoice {i.number} (PDF)
              </a>
              {i.receipts.map((r) => (
                <a
                  key={r.id}
                  className="text-primary underline"
                  href={hrefs.receipt(i.id, r.id)}
                  download
                >
                  {r.label} (PDF)
                </a>
              ))}
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}
