/** Pieces the back office's server-rendered lists share (quotes, customers, blog posts). */
import type { ReactNode } from "react";
import { Link } from "react-router";
import { cn } from "~/lib/utils";

/** A table's header row of column names. */
function ColumnHeaders({ columns }: { columns: readonly string[] }) {
  return (
    <thead className="bg-slate-50 text-slate-800">
      <tr>
        {columns.map((h) => (
          <th key={h} scope="col" className="px-3 py-2 font-semibold">
            {h}
          </th>
        ))}
      </tr>
    </thead>
  );
}

/**
 * A list's scrollable, bordered table: a caption for screen readers, the column names, and
 * `children` as the body's rows. `className` adds to the table's (e.g. narrower cell padding).
 */
export function ListTable({
  caption,
  columns,
  className,
  children,
}: {
  caption: ReactNode;
  columns: readonly string[];
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className="relative overflow-x-auto rounded-lg border border-slate-200">
      <table className={cn("w-full text-left text-sm", className)}>
        <caption className="sr-only">{caption}</caption>
        <ColumnHeaders columns={columns} />
        <tbody className="divide-y divide-slate-200">{children}</tbody>
      </table>
    </div>
  );
}

/** A row's first cell: the link to the item's page, with a second line (`detail`) under it. */
export function RowLinkCell({
  to,
  label,
  detail,
  className = "px-3 py-2",
}: {
  to: string;
  label: ReactNode;
  detail: ReactNode;
  className?: string;
}) {
  return (
    <td className={className}>
      <Link to={to} className="font-medium text-brand-800 underline">
        {label}
      </Link>
      <div className="text-slate-600">{detail}</div>
    </td>
  );
}

/**
 * The polite live count above a paged list: "1 quote" or "12 quotes", with ", page 2 of 3" when
 * there is more than one page.
 */
export function ListCount({
  total,
  one,
  many,
  page,
  pageCount,
}: {
  total: number;
  /** the noun for one item, e.g. "quote" */
  one: string;
  /** the noun for several, e.g. "quotes" */
  many: string;
  page: number;
  pageCount: number;
}) {
  return (
    <p className="text-sm text-slate-700" aria-live="polite">
      {total === 1 ? `1 ${one}` : `${total} ${many}`}
      {pageCount > 1 ? `, page ${page} of ${pageCount}` : ""}
    </p>
  );
}

/** Previous/Next page links (none: nothing rendered). */
export function Pager({ previous, next }: { previous: string | null; next: string | null }) {
  if (!previous && !next) return null;
  return (
    <nav aria-label="Pagination" className="flex items-center gap-3">
      {previous && (
        <Link to={previous} className="underline">
          Previous page
        </Link>
      )}
      {next && (
        <Link to={next} className="underline">
          Next page
        </Link>
      )}
    </nav>
  );
}
