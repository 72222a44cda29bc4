/**
 * The cards of the back office's quote page: the request, its contact, triage notes, the
 * service answers and the status history (the "Change status" form is status-change-form.tsx).
 */
import type { ReactNode } from "react";
import { href, Link } from "react-router";
import { TitledCard } from "~/components/ui/card";
import { StatusHistoryCard } from "~/components/ui/status-history-card";
import { QuoteStatusBadge } from "~/features/quotes/status-badge";
import { orNA } from "./format";
import type { QuoteDetailView } from "./quote-detail.server";

/** Label and value pairs as a definition list, one column on a phone. */
export function Rows({ rows }: { rows: [string, ReactNode][] }) {
  return (
    // minmax(0, 1fr) and breaking anywhere: a long email address never widens the page on a phone
    <dl className="grid grid-cols-[minmax(0,1fr)] gap-x-6 gap-y-2 sm:grid-cols-[12rem_minmax(0,1fr)]">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="font-medium text-slate-700">{label}</dt>
          <dd className="wrap-anywhere">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** What was asked for, when, and by whom. */
export function QuoteRequestCard({ q }: { q: QuoteDetailView }) {
  return (
    <TitledCard title="Request">
      <Rows
        rows={[
          ["Reference", q.reference],
          ["Service", q.service],
          ["Submitted", q.submittedAt],
          ["Description", orNA(q.description)],
          ["Property", orNA(q.property)],
          [
            "Customer",
            q.customer ? (
              <Link
                key="customer"
                to={href("/admin/customers/:id", { id: q.customer.id })}
                className="text-brand-800 underline"
              >
                {q.customer.name}
              </Link>
            ) : (
              q.noAccount
            ),
          ],
        ]}
      />
    </TitledCard>
  );
}

/** How to reach the requester. */
export function QuoteContactCard({ q }: { q: QuoteDetailView }) {
  return (
    <TitledCard title="Contact">
      <Rows
        rows={[
          ["Name", q.contact.name],
          [
            "Email",
            <a key="email" href={`mailto:${q.contact.email}`} className="text-brand-800 underline">
              {q.contact.email}
            </a>,
          ],
          [
            "Phone",
            <a
              key="tel"
              href={`tel:${q.contact.phone.replace(/[^\d+]/g, "")}`}
              className="text-brand-800 underline"
            >
              {q.contact.phone}
            </a>,
          ],
          ["ZIP code", q.contact.zipCode],
          ["Preferred contact", q.contact.preferred],
          ["Best time", q.contact.bestTime],
        ]}
      />
      <Link
        to={href("/admin/messages/quote/:id", { id: q.id })}
        className="mt-3 inline-block text-sm font-medium text-brand-800 underline"
      >
        Messages with this customer
      </Link>
    </TitledCard>
  );
}

/** The triage notes the answers raised. */
export function QuoteTriageCard({ q }: { q: QuoteDetailView }) {
  return (
    <TitledCard title="Triage">
      {q.triage.length === 0 ? (
        <p>No triage notes for these answers.</p>
      ) : (
        <ul className="space-y-2">
          {q.triage.map((f) => (
            <li key={f.code}>
              <span
                className={f.level === "advice" ? "font-medium" : "font-semibold text-error-strong"}
              >
                {f.label}
              </span>
              <span className="block text-sm text-slate-600">Source: {f.source}</span>
            </li>
          ))}
        </ul>
      )}
    </TitledCard>
  );
}

/** The service form's answers. */
export function QuoteAnswersCard({ q }: { q: QuoteDetailView }) {
  return (
    <TitledCard title="Answers">
      <Rows rows={q.answers} />
    </TitledCard>
  );
}

/** Every status the quote has had, with who set it. */
export function QuoteHistoryCard({ q }: { q: QuoteDetailView }) {
  return (
    <StatusHistoryCard
      entries={q.history.map((h) => ({ ...h, badge: <QuoteStatusBadge status={h.status} /> }))}
    />
  );
}
