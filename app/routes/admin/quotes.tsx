import { Download } from "lucide-react";
import { Link } from "react-router";
import { ColumnHeaders, Pager } from "~/components/ui/admin-list";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { orNA, waitingFor } from "~/features/admin/format";
import { FilterSelect, ListFilters, SearchInput } from "~/features/admin/list-filters";
import { parseQuoteListQuery, quoteListSearch } from "~/features/admin/quote-list";
import { listQuotes } from "~/features/admin/quotes.server";
import { quoteStatus } from "~/features/catalog/enums";
import { serviceId } from "~/features/catalog/services";
import { referenceNumber } from "~/features/quotes/reference";
import { formatDateTime } from "~/lib/dates";
import { pageMeta } from "~/lib/seo";
import { requireAdmin } from "~/lib/session.server";
import type { Route } from "./+types/quotes";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const query = parseQuoteListQuery(new URL(request.url).searchParams);
  const list = await listQuotes(query);
  const now = Date.now();
  return {
    query,
    total: list.total,
    pageCount: list.pageCount,
    quotes: list.items.map((q) => ({
      id: q.id,
      reference: referenceNumber(q.id),
      date: formatDateTime(q.created_at),
      // an account without a full name shows its contact name; only a guest's request says Guest
      customer: orNA(q.customer_name?.trim() || `${q.contact_first_name} ${q.contact_last_name}`),
      isGuest: q.is_guest,
      property: orNA(q.property_address),
      description: orNA(q.description),
      status: q.current_status,
      service: serviceId.label(q.service),
      triage: q.triage.map((f) => ({ label: f.label, level: f.level, source: f.sourceShort })),
      waiting: q.current_status === "pending" ? waitingFor(q.created_at, now) : null,
    })),
  };
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { title: "Quotes", description: "All quote requests.", noIndex: true });
}

const sortOptions = [
  { value: "newest", label: "Newest first" },
  { value: "urgency", label: "Most urgent first" },
];

export default function AdminQuotes({ loaderData }: Route.ComponentProps) {
  const { query, quotes, total, pageCount } = loaderData;
  const exportHref = `/admin/quotes/export.csv${quoteListSearch(query, {})}`;
  return (
    <section aria-labelledby="quotes-title" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="quotes-title" className="text-lg font-semibold">
          Quotes
        </h2>
        <Button asChild variant="outline" size="sm">
          <a href={exportHref} download>
            <Download aria-hidden="true" />
            Export CSV
          </a>
        </Button>
      </div>
      <ListFilters label="Quotes" submitLabel="Apply">
        <SearchInput id="quote-search" defaultValue={query.q} placeholder="Search quotes..." />
        <FilterSelect
          id="quote-status"
          name="status"
          label="Filter by status"
          defaultValue={query.status}
          allLabel="All statuses"
          options={quoteStatus.options}
        />
        <FilterSelect
          id="quote-service"
          name="service"
          label="Filter by service"
          defaultValue={query.service}
          allLabel="All services"
          options={serviceId.options}
        />
        <FilterSelect
          id="quote-sort"
          name="sort"
          label="Sort by"
          defaultValue={query.sort}
          options={sortOptions}
        />
      </ListFilters>

      <p className="text-sm text-slate-700" aria-live="polite">
        {total === 1 ? "1 quote" : `${total} quotes`}
        {pageCount > 1 ? `, page ${query.page} of ${pageCount}` : ""}
      </p>

      {quotes.length === 0 ? (
        <p>No quotes match.</p>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-slate-200">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Quote requests</caption>
            <ColumnHeaders
              columns={[
                "Date",
                "Customer",
                "Property",
                "Description",
                "Status",
                "Service",
                "Triage",
                "Waiting",
              ]}
            />
            <tbody className="divide-y divide-slate-200">
              {quotes.map((q) => (
                <tr key={q.id} className="align-top">
                  <td className="px-3 py-2 whitespace-nowrap">
                    <Link
                      to={`/admin/quotes/${q.id}`}
                      className="font-medium text-brand-800 underline"
                    >
                      {q.reference}
                    </Link>
                    <div className="text-slate-600">{q.date}</div>
                  </td>
                  <td className="px-3 py-2">
                    {q.customer}
                    {q.isGuest && <div className="text-xs text-slate-600">Guest</div>}
                  </td>
                  <td className="px-3 py-2">{q.property}</td>
                  <td className="max-w-xs px-3 py-2">{q.description}</td>
                  <td className="px-3 py-2">
                    <Badge tone={q.status}>{quoteStatus.label(q.status)}</Badge>
                  </td>
                  <td className="px-3 py-2">{q.service}</td>
                  <td className="px-3 py-2">
                    {q.triage.length === 0 ? (
                      "N/A"
                    ) : (
                      <ul className="space-y-1">
                        {q.triage.map((f) => (
                          <li key={f.label}>
                            <span
                              className={f.level === "advice" ? "" : "font-semibold text-red-800"}
                            >
                              {f.label}
                            </span>
                            <span className="block text-xs text-slate-600">Source: {f.source}</span>
                          </li>
                        ))}
                      </ul>
                    )}
                  </td>
                  <td className="px-3 py-2 whitespace-nowrap">{q.waiting ?? "N/A"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <Pager
        previous={query.page > 1 ? quoteListSearch(query, { page: query.page - 1 }) : null}
        next={query.page < pageCount ? quoteListSearch(query, { page: query.page + 1 }) : null}
      />
    </section>
  );
}
