import { Download } from "lucide-react";
import { Pager } from "~/components/ui/admin-list";
import { Button } from "~/components/ui/button";
import { FilterSelect, ListFilters, SearchInput } from "~/features/admin/list-filters";
import {
  estimateFilter,
  parseQuoteListQuery,
  quoteListSearch,
  visitFilter,
} from "~/features/admin/quote-list";
import { QuoteTable, quoteRow } from "~/features/admin/quote-table";
import { listQuotes } from "~/features/admin/quotes.server";
import { quoteStatus } from "~/features/catalog/enums";
import { serviceId } from "~/features/catalog/services";
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
    quotes: list.items.map((item) => quoteRow(item, now)),
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
        <SearchInput id="quote-search" urlValue={query.q} placeholder="Search quotes..." />
        <FilterSelect
          id="quote-status"
          name="status"
          label="Filter by status"
          urlValue={query.status}
          allLabel="All statuses"
          options={quoteStatus.options}
        />
        <FilterSelect
          id="quote-service"
          name="service"
          label="Filter by service"
          urlValue={query.service}
          allLabel="All services"
          options={serviceId.options}
        />
        <FilterSelect
          id="quote-estimate"
          name="estimate"
          label="Filter by estimate"
          urlValue={query.estimate}
          allLabel="All estimates"
          options={estimateFilter.options}
        />
        <FilterSelect
          id="quote-visit"
          name="visit"
          label="Filter by visit"
          urlValue={query.visit}
          allLabel="All visits"
          options={visitFilter.options}
        />
        <FilterSelect
          id="quote-sort"
          name="sort"
          label="Sort by"
          urlValue={query.sort}
          options={sortOptions}
        />
      </ListFilters>

      <p className="text-sm text-slate-700" aria-live="polite">
        {total === 1 ? "1 quote" : `${total} quotes`}
        {pageCount > 1 ? `, page ${query.page} of ${pageCount}` : ""}
      </p>

      {quotes.length === 0 ? <p>No quotes match.</p> : <QuoteTable quotes={quotes} />}

      <Pager
        previous={query.page > 1 ? quoteListSearch(query, { page: query.page - 1 }) : null}
        next={query.page < pageCount ? quoteListSearch(query, { page: query.page + 1 }) : null}
      />
    </section>
  );
}
