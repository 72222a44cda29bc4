import {
  INVOICE_CSV_COLUMNS,
  invoiceCsvRows,
  parseInvoiceListQuery,
} from "~/features/invoices/books.server";
import { csvDownload } from "~/lib/csv.server";
import { requireAdmin } from "~/lib/session.server";
import type { Route } from "./+types/invoices-export";

/**
 * The filtered invoices as CSV, one row per line with QuickBooks Online's import columns;
 * formula-looking cells are escaped (csv-stringify `escape_formulas`).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const rows = await invoiceCsvRows(parseInvoiceListQuery(new URL(request.url).searchParams));
  return csvDownload("invoices", INVOICE_CSV_COLUMNS, rows);
}
