/**
 * `window.dataLayer`, the page-level data layer a tag manager reads (SPEC sections 1, 7
 * 'Analytics'). Pushing is all it does: no network call of its own.
 */
import type { AnalyticsEvent, PageView } from "./events";

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

/** The data layer, created on first use (once: SPEC section 4) and kept for the page's life. */
export function dataLayer(): unknown[] {
  window.dataLayer ??= [];
  return window.dataLayer;
}

export function push(entry: PageView | AnalyticsEvent): void {
  dataLayer().push(entry);
}
