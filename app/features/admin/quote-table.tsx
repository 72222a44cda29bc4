import { href } from "react-router";
import { ListTable, RowLinkCell } from "~/components/ui/admin-list";
import { serviceId } from "~/features/catalog/services";
import { EstimateStatusBadge } from "~/features/estimates/status-badge";
import { referenceNumber } from "~/features/quotes/reference";
import { QuoteStatusBadge } from "~/features/quotes/status-badge";
import { formatDateTime } from "~/lib/dates";
import { orNA, waitingFor } from "./format";
import type { QuoteListItem } from "./quotes.server";

/** One quote as the list shows it, from `listQuotes`' item; `now` in ms since the epoch. */
export function quoteRow(q: QuoteListItem, now: number) {
  return {
    id: q.id,
    reference: referenceNumber(q.id),
    date: formatDateTime(q.created_at),
    // an account without a full name shows its contact name; only a guest's request says Guest
    customer: orNA(q.customer_name?.trim() || `${q.contact_first_name} ${q.contact_last_name}`),
    isGuest: q.is_guest,
    /** the requester closed their account: the quote is kept without a login */
    closedAccount: !q.is_guest && q.user_id === null,
    property: orNA(q.property_address),
    description: orNA(q.description),
    status: q.current_status,
    service: serviceId.label(q.service),
    estimate: q.estimate_status,
    /** the next visit's start, America/Denver with the zone, or null when none is booked */
    nextVisit: q.next_visit ? formatDateTime(q.next_visit) : null,
    triage: q.triage.map((f) => ({ label: f.label, level: f.level, source: f.sourceShort })),
    waiting: q.current_status === "pending" ? waitingFor(q.created_at, now) : null,
  };
}

type QuoteRow = ReturnType<typeof quoteRow>;

/**
 * The admin quotes list's table: reference and date, customer (guests marked), property,
 * description, status, estimate, next visit (Denver time), service, triage flags with their
 * sources, and time waiting.
 */
export function QuoteTable({ quotes }: { quotes: QuoteRow[] }) {
  return (
    <ListTable
      caption="Quote requests"
      className="[&_th]:px-2"
      columns={[
        "Date",
        "Customer",
        "Property",
        "Description",
        "Status",
        "Estimate",
        "Next visit",
        "Service",
        "Triage",
        "Waiting",
      ]}
    >
      {quotes.map((q) => (
        <tr key={q.id} className="align-top">
          {/* the date wraps and people's own words break anywhere: the table fits 1280 px beside the sidebar whatever they typed */}
          <RowLinkCell
            to={href("/admin/quotes/:id", { id: q.id })}
            label={q.reference}
            detail={q.date}
            className="px-2 py-2"
          />
          <td className="px-2 py-2 wrap-anywhere">
            {q.customer}
            {q.isGuest && <div className="text-xs text-slate-600">Guest</div>}
            {q.closedAccount && <div className="text-xs text-slate-600">Closed account</div>}
          </td>
          <td className="px-2 py-2 wrap-anywhere">{q.property}</td>
          <td className="max-w-60 px-2 py-2 wrap-anywhere">{q.description}</td>
          <td className="px-2 py-2">
            <QuoteStatusBadge status={q.status} />
          </td>
          <td className="px-2 py-2">
            <EstimateStatusBadge status={q.estimate} />
          </td>
          <td className="px-2 py-2">{q.nextVisit ?? "None booked"}</td>
          <td className="px-2 py-2">{q.service}</td>
          <td className="px-2 py-2">
            {q.triage.length === 0 ? (
              "N/A"
            ) : (
              <ul className="space-y-1">
                {q.triage.map((f) => (
                  <li key={f.label}>
                    <span className={f.level === "advice" ? "" : "font-semibold text-error-strong"}>
                      {f.label}
                    </span>
                    <span className="block text-xs text-slate-600">Source: {f.source}</span>
                  </li>
                ))}
              </ul>
            )}
          </td>
          <td className="px-2 py-2 whitespace-nowrap">{q.waiting ?? "N/A"}</td>
        </tr>
      ))}
    </ListTable>
  );
}
