import { eq } from "drizzle-orm";
import { blog_posts, seed_runs } from "~/db/schema";
import { company } from "~/features/catalog/company";
import { db } from "~/lib/db.server";
import { logger } from "~/lib/logger.server";
import { seedArticles, seedCategories, sourcesHtml } from "./articles";
import { ensureCategory, ensureTags, savePost } from "./editor.server";

export const BLOG_SEED = "blog-articles";

/**
 * Writes the starter articles (features/blog/articles.ts) the first time the server starts on a
 * database, then records that in `seed_runs` so it never runs again: an article edited or
 * deleted later is never restored or overwritten. Costs one query on every later start.
 * An article whose slug already exists is left alone.
 * @param now the first start's time; articles are dated `daysAgo` before it
 */
export async function seedBlogArticles(now: Date = new Date()): Promise<void> {
  const [done] = await db
    .select({ name: seed_runs.name })
    .from(seed_runs)
    .where(eq(seed_runs.name, BLOG_SEED));
  if (done) return;
  const categoryIds = new Map<string, string>();
  for (const c of seedCategories) {
    categoryIds.set(c.slug, await ensureCategory(c.name, c.description, c.slug));
  }
  let written = 0;
  for (const article of seedArticles) {
    const saved = await savePost(
      {
        title: article.title,
        slug: article.slug,
        excerpt: article.excerpt,
        content: article.content.trim() + sourcesHtml(article.sources),
        featured_image: article.featured_image,
        published: true,
        author_name: `${company.name} Team`,
        meta_description: article.meta_description,
        category_ids: article.categories.map((slug) => categoryIds.get(slug) as string),
        tag_ids: await ensureTags(article.tags),
      },
      {},
    );
    if (!saved.ok) continue;
    const date = new Date(now.getTime() - article.daysAgo * 86_400_000);
    await db
      .update(blog_posts)
      .set({ published_at: date, created_at: date, updated_at: date })
      .where(eq(blog_posts.id, saved.id));
    written++;
  }
  await db.insert(seed_runs).values({ name: BLOG_SEED }).onConflictDoNothing();
  logger().info({ articles: written }, "blog articles seeded");
}
