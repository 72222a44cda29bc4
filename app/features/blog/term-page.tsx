import { Link } from "react-router";
import type { CardPost } from "./post-card";
import { Pagination, PostGrid } from "./post-list";

/** Empty messages of the category and tag pages (SPEC leaves the wording open: docs/decisions.md). */
export const EMPTY_CATEGORY =
  "No articles have been published in this category yet. Check back soon!";
export const EMPTY_TAG = "No articles have been published with this tag yet. Check back soon!";

/** A category's or tag's page: its name (and description), its posts newest first, paging. */
export function TermPage({
  kind,
  name,
  description,
  posts,
  page,
  pageCount,
  basePath,
  emptyMessage,
}: {
  kind: "Category" | "Tag";
  name: string;
  description?: string | null;
  posts: CardPost[];
  page: number;
  pageCount: number;
  basePath: string;
  emptyMessage: string;
}) {
  return (
    <div className="mx-auto max-w-6xl px-4 py-12">
      <nav aria-label="Breadcrumb" className="text-sm text-slate-600">
        <ol className="flex flex-wrap gap-2">
          <li>
            <Link to="/" className="underline">
              Home
            </Link>
            <span aria-hidden="true"> /</span>
          </li>
          <li>
            <Link to="/blog" className="underline">
              Blog
            </Link>
            <span aria-hidden="true"> /</span>
          </li>
          <li aria-current="page">{name}</li>
        </ol>
      </nav>
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
export function TermErrorPage({ notFound, title }: { notFound: boolean; title: string }) {
  const heading = notFound ? title : "Something went wrong";
  return (
    <div className="mx-auto max-w-2xl px-4 py-20 text-center">
      <title>{`${heading} | Utah Home Remediation`}</title>
      <h1 className="text-3xl font-bold">{heading}</h1>
      <p className="mt-4 text-slate-700">
        {notFound
          ? "It may have been renamed or removed."
          : "We could not load these articles. Please try again in a moment."}
      </p>
      <Link to="/blog" className="mt-8 inline-block font-semibold text-brand-800 underline">
        Back to the blog
      </Link>
    </div>
  );
}
