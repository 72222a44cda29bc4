/**
 * Managing blog categories and tags from the back office: the list with each term's number of
 * posts, renaming (name and slug together) and deleting (its post links go with it, the posts
 * stay). docs/decisions/0128-blog-term-rename-delete.md.
 * Callers must have checked that the user is an admin (requireAdmin).
 */
import { count, eq } from "drizzle-orm";
import { z } from "zod";
import { blog_categories, blog_post_categories, blog_post_tags, blog_tags } from "~/db/schema";
import { isUniqueViolation } from "~/lib/database-errors.server";
import { db } from "~/lib/db.server";
import { idField, isId } from "~/lib/ids";
import { slugify } from "./slug";

export type TermKind = "category" | "tag";

/** A category or tag as the back office lists it. */
export interface AdminTerm {
  id: string;
  name: string;
  slug: string;
  /** posts linked to it, drafts included */
  post_count: number;
}

export const TERM_MESSAGES = {
  nameRequired: "Enter a name",
  nameTooLong: "Use at most 80 characters",
  nameNoLetters: "Use at least one letter or digit",
  categoryTaken: "A category with this name already exists",
  tagTaken: "A tag with this name already exists",
} as const;

/** The term forms on /admin/blog: rename (a new name) or delete, of a category or a tag. */
export const termActionSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("rename-term"),
    kind: z.enum(["category", "tag"]),
    id: idField(),
    name: z
      .string({ error: TERM_MESSAGES.nameRequired })
      .trim()
      .min(1, TERM_MESSAGES.nameRequired)
      .max(80, TERM_MESSAGES.nameTooLong)
      .refine((name) => slugify(name) !== "", TERM_MESSAGES.nameNoLetters),
  }),
  z.object({
    intent: z.literal("delete-term"),
    kind: z.enum(["category", "tag"]),
    id: idField(),
  }),
]);

export type TermAction = z.infer<typeof termActionSchema>;

/** Each kind of term: its table, its post links and the links' column naming the term. */
export const TERM_TABLES = {
  category: {
    terms: blog_categories,
    links: blog_post_categories,
    term: blog_post_categories.category_id,
  },
  tag: { terms: blog_tags, links: blog_post_tags, term: blog_post_tags.tag_id },
} as const;

/** The terms of `kind` (only `id` when given) with their post counts, by name. */
async function termsOf(kind: TermKind, id?: string): Promise<AdminTerm[]> {
  const { terms, links, term } = TERM_TABLES[kind];
  return db
    .select({
      id: terms.id,
      name: terms.name,
      slug: terms.slug,
      post_count: count(links.post_id),
    })
    .from(terms)
    .leftJoin(links, eq(term, terms.id))
    .where(id === undefined ? undefined : eq(terms.id, id))
    .groupBy(terms.id)
    .orderBy(terms.name);
}

/** Every category and every tag by name, each with its number of posts (drafts included). */
export async function listTermsForAdmin(): Promise<{
  categories: AdminTerm[];
  tags: AdminTerm[];
}> {
  const [categories, tags] = await Promise.all([termsOf("category"), termsOf("tag")]);
  return { categories, tags };
}

/** One category or tag by id, or null. */
export async function findTerm(kind: TermKind, id: string): Promise<AdminTerm | null> {
  if (!isId(id)) return null;
  const [found] = await termsOf(kind, id);
  return found ?? null;
}

export type TermOutcome =
  | { ok: true; name: string }
  | { ok: false; status: 400; message: string }
  | { ok: false; status: 404 };

/**
 * Renames a category or tag: its name, and its slug to the new name's (so the editor's "new
 * category" finds it by name again). A name whose slug another term of the kind has is refused
 * ('A category with this name already exists'), nothing written.
 */
export async function renameTerm(kind: TermKind, id: string, name: string): Promise<TermOutcome> {
  const { terms } = TERM_TABLES[kind];
  const taken = kind === "category" ? TERM_MESSAGES.categoryTaken : TERM_MESSAGES.tagTaken;
  try {
    const updated = await db
      .update(terms)
      .set({ name: name.trim(), slug: slugify(name) })
      .where(eq(terms.id, id))
      .returning({ name: terms.name });
    const [row] = updated;
    return row ? { ok: true, name: row.name } : { ok: false, status: 404 };
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, status: 400, message: taken };
    throw error;
  }
}

/** Deletes a category or tag; its post links go with it (the posts stay). */
export async function deleteTerm(kind: TermKind, id: string): Promise<TermOutcome> {
  const { terms } = TERM_TABLES[kind];
  const deleted = await db.delete(terms).where(eq(terms.id, id)).returning({ name: terms.name });
  const [row] = deleted;
  return row ? { ok: true, name: row.name } : { ok: false, status: 404 };
}
