import type { ReactNode } from "react";
import { href, Link } from "react-router";
import { type CardPost, PostCard } from "./post-card";

/** A grid of article cards. */
export function PostGrid({ posts }: { posts: CardPost[] }) {
  return (
    <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
      {posts.map((post) => (
        <li key={post.slug}>
          <PostCard post={post} />
        </li>
      ))}
    </ul>
  );
}

/** Previous/next links between pages of a list (`?page=`), plain links so they work without JavaScript. */
export function Pagination({
  page,
  pageCount,
  basePath,
}: {
  page: number;
  pageCount: number;
  basePath: string;
}) {
  if (pageCount <= 1) return null;
  const href = (n: number) => (n === 1 ? basePath : `${basePath}?page=${n}`);
  return (
    <nav aria-label="Pagination" className="mt-10 flex items-center justify-between gap-4">
      {page > 1 ? (
        <Link to={href(page - 1)} rel="prev" className="font-semibold text-brand-800 underline">
          Newer articles
        </Link>
      ) : (
        <span />
      )}
      <p className="text-sm text-slate-600">
        Page {page} of {pageCount}
      </p>
      {page < pageCount ? (
        <Link to={href(page + 1)} rel="next" className="font-semibold text-brand-800 underline">
          Older articles
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}

/** One titled list of the sidebar, its heading (`id`) naming the section. */
function SidebarSection({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The list's sidebar: the categories with published posts and the popular tags (by number of published posts). */
export function BlogSidebar({
  categories,
  tags,
}: {
  categories: { slug: string; name: string; post_count: number }[];
  tags: { slug: string; name: string; post_count: number }[];
}) {
  return (
    <aside className="space-y-8" aria-label="Browse the blog">
      {categories.length > 0 ? (
        <SidebarSection id="sidebar-categories" title="Categories">
          <ul className="mt-3 space-y-2">
            {categories.map((c) => (
              <li key={c.slug}>
                <Link
                  to={href("/blog/category/:slug", { slug: c.slug })}
                  className="flex justify-between gap-2 text-slate-800 hover:text-brand-800 hover:underline"
                >
                  <span>{c.name}</span>
                  <span className="text-slate-600">
                    {c.post_count}
                    <span className="sr-only"> articles</span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </SidebarSection>
      ) : null}
      {tags.length > 0 ? (
        <SidebarSection id="sidebar-tags" title="Popular Tags">
          <ul className="mt-3 flex flex-wrap gap-2">
            {tags.map((t) => (
              <li key={t.slug}>
                <Link
                  to={href("/blog/tag/:slug", { slug: t.slug })}
                  className="inline-flex rounded-full border border-slate-300 px-3 py-1 text-sm text-slate-800 hover:border-brand-700 hover:text-brand-800"
                >
                  #{t.name}
                </Link>
              </li>
            ))}
          </ul>
        </SidebarSection>
      ) : null}
    </aside>
  );
}
