/**
 * The analytics events the site sends (SPEC sections 1, 2, 3 'Analytics event', 6), defined once.
 * Pages name an event declaratively (docs/decisions/0058-analytics-contract.md); this module turns
 * the name into the pushed `{ event, action, category, label, value }`. Pure: no DOM, no React.
 */
import type { ServiceId } from "~/features/catalog/services";
import { isTokenPath } from "~/lib/token-paths";

export interface AnalyticsEvent {
  event: EventName;
  action: string;
  category: string;
  label: string;
  value: number;
}

export interface PageView {
  event: "page_view";
  /** path plus query string, personal data removed (see `scrubbedPath`) */
  page_path: string;
  page_title: string;
}

const definitions = {
  quote_request: { action: "click", category: "quote" },
  products_page_view: { action: "view", category: "products" },
  view_water_filtration_card: { action: "click", category: "products" },
  view_mold_card: { action: "click", category: "products" },
  view_radon_card: { action: "click", category: "products" },
  mold_page_view: { action: "view", category: "mold" },
  radon_page_view: { action: "view", category: "radon" },
  mold_quote_submit: { action: "submit", category: "quote" },
  radon_quote_submit: { action: "submit", category: "quote" },
} as const satisfies Record<string, { action: string; category: string }>;

export type EventName = keyof typeof definitions;

/** The submit event of each service's quote form (SPEC: mold submit, radon submit; water none). */
export const quoteSubmitEvent: Partial<Record<ServiceId, EventName>> = {
  mold: "mold_quote_submit",
  radon: "radon_quote_submit",
};

/** The view event of each service's landing page (SPEC: mold and radon pages; water none). */
export const servicePageEvent: Partial<Record<ServiceId, EventName>> = {
  mold: "mold_page_view",
  radon: "radon_page_view",
};

/** What a route module exports as `handle` to send a page event after its page view. */
export interface AnalyticsHandle {
  analytics?:
    | PageEvent
    | ((params: Readonly<Record<string, string | undefined>>) => PageEvent | undefined);
}

/** A page event a route declares: its name and optional label and value. */
export interface PageEvent {
  event: EventName;
  label?: string;
  value?: number;
}

/** Paths where nothing is pushed: private areas and the confirmation (SPEC section 6 and 9). */
const EXCLUDED = ["/account", "/admin", "/quotes/confirmation"];

/**
 * True when page views and events may be pushed for `pathname`: not a private area, and not a
 * page whose address carries a token (`lib/token-paths.ts`: the token would reach the tag manager).
 */
export function isTrackedPath(pathname: string): boolean {
  if (isTokenPath(pathname)) return false;
  return !EXCLUDED.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}

export function isEventName(name: string): name is EventName {
  return Object.hasOwn(definitions, name);
}

// labels name things (a service, a page), never a person: anything else is dropped
const LABEL = /^[\w./-]{1,100}$/;

/**
 * The push for event `name`. `label` defaults to the event's category, `value` to 1 (one
 * occurrence); a label that is not a short identifier is replaced by the default.
 */
export function analyticsEvent(
  name: EventName,
  label?: string | null,
  value?: number | null,
): AnalyticsEvent {
  const { action, category } = definitions[name];
  return {
    event: name,
    action,
    category,
    label: label && LABEL.test(label) ? label : category,
    value: typeof value === "number" && Number.isFinite(value) ? value : 1,
  };
}

const PERSONAL_KEY = /e-?mail|phone|name|address|zip|token|code|password|secret/i;
const PERSONAL_VALUE = /@|(?:\d[\s().-]*){7,}/;

/**
 * `pathname` plus `search`, with the value of every query parameter that may carry personal data
 * (its name mentions email, phone, name, address, zip, token, code, password or secret, or its
 * value holds an '@' or seven or more digits) replaced by "redacted".
 */
export function scrubbedPath(pathname: string, search: string): string {
  if (!search || search === "?") return pathname;
  const params = new URLSearchParams(search);
  const kept = new URLSearchParams();
  for (const [key, value] of params) {
    kept.append(key, PERSONAL_KEY.test(key) || PERSONAL_VALUE.test(value) ? "redacted" : value);
  }
  const query = kept.toString();
  return query ? `${pathname}?${query}` : pathname;
}

/** The page view of a page. */
export function pageView(pathname: string, search: string, title: string): PageView {
  return { event: "page_view", page_path: scrubbedPath(pathname, search), page_title: title };
}
