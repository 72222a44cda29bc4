/**
 * The home record's 'Completion reports' card: one download link per completed job of the
 * property's quotes (the PDF opens for the quote's owner and for staff only).
 */
import { href } from "react-router";
import { TitledCard } from "~/components/ui/card";

export interface CompletionReportLink {
  id: string;
  number: string;
  service: string;
  completedOn: string;
}

export function CompletionReportsSection({ reports }: { reports: CompletionReportLink[] }) {
  if (reports.length === 0) return null;
  return (
    <TitledCard title="Completion reports">
      <ul className="space-y-2">
        {reports.map((r) => (
          <li key={r.id}>
            <a
              href={href("/account/jobs/:id/report.pdf", { id: r.id })}
              className="font-medium text-brand-800 underline"
            >
              {r.service}, job {r.number}, completed {r.completedOn} (PDF)
            </a>
          </li>
        ))}
      </ul>
    </TitledCard>
  );
}
