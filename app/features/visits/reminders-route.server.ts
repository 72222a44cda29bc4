/**
 * What the two reminders pages share (status link, the customer's account): each route decides
 * who may see the quote; this answers its loader and action.
 */
import { data } from "react-router";
import { kickOutbox } from "~/lib/outbox.server";
import { PRIVATE_PAGE_HEADERS } from "~/lib/private-page";
import { redirectWithToast } from "~/lib/toast.server";
import { remindersView, saveReminders } from "./reminders.server";

/** The reminders pages show a quote's private details: a private page's headers (lib/private-page.ts). */
export const REMINDERS_HEADERS = PRIVATE_PAGE_HEADERS;

/** The reminders page's data for quote `quoteId` (404 when unknown). */
export async function remindersLoader(quoteId: string | null) {
  const view = quoteId ? await remindersView(quoteId) : null;
  if (!view) throw data(null, { status: 404, headers: REMINDERS_HEADERS });
  return view;
}

/**
 * Saves the reminders posted for quote `quoteId`: back to `page` with a toast, else 400 with the
 * messages next to their fields (nothing written).
 */
export async function remindersAction(quoteId: string | null, request: Request, page: string) {
  if (!quoteId) throw data(null, { status: 404, headers: REMINDERS_HEADERS });
  const outcome = await saveReminders(quoteId, await request.formData());
  if (!outcome.ok) {
    if (outcome.status === 404) throw data(null, { status: 404, headers: REMINDERS_HEADERS });
    return data({ errors: outcome.errors }, { status: 400, headers: REMINDERS_HEADERS });
  }
  kickOutbox(); // a retest due at once (a job completed over 2 years ago) goes now
  const saved = { type: "success", title: "Your reminders are saved" } as const;
  return redirectWithToast(page, saved, new Headers(REMINDERS_HEADERS));
}
