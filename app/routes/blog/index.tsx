import { data } from "react-router";
import { errorBoundary } from "~/components/layout/error-page";
import { pageParam } from "~/features/blog/paging";
import { PostCard } from "~/features/blog/post-card";
import { BlogSidebar, Pagination, PostGrid } from "~/features/blog/post-list";
import { listCategories, listPublishedPosts, popularTags } from "~/features/blog/posts.server";
import { BLOG_DESCRIPTION, BLOG_TITLE, blogListMeta, blogTrail } from "~/features/blog/seo";
import { logger } from "~/lib/logger.server";
import { SCRIPTS_AFTER_PAINT } from "~/lib/page-scripts";
import type { Route } from "./+types/index";

/** the public page paints before its scripts load (lib/page-scripts.ts) */
export const handle = SCRIPTS_AFTER_PAINT;

export const EMPTY_MESSAGE = "No articles have been published yet. Check back soon!";
export const LOAD_ERROR = "Unable to load blog posts";

export async function loader({ request }: Route.LoaderArgs) {
  const page = pageParam(request);
  if (page === null) throw data(null, { status: 404 });
  let loaded: Awaited<ReturnType<typeof load>>;
  try {
    loaded = await load(page);
  } catch (error) {
    logger().error({ err: error }, "blog list could not be loaded");
    throw data({ message: LOAD_ERROR }, { status: 503 });
  }
  if (page > loaded.list.pageCount) throw data(null, { status: 404 });
  return loaded;
}

async function load(page: number) {
  const [list, categories, tags] = await Promise.all([
    listPublishedPosts(page),
    listCategories(),
    popularTags(),
  ]);
  return { list, categories, tags };
}

export function meta(args: Route.MetaArgs) {
  const page = args.loaderData?.list.page ?? 1;
  return blogListMeta(args, {
    title: page > 1 ? `${BLOG_TITLE} (page ${page})` : BLOG_TITLE,
    description: BLOG_DESCRIPTION,
    trail: blogTrail(),
    page,
  });
}

export default function BlogList({ loaderData }: Route.ComponentProps) {
  const { list, categories, tags } = loaderData;
  const [featured, ...rest] = list.page === 1 ? list.posts : [undefined, ...list.posts];
  return (
    <div className="mx-auto max-w-6xl px-4 py-12">
      <header className="max-w-3xl">
        <h1 className="text-4xl font-bold tracking-tight">{BLOG_TITLE}</h1>
        <p className="mt-3 text-lg text-slate-700">{BLOG_DESCRIPTION}</p>
      </header>
      <div className="mt-10 grid gap-10 lg:grid-cols-[1fr_16rem]">
        <div>
          {list.total === 0 ? (
            <p className="rounded-xl border border-dashed border-slate-300 p-10 text-center text-slate-700">
              {EMPTY_MESSAGE}
            </p>
          ) : (
            <>
              {featured ? (
                <section aria-labelledby="featured-title" className="mb-12">
                  <h2 id="featured-title" className="sr-only">
                    Featured Article
                  </h2>
                  <PostCard post={featured} featured headingLevel="h3" />
                </section>
              ) : null}
              {rest.length > 0 ? (
                <section aria-labelledby="latest-title">
                  <h2 id="latest-title" className="mb-6 text-2xl font-bold">
                    Latest Articles
                  </h2>
                  <PostGrid posts={rest as NonNullable<(typeof rest)[number]>[]} />
                </section>
              ) : null}
              <Pagination page={list.page} pageCount={list.pageCount} basePath="/blog" />
            </>
          )}
        </div>
        <BlogSidebar categories={categories} tags={tags} />
      </div>
    </div>
  );
}

export const ErrorBoundary = errorBoundary({
  notFound: { title: "Page not found", message: "This page of the blog does not exist." },
  failed: {
    title: LOAD_ERROR,
    message: "Please try again in a moment. If the problem continues, call us.",
  },
  back: { to: "/blog", label: "Back to the blog" },
});
