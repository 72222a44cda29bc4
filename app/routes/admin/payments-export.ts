import { PAYMENT_CSV_COLUMNS, paymentCsvRows } from "~/features/invoices/books.server";
import { csvDownload } from "~/lib/csv.server";
import { requireAdmin } from "~/lib/session.server";
import type { Route } from "./+types/payments-export";

/** Every payment received and refund made as CSV (QuickBooks Online's payment columns). */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return csvDownload("payments", PAYMENT_CSV_COLUMNS, await paymentCsvRows());
}
