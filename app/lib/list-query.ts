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
