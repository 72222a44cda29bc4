/**
 * The one place every PDF we make (estimates today; invoices, labels later) gets its fonts and is
 * rendered (@react-pdf/renderer on the server). The 14 standard PDF fonts (Helvetica ...) only
 * know Windows-1252: a name such as "Zoë Nguyễn", "王小明" or "Зоя" printed with them comes out as
 * mojibake or as glyphs drawn over other text. So every PDF embeds Noto Sans (Latin, Latin
 * Extended, Vietnamese, Greek, Cyrillic), Noto Sans SC (Chinese, Japanese kana) and Noto Sans KR
 * (Korean Hangul), regular and bold, from the @fontsource npm packages (SIL Open Font License 1.1;
 * the licence ships in each package). react-pdf picks, character by character, the first family
 * of the list that has the glyph, and embeds only the glyphs used, so a PDF grows by a few KB per
 * script it prints.
 *
 * Use: style text with `pdfFont` / `pdfBoldFont` (never a `fontFamily` of its own) and render the
 * document with `renderPdf`, which registers the fonts first. The letter-size documents (estimate,
 * invoice, completion report) share `pdfStyles` and the `PdfFact` / `PdfSum` pieces.
 */
import fs from "node:fs/promises";
import { createRequire } from "node:module";
import { Font, renderToBuffer, StyleSheet, Text, View } from "@react-pdf/renderer";
import type { ReactElement, ReactNode } from "react";
import wawoff2 from "wawoff2";
import { env } from "./env.server";

const require = createRequire(import.meta.url);

/**
 * The @fontsource subsets, in fallback order: the first one holding a character draws it. Their
 * WOFF2 files are decompressed to plain TrueType once per process (wawoff2) before react-pdf gets
 * them: fontkit 2.0.4 cannot subset a WOFF2 font's composite glyphs (the render throws), and it
 * inflates a WOFF font's glyph table again for every glyph it reads (the estimate's PDF took about
 * twice the CPU time).
 */
const SUBSETS = [
  { family: "Noto Sans", package: "@fontsource/noto-sans", file: "noto-sans-latin" },
  { family: "Noto Sans Latin Ext", package: "@fontsource/noto-sans", file: "noto-sans-latin-ext" },
  {
    family: "Noto Sans Vietnamese",
    package: "@fontsource/noto-sans",
    file: "noto-sans-vietnamese",
  },
  { family: "Noto Sans Cyrillic", package: "@fontsource/noto-sans", file: "noto-sans-cyrillic" },
  {
    family: "Noto Sans Cyrillic Ext",
    package: "@fontsource/noto-sans",
    file: "noto-sans-cyrillic-ext",
  },
  { family: "Noto Sans Greek", package: "@fontsource/noto-sans", file: "noto-sans-greek" },
  {
    family: "Noto Sans SC",
    package: "@fontsource/noto-sans-sc",
    file: "noto-sans-sc-chinese-simplified",
  },
  { family: "Noto Sans KR", package: "@fontsource/noto-sans-kr", file: "noto-sans-kr-korean" },
] as const;

/** The font families of every PDF's text, in fallback order (react-pdf's `fontFamily` list). */
export const PDF_FONT_FAMILIES: string[] = SUBSETS.map((subset) => subset.family);

/** Style of regular text in a PDF: spread it into a react-pdf style. */
export const pdfFont = { fontFamily: PDF_FONT_FAMILIES, fontWeight: 400 } as const;
/** Style of bold text in a PDF. */
export const pdfBoldFont = { fontFamily: PDF_FONT_FAMILIES, fontWeight: 700 } as const;

let registered: Promise<void> | null = null;

async function register(): Promise<void> {
  const sources = SUBSETS.flatMap((subset) =>
    [400, 700].map(async (fontWeight) => {
      const file = require.resolve(
        `${subset.package}/files/${subset.file}-${fontWeight}-normal.woff2`,
      );
      const ttf = await wawoff2.decompress(await fs.readFile(file));
      return {
        family: subset.family,
        fontWeight,
        src: `data:font/ttf;base64,${Buffer.from(ttf).toString("base64")}`,
      };
    }),
  );
  for (const { family, fontWeight, src } of await Promise.all(sources)) {
    Font.register({ family, src, fontWeight });
  }
}

/**
 * Registers the fonts with react-pdf, once per process (later calls return the same promise;
 * the first takes about a second, mostly the Chinese and Korean fonts).
 */
export function registerPdfFonts(): Promise<void> {
  registered ??= register().catch((error: unknown) => {
    registered = null;
    throw error;
  });
  return registered;
}

/**
 * Renders a react-pdf `<Document>` to the bytes of a PDF file, with the fonts registered.
 * Errors: whatever @react-pdf/renderer throws (a font file missing from node_modules, an invalid
 * image); nothing is written anywhere.
 */
export async function renderPdf(document: ReactElement): Promise<Buffer> {
  await registerPdfFonts();
  // biome-ignore lint/suspicious/noExplicitAny: renderToBuffer wants a <Document> element type
  return renderToBuffer(document as ReactElement<any>);
}

export const PDF_INK = "#1f2933";
export const PDF_MUTED = "#52606d";
export const PDF_RULE = "#cbd2d9";

// react-pdf turns a unitless lineHeight into points where it is set (1.35 x the page's 10 pt) and
// passes those points down: every larger size sets its own, or its lines overlap the next text.
/** The styles the letter-size documents share (page, letterhead, facts, table rows, sums). */
export const pdfStyles = StyleSheet.create({
  page: { padding: 40, fontSize: 10, ...pdfFont, color: PDF_INK, lineHeight: 1.35 },
  company: { fontSize: 16, lineHeight: 1.3, ...pdfBoldFont },
  muted: { color: PDF_MUTED },
  title: { fontSize: 14, lineHeight: 1.3, ...pdfBoldFont, marginTop: 18, marginBottom: 6 },
  facts: { flexDirection: "row", flexWrap: "wrap", marginBottom: 8 },
  fact: { width: "50%", marginBottom: 4 },
  label: { color: PDF_MUTED, fontSize: 8, textTransform: "uppercase" },
  row: { flexDirection: "row", paddingVertical: 3, borderBottom: `0.5pt solid ${PDF_RULE}` },
  head: { ...pdfBoldFont, fontSize: 8, color: PDF_MUTED },
  sum: { flexDirection: "row", justifyContent: "flex-end", paddingVertical: 2 },
  sumLabel: { width: "30%", textAlign: "right", paddingRight: 8 },
  sumValue: { width: "18%", textAlign: "right" },
  total: { ...pdfBoldFont, fontSize: 11, lineHeight: 1.3 },
});

/** One labelled fact (small upper-case label above its value), half the page wide in `facts`. */
export function PdfFact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <View style={pdfStyles.fact}>
      <Text style={pdfStyles.label}>{label}</Text>
      <Text>{children}</Text>
    </View>
  );
}

/** One line of a totals block, right-aligned; `strong` for the total. */
export function PdfSum({
  label,
  value,
  strong,
}: {
  label: string;
  value: string;
  strong?: boolean;
}) {
  return (
    <View style={pdfStyles.sum} wrap={false}>
      <Text style={[pdfStyles.sumLabel, strong ? pdfStyles.total : {}]}>{label}</Text>
      <Text style={[pdfStyles.sumValue, strong ? pdfStyles.total : {}]}>{value}</Text>
    </View>
  );
}

/**
 * The letterhead: the company's name, its tagline and how to reach it (`contact`; by default its
 * phone and email from the environment).
 */
export function PdfLetterhead({
  name,
  tagline,
  contact = `Phone ${env().COMPANY_PHONE.display} | Email ${env().COMPANY_EMAIL}`,
}: {
  name: string;
  tagline: string;
  contact?: string;
}) {
  return (
    <>
      <Text style={pdfStyles.company}>{name}</Text>
      <Text style={pdfStyles.muted}>{tagline}</Text>
      <Text style={pdfStyles.muted}>{contact}</Text>
    </>
  );
}
