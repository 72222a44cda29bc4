import { data } from "react-router";
import { pageParam } from "./paging";
import type { PostPage } from "./posts.server";

/**
 * The loader of a category or tag page: `find` (by the route's slug) for the request's `?page=`.
 * @throws a 404 carrying `notFound` for a malformed page number, an unknown slug or a page past
 * the last.
 */
export async function loadTermPage<T extends PostPage>(
  request: Request,
  find: (page: number) => Promise<T | null>,
  notFound: string,
): Promise<T> {
  const page = pageParam(request);
  const found = page === null ? null : await find(page);
  if (!found || found.page > found.pageCount) throw data({ message: notFound }, { status: 404 });
  return found;
}
