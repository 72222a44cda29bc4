/** Presentation rules for articles, shared by server and browser. */

/** Words a reader reads per minute for the reading-time estimate (a common average for web prose). */
export const WORDS_PER_MINUTE = 200;

const entities: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  "#39": "'",
  apos: "'",
  nbsp: " ",
};

/** The text of an HTML fragment (tags removed, common entities decoded), for counting and previews. */
export function plainText(html: string): string {
  return html
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, " ")
    .replace(/<[^>]*>/g, " ")
    .replace(/&(amp|lt|gt|quot|#39|apos|nbsp);/g, (_, name: string) => entities[name] ?? "")
    .replace(/\s+/g, " ")
    .trim();
}

/** Minutes to read an article body (HTML) at WORDS_PER_MINUTE, rounded up; at least 1. */
export function readingMinutes(html: string): number {
  const words = plainText(html).split(" ").filter(Boolean).length;
  return Math.max(1, Math.ceil(words / WORDS_PER_MINUTE));
}

/** The card's excerpt: the post's own, else the start of its text cut at a word (about 160 characters). */
export function excerptOf(excerpt: string | null, html: string): string {
  if (excerpt?.trim()) return excerpt.trim();
  const text = plainText(html);
  if (text.length <= 160) return text;
  return `${text.slice(0, 160).replace(/\s+\S*$/, "")}…`;
}

const longDate = new Intl.DateTimeFormat("en-US", {
  dateStyle: "long",
  timeZone: "America/Denver",
});

/** A publication date as Utah readers read it, e.g. "November 21, 2026" (Mountain Time). */
export function formatPublishedDate(value: Date | string): string {
  return longDate.format(new Date(value));
}

/**
 * Articles per page on the list, category and tag pages (SPEC: "No page sizes";
 * docs/decisions/0087-blog-paging.md).
 */
export const POSTS_PER_PAGE = 9;
