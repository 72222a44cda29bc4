/**
 * The back office's list of blog posts: its query in the URL (search, status, page), the filter
 * form, the table and the pager.
 */
import { href } from "react-router";
import { ListTable, Pager, RowLinkCell } from "~/components/ui/admin-list";
import { Badge } from "~/components/ui/badge";
import { FilterSelect, ListFilters, SearchInput } from "~/features/admin/list-filters";

export const postStatuses = ["all", "published", "draft"] as const;
export type PostListStatus = (typeof postStatuses)[number];
const statusOptions = [
  { value: "all", label: "All posts" },
  { value: "published", label: "Published" },
  { value: "draft", label: "Drafts" },
];
/** Posts a page (as the other admin lists). */
export const POSTS_PAGE_SIZE = 25;

/** The list URL for `query` (defaults left out). */
export function postListHref(query: { q: string; status: PostListStatus; page: number }): string {
  const params = new URLSearchParams();
  if (query.q) params.set("q", query.q);
  if (query.status !== "all") params.set("status", query.status);
  if (query.page > 1) params.set("page", String(query.page));
  const search = params.toString();
  return search ? `/admin/blog?${search}` : "/admin/blog";
}

export type PostListQuery = { q: string; status: PostListStatus; page: number };

/** The list's query read from the URL's search parameters, unknown values reset to defaults. */
export function parsePostListQuery(params: URLSearchParams): PostListQuery {
  const q = (params.get("q") ?? "").trim().slice(0, 200);
  const wanted = params.get("status");
  const status = postStatuses.includes(wanted as PostListStatus)
    ? (wanted as PostListStatus)
    : "all";
  const pageParam = Number(params.get("page") ?? "1");
  const page = Number.isInteger(pageParam) && pageParam >= 1 ? pageParam : 1;
  return { q, status, page };
}

/** One row of the list. */
export interface AdminPostRow {
  id: string;
  slug: string;
  title: string;
  published: boolean;
  author: string | null;
  updated: string;
  publishedAt: string | null;
}

/** Filters, count, table and pager of the posts matching `query`. */
export function AdminPostList({
  query,
  posts,
  hasNext,
}: {
  query: PostListQuery;
  posts: AdminPostRow[];
  hasNext: boolean;
}) {
  return (
    <>
      <ListFilters label="Posts" submitLabel="Apply">
        <SearchInput id="post-search" urlValue={query.q} placeholder="Title or slug" />
        <FilterSelect
          id="post-status"
          name="status"
          label="Filter by status"
          urlValue={query.status}
          options={statusOptions}
        />
      </ListFilters>

      <p className="text-sm text-slate-700" aria-live="polite">
        {posts.length === 1 ? "1 post" : `${posts.length} posts`}
        {query.page > 1 || hasNext ? ` on page ${query.page}` : ""}
      </p>

      {posts.length === 0 ? (
        <p>No posts match.</p>
      ) : (
        <ListTable
          caption="Blog posts, most recently updated first"
          columns={["Title", "Status", "Author", "Updated", "Published"]}
        >
          {posts.map((p) => (
            <tr key={p.id} className="align-top">
              <RowLinkCell
                to={href("/admin/blog/:id", { id: p.id })}
                label={p.title}
                detail={`/blog/${p.slug}`}
              />
              <td className="px-3 py-2">
                <Badge tone={p.published ? "success" : "neutral"}>
                  {p.published ? "Published" : "Draft"}
                </Badge>
              </td>
              <td className="px-3 py-2">{p.author}</td>
              <td className="px-3 py-2 whitespace-nowrap">{p.updated}</td>
              <td className="px-3 py-2 whitespace-nowrap">{p.publishedAt ?? "N/A"}</td>
            </tr>
          ))}
        </ListTable>
      )}

      <Pager
        previous={query.page > 1 ? postListHref({ ...query, page: query.page - 1 }) : null}
        next={hasNext ? postListHref({ ...query, page: query.page + 1 }) : null}
      />
    </>
  );
}
