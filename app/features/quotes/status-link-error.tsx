/**
 * The error page of every page reached through a quote's status link (the status page, its visit
 * booking and its reminders): one "Status link not found" panel for an unknown, malformed or old
 * link, and the page's own sentence for anything else.
 */
import { ErrorPage } from "~/components/layout/error-page";

/** What an unknown status link says: the same words on every page under it. */
export const STATUS_LINK_NOT_FOUND = {
  title: "Status link not found",
  message: "This link does not match a quote request. Please use the newest link from our emails.",
} as const;

/**
 * A status-link page's ErrorBoundary.
 * @param error what the route threw (a 404 shows the not-found panel)
 * @param failed the sentence for any other failure ("We could not load ...")
 */
export function StatusLinkErrorPage({ error, failed }: { error: unknown; failed: string }) {
  return <ErrorPage error={error} notFound={STATUS_LINK_NOT_FOUND} failed={failed} />;
}
