/**
 * Writing posts (SPEC section 7: insert, update sets updated_at, delete; joins replaced by
 * delete-then-insert). Every write of a post and its category and tag links is one transaction.
 */
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { and, desc, eq, ilike, inArray, or, sql } from "drizzle-orm";
import {
  blog_categories,
  blog_post_categories,
  blog_post_tags,
  blog_posts,
  blog_tags,
} from "~/db/schema";
import { isUniqueViolation } from "~/lib/database-errors.server";
import { type Database, db } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { postFormSchema } from "./editor-schema";
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
  /** tags to create (or reuse by slug) and link, inside the same transaction */
  new_tag_names?: string[];
  /** categories to create (or reuse by slug) and link, inside the same transaction */
  new_category_names?: string[];
}

export const SLUG_TAKEN = "A post with this slug already exists";

export type SaveResult =
  | { ok: true; id: string; slug: string }
  | { ok: false; status: 400 | 404; fieldErrors: Record<string, string[]> };

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

const emptyToNull = (value: string | null | undefined) => (value?.trim() ? value.trim() : null);

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
      const created = input.new_tag_names?.length ? await ensureTags(input.new_tag_names, tx) : [];
      const newCategories: string[] = [];
      for (const name of input.new_category_names ?? []) {
        newCategories.push(await ensureCategory(name.trim(), null, slugify(name), tx));
      }
      await replaceLinks(
        tx,
        id,
        [...(input.category_ids ?? []), ...newCategories],
        [...(input.tag_ids ?? []), ...created],
      );
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

/** The ids of the tags named `names` (by slug; duplicates once), in their order, each created when missing. */
export async function ensureTags(names: string[], tx: Tx | Database = db): Promise<string[]> {
  const wanted = new Map(names.map((name) => [slugify(name), name.trim()]));
  if (wanted.size === 0) return [];
  await tx
    .insert(blog_tags)
    .values([...wanted].map(([slug, name]) => ({ slug, name })))
    .onConflictDoNothing();
  const rows = await tx
    .select({ id: blog_tags.id, slug: blog_tags.slug })
    .from(blog_tags)
    .where(inArray(blog_tags.slug, [...wanted.keys()]));
  // in the order the names were given (the database returns them in any order)
  const ids = new Map(rows.map((r) => [r.slug, r.id]));
  return [...wanted.keys()].map((slug) => ids.get(slug) as string);
}

export interface EditorListItem {
  id: string;
  slug: string;
  title: string;
  published: boolean;
  published_at: Date | null;
  updated_at: Date;
  author_name: string;
}

/**
 * Every post for the editor's list, drafts included (SPEC: "all (admin)"), most recently
 * updated first, optionally filtered by a case-insensitive search in title or slug and by status,
 * and paged with `limit`/`offset`.
 * Callers must have checked that the user is an admin.
 */
export async function listPostsForEditor(
  filter: {
    search?: string;
    status?: "all" | "published" | "draft";
    /** at most this many (default: all), after skipping `offset` */
    limit?: number;
    offset?: number;
  } = {},
): Promise<EditorListItem[]> {
  const conditions = [];
  const search = filter.search?.trim();
  if (search) {
    const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(or(ilike(blog_posts.title, pattern), ilike(blog_posts.slug, pattern)));
  }
  if (filter.status === "published") conditions.push(eq(blog_posts.published, true));
  if (filter.status === "draft") conditions.push(eq(blog_posts.published, false));
  return db
    .select({
      id: blog_posts.id,
      slug: blog_posts.slug,
      title: blog_posts.title,
      published: blog_posts.published,
      published_at: blog_posts.published_at,
      updated_at: blog_posts.updated_at,
      author_name: blog_posts.author_name,
    })
    .from(blog_posts)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(blog_posts.updated_at), desc(blog_posts.id))
    .limit(filter.limit ?? Number.MAX_SAFE_INTEGER)
    .offset(filter.offset ?? 0);
}

/** A post as the editor loads it (any status), with its category and tag ids; null if none. */
export async function findPostForEditor(id: string) {
  const [post] = await db.select().from(blog_posts).where(eq(blog_posts.id, id)).limit(1);
  if (!post) return null;
  const [categories, tags] = await Promise.all([
    db
      .select({ id: blog_post_categories.category_id })
      .from(blog_post_categories)
      .where(eq(blog_post_categories.post_id, id)),
    db
      .select({ id: blog_post_tags.tag_id })
      .from(blog_post_tags)
      .where(eq(blog_post_tags.post_id, id)),
  ]);
  return {
    ...post,
    category_ids: categories.map((c) => c.id),
    tag_ids: tags.map((t) => t.id),
  };
}

export type PostFormOutcome =
  /** saved; `created` when the post is new (else an edit) */
  | { ok: true; created: boolean; id: string; slug: string }
  | { ok: false; status: 400 | 404; result: SubmissionResult<string[]> };

/**
 * The editor's save action without HTTP: validates the submitted form with the shared schema,
 * creates the inline new tags, then saves the post and its links (savePost). Invalid input and a
 * slug clash come back as field errors with status 400 and nothing written.
 * Callers must have checked that the user is an admin (requireAdmin).
 * @param options.id the post being edited (absent: a new post)
 * @param options.authorEmail the admin's email, for the author default (SPEC section 5)
 */
export async function submitPostForm(
  formData: FormData,
  options: { id?: string; authorEmail?: string | null },
): Promise<PostFormOutcome> {
  const submission = parseWithZod(formData, { schema: postFormSchema });
  if (submission.status !== "success")
    return { ok: false, status: 400, result: submission.reply() };
  const { new_tags, new_categories, ...form } = submission.value;
  const names = (list: string | undefined) =>
    (list ?? "")
      .split(",")
      .map((n) => n.trim())
      .filter((n) => slugify(n) !== "");
  const saved = await savePost(
    { ...form, new_tag_names: names(new_tags), new_category_names: names(new_categories) },
    { id: options.id, authorEmail: options.authorEmail },
  );
  if (!saved.ok) {
    return {
      ok: false,
      status: saved.status,
      result: submission.reply({ fieldErrors: saved.fieldErrors }),
    };
  }
  return { ok: true, created: !options.id, id: saved.id, slug: saved.slug };
}

/** Every category and tag by name, for the editor's pickers (unpublished use included). */
export async function listTermsForEditor() {
  const [categories, tags] = await Promise.all([
    db
      .select({ id: blog_categories.id, name: blog_categories.name })
      .from(blog_categories)
      .orderBy(blog_categories.name),
    db.select({ id: blog_tags.id, name: blog_tags.name }).from(blog_tags).orderBy(blog_tags.name),
  ]);
  return { categories, tags };
}
