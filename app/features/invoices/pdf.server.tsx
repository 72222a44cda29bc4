/**
 * The invoice and the receipt as PDFs (@react-pdf/renderer through lib/pdf.server.tsx, with its
 * embedded fonts): company, customer, number, dates, the frozen lines, totals, paid and due.
 */
import { Document, Page, StyleSheet, Text, View } from "@react-pdf/renderer";
import type { invoices } from "~/db/schema";
import { company } from "~/features/catalog/company";
import { invoiceKind, paymentMethod } from "~/features/catalog/invoice-enums";
import { formatDate } from "~/lib/dates";
import { env } from "~/lib/env.server";
import { PdfFact, PdfLetterhead, PdfSum, pdfStyles, renderPdf } from "~/lib/pdf.server";
import { formatCents, formatQuantity, type InvoiceLine } from "./money";

const styles = {
  ...pdfStyles,
  ...StyleSheet.create({
    item: { width: "52%", paddingRight: 6 },
    num: { width: "16%", textAlign: "right" },
  }),
};

type Invoice = typeof invoices.$inferSelect;

/** The invoice document. */
function InvoicePdf({ invoice }: { invoice: Invoice }) {
  const lines = JSON.parse(invoice.lines) as InvoiceLine[];
  const balance = invoice.total_cents - invoice.paid_cents;
  return (
    <Document title={`Invoice ${invoice.number}`} author={company.name} creator={company.name}>
      <Page size="LETTER" style={styles.page}>
        <PdfLetterhead name={company.name} tagline={company.tagline} />
        <Text style={styles.title}>
          {invoice.status === "void" ? "VOID - " : ""}Invoice {invoice.number} (
          {invoiceKind.label(invoice.kind)})
        </Text>
        <View style={styles.facts}>
          <PdfFact label="Bill to">{invoice.customer_name}</PdfFact>
          <PdfFact label="Request">{invoice.quote_reference}</PdfFact>
          <PdfFact label="Issued">{formatDate(invoice.issued_on)}</PdfFact>
          <PdfFact label="Due">{formatDate(invoice.due_on)}</PdfFact>
        </View>
        <View style={[styles.row, styles.head]} fixed>
          <Text style={styles.item}>Item</Text>
          <Text style={styles.num}>Quantity</Text>
          <Text style={styles.num}>Rate</Text>
          <Text style={styles.num}>Amount</Text>
        </View>
        {lines.map((line, i) => (
          // frozen lines have no identity of their own: their position is their key
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <View key={i} style={styles.row} wrap={false}>
            <View style={styles.item}>
              <Text>
                {line.name}
                {line.taxable ? " *" : ""}
              </Text>
              {line.description ? <Text style={styles.muted}>{line.description}</Text> : null}
            </View>
            <Text style={styles.num}>{formatQuantity(line.quantityThousandths)}</Text>
            <Text style={styles.num}>{formatCents(line.unitPriceCents)}</Text>
            <Text style={styles.num}>{formatCents(line.amountCents)}</Text>
          </View>
        ))}
        <PdfSum label="Subtotal" value={formatCents(invoice.subtotal_cents)} />
        {invoice.tax_cents > 0 ? (
          <PdfSum label="Sales tax (estimate) *" value={formatCents(invoice.tax_cents)} />
        ) : null}
        <PdfSum label="Total" value={formatCents(invoice.total_cents)} strong />
        <PdfSum label="Paid" value={formatCents(invoice.paid_cents)} />
        <PdfSum label="Balance due" value={formatCents(balance)} strong />
        <Text style={[styles.muted, { marginTop: 16 }]}>
          Pay online with the link in our email, by check payable to {company.name}, or call us at{" "}
          {env().COMPANY_PHONE.display}.
        </Text>
      </Page>
    </Document>
  );
}

/** The invoice `invoice` as a PDF. */
export function renderInvoicePdf(invoice: Invoice, _now: Date = new Date()): Promise<Buffer> {
  return renderPdf(<InvoicePdf invoice={invoice} />);
}

/** A payment as its receipt shows it. */
export interface ReceiptPayment {
  /** 1 for the invoice's first payment, and so on */
  receiptNumber: number;
  amountCents: number;
  method: string;
  reference: string | null;
  receivedOn: string;
}

/** The receipt of `payment` on `invoice` (the invoice's totals after it). */
export function renderReceiptPdf(invoice: Invoice, payment: ReceiptPayment): Promise<Buffer> {
  const balance = invoice.total_cents - invoice.paid_cents;
  return renderPdf(
    <Document title={`Receipt for ${invoice.number}`} author={company.name} creator={company.name}>
      <Page size="LETTER" style={styles.page}>
        <PdfLetterhead name={company.name} tagline={company.tagline} />
        <Text style={styles.title}>
          Receipt {payment.receiptNumber} for invoice {invoice.number}
        </Text>
        <View style={styles.facts}>
          <PdfFact label="Received from">{invoice.customer_name}</PdfFact>
          <PdfFact label="Received on">{formatDate(payment.receivedOn)}</PdfFact>
          <PdfFact label="Method">{paymentMethod.label(payment.method)}</PdfFact>
          <PdfFact label="Reference">{payment.reference ?? "-"}</PdfFact>
        </View>
        <PdfSum label="Amount received" value={formatCents(payment.amountCents)} strong />
        <PdfSum label="Invoice total" value={formatCents(invoice.total_cents)} />
        <PdfSum label="Paid to date" value={formatCents(invoice.paid_cents)} />
        <PdfSum label="Balance due" value={formatCents(balance)} strong />
        <Text style={[styles.muted, { marginTop: 16 }]}>Thank you.</Text>
      </Page>
    </Document>,
  );
}
