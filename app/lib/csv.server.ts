/** The back office's CSV downloads (the quotes, invoices and payments exports). */
import { stringify } from "csv-stringify/sync";
import { denverDate } from "~/lib/dates";

/** A cell a spreadsheet reads as a formula (OWASP CSV injection: =, +, -, @, tab or CR first). */
const FORMULA_START = /^[=+\-@\t\r]/;
/** A plain amount such as -197.50: a number to a spreadsheet, never a formula. */
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * The options every export gives csv-stringify: a header row of `columns`, CRLF line ends
 * (RFC 4180), and cells starting with =, +, -, @, tab or CR prefixed with ' (OWASP CSV injection)
 * so spreadsheets never run them as formulas, except a plain negative amount (a deposit credit,
 * a refund), which stays a number for the books. csv-stringify's own `escape_formulas` would
 * turn -197.50 into the text '-197.50.
 */
export function csvOptions(columns: string[]) {
  return {
    header: true,
    columns,
    cast: {
      string: (value: string) =>
        FORMULA_START.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value,
    },
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
