import { stringify } from "csv-stringify/sync";
import {
  INVOICE_CSV_COLUMNS,
  invoiceCsvRows,
  parseInvoiceListQuery,
} from "~/features/invoices/books.server";
import { denverDate } from "~/lib/dates";
import { requireAdmin } from "~/lib/session.server";
import type { Route } from "./+types/invoices-export";

/**
 * The filtered invoices as CSV, one row per line with QuickBooks Online's import columns;
 * formula-looking cells are escaped (csv-stringify `escape_formulas`).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const rows = await invoiceCsvRows(parseInvoiceListQuery(new URL(request.url).searchParams));
  const csv = stringify(rows, {
    header: true,
    columns: INVOICE_CSV_COLUMNS,
    escape_formulas: true,
    record_delimiter: "windows",
  });
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="invoices-${denverDate(new Date())}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
