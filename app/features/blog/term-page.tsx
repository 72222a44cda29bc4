import { Breadcrumb } from "~/components/layout/breadcrumb";
import { ErrorPage } from "~/components/layout/error-page";
import type { Crumb } from "~/lib/breadcrumbs";
import type { CardPost } from "./post-card";
import { Pagination, PostGrid } from "./post-list";
import { blogTrail } from "./seo";

/**
 * Empty messages of the category and tag pages (SPEC leaves the wording open:
 * docs/decisions/0088-blog-list-wording-and-failure.md).
 */
export const EMPTY_CATEGORY =
  "No articles have been published in this category yet. Check back soon!";
export const EMPTY_TAG = "No articles have been published with this tag yet. Check back soon!";

/**
 * A category's or tag's page: breadcrumb, its name (and description), its posts newest first,
 * paging. `crumb` (`categoryCrumb`/`tagCrumb`) is the page's own address and last crumb.
 */
export function TermPage({
  kind,
  name,
  description,
  crumb,
  posts,
  page,
  pageCount,
}: {
  kind: "Category" | "Tag";
  name: string;
  description?: string | null;
  crumb: Crumb;
  posts: CardPost[];
  page: number;
  pageCount: number;
}) {
  const trail = blogTrail(crumb);
  const basePath = crumb.path;
  const emptyMessage = kind === "Tag" ? EMPTY_TAG : EMPTY_CATEGORY;
  return (
    <div className="mx-auto max-w-6xl px-4 py-12">
      <Breadcrumb trail={trail} className="text-sm" />
      <header className="mt-6 max-w-3xl">
        <p className="text-sm font-semibold uppercase tracking-wide text-brand-800">{kind}</p>
        <h1 className="mt-1 text-4xl font-bold tracking-tight">
          {kind === "Tag" ? `#${name}` : name}
        </h1>
        {description ? <p className="mt-3 text-lg text-slate-700">{description}</p> : null}
      </header>
      <div className="mt-10">
        {posts.length === 0 ? (
          <p className="rounded-xl border border-dashed border-slate-300 p-10 text-center text-slate-700">
            {emptyMessage}
          </p>
        ) : (
          <>
            <h2 className="sr-only">Articles</h2>
            <PostGrid posts={posts} />
            <Pagination page={page} pageCount={pageCount} basePath={basePath} />
          </>
        )}
      </div>
    </div>
  );
}

/** The error page of a category or tag route: `title` on 404, a generic message otherwise. */
export function TermErrorPage({ error, title }: { error: unknown; title: string }) {
  return (
    <ErrorPage
      error={error}
      notFound={{ title, message: "It may have been renamed or removed." }}
      failed="We could not load these articles. Please try again in a moment."
      back={{ to: "/blog", label: "Back to the blog" }}
    />
  );
}
