/**
 * The admin quotes list's query string: search, filters, sort and page live in the URL so links
 * can be shared, Back works and the GET form works without JavaScript.
 */
import { z } from "zod";
import { quoteStatus } from "~/features/catalog/enums";
import { estimateStatus } from "~/features/catalog/estimate-enums";
import { serviceId } from "~/features/catalog/services";
import { listPage, readListQuery } from "~/lib/list-query";

const blankToUndefined = (v: unknown) => (v === "" || v === null ? undefined : v);

export const QUOTES_PAGE_SIZE = 25;

/** The estimate filter's values: no estimate yet, or where the estimate stands. */
export const estimateFilter = {
  values: ["none", ...estimateStatus.values] as const,
  options: [{ value: "none", label: "No estimate" }, ...estimateStatus.options],
};

/** The visit filter's values: quotes without any visit booked, or with one. */
export const visitFilter = {
  values: ["none", "booked"] as const,
  options: [
    { value: "none", label: "No visit booked" },
    { value: "booked", label: "Visit booked" },
  ],
};

/**
 * The list's select filters, in the order the page shows them: the query key each sets, the
 * select's label and its 'all' choice, and the options.
 */
export const quoteFilters = [
  {
    name: "status",
    label: "Filter by status",
    allLabel: "All statuses",
    options: quoteStatus.options,
  },
  {
    name: "service",
    label: "Filter by service",
    allLabel: "All services",
    options: serviceId.options,
  },
  {
    name: "estimate",
    label: "Filter by estimate",
    allLabel: "All estimates",
    options: estimateFilter.options,
  },
  { name: "visit", label: "Filter by visit", allLabel: "All visits", options: visitFilter.options },
] as const;

export const quoteListQuerySchema = z.object({
  q: z.preprocess(blankToUndefined, z.string().trim().max(200).optional()).catch(undefined),
  status: z.preprocess(blankToUndefined, z.enum(quoteStatus.values).optional()).catch(undefined),
  service: z.preprocess(blankToUndefined, z.enum(serviceId.values).optional()).catch(undefined),
  estimate: z
    .preprocess(blankToUndefined, z.enum(estimateFilter.values).optional())
    .catch(undefined),
  visit: z.preprocess(blankToUndefined, z.enum(visitFilter.values).optional()).catch(undefined),
  sort: z.enum(["newest", "urgency"]).catch("newest"),
  page: listPage,
});

export type QuoteListQuery = z.infer<typeof quoteListQuerySchema>;

/** The list query of a URL's search params; anything invalid falls back to its default. */
export function parseQuoteListQuery(params: URLSearchParams): QuoteListQuery {
  return readListQuery(quoteListQuerySchema, params);
}

/** The search string of `query` with `changes` applied (page 1 unless a page is given). */
export function quoteListSearch(query: QuoteListQuery, changes: Partial<QuoteListQuery>): string {
  const next = { ...query, page: 1, ...changes };
  const params = new URLSearchParams();
  if (next.q) params.set("q", next.q);
  if (next.status) params.set("status", next.status);
  if (next.service) params.set("service", next.service);
  if (next.estimate) params.set("estimate", next.estimate);
  if (next.visit) params.set("visit", next.visit);
  if (next.sort !== "newest") params.set("sort", next.sort);
  if (next.page > 1) params.set("page", String(next.page));
  const text = params.toString();
  return text ? `?${text}` : "";
}
