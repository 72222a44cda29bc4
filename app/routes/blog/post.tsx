import { data, href, Link } from "react-router";
import { Breadcrumb } from "~/components/layout/breadcrumb";
import { errorBoundary } from "~/components/layout/error-page";
import { articleBody } from "~/features/blog/article-body";
import { FeaturedImage } from "~/features/blog/featured-image";
import { CategoryLinks, PostMeta } from "~/features/blog/post-card";
import { PostGrid } from "~/features/blog/post-list";
import { findPublishedPost, relatedPosts } from "~/features/blog/posts.server";
import { blogPostMeta, blogTrail, feedLink, postCrumb } from "~/features/blog/seo";
import { documentTitle } from "~/features/catalog/company";
import { SCRIPTS_AFTER_PAINT } from "~/lib/page-scripts";
import type { Route } from "./+types/post";

/** the public page paints before its scripts load (lib/page-scripts.ts) */
export const handle = SCRIPTS_AFTER_PAINT;

export const NOT_FOUND = "Article Not Found";

export async function loader({ params }: Route.LoaderArgs) {
  const post = await findPublishedPost(params.slug);
  if (!post) throw data({ message: NOT_FOUND }, { status: 404 });
  const related = await relatedPosts(post.id);
  return { post, related };
}

export function meta(args: Route.MetaArgs) {
  if (!args.loaderData) return [{ title: documentTitle(NOT_FOUND) }, feedLink];
  return blogPostMeta(args, args.loaderData.post);
}

export default function BlogPost({ loaderData }: Route.ComponentProps) {
  const { post, related } = loaderData;
  return (
    <div className="mx-auto max-w-3xl px-4 py-12">
      <Breadcrumb trail={blogTrail(postCrumb(post))} className="text-sm" />
      <article className="mt-6">
        <header>
          <CategoryLinks categories={post.categories} />
          <h1 className="mt-4 text-4xl font-bold tracking-tight">{post.title}</h1>
          <p className="mt-4 text-xl text-slate-700">{post.excerpt}</p>
          <div className="mt-4 flex flex-wrap items-center gap-x-3 text-sm text-slate-600">
            <span>By {post.author_name}</span>
            <span aria-hidden="true">·</span>
            <PostMeta post={post} />
          </div>
          {post.featured_image ? (
            <FeaturedImage
              src={post.featured_image}
              sizes="(min-width: 768px) 720px, 100vw"
              alt=""
              className="mt-8 rounded-xl"
            />
          ) : null}
        </header>
        {/* sanitised on save and again in findPublishedPost (sanitizePostHtml) */}
        <div className="mt-10">
          {/* biome-ignore lint/security/noDangerouslySetInnerHtml: allowlist-sanitised HTML */}
          <div className={articleBody} dangerouslySetInnerHTML={{ __html: post.content }} />
        </div>
        {post.tags.length > 0 ? (
          <footer className="mt-10 border-t border-slate-200 pt-6">
            <h2 className="text-sm font-semibold text-slate-700">Tags</h2>
            <ul className="mt-2 flex flex-wrap gap-2">
              {post.tags.map((t) => (
                <li key={t.slug}>
                  <Link
                    to={href("/blog/tag/:slug", { slug: t.slug })}
                    className="inline-flex rounded-full border border-slate-300 px-3 py-1 text-sm text-slate-800 hover:border-brand-700"
                  >
                    #{t.name}
                  </Link>
                </li>
              ))}
            </ul>
          </footer>
        ) : null}
      </article>
      {related.length > 0 ? (
        <section aria-labelledby="related-title" className="mt-16">
          <h2 id="related-title" className="mb-6 text-2xl font-bold">
            Related Articles
          </h2>
          <PostGrid posts={related} />
        </section>
      ) : null}
    </div>
  );
}

export const ErrorBoundary = errorBoundary({
  notFound: {
    title: NOT_FOUND,
    message: "This article does not exist or is no longer published.",
  },
  failed: "We could not load this article. Please try again in a moment.",
  back: { to: "/blog", label: "Back to the blog" },
});
