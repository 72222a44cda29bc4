import { ChevronRight } from "lucide-react";
import { Link } from "react-router";
import type { Crumb } from "~/lib/breadcrumbs";

/**
 * The breadcrumb trail (SPEC section 2): every crumb but the last is a link; the last is the
 * current page (`aria-current="page"`). A `nav` landmark named "Breadcrumb". `className` places
 * it (default: its own centred row, as under /products).
 */
export function Breadcrumb({
  trail,
  className = "mx-auto max-w-6xl px-4 pt-6",
}: {
  trail: readonly Crumb[];
  className?: string;
}) {
  return (
    <nav aria-label="Breadcrumb" className={className}>
      <ol className="flex flex-wrap items-center gap-1 text-sm text-slate-700">
        {trail.map((crumb, index) => {
          const last = index === trail.length - 1;
          return (
            <li key={crumb.path} className="flex items-center gap-1">
              {index > 0 && <ChevronRight className="size-4 text-slate-500" aria-hidden="true" />}
              {last ? (
                <span aria-current="page" className="font-semibold text-slate-900">
                  {crumb.name}
                </span>
              ) : (
                <Link to={crumb.path} className="underline hover:text-brand-800">
                  {crumb.name}
                </Link>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
