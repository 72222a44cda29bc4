/** Pieces the back office's server-rendered lists share (quotes, customers, blog posts). */
import { Link } from "react-router";

/** A table's header row of column names. */
export function ColumnHeaders({ columns }: { columns: readonly string[] }) {
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
