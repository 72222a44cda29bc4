/**
 * Public blog reads (SPEC section 7 blog calls): every query here sees published posts only.
 * The editor's reads and writes live in editor.server.ts.
 */
import { and, asc, count, desc, eq, inArray, ne, type SQL, sql } from "drizzle-orm";
import {
  blog_categories,
  blog_post_categories,
  blog_post_tags,
  blog_posts,
  blog_tags,
} from "~/db/schema";
import { db } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { excerptOf, POSTS_PER_PAGE, readingMinutes } from "./format";
import { sanitizePostHtml } from "./sanitize.server";
import { TERM_TABLES, type TermKind } from "./terms.server";

export interface TermLink {
  slug: string;
  name: string;
}

/** What a card shows (SPEC: title, excerpt, date, reading time, featured image, categories). */
export interface PostSummary {
  id: string;
  slug: string;
  title: string;
  excerpt: string;
  featured_image: string | null;
  published_at: Date;
  updated_at: Date;
  reading_minutes: number;
  categories: TermLink[];
}

export interface PostPage {
  posts: PostSummary[];
  /** 1-based */
  page: number;
  pageCount: number;
  total: number;
}

/** A published article as its page shows it; `content` is sanitised again at read time. */
export interface PublishedPost extends PostSummary {
  content: string;
  author_name: string;
  meta_title: string | null;
  meta_description: string | null;
  tags: TermLink[];
}

const isPublished = and(
  eq(blog_posts.published, true),
  sql`${blog_posts.published_at} IS NOT NULL`,
);
const newestFirst = [desc(blog_posts.published_at), desc(blog_posts.id)];

const summaryColumns = {
  id: blog_posts.id,
  slug: blog_posts.slug,
  title: blog_posts.title,
  excerpt: blog_posts.excerpt,
  content: blog_posts.content,
  featured_image: blog_posts.featured_image,
  published_at: blog_posts.published_at,
  updated_at: blog_posts.updated_at,
};

type SummaryRow = {
  id: string;
  slug: string;
  title: string;
  excerpt: string | null;
  content: string;
  featured_image: string | null;
  published_at: Date | null;
  updated_at: Date;
};

async function categoriesOf(postIds: string[]): Promise<Map<string, TermLink[]>> {
  const byPost = new Map<string, TermLink[]>();
  if (postIds.length === 0) return byPost;
  const rows = await db
    .select({
      post_id: blog_post_categories.post_id,
      slug: blog_categories.slug,
      name: blog_categories.name,
    })
    .from(blog_post_categories)
    .innerJoin(blog_categories, eq(blog_categories.id, blog_post_categories.category_id))
    .where(inArray(blog_post_categories.post_id, postIds))
    .orderBy(asc(blog_categories.name));
  for (const { post_id, slug, name } of rows) {
    const list = byPost.get(post_id) ?? [];
    list.push({ slug, name });
    byPost.set(post_id, list);
  }
  return byPost;
}

async function summarise(rows: SummaryRow[]): Promise<PostSummary[]> {
  const categories = await categoriesOf(rows.map((r) => r.id));
  return rows.map(({ content, excerpt, published_at, ...row }) => ({
    ...row,
    published_at: published_at ?? row.updated_at,
    excerpt: excerptOf(excerpt, content),
    reading_minutes: readingMinutes(content),
    categories: categories.get(row.id) ?? [],
  }));
}

function pageOf(page: number, total: number) {
  const pageCount = Math.max(1, Math.ceil(total / POSTS_PER_PAGE));
  return { page, pageCount, total, offset: (page - 1) * POSTS_PER_PAGE };
}

/**
 * One page of published posts, newest first (SPEC: "select published ordered by published_at
 * descending"), POSTS_PER_PAGE per page.
 * @param page 1-based; a page past the last returns no posts (the route answers 404).
 * @throws the database error when the posts cannot be loaded.
 */
export async function listPublishedPosts(page = 1): Promise<PostPage> {
  const [counted] = await db.select({ total: count() }).from(blog_posts).where(isPublished);
  const paging = pageOf(page, counted?.total ?? 0);
  const rows = await db
    .select(summaryColumns)
    .from(blog_posts)
    .where(isPublished)
    .orderBy(...newestFirst)
    .limit(POSTS_PER_PAGE)
    .offset(paging.offset);
  return { ...paging, posts: await summarise(rows) };
}

/**
 * A published post by slug with its categories and tags, its HTML sanitised again; null when
 * there is none or it is a draft (SPEC: 'Article Not Found').
 */
export async function findPublishedPost(slug: string): Promise<PublishedPost | null> {
  const [row] = await db
    .select({
      ...summaryColumns,
      author_name: blog_posts.author_name,
      meta_title: blog_posts.meta_title,
      meta_description: blog_posts.meta_description,
    })
    .from(blog_posts)
    .where(and(eq(blog_posts.slug, slug), isPublished))
    .limit(1);
  if (!row) return null;
  const [[summary], tags] = await Promise.all([
    summarise([row]),
    db
      .select({ slug: blog_tags.slug, name: blog_tags.name })
      .from(blog_post_tags)
      .innerJoin(blog_tags, eq(blog_tags.id, blog_post_tags.tag_id))
      .where(eq(blog_post_tags.post_id, row.id))
      .orderBy(asc(blog_tags.name)),
  ]);
  return {
    ...(summary as PostSummary),
    content: sanitizePostHtml(row.content, env().PUBLIC_URL),
    author_name: row.author_name,
    meta_title: row.meta_title,
    meta_description: row.meta_description,
    tags,
  };
}

/**
 * Up to `limit` other published posts sharing the most categories and tags with `postId`,
 * then newest first. Posts sharing nothing are not "related" and are left out.
 */
export async function relatedPosts(postId: string, limit = 3): Promise<PostSummary[]> {
  // count the shared links from the link tables (only the posts that share something), instead
  // of asking every published post what it shares: 10,000 posts made that 300 ms
  const sharedLinks = sql`(
    SELECT pc.post_id FROM ${blog_post_categories} pc
      WHERE pc.category_id IN (SELECT category_id FROM ${blog_post_categories} WHERE post_id = ${postId})
    UNION ALL
    SELECT pt.post_id FROM ${blog_post_tags} pt
      WHERE pt.tag_id IN (SELECT tag_id FROM ${blog_post_tags} WHERE post_id = ${postId})
  )`;
  const related = db
    .select({
      post_id: sql<string>`shared_links.post_id`.as("related_post_id"),
      shared: sql<number>`count(*)`.as("shared"),
    })
    .from(sql`${sharedLinks} AS shared_links`)
    .groupBy(sql`shared_links.post_id`)
    .as("related");
  const rows = await db
    .select(summaryColumns)
    .from(blog_posts)
    .innerJoin(related, eq(related.post_id, blog_posts.id))
    .where(and(isPublished, ne(blog_posts.id, postId)))
    .orderBy(desc(related.shared), ...newestFirst)
    .limit(limit);
  return summarise(rows);
}

export interface TermWithCount extends TermLink {
  post_count: number;
}

const publishedCount = sql<number>`count(*)::int`;

/** The terms of `kind` that have published posts, each with their number (no order yet). */
function publishedTermCounts(kind: TermKind) {
  const { terms, links, term } = TERM_TABLES[kind];
  return db
    .select({ slug: terms.slug, name: terms.name, post_count: publishedCount })
    .from(terms)
    .innerJoin(links, eq(term, terms.id))
    .innerJoin(blog_posts, and(eq(blog_posts.id, links.post_id), isPublished))
    .groupBy(terms.id);
}

/**
 * The categories that have published posts, ordered by name (SPEC), each with its number of
 * published posts; a category only drafts use is left out (it would read '0 articles').
 */
export async function listCategories(): Promise<TermWithCount[]> {
  return publishedTermCounts("category").orderBy(asc(blog_categories.name));
}

/** The `limit` tags with the most published posts (ties by name); tags without any are left out. */
export async function popularTags(limit = 12): Promise<TermWithCount[]> {
  return publishedTermCounts("tag").orderBy(desc(publishedCount), asc(blog_tags.name)).limit(limit);
}

/**
 * One page (1-based) of the published posts filed under a category or tag, newest first:
 * `link` is the post-to-term table, `ofTerm` its condition naming the term.
 */
async function termPostsPage(
  link: typeof blog_post_categories | typeof blog_post_tags,
  ofTerm: SQL,
  page: number,
): Promise<PostPage> {
  const where = and(isPublished, ofTerm);
  const [counted] = await db
    .select({ total: count() })
    .from(blog_posts)
    .innerJoin(link, eq(link.post_id, blog_posts.id))
    .where(where);
  const paging = pageOf(page, counted?.total ?? 0);
  const rows = await db
    .select(summaryColumns)
    .from(blog_posts)
    .innerJoin(link, eq(link.post_id, blog_posts.id))
    .where(where)
    .orderBy(...newestFirst)
    .limit(POSTS_PER_PAGE)
    .offset(paging.offset);
  return { ...paging, posts: await summarise(rows) };
}

export interface CategoryPage extends PostPage {
  category: { slug: string; name: string; description: string | null };
}

export interface TagPage extends PostPage {
  tag: TermLink;
}

/**
 * A category and one page of its published posts, newest first (SPEC: "posts by category slug
 * (published only) returning the category and its posts"); null when no such category.
 */
export async function findCategoryPage(slug: string, page = 1): Promise<CategoryPage | null> {
  const [category] = await db
    .select({
      id: blog_categories.id,
      slug: blog_categories.slug,
      name: blog_categories.name,
      description: blog_categories.description,
    })
    .from(blog_categories)
    .where(eq(blog_categories.slug, slug))
    .limit(1);
  if (!category) return null;
  const posts = await termPostsPage(
    blog_post_categories,
    eq(blog_post_categories.category_id, category.id),
    page,
  );
  const { id: _id, ...shown } = category;
  return { ...posts, category: shown };
}

/** A tag and one page of its published posts, newest first; null when no such tag. */
export async function findTagPage(slug: string, page = 1): Promise<TagPage | null> {
  const [tag] = await db
    .select({ id: blog_tags.id, slug: blog_tags.slug, name: blog_tags.name })
    .from(blog_tags)
    .where(eq(blog_tags.slug, slug))
    .limit(1);
  if (!tag) return null;
  const posts = await termPostsPage(blog_post_tags, eq(blog_post_tags.tag_id, tag.id), page);
  return { ...posts, tag: { slug: tag.slug, name: tag.name } };
}

/**
 * Every published post's absolute URL and last modification, newest first, for the sitemap
 * (the sitemap route calls this; SPEC section 4).
 * @param publicUrl the site's origin, PUBLIC_URL by default
 */
export async function publishedPostUrls(
  publicUrl: string = env().PUBLIC_URL,
): Promise<{ url: string; lastmod: Date }[]> {
  const rows = await db
    .select({ slug: blog_posts.slug, updated_at: blog_posts.updated_at })
    .from(blog_posts)
    .where(isPublished)
    .orderBy(...newestFirst);
  return rows.map((r) => ({
    url: new URL(`/blog/${encodeURIComponent(r.slug)}`, publicUrl).href,
    lastmod: r.updated_at,
  }));
}

/** The newest `limit` published posts with their sanitised HTML, for the feed. */
export async function feedPosts(limit = 20): Promise<PublishedPost[]> {
  const rows = await db
    .select({ slug: blog_posts.slug })
    .from(blog_posts)
    .where(isPublished)
    .orderBy(...newestFirst)
    .limit(limit);
  const posts = await Promise.all(rows.map((r) => findPublishedPost(r.slug)));
  return posts.filter((p): p is PublishedPost => p !== null);
}
