import { href, Link } from "react-router";
import { Card } from "~/components/ui/card";
import { cn } from "~/lib/utils";
import { FeaturedImage } from "./featured-image";
import { formatPublishedDate } from "./format";

/** The fields a card shows; dates may arrive serialised. */
export interface CardPost {
  slug: string;
  title: string;
  excerpt: string;
  featured_image: string | null;
  published_at: Date | string;
  reading_minutes: number;
  categories: { slug: string; name: string }[];
}

/** SPEC: cards show at most two categories. */
export const CARD_CATEGORY_LIMIT = 2;

/** Date and reading time, as on cards and the article page. */
export function PostMeta({ post }: { post: Pick<CardPost, "published_at" | "reading_minutes"> }) {
  const published = new Date(post.published_at);
  return (
    <p className="text-sm text-slate-600">
      <time dateTime={published.toISOString()}>{formatPublishedDate(published)}</time>
      <span aria-hidden="true"> · </span>
      <span>{post.reading_minutes} min read</span>
    </p>
  );
}

/** Category links of a post (at most `limit`). */
export function CategoryLinks({
  categories,
  limit,
}: {
  categories: CardPost["categories"];
  limit?: number;
}) {
  const shown = limit === undefined ? categories : categories.slice(0, limit);
  if (shown.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-2" aria-label="Categories">
      {shown.map((c) => (
        <li key={c.slug}>
          <Link
            to={href("/blog/category/:slug", { slug: c.slug })}
            className="inline-flex rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-900 hover:bg-brand-100"
          >
            {c.name}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/**
 * An article card: featured image, up to two categories, title (the link), excerpt, date and
 * reading time. `featured` makes the large first card of the list.
 */
export function PostCard({
  post,
  featured = false,
  headingLevel = "h3",
}: {
  post: CardPost;
  featured?: boolean;
  headingLevel?: "h2" | "h3";
}) {
  const Heading = headingLevel;
  return (
    <Card
      className={cn(
        "flex h-full flex-col overflow-hidden",
        featured && "md:grid md:grid-cols-2 md:items-stretch",
      )}
    >
      {post.featured_image ? (
        <FeaturedImage
          src={post.featured_image}
          sizes={featured ? "(min-width: 768px) 576px, 100vw" : "(min-width: 768px) 400px, 100vw"}
          alt=""
          loading={featured ? "eager" : "lazy"}
          className={cn(featured && "md:self-center")}
        />
      ) : null}
      <div className="flex flex-1 flex-col gap-3 p-6">
        <CategoryLinks categories={post.categories} limit={CARD_CATEGORY_LIMIT} />
        <Heading
          className={cn(
            "font-semibold leading-tight",
            featured ? "text-2xl md:text-3xl" : "text-xl",
          )}
        >
          <Link
            to={href("/blog/:slug", { slug: post.slug })}
            className="hover:text-brand-800 hover:underline"
          >
            {post.title}
          </Link>
        </Heading>
        <p className="text-slate-700">{post.excerpt}</p>
        <div className="mt-auto">
          <PostMeta post={post} />
        </div>
      </div>
    </Card>
  );
}
