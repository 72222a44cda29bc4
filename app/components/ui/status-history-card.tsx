import type { ReactNode } from "react";
import { TitledCard } from "./card";

/** One status change as the history shows it: `at` and `by` already written for people. */
export interface StatusHistoryEntry {
  id: string | number;
  badge: ReactNode;
  at: string;
  by: string;
  notes: string | null;
}

/** The 'Status history' card of a quote or a job: each status, when, by whom, and its notes. */
export function StatusHistoryCard({
  entries,
  as,
}: {
  entries: StatusHistoryEntry[];
  as?: "h2" | "h3";
}) {
  return (
    <TitledCard title="Status history" as={as}>
      <ol className="space-y-3">
        {entries.map((h) => (
          <li key={h.id} className="border-l-2 border-brand-700 pl-3">
            <p>
              {h.badge}{" "}
              <span className="text-sm text-slate-700">
                {h.at} by {h.by}
              </span>
            </p>
            {h.notes && <p className="mt-1 text-sm whitespace-pre-line">{h.notes}</p>}
          </li>
        ))}
      </ol>
    </TitledCard>
  );
}
