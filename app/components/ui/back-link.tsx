import type { ReactNode } from "react";
import { Link } from "react-router";

/** The small link back to the list a detail page belongs to ("Back to quotes"), on its own line. */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <p>
      <Link to={to} className="text-sm text-brand-800 underline">
        {children}
      </Link>
    </p>
  );
}
