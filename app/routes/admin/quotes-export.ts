import { Readable } from "node:stream";
import { stringify } from "csv-stringify";
import { parseQuoteListQuery } from "~/features/admin/quote-list";
import { quotesForExport } from "~/features/admin/quotes.server";
import { quoteStatus } from "~/features/catalog/enums";
import { estimateStatus } from "~/features/catalog/estimate-enums";
import { serviceId } from "~/features/catalog/services";
import { referenceNumber } from "~/features/quotes/reference";
import { csvHeaders, csvOptions } from "~/lib/csv.server";
import { denverIso } from "~/lib/dates.server";
import { logger } from "~/lib/logger.server";
import { requireAdmin } from "~/lib/session.server";
import type { Route } from "./+types/quotes-export";

const COLUMNS = [
  "Reference",
  "Date",
  "Service",
  "Status",
  "Estimate",
  "Customer",
  "Contact name",
  "Email",
  "Phone",
  "ZIP code",
  "Property",
  "Description",
  "Triage",
];

/**
 * The filtered quotes list as CSV (RFC 4180, via csv-stringify), streamed in batches. Cells
 * starting with =, +, -, @, tab or CR are prefixed with ' (csv-stringify `escape_formulas`;
 * OWASP CSV injection) so spreadsheets never run them as formulas. Dates (and the file's name)
 * are Utah time with the offset, e.g. 2026-12-06T19:30:00-07:00.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const query = parseQuoteListQuery(new URL(request.url).searchParams);
  const csv = stringify({ ...csvOptions(COLUMNS), eof: true });
  void (async () => {
    try {
      for await (const batch of quotesForExport(query)) {
        for (const q of batch) {
          const ok = csv.write([
            referenceNumber(q.id),
            denverIso(q.created_at),
            serviceId.label(q.service),
            quoteStatus.label(q.current_status),
            q.estimate_status ? estimateStatus.label(q.estimate_status) : "None",
            q.customer_name ?? "",
            `${q.contact_first_name} ${q.contact_last_name}`,
            q.contact_email,
            q.contact_phone,
            q.zip_code,
            q.property_address ?? "",
            q.description,
            q.triage.map((f) => f.label).join("; "),
          ]);
          if (!ok) await new Promise((resolve) => csv.once("drain", resolve));
          if (request.signal.aborted) break;
        }
        if (request.signal.aborted) break;
      }
      csv.end();
    } catch (error) {
      logger().error({ err: error }, "CSV export failed");
      csv.destroy(error as Error);
    }
  })();
  return new Response(Readable.toWeb(csv) as ReadableStream, { headers: csvHeaders("quotes") });
}
