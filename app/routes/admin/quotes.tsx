import { Download } from "lucide-react";
import { ListCount, Pager } from "~/components/ui/admin-list";
import { Button } from "~/components/ui/button";
import { FilterSelect, ListFilters, SearchInput } from "~/features/admin/list-filters";
import { parseQuoteListQuery, quoteFilters, quoteListSearch } from "~/features/admin/quote-list";
import { QuoteTable, quoteRow } from "~/features/admin/quote-table";
import { listQuotes } from "~/features/admin/quotes.server";
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
        {quoteFilters.map((filter) => (
          <FilterSelect
            key={filter.name}
            id={`quote-${filter.name}`}
            urlValue={query[filter.name]}
            {...filter}
          />
        ))}
        <FilterSelect
          id="quote-sort"
          name="sort"
          label="Sort by"
          urlValue={query.sort}
          options={sortOptions}
        />
      </ListFilters>

      <ListCount total={total} one="quote" many="quotes" page={query.page} pageCount={pageCount} />

      {quotes.length === 0 ? <p>No quotes match.</p> : <QuoteTable quotes={quotes} />}

      <Pager
        previous={query.page > 1 ? quoteListSearch(query, { page: query.page - 1 }) : null}
        next={query.page < pageCount ? quoteListSearch(query, { page: query.page + 1 }) : null}
      />
    </section>
  );
}
