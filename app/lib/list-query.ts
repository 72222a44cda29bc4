/**
 * The query string of a back-office list (search, filters, page), read leniently: a value the
 * list cannot use is no filter, never an error page.
 */
import { z } from "zod";

/** The search box: at most 200 characters, trimmed; blank is no search. */
export const listSearch = z.string().trim().max(200).optional().catch(undefined);

/** The page number, 1 to 100,000; anything else is page 1. */
export const listPage = z.coerce.number().int().min(1).max(100_000).catch(1);

/**
 * Reads `schema`'s keys from `params` (a blank value as absent) and parses them.
 * @returns the parsed query; the schema's `.catch` fallbacks make it never throw on bad input
 */
export function readListQuery<Shape extends z.ZodRawShape>(
  schema: z.ZodObject<Shape>,
  params: URLSearchParams,
): z.infer<z.ZodObject<Shape>> {
  return schema.parse(
    Object.fromEntries(Object.keys(schema.shape).map((key) => [key, params.get(key) || undefined])),
  );
}

/**
 * The href of page `page` of a list showing `query`: its non-blank search and filters, in the
 * query's key order, then `page` when above 1 (`?` alone when there is nothing).
 */
export function listPageHref(query: Record<string, string | number | undefined>, page: number) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (key !== "page" && value) params.set(key, String(value));
  }
  if (page > 1) params.set("page", String(page));
  const text = params.toString();
  return text ? `?${text}` : "?";
}

/**
 * A Pager's links for a list showing `query` (its `page` of `pageCount`): the previous and next
 * page's hrefs, null where there is none.
 */
export function listPagerLinks(
  query: Record<string, string | number | undefined> & { page: number },
  pageCount: number,
) {
  return {
    previous: query.page > 1 ? listPageHref(query, query.page - 1) : null,
    next: query.page < pageCount ? listPageHref(query, query.page + 1) : null,
  };
}
