import "~/lib/zod-browser";
import { z } from "zod";
import { idField } from "~/lib/ids";
import { slugPattern } from "./slug";

/** Recommended lengths shown next to the SEO fields (what search results usually display). */
/** The longest article body accepted, in characters of HTML. */
export const ARTICLE_MAX_CHARS = 500_000;

export const META_TITLE_RECOMMENDED = 60;
export const META_DESCRIPTION_RECOMMENDED = 160;

const optionalText = (max: number, message: string) =>
  z.string().trim().max(max, message).optional();

/**
 * The editor form (one schema for browser and server). Field names are the SPEC's columns;
 * `category_ids`/`tag_ids` are checkbox values, `new_categories`/`new_tags` comma-separated
 * lists of categories and tags to create inline. Hard limits are generous; the recommended SEO lengths are only shown.
 */
export const postFormSchema = z.object({
  title: z.string({ error: "Title is required" }).trim().min(1, "Title is required").max(200),
  slug: z
    .string()
    .trim()
    .max(80, "Use at most 80 characters")
    .regex(slugPattern, "Use lowercase letters, digits and hyphens only")
    .optional(),
  excerpt: optionalText(500, "Keep the excerpt under 500 characters"),
  content: z.string().max(ARTICLE_MAX_CHARS, "The article is too long").default(""),
  featured_image: z
    .string()
    .trim()
    .regex(/^(\/(?!\/)|https?:\/\/)/, "Use an uploaded image or an http(s) address")
    .optional(),
  published: z.preprocess((v) => v === "on" || v === "true" || v === true, z.boolean()),
  author_name: optionalText(100, "Use at most 100 characters"),
  meta_title: optionalText(200, "Use at most 200 characters"),
  meta_description: optionalText(500, "Use at most 500 characters"),
  category_ids: z.array(idField()).default([]),
  tag_ids: z.array(idField()).default([]),
  new_categories: optionalText(500, "Use at most 500 characters"),
  new_tags: optionalText(500, "Use at most 500 characters"),
});

export type PostForm = z.infer<typeof postFormSchema>;
