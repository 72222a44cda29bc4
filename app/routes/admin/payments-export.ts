import { stringify } from "csv-stringify/sync";
import { PAYMENT_CSV_COLUMNS, paymentCsvRows } from "~/features/invoices/books.server";
import { denverDate } from "~/lib/dates";
import { requireAdmin } from "~/lib/session.server";
import type { Route } from "./+types/payments-export";

/** Every payment received and refund made as CSV (QuickBooks Online's payment columns). */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const csv = stringify(await paymentCsvRows(), {
    header: true,
    columns: PAYMENT_CSV_COLUMNS,
    escape_formulas: true,
    record_delimiter: "windows",
  });
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="payments-${denverDate(new Date())}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
