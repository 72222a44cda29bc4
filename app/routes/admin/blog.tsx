import { Plus } from "lucide-react";
import { Link } from "react-router";
import { ColumnHeaders, Pager } from "~/components/ui/admin-list";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { FilterSelect, ListFilters, SearchInput } from "~/features/admin/list-filters";
import { listPostsForEditor } from "~/features/blog/editor.server";
import { formatDateTime } from "~/lib/dates";
import { pageMeta } from "~/lib/seo";
import { requireAdmin } from "~/lib/session.server";
import type { Route } from "./+types/blog";

const statuses = ["all", "published", "draft"] as const;
type Status = (typeof statuses)[number];
const statusOptions = [
  { value: "all", label: "All posts" },
  { value: "published", label: "Published" },
  { value: "draft", label: "Drafts" },
];
/** Posts a page (as the other admin lists). */
const PAGE_SIZE = 25;

/** The list URL for `query` (defaults left out). */
function listHref(query: { q: string; status: Status; page: number }): string {
  const params = new URLSearchParams();
  if (query.q) params.set("q", query.q);
  if (query.status !== "all") params.set("status", query.status);
  if (query.page > 1) params.set("page", String(query.page));
  const search = params.toString();
  return search ? `/admin/blog?${search}` : "/admin/blog";
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const params = new URL(request.url).searchParams;
  const q = (params.get("q") ?? "").trim().slice(0, 200);
  const wanted = params.get("status");
  const status: Status = statuses.includes(wanted as Status) ? (wanted as Status) : "all";
  const pageParam = Number(params.get("page") ?? "1");
  const page = Number.isInteger(pageParam) && pageParam >= 1 ? pageParam : 1;
  // one more than a page tells whether there is a next one
  const found = await listPostsForEditor({
    search: q,
    status,
    limit: PAGE_SIZE + 1,
    offset: (page - 1) * PAGE_SIZE,
  });
  const posts = found.slice(0, PAGE_SIZE);
  return {
    query: { q, status, page },
    hasNext: found.length > PAGE_SIZE,
    posts: posts.map((p) => ({
      id: p.id,
      slug: p.slug,
      title: p.title,
      published: p.published,
      author: p.author_name,
      updated: formatDateTime(p.updated_at),
      publishedAt: p.published_at ? formatDateTime(p.published_at) : null,
    })),
  };
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { title: "Blog posts", description: "All blog posts.", noIndex: true });
}

export default function AdminBlog({ loaderData }: Route.ComponentProps) {
  const { query, posts, hasNext } = loaderData;
  return (
    <section aria-labelledby="blog-title" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="blog-title" className="text-lg font-semibold">
          Blog posts
        </h2>
        <div className="flex gap-2">
          <Button asChild variant="outline" size="sm">
            <Link to="/admin/blog/uploads">Images</Link>
          </Button>
          <Button asChild size="sm">
            <Link to="/admin/blog/new">
              <Plus aria-hidden="true" />
              New post
            </Link>
          </Button>
        </div>
      </div>
      <ListFilters label="Posts" submitLabel="Apply">
        <SearchInput id="post-search" defaultValue={query.q} placeholder="Title or slug" />
        <FilterSelect
          id="post-status"
          name="status"
          label="Filter by status"
          defaultValue={query.status}
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
        <div className="overflow-x-auto rounded-lg border border-slate-200">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Blog posts, most recently updated first</caption>
            <ColumnHeaders columns={["Title", "Status", "Author", "Updated", "Published"]} />
            <tbody className="divide-y divide-slate-200">
              {posts.map((p) => (
                <tr key={p.id} className="align-top">
                  <td className="px-3 py-2">
                    <Link
                      to={`/admin/blog/${p.id}`}
                      className="font-medium text-brand-800 underline"
                    >
                      {p.title}
                    </Link>
                    <div className="text-slate-600">/blog/{p.slug}</div>
                  </td>
                  <td className="px-3 py-2">
                    <Badge tone={p.published ? "completed" : "neutral"}>
                      {p.published ? "Published" : "Draft"}
                    </Badge>
                  </td>
                  <td className="px-3 py-2">{p.author}</td>
                  <td className="px-3 py-2 whitespace-nowrap">{p.updated}</td>
                  <td className="px-3 py-2 whitespace-nowrap">{p.publishedAt ?? "N/A"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <Pager
        previous={query.page > 1 ? listHref({ ...query, page: query.page - 1 }) : null}
        next={hasNext ? listHref({ ...query, page: query.page + 1 }) : null}
      />
    </section>
  );
}
