/**
 * The estimate as a PDF (@react-pdf/renderer, on the server): the same view model as the page
 * (view-model.ts), so the download shows exactly the page's content, and for a signed estimate
 * the signer, the signature, the time and the SHA-256 of the version signed.
 */
import { Document, Image, Page, StyleSheet, Text, View } from "@react-pdf/renderer";
import { env } from "~/lib/env.server";
import {
  PDF_MUTED,
  PDF_RULE,
  PdfFact,
  PdfSum,
  pdfBoldFont,
  pdfStyles,
  renderPdf,
} from "~/lib/pdf.server";
import { type EstimateOptionView, type EstimateViewModel, optionSums } from "./view-model";

const styles = {
  ...pdfStyles,
  ...StyleSheet.create({
    option: { marginTop: 14, borderTop: `1pt solid ${PDF_RULE}`, paddingTop: 8 },
    optionTitle: { fontSize: 12, lineHeight: 1.3, ...pdfBoldFont, marginBottom: 4 },
    item: { width: "52%", paddingRight: 6 },
    qty: { width: "16%", textAlign: "right" },
    price: { width: "16%", textAlign: "right" },
    amount: { width: "16%", textAlign: "right" },
    section: { marginTop: 16 },
    signature: { width: 220, height: 70, objectFit: "contain", marginVertical: 6 },
    hash: { fontSize: 7, color: PDF_MUTED, marginTop: 4 },
    footer: {
      position: "absolute",
      bottom: 20,
      left: 40,
      right: 40,
      fontSize: 8,
      color: PDF_MUTED,
    },
  }),
};

function Option({ option, view }: { option: EstimateOptionView; view: EstimateViewModel }) {
  return (
    <View style={styles.option}>
      <Text style={styles.optionTitle}>
        {view.options.length > 1 ? `Option ${option.index}: ${option.name}` : option.name}
        {option.chosen ? " (accepted)" : ""}
      </Text>
      <View style={[styles.row, styles.head]} fixed>
        <Text style={styles.item}>Item</Text>
        <Text style={styles.qty}>Quantity</Text>
        <Text style={styles.price}>Unit price</Text>
        <Text style={styles.amount}>Amount</Text>
      </View>
      {option.lines.map((line, i) => (
        // lines have no identity of their own: their position is their key
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <View key={i} style={styles.row} wrap={false}>
          <View style={styles.item}>
            <Text>
              {line.name}
              {line.taxable && view.taxLabel ? " *" : ""}
            </Text>
            {line.description ? <Text style={styles.muted}>{line.description}</Text> : null}
          </View>
          <Text style={styles.qty}>{line.quantity}</Text>
          <Text style={styles.price}>{line.unitPrice}</Text>
          <Text style={styles.amount}>{line.amount}</Text>
        </View>
      ))}
      {optionSums(view, option).map((sum) => (
        <PdfSum key={sum.label} {...sum} />
      ))}
    </View>
  );
}

/** The estimate document for `view`. */
export function EstimatePdf({ view }: { view: EstimateViewModel }) {
  return (
    <Document
      title={view.title}
      author={view.company.name}
      subject={`${view.serviceTitle} estimate, version ${view.version}`}
      creator={view.company.name}
      producer={view.company.name}
    >
      <Page size="LETTER" style={styles.page}>
        <Text style={styles.company}>{view.company.name}</Text>
        <Text style={styles.muted}>{view.company.tagline}</Text>
        <Text style={styles.muted}>
          Phone {env().COMPANY_PHONE.display} (24/7) | Email {env().COMPANY_EMAIL}
        </Text>
        <Text style={styles.title}>
          {view.title} (version {view.version})
        </Text>
        <View style={styles.facts}>
          <PdfFact label="Prepared for">{view.requesterName}</PdfFact>
          <PdfFact label="Property">{view.propertyLines.join(", ")}</PdfFact>
          <PdfFact label="Service">{view.serviceTitle}</PdfFact>
          <PdfFact label="Request reference">{view.reference}</PdfFact>
          <PdfFact label="Issued">{view.issuedOn ?? "Draft (not sent)"}</PdfFact>
          <PdfFact label="Valid until">{view.validUntil}</PdfFact>
        </View>
        {view.options.map((option) => (
          <Option key={option.index} option={option} view={view} />
        ))}
        {view.taxableKey ? (
          <Text style={[styles.muted, styles.section]}>* taxable item</Text>
        ) : null}
        {view.terms.length > 0 ? (
          <View style={styles.section}>
            <Text style={styles.optionTitle}>Terms</Text>
            {view.terms.map((paragraph) => (
              <Text key={paragraph} style={{ marginBottom: 4 }}>
                {paragraph}
              </Text>
            ))}
          </View>
        ) : null}
        {view.acceptance ? (
          <View style={styles.section} wrap={false}>
            <Text style={styles.optionTitle}>Accepted and signed</Text>
            <Text>
              Option {view.acceptance.optionIndex}: {view.acceptance.optionName},{" "}
              {view.acceptance.total}
            </Text>
            {view.acceptance.signatureDataUrl ? (
              <Image style={styles.signature} src={view.acceptance.signatureDataUrl} />
            ) : null}
            <Text>Signed electronically by {view.acceptance.signerName}</Text>
            <Text>on {view.acceptance.signedAt}</Text>
            <Text style={styles.hash}>
              SHA-256 of the version signed: {view.acceptance.contentSha256}
            </Text>
          </View>
        ) : view.contentSha256 ? (
          <Text style={styles.hash}>SHA-256 of this version: {view.contentSha256}</Text>
        ) : null}
        <Text
          style={styles.footer}
          fixed
          render={({ pageNumber, totalPages }) =>
            `${view.company.name} · ${view.title} · version ${view.version} · page ${pageNumber} of ${totalPages}`
          }
        />
      </Page>
    </Document>
  );
}

/** Renders `view` as a PDF file (bytes). */
export function renderEstimatePdf(view: EstimateViewModel): Promise<Buffer> {
  return renderPdf(<EstimatePdf view={view} />);
}

/** The PDF's file name: "estimate-1a2b3c4d-v2.pdf". */
export function estimatePdfFilename(view: EstimateViewModel): string {
  return `estimate-${view.reference}-v${view.version}.pdf`;
}
