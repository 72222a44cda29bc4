/**
 * Writing posts (SPEC section 7: insert, update sets updated_at, delete; joins replaced by
 * delete-then-insert). Every write of a post and its category and tag links is one transaction.
 */
import { eq, inArray, sql } from "drizzle-orm";
import {
  blog_categories,
  blog_post_categories,
  blog_post_tags,
  blog_posts,
  blog_tags,
} from "~/db/schema";
import { type Database, db } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { sanitizePostHtml } from "./sanitize.server";
import { defaultAuthorName, slugify, slugPattern } from "./slug";

/** What the editor submits (already validated for shape by its zod schema). */
export interface PostInput {
  title: string;
  /** empty: suggested from the title */
  slug?: string;
  excerpt?: string | null;
  /** HTML; sanitised here before it is stored */
  content: string;
  featured_image?: string | null;
  published: boolean;
  /** empty: defaultAuthorName(authorEmail) */
  author_name?: string | null;
  meta_title?: string | null;
  meta_description?: string | null;
  category_ids?: string[];
  tag_ids?: string[];
}

export const SLUG_TAKEN = "A post with this slug already exists";

export type SaveResult =
  | { ok: true; id: string; slug: string }
  | { ok: false; status: 400 | 404; fieldErrors: Record<string, string[]> };

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

const emptyToNull = (value: string | null | undefined) => (value?.trim() ? value.trim() : null);

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === "23505") return true;
  }
  return false;
}

/**
 * Creates (no `id`) or updates a post with its categories and tags in ONE transaction: the post
 * row, then its links deleted and inserted again (SPEC section 7), so they are never
 * half-replaced. The HTML is sanitised on the way in (and again when rendered).
 * `published_at` is set the first time the post is published and kept afterwards;
 * `updated_at` is set on every update.
 * @param options.authorEmail the acting admin's email, for the author default (SPEC section 5)
 * @returns `{ ok: false, status: 400 }` with 'A post with this slug already exists' (nothing
 *   written) on a slug clash or a malformed slug; `status: 404` when `id` names no post.
 * @throws the database error for anything else; nothing is written then.
 */
export async function savePost(
  input: PostInput,
  options: { id?: string; authorEmail?: string | null } = {},
): Promise<SaveResult> {
  const slug = emptyToNull(input.slug) ?? slugify(input.title);
  if (!slugPattern.test(slug)) {
    return {
      ok: false,
      status: 400,
      fieldErrors: { slug: ["Use lowercase letters, digits and hyphens only"] },
    };
  }
  const values = {
    slug,
    title: input.title.trim(),
    excerpt: emptyToNull(input.excerpt),
    content: sanitizePostHtml(input.content, env().PUBLIC_URL),
    featured_image: emptyToNull(input.featured_image),
    published: input.published,
    author_name: emptyToNull(input.author_name) ?? defaultAuthorName(options.authorEmail),
    meta_title: emptyToNull(input.meta_title),
    meta_description: emptyToNull(input.meta_description),
  };
  const slugTaken: SaveResult = { ok: false, status: 400, fieldErrors: { slug: [SLUG_TAKEN] } };
  try {
    return await db.transaction(async (tx): Promise<SaveResult> => {
      const [clash] = await tx
        .select({ id: blog_posts.id })
        .from(blog_posts)
        .where(eq(blog_posts.slug, slug))
        .limit(1);
      if (clash && clash.id !== options.id) return slugTaken;
      let id: string;
      if (options.id) {
        const [updated] = await tx
          .update(blog_posts)
          .set({
            ...values,
            updated_at: sql`now()`,
            published_at: values.published
              ? sql`coalesce(${blog_posts.published_at}, now())`
              : sql`${blog_posts.published_at}`,
          })
          .where(eq(blog_posts.id, options.id))
          .returning({ id: blog_posts.id });
        if (!updated) return { ok: false, status: 404, fieldErrors: {} };
        id = updated.id;
      } else {
        const [inserted] = await tx
          .insert(blog_posts)
          .values({ ...values, published_at: values.published ? sql`now()` : null })
          .returning({ id: blog_posts.id });
        id = (inserted as { id: string }).id;
      }
      await replaceLinks(tx, id, input.category_ids ?? [], input.tag_ids ?? []);
      return { ok: true, id, slug };
    });
  } catch (error) {
    if (isUniqueViolation(error)) return slugTaken;
    throw error;
  }
}

async function replaceLinks(tx: Tx, postId: string, categoryIds: string[], tagIds: string[]) {
  await tx.delete(blog_post_categories).where(eq(blog_post_categories.post_id, postId));
  await tx.delete(blog_post_tags).where(eq(blog_post_tags.post_id, postId));
  const categories = [...new Set(categoryIds)];
  const tags = [...new Set(tagIds)];
  if (categories.length) {
    await tx
      .insert(blog_post_categories)
      .values(categories.map((category_id) => ({ post_id: postId, category_id })));
  }
  if (tags.length) {
    await tx.insert(blog_post_tags).values(tags.map((tag_id) => ({ post_id: postId, tag_id })));
  }
}

/** Deletes a post (its links go with it: ON DELETE CASCADE). @returns whether a post was deleted. */
export async function deletePost(id: string): Promise<boolean> {
  const deleted = await db
    .delete(blog_posts)
    .where(eq(blog_posts.id, id))
    .returning({ id: blog_posts.id });
  return deleted.length > 0;
}

/** The id of the category with `slug`, created with `name` and `description` when missing. */
export async function ensureCategory(
  name: string,
  description: string | null = null,
  slug: string = slugify(name),
  tx: Tx | Database = db,
): Promise<string> {
  await tx.insert(blog_categories).values({ slug, name, description }).onConflictDoNothing();
  const [row] = await tx
    .select({ id: blog_categories.id })
    .from(blog_categories)
    .where(eq(blog_categories.slug, slug));
  return (row as { id: string }).id;
}

/** The ids of the tags named `names` (by slug), each created when missing. */
export async function ensureTags(names: string[], tx: Tx | Database = db): Promise<string[]> {
  const wanted = new Map(names.map((name) => [slugify(name), name.trim()]));
  if (wanted.size === 0) return [];
  await tx
    .insert(blog_tags)
    .values([...wanted].map(([slug, name]) => ({ slug, name })))
    .onConflictDoNothing();
  const rows = await tx
    .select({ id: blog_tags.id })
    .from(blog_tags)
    .where(inArray(blog_tags.slug, [...wanted.keys()]));
  return rows.map((r) => r.id);
}
