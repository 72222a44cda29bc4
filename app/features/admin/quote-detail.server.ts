/**
 * One quote as the back office's quote page shows it: labels resolved, dates formatted, the
 * statuses it may move to next.
 */
import { bestTime, contactMethod } from "~/features/catalog/enums";
import { serviceId } from "~/features/catalog/services";
import { detailAnswerRows } from "~/features/quotes/answers";
import { filesOfQuote } from "~/features/quotes/files.server";
import { referenceNumber } from "~/features/quotes/reference";
import { nextStatuses } from "~/features/quotes/status";
import { formatDateTime } from "~/lib/dates";
import { orNA } from "./format";
import { getQuoteDetail } from "./quotes.server";

/**
 * How a quote without an account is named: 'Guest' for a guest's request, 'Closed account' for
 * one whose requester closed their account (is_guest false, user_id null:
 * features/accounts/close-account.server.ts).
 */
export function requesterWithoutAccount(q: { is_guest: boolean }): string {
  return q.is_guest ? "Guest" : "Closed account";
}

export type QuoteDetailView = NonNullable<Awaited<ReturnType<typeof loadQuoteDetail>>>;

/** The quote page's data for quote `id`, or null when there is no such quote. */
export async function loadQuoteDetail(id: string) {
  const detail = await getQuoteDetail(id);
  if (!detail) return null;
  const files = await filesOfQuote(id);
  const q = detail.quote;
  // A history row without a person is the requester's own (sent as a guest, or accepted through
  // the mailed link), or was detached when its account closed: named as the requester is now.
  const requesterLabel = q.user_id
    ? detail.customer_name ||
      detail.customer_email ||
      `${q.contact_first_name} ${q.contact_last_name}`
    : requesterWithoutAccount(q);
  return {
    id: q.id,
    reference: referenceNumber(q.id),
    service: serviceId.label(q.service),
    status: q.current_status,
    nextStatuses: [...nextStatuses(q.current_status)],
    submittedAt: formatDateTime(q.created_at),
    description: q.description,
    contact: {
      name: `${q.contact_first_name} ${q.contact_last_name}`,
      email: q.contact_email,
      phone: q.contact_phone,
      zipCode: q.zip_code,
      preferred: contactMethod.label(q.preferred_contact_method),
      bestTime: bestTime.label(q.best_time_to_contact),
    },
    customer: q.user_id
      ? { id: q.user_id, name: orNA(detail.customer_name), email: detail.customer_email }
      : null,
    /** 'Guest', or 'Closed account' when the requester closed their account (quote kept) */
    noAccount: requesterWithoutAccount(q),
    property: detail.property
      ? `${detail.property.address}, ${detail.property.city}, ${detail.property.state} ${detail.property.zip_code}`
      : null,
    answers: detailAnswerRows(q.service, detail.details),
    triage: detail.triage,
    /** attached photos and lab reports, served by /admin/quotes/:id/files/:fileId */
    files,
    history: detail.history.map((h) => ({
      id: h.id,
      status: h.status,
      by: h.changed_by_id
        ? (h.changed_by_name ?? h.changed_by_email ?? "Former user")
        : requesterLabel,
      at: formatDateTime(h.created_at),
      notes: h.notes,
    })),
  };
}
