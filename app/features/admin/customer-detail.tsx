import { href, Link } from "react-router";
import { TitledCard } from "~/components/ui/card";
import { QuoteStatusBadge } from "~/features/quotes/status-badge";

/** The customer's saved properties on their admin page, one address line each. */
export function CustomerProperties({ properties }: { properties: { id: string; line: string }[] }) {
  return (
    <TitledCard title="Properties">
      {properties.length === 0 ? (
        <p>No properties.</p>
      ) : (
        <ul className="list-disc pl-5">
          {properties.map((p) => (
            <li key={p.id}>{p.line}</li>
          ))}
        </ul>
      )}
    </TitledCard>
  );
}

/** The customer's quotes on their admin page: reference (linked), service, description, date, status. */
export function CustomerQuotes({
  quotes,
}: {
  quotes: {
    id: string;
    reference: string;
    service: string;
    description: string;
    date: string;
    status: string;
  }[];
}) {
  return (
    <TitledCard title="Quotes">
      {quotes.length === 0 ? (
        <p>No quotes.</p>
      ) : (
        <ul className="divide-y divide-slate-200">
          {quotes.map((q) => (
            <li key={q.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span>
                <Link
                  to={href("/admin/quotes/:id", { id: q.id })}
                  className="font-medium text-brand-800 underline"
                >
                  {q.reference}
                </Link>{" "}
                {q.service} · {q.description} · {q.date}
              </span>
              <QuoteStatusBadge status={q.status} />
            </li>
          ))}
        </ul>
      )}
    </TitledCard>
  );
}
