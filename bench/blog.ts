/**
 * Blog server time with 10,000 published posts (budget, docs/performance.md: the list, a category
 * page and a post each < 50 ms server time, median and p99, on both drivers). Seeds a fresh
 * database per driver (see ./database.ts), then calls the public blog routes' loaders in-process:
 * what a reader's request waits for besides rendering. Prints figures; asserts nothing.
 *   npm run bench:blog      (tsx, for the ~ path alias; run from the project root)
 */
import { sql } from "drizzle-orm";
import { db } from "~/lib/db.server";
import * as categoryRoute from "~/routes/blog/category";
import * as listRoute from "~/routes/blog/index";
import * as postRoute from "~/routes/blog/post";
import { benchEachDriver, time } from "./database";

const POSTS = Number(process.env.BENCH_POSTS ?? 10_000);
const TAGS = 40;

/** A post body of about 900 words, like the starter articles. */
const BODY = `<h2>What to know</h2>${"<p>Radon is a colourless, odourless gas that seeps into basements from the soil; the EPA recommends fixing a home at or above 4 pCi/L and testing every home, because levels differ from one house to the next even on the same street. A short-term test runs at least 48 hours with windows and doors closed.</p>".repeat(18)}`;

async function seed(): Promise<void> {
  await db.execute(sql`
    INSERT INTO blog_categories (slug, name, description) VALUES
      ('radon', 'Radon', 'Testing and mitigation'),
      ('mold', 'Mold', 'Moisture, mold and clean-up'),
      ('water-quality', 'Water Quality', 'Wells, hard water and filtration')`);
  await db.execute(sql`
    INSERT INTO blog_tags (slug, name)
    SELECT 'tag-' || i, 'Tag ' || i FROM generate_series(1, ${TAGS}) AS i`);
  await db.execute(sql`
    INSERT INTO blog_posts (slug, title, excerpt, content, published, published_at, author_name)
    SELECT 'post-' || i, 'Article ' || i || ': radon, mold and water in Utah homes',
      'What Utah homeowners should know, part ' || i || '.', ${BODY}, true,
      now() - make_interval(hours => i * 6), 'Utah Home Remediation Team'
    FROM generate_series(1, ${POSTS}) AS i`);
  // one or two categories and three tags a post
  await db.execute(sql`
    INSERT INTO blog_post_categories (post_id, category_id)
    SELECT p.id, c.id FROM blog_posts p JOIN blog_categories c
      ON c.slug = (ARRAY['radon','mold','water-quality'])[1 + abs(hashtext(p.slug)) % 3]
      OR (abs(hashtext(p.slug)) % 5 = 0 AND c.slug = 'water-quality')
    ON CONFLICT DO NOTHING`);
  await db.execute(sql`
    INSERT INTO blog_post_tags (post_id, tag_id)
    SELECT p.id, t.id FROM blog_posts p JOIN blog_tags t
      ON t.slug IN ('tag-' || (1 + abs(hashtext(p.slug)) % ${TAGS}),
        'tag-' || (1 + abs(hashtext(p.slug || 'b')) % ${TAGS}),
        'tag-' || (1 + abs(hashtext(p.slug || 'c')) % ${TAGS}))
    ON CONFLICT DO NOTHING`);
  await db.execute(sql`ANALYZE`);
}

const get = (path: string) => new Request(`http://localhost:3000${path}`);

await benchEachDriver({
  header: `blog bench: ${POSTS} published posts`,
  seeded: `${POSTS} published posts`,
  seed,
  measure: async (driver) => {
    const args = (path: string, params: Record<string, string> = {}) =>
      ({ request: get(path), params, context: {} }) as never;
    await time("/blog (list, page 1)", driver, () => listRoute.loader(args("/blog")));
    await time("/blog?page=50", driver, () => listRoute.loader(args("/blog?page=50")));
    await time("/blog/category/radon", driver, () =>
      categoryRoute.loader(args("/blog/category/radon", { slug: "radon" })),
    );
    await time("/blog/post-5000 (post + related)", driver, () =>
      postRoute.loader(args("/blog/post-5000", { slug: "post-5000" })),
    );
  },
});

process.exit(0);
