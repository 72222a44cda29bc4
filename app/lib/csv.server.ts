/** The back office's CSV downloads (the quotes, invoices and payments exports). */
import { stringify } from "csv-stringify/sync";
import { denverDate } from "~/lib/dates";

/**
 * The options every export gives csv-stringify: a header row of `columns`, CRLF line ends
 * (RFC 4180), and cells starting with =, +, -, @, tab or CR prefixed with ' (`escape_formulas`;
 * OWASP CSV injection) so spreadsheets never run them as formulas.
 */
export function csvOptions(columns: string[]) {
  return {
    header: true,
    columns,
    escape_formulas: true,
    record_delimiter: "windows",
  } as const;
}

/**
 * The headers of a private CSV attachment named `<name>-<today in Utah>.csv`, e.g.
 * invoices-2026-12-07.csv.
 */
export function csvHeaders(name: string): HeadersInit {
  return {
    "Content-Type": "text/csv; charset=utf-8",
    "Content-Disposition": `attachment; filename="${name}-${denverDate(new Date())}.csv"`,
    "Cache-Control": "private, no-store",
  };
}

/** `rows` under the header `columns` as the CSV attachment `name` (see csvHeaders). */
export function csvDownload(name: string, columns: string[], rows: string[][]): Response {
  return new Response(stringify(rows, csvOptions(columns)), { headers: csvHeaders(name) });
}
