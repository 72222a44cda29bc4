import { Form, href, Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { TitledCard } from "~/components/ui/card";
import { Field, Input, Select } from "~/components/ui/form-controls";
import { invoiceStatus } from "~/features/catalog/invoice-enums";
import {
  agingSummary,
  listInvoices,
  parseInvoiceListQuery,
  paymentsByMonth,
} from "~/features/invoices/books.server";
import { openFlagCount } from "~/features/invoices/flags.server";
import { invoiceTone } from "~/features/invoices/invoice-page";
import { isOverdue } from "~/features/invoices/invoices.server";
import { formatCents } from "~/features/invoices/money";
import { denverDate, formatDate } from "~/lib/dates";
import { privatePageMeta } from "~/lib/seo";
import { requireAdmin } from "~/lib/session.server";
import type { Route } from "./+types/invoices";

/** The books: open balances by age, payments by month, the invoice list and its exports. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const query = parseInvoiceListQuery(new URL(request.url).searchParams);
  const today = denverDate(new Date());
  const [rows, aging, months, flags] = await Promise.all([
    listInvoices(query, today),
    agingSummary(today),
    paymentsByMonth(today, 12),
    openFlagCount(),
  ]);
  return {
    query,
    flags,
    aging: aging.map((b) => ({ ...b, balance: formatCents(b.balanceCents) })),
    months: months.map((m) => ({
      month: m.month,
      received: formatCents(m.receivedCents),
      refunded: formatCents(m.refundedCents),
    })),
    invoices: rows.map((i) => ({
      id: i.id,
      quoteId: i.quote_id,
      number: i.number,
      customer: i.customer_name,
      issued: formatDate(i.issued_on),
      due: formatDate(i.due_on),
      total: formatCents(i.total_cents),
      balance: formatCents(i.status === "void" ? 0 : i.total_cents - i.paid_cents),
      statusLabel: isOverdue(i, today) ? "Overdue" : invoiceStatus.label(i.status),
    })),
  };
}

export function meta(args: Route.MetaArgs) {
  return privatePageMeta(args, "Invoices", "Invoices, aging and payments.");
}

/** A card holding a small table: a row heading, then right-aligned figures. */
function SummaryTable({
  title,
  columns,
  rows,
}: {
  title: string;
  columns: [string, string, string];
  rows: string[][];
}) {
  return (
    <TitledCard title={title} as="h3" bodyClassName="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <thead>
          <tr className="border-b">
            {columns.map((column, i) => (
              <th
                key={column}
                scope="col"
                className={i === 0 ? "py-2 pr-2" : "py-2 pr-2 text-right"}
              >
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map(([head, ...figures]) => (
            <tr key={head} className="border-b">
              <th scope="row" className="py-2 pr-2 font-normal">
                {head}
              </th>
              {figures.map((figure, i) => (
                // figures have no identity of their own: their column is their key
                // biome-ignore lint/suspicious/noArrayIndexKey: see above
                <td key={i} className="py-2 pr-2 text-right">
                  {figure}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </TitledCard>
  );
}

/** The invoice list's columns: the name and the header cell's classes (figures align right). */
const INVOICE_COLUMNS = [
  ["Number", "py-2 pr-2"],
  ["Customer", "py-2 pr-2"],
  ["Issued", "py-2 pr-2"],
  ["Due", "py-2 pr-2"],
  ["Total", "py-2 pr-2 text-right"],
  ["Balance", "py-2 pr-2 text-right"],
  ["Status", "py-2"],
] as const;

export default function AdminInvoices({ loaderData }: Route.ComponentProps) {
  const { query, aging, months, invoices, flags } = loaderData;
  const search = new URLSearchParams(
    Object.entries(query).filter(([, v]) => v) as [string, string][],
  ).toString();
  return (
    <div className="space-y-6">
      <h2 className="text-2xl font-bold text-slate-900">Invoices</h2>
      {flags > 0 && (
        <p className="rounded-md border-2 border-error bg-error-subtle p-3 text-sm font-medium text-error-strong">
          <Link className="underline" to={href("/admin/invoices/flags")}>
            {flags} {flags === 1 ? "payment" : "payments"} to check
          </Link>
        </p>
      )}
      <SummaryTable
        title="Aging of open balances"
        columns={["Days past due (Mountain Time)", "Invoices", "Balance"]}
        rows={aging.map((b) => [b.bucket, String(b.count), b.balance])}
      />
      <SummaryTable
        title="Payments by month"
        columns={["Month", "Received", "Refunded"]}
        rows={months.map((m) => [m.month, m.received, m.refunded])}
      />
      <Form method="get" className="flex flex-wrap items-end gap-3" aria-label="Filter invoices">
        <Field id="invoice-status" label="Status">
          {(control) => (
            <Select {...control} name="status" size="md" defaultValue={query.status}>
              <option value="">All</option>
              <option value="overdue">Overdue</option>
              {invoiceStatus.options.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field id="invoice-q" label="Number or name">
          {(control) => <Input {...control} name="q" size="md" defaultValue={query.q} />}
        </Field>
        <Button type="submit">Filter</Button>
        <a
          className="text-sm font-medium text-primary underline"
          href={`${href("/admin/invoices/export.csv")}${search ? `?${search}` : ""}`}
        >
          Export invoices (CSV)
        </a>
        <a
          className="text-sm font-medium text-primary underline"
          href={href("/admin/invoices/payments.csv")}
        >
          Export payments (CSV)
        </a>
        <Link className="text-sm font-medium text-primary underline" to={href("/admin/settings")}>
          Deposit settings
        </Link>
      </Form>
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Invoices, newest first</caption>
          <thead>
            <tr className="border-b">
              {INVOICE_COLUMNS.map(([label, className]) => (
                <th key={label} scope="col" className={className}>
                  {label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {invoices.map((i) => (
              <tr key={i.id} className="border-b">
                <td className="py-2 pr-2">
                  {i.quoteId ? (
                    <Link
                      className="text-primary underline"
                      to={`${href("/admin/quotes/:id", { id: i.quoteId })}#invoices`}
                    >
                      {i.number}
                    </Link>
                  ) : (
                    i.number
                  )}
                </td>
                <td className="py-2 pr-2">{i.customer}</td>
                <td className="py-2 pr-2">{i.issued}</td>
                <td className="py-2 pr-2">{i.due}</td>
                <td className="py-2 pr-2 text-right">{i.total}</td>
                <td className="py-2 pr-2 text-right">{i.balance}</td>
                <td className="py-2">
                  <Badge tone={invoiceTone(i)}>{i.statusLabel}</Badge>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {invoices.length === 0 && <p className="py-4 text-sm text-slate-700">No invoices match.</p>}
      </div>
    </div>
  );
}
