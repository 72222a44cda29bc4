/**
 * What the two reminders pages share (status link, the customer's account): each route decides
 * who may see the quote; this answers its loader and action.
 */
import { data } from "react-router";
import { reminderKind } from "~/features/catalog/follow-ups";
import { kickOutbox } from "~/lib/outbox.server";
import { PRIVATE_PAGE_HEADERS } from "~/lib/private-page";
import { redirectWithToast } from "~/lib/toast.server";
import { remindersView, saveReminders } from "./reminders.server";

/** What a refused reminders form carried: the kinds ticked and the filter type chosen. */
export interface PostedReminders {
  kinds: string[];
  filterType: string;
}

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
 * messages next to their fields and what was posted (nothing written).
 */
export async function remindersAction(quoteId: string | null, request: Request, page: string) {
  if (!quoteId) throw data(null, { status: 404, headers: REMINDERS_HEADERS });
  const form = await request.formData();
  const outcome = await saveReminders(quoteId, form);
  if (!outcome.ok) {
    if (outcome.status === 404) throw data(null, { status: 404, headers: REMINDERS_HEADERS });
    // what was ticked and chosen comes back: without JavaScript the page is drawn anew
    const posted: PostedReminders = {
      kinds: reminderKind.values.filter((kind) => form.get(kind) === "on"),
      filterType: String(form.get("filterType") ?? ""),
    };
    return data({ errors: outcome.errors, posted }, { status: 400, headers: REMINDERS_HEADERS });
  }
  kickOutbox(); // a retest due at once (a job completed over 2 years ago) goes now
  const saved = { type: "success", title: "Your reminders are saved" } as const;
  return redirectWithToast(page, saved, new Headers(REMINDERS_HEADERS));
}
