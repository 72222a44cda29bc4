import { parseFeed } from "@rowanmanning/feed-parser";
import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { blog_post_categories, blog_post_tags, blog_posts, seed_runs } from "~/db/schema";
import {
  deletePost,
  ensureCategory,
  ensureTags,
  type PostInput,
  SLUG_TAKEN,
  savePost,
} from "~/features/blog/editor.server";
import { POSTS_PER_PAGE } from "~/features/blog/format";
import {
  findCategoryPage,
  findPublishedPost,
  findTagPage,
  listCategories,
  listPublishedPosts,
  popularTags,
  publishedPostUrls,
  relatedPosts,
} from "~/features/blog/posts.server";
import { seedBlogArticles } from "~/features/blog/seed.server";
import { company } from "~/features/catalog/company";
import { db } from "~/lib/db.server";
import * as categoryRoute from "~/routes/blog/category";
import { loader as categoryLoader } from "~/routes/blog/category";
import { loader as feedLoader } from "~/routes/blog/feed";
import * as listRoute from "~/routes/blog/index";
import { loader as listLoader } from "~/routes/blog/index";
import * as postRoute from "~/routes/blog/post";
import { loader as postLoader, meta as postMeta } from "~/routes/blog/post";
import * as tagRoute from "~/routes/blog/tag";
import { loader as tagLoader } from "~/routes/blog/tag";
import { loader as sitemapLoader } from "~/routes/resources/sitemap";
import { ORIGIN } from "../setup/actions";
import { drivers, freshDatabase, type TestDatabase } from "../setup/database";
import { renderRoute } from "../setup/render";

const day = 86_400_000;
const base = new Date("2026-06-01T12:00:00Z").getTime();

/** Saves a post through the feature's save function, then dates it `daysAfter` the base date. */
async function post(
  slug: string,
  daysAfter: number,
  extra: Partial<PostInput> = {},
): Promise<string> {
  const saved = await savePost({
    title: `Post ${slug}`,
    slug,
    content: `<p>${"word ".repeat(450)}</p>`,
    published: true,
    ...extra,
  });
  if (!saved.ok) throw new Error(`could not save ${slug}`);
  if (extra.published !== false) {
    await db
      .update(blog_posts)
      .set({ published_at: new Date(base + daysAfter * day) })
      .where(eq(blog_posts.id, saved.id));
  }
  return saved.id;
}

/** What a thrown route response carries: React Router's `data()` or a Response. */
function statusOf(thrown: unknown): number | undefined {
  const t = thrown as { init?: { status?: number }; status?: number };
  return t.init?.status ?? t.status;
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected the loader to throw");
}

function args(path: string, params: Record<string, string> = {}) {
  return {
    request: new Request(`${ORIGIN}${path}`),
    params,
    context: new RouterContextProvider(),
  } as never;
}

/** The visible text of rendered HTML (tags and React's text separators removed). */
function textOf(html: string): string {
  return html
    .replace(/<!--.*?-->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
}

/**
 * The head tags React Router renders for the article at `slug`: the post route's loader, then
 * its meta with the root loader's data, as name/property -> content (plus `title`).
 */
async function articleHead(slug: string): Promise<Record<string, string>> {
  const loaderData = await postLoader(args(`/blog/${slug}`, { slug }));
  const descriptors = postMeta({
    loaderData,
    data: loaderData,
    params: { slug },
    location: { pathname: `/blog/${slug}`, search: "", hash: "" },
    matches: [
      {
        id: "root",
        loaderData: { publicUrl: ORIGIN, siteName: "Utah Home Remediation" },
      },
    ],
  } as never) as Record<string, unknown>[];
  const head: Record<string, string> = {};
  for (const d of descriptors) {
    // the <title> element (the feed's <link> has a title attribute of its own)
    if (typeof d.title === "string" && !("tagName" in d)) head.title = d.title;
    const key = (d.name ?? d.property) as string | undefined;
    if (key && typeof d.content === "string") head[key] ??= d.content;
  }
  return head;
}

describe.each(drivers)("public blog on %s", (driver) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await freshDatabase(driver);
  });
  afterEach(async () => {
    await database.dispose();
  });

  it("lists published posts only, newest first, in pages", async () => {
    const total = POSTS_PER_PAGE + 2;
    for (let i = 0; i < total; i++) await post(`p-${i}`, i);
    await post("a-draft", 999, { published: false });

    const first = await listPublishedPosts(1);
    expect(first.total).toBe(total);
    expect(first.pageCount).toBe(2);
    expect(first.posts.map((p) => p.slug)).toEqual(
      Array.from({ length: POSTS_PER_PAGE }, (_, i) => `p-${total - 1 - i}`),
    );
    const second = await listPublishedPosts(2);
    expect(second.posts.map((p) => p.slug)).toEqual(["p-1", "p-0"]);
    expect([...first.posts, ...second.posts].some((p) => p.slug === "a-draft")).toBe(false);
    expect(first.posts[0]?.reading_minutes).toBe(3);

    expect(await findPublishedPost("a-draft")).toBeNull();
    expect(statusOf(await rejection(postLoader(args("/blog/a-draft", { slug: "a-draft" }))))).toBe(
      404,
    );
    expect(statusOf(await rejection(postLoader(args("/blog/nothing", { slug: "nothing" }))))).toBe(
      404,
    );
    expect(statusOf(await rejection(listLoader(args("/blog?page=3"))))).toBe(404);
    expect(statusOf(await rejection(listLoader(args("/blog?page=abc"))))).toBe(404);
    const page2 = await listLoader(args("/blog?page=2"));
    expect(page2.list.posts).toHaveLength(2);
  });

  it("shows the empty list, and 'Unable to load blog posts' with a 5xx when the database fails", async () => {
    const empty = await listLoader(args("/blog"));
    expect(empty.list).toMatchObject({ total: 0, posts: [] });
    const rendered = await renderRoute(listRoute, "/blog", "/blog");
    expect(rendered.status).toBe(200);
    expect(textOf(rendered.html)).toContain(
      "No articles have been published yet. Check back soon!",
    );

    await database.close();
    const error = await rejection(listLoader(args("/blog")));
    expect(statusOf(error)).toBe(503);
    expect((error as { data: unknown }).data).toEqual({ message: "Unable to load blog posts" });
    // the route answers with its error boundary, not the root's generic page
    const failed = await renderRoute(listRoute, "/blog", "/blog");
    expect(failed.status).toBe(503);
    expect(textOf(failed.html)).toContain("Unable to load blog posts");
    expect(textOf(failed.html)).not.toContain("No articles have been published yet");
    await database.reopen();

    // once one post is published the empty message is gone
    await post("first", 1);
    const listed = textOf((await renderRoute(listRoute, "/blog", "/blog")).html);
    expect(listed).toContain("Post first");
    expect(listed).not.toContain("No articles have been published yet");
  });

  it("renders the category and tag pages' empty messages until a post is published there", async () => {
    const radon = await ensureCategory("Radon", "Radon testing");
    const [testing] = await ensureTags(["Testing"]);
    // a draft does not count
    await post("draft", 1, {
      category_ids: [radon],
      tag_ids: [testing as string],
      published: false,
    });
    const pages = [
      {
        route: categoryRoute,
        pattern: "/blog/category/:slug",
        path: "/blog/category/radon",
        empty: "No articles have been published in this category yet. Check back soon!",
      },
      {
        route: tagRoute,
        pattern: "/blog/tag/:slug",
        path: "/blog/tag/testing",
        empty: "No articles have been published with this tag yet. Check back soon!",
      },
    ];
    for (const page of pages) {
      const rendered = await renderRoute(page.route, page.pattern, page.path);
      expect(rendered.status, page.path).toBe(200);
      expect(textOf(rendered.html), page.path).toContain(page.empty);
      expect(textOf(rendered.html), page.path).not.toContain("Post draft");
    }

    await post("live", 2, { category_ids: [radon], tag_ids: [testing as string] });
    for (const page of pages) {
      const text = textOf((await renderRoute(page.route, page.pattern, page.path)).html);
      expect(text, page.path).toContain("Post live");
      expect(text, page.path).not.toContain(page.empty);
    }
  });

  it("shows each category, tag and article page the breadcrumb its BreadcrumbList names", async () => {
    const radon = await ensureCategory("Radon");
    const [testing] = await ensureTags(["Testing"]);
    await post("crumbs", 1, { category_ids: [radon], tag_ids: [testing as string] });
    const pages = [
      { route: categoryRoute, pattern: "/blog/category/:slug", path: "/blog/category/radon" },
      { route: tagRoute, pattern: "/blog/tag/:slug", path: "/blog/tag/testing" },
      { route: postRoute, pattern: "/blog/:slug", path: "/blog/crumbs" },
    ];
    const expected = {
      "/blog/category/radon": ["Home", "Blog", "Radon"],
      "/blog/tag/testing": ["Home", "Blog", "#Testing"],
      "/blog/crumbs": ["Home", "Blog", "Post crumbs"],
    } as Record<string, string[]>;
    for (const page of pages) {
      const { html } = await renderRoute(page.route, page.pattern, page.path);
      const nav = html.match(/<nav aria-label="Breadcrumb"[^>]*>([\s\S]*?)<\/nav>/)?.[1] ?? "";
      const visible = [...nav.matchAll(/<li[^>]*>([\s\S]*?)<\/li>/g)].map((m) =>
        textOf(m[1] ?? "").trim(),
      );
      expect(visible, page.path).toEqual(expected[page.path]);
      expect(nav, page.path).toContain('aria-current="page"');

      const slug = page.path.split("/").at(-1) as string;
      const loaderData = await page.route.loader(args(page.path, { slug }));
      const descriptors = page.route.meta({
        loaderData,
        params: { slug },
        location: { pathname: page.path, search: "", hash: "" },
        matches: [{ id: "root", loaderData: { publicUrl: ORIGIN } }],
      } as never) as Record<string, unknown>[];
      const list = descriptors
        .map((d) => d["script:ld+json"] as { "@type"?: string } | undefined)
        .find((o) => o?.["@type"] === "BreadcrumbList") as
        | { itemListElement: { name: string; item: string }[] }
        | undefined;
      expect(
        list?.itemListElement.map((i) => i.name),
        page.path,
      ).toEqual(visible);
      expect(list?.itemListElement.at(-1)?.item, page.path).toBe(`${ORIGIN}${page.path}`);
    }
  });

  it("answers a missing article, category, tag or list page with the site's one error page", async () => {
    const pages = [
      { route: postRoute, pattern: "/blog/:slug", path: "/blog/gone", title: "Article Not Found" },
      {
        route: categoryRoute,
        pattern: "/blog/category/:slug",
        path: "/blog/category/gone",
        title: "Category Not Found",
      },
      {
        route: tagRoute,
        pattern: "/blog/tag/:slug",
        path: "/blog/tag/gone",
        title: "Tag Not Found",
      },
      { route: listRoute, pattern: "/blog", path: "/blog?page=9", title: "Page not found" },
    ];
    for (const page of pages) {
      const { status, html } = await renderRoute(page.route, page.pattern, page.path);
      expect(status, page.path).toBe(404);
      // the document title carries the company's name from its one module
      expect(html, page.path).toContain(`<title>${page.title} | ${company.name}</title>`);
      expect(textOf(html), page.path).toMatch(new RegExp(`404 ${page.title} .+ Back to the blog`));
      expect(html, page.path).toContain('href="/blog"');
    }
  });

  it("uses meta_title / meta_description when set, else the title and the excerpt", async () => {
    await post("plain", 1, {
      title: "Radon in a Basement",
      excerpt: "What a basement radon reading means for your home.",
    });
    await post("tuned", 2, {
      title: "Radon Fans",
      excerpt: "How long a radon fan lasts.",
      meta_title: "How Long Do Radon Fans Last? | Utah Guide",
      meta_description: "A radon fan runs all the time; here is when to replace it.",
    });

    const plain = await articleHead("plain");
    expect(plain).toMatchObject({
      title: "Radon in a Basement | Utah Home Remediation",
      description: "What a basement radon reading means for your home.",
      "og:title": "Radon in a Basement | Utah Home Remediation",
      "og:description": "What a basement radon reading means for your home.",
      "og:type": "article",
      "twitter:title": "Radon in a Basement | Utah Home Remediation",
      "twitter:description": "What a basement radon reading means for your home.",
    });

    const tuned = await articleHead("tuned");
    expect(tuned).toMatchObject({
      title: "How Long Do Radon Fans Last? | Utah Guide",
      description: "A radon fan runs all the time; here is when to replace it.",
      "og:title": "How Long Do Radon Fans Last? | Utah Guide",
      "og:description": "A radon fan runs all the time; here is when to replace it.",
      "twitter:title": "How Long Do Radon Fans Last? | Utah Guide",
      "twitter:description": "A radon fan runs all the time; here is when to replace it.",
    });
  });

  it("serves categories and tags with their published posts, and 404 for unknown ones", async () => {
    const radon = await ensureCategory("Radon", "Radon testing");
    const mold = await ensureCategory("Mold");
    const [testing, health] = await ensureTags(["Testing", "Health"]);
    await post("old", 1, { category_ids: [radon], tag_ids: [testing as string] });
    await post("new", 2, { category_ids: [radon, mold], tag_ids: [testing as string] });
    await post("draft", 3, {
      category_ids: [radon],
      tag_ids: [testing as string],
      published: false,
    });

    const category = await findCategoryPage("radon");
    expect(category?.category).toEqual({
      slug: "radon",
      name: "Radon",
      description: "Radon testing",
    });
    expect(category?.posts.map((p) => p.slug)).toEqual(["new", "old"]);
    expect(category?.posts[0]?.categories.map((c) => c.name)).toEqual(["Mold", "Radon"]);
    const tag = await findTagPage("testing");
    expect(tag?.posts.map((p) => p.slug)).toEqual(["new", "old"]);
    expect((await findTagPage("health"))?.posts).toEqual([]);
    expect(health).toBeDefined();

    expect(statusOf(await rejection(categoryLoader(args("/blog/category/x", { slug: "x" }))))).toBe(
      404,
    );
    expect(statusOf(await rejection(tagLoader(args("/blog/tag/x", { slug: "x" }))))).toBe(404);

    expect(await listCategories()).toEqual([
      { slug: "mold", name: "Mold", post_count: 1 },
      { slug: "radon", name: "Radon", post_count: 2 },
    ]);
    expect(await popularTags()).toEqual([{ slug: "testing", name: "Testing", post_count: 2 }]);
  });

  it("relates posts by shared categories and tags, at most three, never drafts", async () => {
    const radon = await ensureCategory("Radon");
    const water = await ensureCategory("Water Quality");
    const [utah] = await ensureTags(["Utah"]);
    const main = await post("main", 10, { category_ids: [radon], tag_ids: [utah as string] });
    await post("both", 1, { category_ids: [radon], tag_ids: [utah as string] });
    await post("cat-a", 5, { category_ids: [radon] });
    await post("cat-b", 6, { category_ids: [radon] });
    await post("cat-c", 7, { category_ids: [radon] });
    await post("unrelated", 8, { category_ids: [water] });
    await post("draft", 9, { category_ids: [radon], published: false });
    expect((await relatedPosts(main)).map((p) => p.slug)).toEqual(["both", "cat-c", "cat-b"]);
  });

  it("saves a post and its links in one transaction; a slug clash writes nothing", async () => {
    const radon = await ensureCategory("Radon");
    const id = await post("taken", 1, { category_ids: [radon] });
    const before = await db.select().from(blog_posts);

    const clash = await savePost({
      title: "Another",
      slug: "taken",
      content: "<p>x</p>",
      published: true,
      category_ids: [radon],
    });
    expect(clash).toEqual({ ok: false, status: 400, fieldErrors: { slug: [SLUG_TAKEN] } });
    expect(await db.select().from(blog_posts)).toEqual(before);

    // a link to a category that does not exist fails the whole save: the post keeps its old links
    const broken = savePost(
      {
        title: "Changed",
        slug: "taken",
        content: "<p>y</p>",
        published: true,
        category_ids: ["00000000-0000-4000-8000-000000000000"],
      },
      { id },
    );
    await expect(broken).rejects.toThrow();
    const [kept] = await db.select().from(blog_posts).where(eq(blog_posts.id, id));
    expect(kept?.title).toBe("Post taken");
    expect(
      await db.select().from(blog_post_categories).where(eq(blog_post_categories.post_id, id)),
    ).toEqual([{ post_id: id, category_id: radon }]);
  });

  it("sets published_at when first published and keeps it; updated_at on every update", async () => {
    const draft = await savePost(
      { title: "Radon basics", content: "<p>a</p>", published: false },
      { authorEmail: "jo.smith@example.com" },
    );
    if (!draft.ok) throw new Error("not saved");
    const [row] = await db.select().from(blog_posts).where(eq(blog_posts.id, draft.id));
    expect(row).toMatchObject({
      slug: "radon-basics",
      author_name: "jo.smith",
      published_at: null,
    });

    await savePost(
      { title: "Radon basics", content: "<p>b</p>", published: true },
      { id: draft.id },
    );
    const [published] = await db.select().from(blog_posts).where(eq(blog_posts.id, draft.id));
    expect(published?.published_at).toBeInstanceOf(Date);
    expect(published?.author_name).toBe("Anonymous");

    await savePost(
      { title: "Radon basics", content: "<p>c</p>", published: true },
      { id: draft.id },
    );
    const [again] = await db.select().from(blog_posts).where(eq(blog_posts.id, draft.id));
    expect(again?.published_at).toEqual(published?.published_at);
    expect(again?.updated_at.getTime()).toBeGreaterThanOrEqual(
      published?.updated_at.getTime() as number,
    );
    expect(await deletePost(draft.id)).toBe(true);
    expect(await db.select().from(blog_post_tags)).toEqual([]);
  });

  it("sanitises HTML when saving and again when rendering", async () => {
    const id = await post("xss", 1, {
      content:
        '<h1>Title</h1><p onclick="alert(1)">Hi <a href="javascript:alert(1)">x</a> <a href="https://epa.gov/radon">EPA</a> <a href="/blog/other">in</a></p><script>alert(1)</script><img src="data:image/svg+xml,x" onerror="alert(1)">',
    });
    const [stored] = await db.select().from(blog_posts).where(eq(blog_posts.id, id));
    expect(stored?.content).toBe(
      '<h2>Title</h2><p>Hi <a rel="noopener noreferrer">x</a> <a href="https://epa.gov/radon" rel="nofollow noopener noreferrer">EPA</a> <a href="/blog/other" rel="noopener noreferrer">in</a></p>',
    );
    // a row written around the save function (an old import, a manual fix) is cleaned on render
    await db
      .update(blog_posts)
      .set({
        content:
          '<p>ok</p><iframe src="https://evil.example"></iframe><svg onload="alert(1)"></svg>',
      })
      .where(eq(blog_posts.id, id));
    expect((await findPublishedPost("xss"))?.content).toBe("<p>ok</p>");
  });

  it("lists every published post's URL and lastmod for the sitemap", async () => {
    await post("one", 1);
    await post("two", 2);
    await post("hidden", 3, { published: false });
    const urls = await publishedPostUrls("https://remediation.example");
    expect(urls.map((u) => u.url)).toEqual([
      "https://remediation.example/blog/two",
      "https://remediation.example/blog/one",
    ]);
    expect(urls[0]?.lastmod).toBeInstanceOf(Date);
  });

  it("gives each post in /sitemap.xml its updated_at date as lastmod, not today's", async () => {
    const id = await post("old-news", 1);
    await db
      .update(blog_posts)
      .set({ updated_at: new Date("2023-02-14T10:00:00Z") })
      .where(eq(blog_posts.id, id));
    const lastmodOf = async (slug: string) => {
      const xml = await (await sitemapLoader()).text();
      const entry = xml
        .split("<url>")
        .find((block) => block.includes(`<loc>${ORIGIN}/blog/${slug}</loc>`));
      return /<lastmod>([^<]+)<\/lastmod>/.exec(entry ?? "")?.[1];
    };
    expect(await lastmodOf("old-news")).toBe("2023-02-14");

    // an edit moves it to the day of the edit
    await savePost(
      { title: "Post old-news", slug: "old-news", content: "<p>edited</p>", published: true },
      { id },
    );
    const [edited] = await db.select().from(blog_posts).where(eq(blog_posts.id, id));
    expect(await lastmodOf("old-news")).toBe(edited?.updated_at.toISOString().slice(0, 10));
  });

  it("makes the feed's inline image and link URLs absolute on PUBLIC_URL, and only the feed's", async () => {
    await post("with-media", 1, {
      content:
        '<p>See <img src="/uploads/0123456789abcdef0123456789abcdef-1200.webp" alt="A radon fan"> and <a href="/blog/radon-basics">the basics</a>, <a href="other-post">a neighbour</a>, <a href="#fans">below</a>, <a href="https://www.epa.gov/radon">the EPA</a> or <a href="mailto:office@example.com">mail us</a>.</p>',
    });
    const response = await feedLoader(args("/blog/feed.xml"));
    const feed = parseFeed(await response.text());
    const content = feed.items.find((i) => i.title === "Post with-media")?.content ?? "";
    expect(content).toContain(`src="${ORIGIN}/uploads/0123456789abcdef0123456789abcdef-1200.webp"`);
    expect(content).toContain(`href="${ORIGIN}/blog/radon-basics"`);
    expect(content).toContain(`href="${ORIGIN}/blog/other-post"`);
    expect(content).toContain(`href="${ORIGIN}/blog/with-media#fans"`);
    expect(content).toContain('href="https://www.epa.gov/radon"');
    expect(content).toContain('href="mailto:office@example.com"');
    expect(content).not.toMatch(/(?:src|href)="(?!https?:|mailto:)/);

    // the article page itself keeps root-relative URLs (they work on the site, on any origin)
    const page = await findPublishedPost("with-media");
    expect(page?.content).toContain('src="/uploads/0123456789abcdef0123456789abcdef-1200.webp"');
    expect(page?.content).toContain('href="/blog/radon-basics"');
  });

  it("seeds the starter articles once and never overwrites an edited one", async () => {
    await seedBlogArticles();
    const seeded = await listPublishedPosts(1);
    expect(seeded.total).toBeGreaterThanOrEqual(6);
    expect((await listCategories()).map((c) => c.name)).toEqual(["Mold", "Radon", "Water Quality"]);
    for (const p of seeded.posts) {
      expect(p.featured_image).toMatch(/^\/blog\/images\/.+\.svg$/);
      expect(p.categories.length).toBeGreaterThan(0);
      const full = await findPublishedPost(p.slug);
      expect(full?.tags.length).toBeGreaterThan(0);
      expect(full?.content).toContain("<h2>Sources</h2>");
    }
    const first = seeded.posts[0];
    await db
      .update(blog_posts)
      .set({ title: "Edited by staff" })
      .where(eq(blog_posts.slug, first?.slug as string));
    const other = seeded.posts[1]?.slug as string;
    await db.delete(blog_posts).where(eq(blog_posts.slug, other));

    await seedBlogArticles();
    expect((await findPublishedPost(first?.slug as string))?.title).toBe("Edited by staff");
    expect(await findPublishedPost(other)).toBeNull();
    expect(await db.select().from(seed_runs)).toHaveLength(1);
  });
});
