import { expect, type Page, test } from "@playwright/test";
import { parseFeed } from "@rowanmanning/feed-parser";
import { PUBLISHED_POSTS } from "./fixtures";
import { expectNoAxeViolations, hydrated } from "./helpers";

// The e2e server starts on an empty database, so it shows the starter articles seeded on first
// start, newest first. Other specs may publish posts of their own (newer than these): assertions
// look for the seeded articles and their order, never for an exact number of posts.
const seeded = [
  "Radon in Utah Homes: What the EPA's 4 pCi/L Action Level Means",
  "Short-Term vs. Long-Term Radon Tests (and Why 48 Hours Is the Minimum)",
  "Mold After Water Damage and Swamp Coolers: Preventing It in a Dry Climate",
  "Testing a Private Well in Utah: What, When and How",
  "Hard Water in Utah: Scale, Soap Scum and What Actually Helps",
  "When Does Mold Clean-Up Need a Professional? The EPA's 10 Square Foot Rule of Thumb",
];
const newest = seeded[0] as string;

/** The seeded titles among `titles`, in the order they appear. */
const seededAmong = (titles: string[]) => titles.filter((t) => seeded.includes(t));

/** Each date is the same as or older than the one before it. */
function expectNewestFirst(dates: (string | Date | null | undefined)[]) {
  const times = dates.map((d) => new Date(d ?? Number.NaN).getTime());
  expect(times.every((t) => !Number.isNaN(t))).toBe(true);
  expect(times).toEqual([...times].sort((a, b) => b - a));
}

/** The article cards on the current list page, in page order: title and publication time. */
function cardsOnPage(page: Page): Promise<{ title: string; published: string }[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('main h3 > a[href^="/blog/"]')].map((link) => ({
      title: link.textContent?.trim() ?? "",
      published: link.parentElement?.parentElement?.querySelector("time")?.dateTime ?? "",
    })),
  );
}

/** Every card of a list, following 'Older articles' to its last page. */
async function allCards(page: Page, path: string) {
  await page.goto(path);
  const cards = await cardsOnPage(page);
  for (let n = 0; n < 50; n++) {
    const older = page.getByRole("navigation", { name: "Pagination" }).getByRole("link", {
      name: "Older articles",
    });
    if ((await older.count()) === 0) break;
    await older.click();
    await expect(page.getByText(new RegExp(`^Page ${n + 2} of \\d+$`))).toBeVisible();
    cards.push(...(await cardsOnPage(page)));
  }
  return cards;
}

async function expectFeedLink(page: Page) {
  await expect(
    page.locator('link[rel="alternate"][type="application/rss+xml"][href="/blog/feed.xml"]'),
  ).toHaveCount(1);
}

async function jsonLd(page: Page): Promise<Record<string, unknown>[]> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.map((b) => JSON.parse(b) as Record<string, unknown>);
}

// a post published or unpublished between two reads of a list would change it: never meanwhile
test.describe("public blog", { lock: PUBLISHED_POSTS }, () => {
  // axe takes a while on the shared machine
  test.describe.configure({ timeout: 90_000 });

  test("the list features the newest article, lists the latest, and has a sidebar", async ({
    page,
  }) => {
    const response = await page.goto("/blog");
    expect(response?.status()).toBe(200);
    await expect(
      page.getByRole("heading", { level: 1, name: "Home Remediation Blog" }),
    ).toBeVisible();
    const featured = page.getByRole("region", { name: "Featured Article" });
    await expect(featured.getByRole("heading", { level: 3 })).toHaveCount(1);
    await expect(featured.getByText(/\d+ min read/)).toBeVisible();
    // page 1: the featured article and up to 8 latest (9 a page); at least the 5 other seeded
    const latestCards = page
      .getByRole("region", { name: "Latest Articles" })
      .getByRole("listitem")
      .filter({ has: page.getByRole("heading") });
    expect(await latestCards.count()).toBeGreaterThanOrEqual(5);
    expect(await latestCards.count()).toBeLessThanOrEqual(8);
    const firstPage = await cardsOnPage(page);
    await expect(featured.getByRole("link", { name: firstPage[0]?.title })).toBeVisible();
    // the newest article is featured, and every page lists newest first, the seeded ones included
    const cards = await allCards(page, "/blog");
    expect(cards.slice(0, firstPage.length)).toEqual(firstPage);
    expectNewestFirst(cards.map((c) => c.published));
    expect(seededAmong(cards.map((c) => c.title))).toEqual(seeded);
    await page.goto("/blog");
    const latest = page.getByRole("region", { name: "Latest Articles" });
    for (const card of await latest.getByRole("list", { name: "Categories" }).all()) {
      expect(await card.getByRole("link").count()).toBeLessThanOrEqual(2);
    }
    const sidebar = page.getByRole("complementary", { name: "Browse the blog" });
    for (const name of ["Mold", "Radon", "Water Quality"]) {
      await expect(
        sidebar.getByRole("link", { name: new RegExp(`^${name} \\d+ articles$`) }),
      ).toBeVisible();
    }
    await expect(sidebar.getByRole("heading", { name: "Popular Tags" })).toBeVisible();
    await expectFeedLink(page);
    await expectNoAxeViolations(page);
  });

  test("the featured article's image is shown whole at 1200 x 630 on a 1280 px screen, not cropped", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/blog");
    const image = page.getByRole("region", { name: "Featured Article" }).locator("img");
    await expect(image).toBeVisible();
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
    const shown = await image.evaluate((img: HTMLImageElement) => {
      const box = img.getBoundingClientRect();
      const fit = getComputedStyle(img).objectFit;
      return {
        width: box.width,
        height: box.height,
        fit,
        natural: img.naturalWidth / img.naturalHeight,
      };
    });
    // the box has the image's 1200:630 ratio, and the picture is fitted into it whole
    expect(shown.width).toBeGreaterThan(300);
    expect(Math.abs(shown.width / shown.height - 1200 / 630)).toBeLessThan(0.02);
    expect(
      shown.fit === "contain" || Math.abs(shown.natural - shown.width / shown.height) < 0.02,
    ).toBe(true);
  });

  test("a post image that fails to load shows the same placeholder as the service heroes", async ({
    page,
  }) => {
    await page.route("**/blog/images/*.svg", (route) => route.abort());
    await page.route("**/uploads/*", (route) => route.abort());
    await page.goto("/blog");
    const featured = page.getByRole("region", { name: "Featured Article" });
    await expect(featured.getByText("Image unavailable")).toBeVisible();
    await expect(featured.locator("img")).toHaveCount(0);
    // an article's own image too (it failed before or after hydration: both end the same)
    await page.goto("/blog/when-mold-cleanup-needs-a-professional");
    await expect(page.getByRole("article").getByText("Image unavailable")).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("an article shows its parts, JSON-LD and related posts; its category and tag pages list it", async ({
    page,
  }) => {
    // from its category page (the oldest seeded article may be on a later page of /blog)
    await page.goto("/blog/category/mold");
    await page
      .getByRole("link", { name: "When Does Mold Clean-Up Need a Professional?", exact: false })
      .click();
    await expect(page).toHaveURL(/\/blog\/when-mold-cleanup-needs-a-professional$/);
    const article = page.getByRole("article");
    await expect(article.getByRole("heading", { level: 1 })).toHaveText(
      "When Does Mold Clean-Up Need a Professional? The EPA's 10 Square Foot Rule of Thumb",
    );
    await expect(article.getByRole("link", { name: "Mold", exact: true })).toBeVisible();
    await expect(article.getByText(/less than about 10 square feet/)).toBeVisible();
    await expect(article.getByRole("heading", { name: "Sources" })).toBeVisible();
    await expect(
      article.getByRole("link", { name: "A Brief Guide to Mold, Moisture and Your Home" }),
    ).toHaveAttribute("rel", "nofollow noopener noreferrer");
    const related = page.getByRole("region", { name: "Related Articles" });
    await expect(related.getByRole("link", { name: /Mold After Water Damage/ })).toBeVisible();
    await expect(page).toHaveTitle(/When Does Mold Clean-Up Need a Professional/);
    await expect(page.locator('meta[property="og:type"]')).toHaveAttribute("content", "article");
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
      "content",
      /\/blog\/images\/mold-cleanup-professional\.svg$/,
    );
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      "href",
      /\/blog\/when-mold-cleanup-needs-a-professional$/,
    );
    await expectFeedLink(page);
    await expectNoAxeViolations(page);

    await article.getByRole("link", { name: "#Mold Removal" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "#Mold Removal" })).toBeVisible();
    await expect(page.getByRole("link", { name: /When Does Mold Clean-Up/ })).toBeVisible();
    await expectFeedLink(page);
    await expectNoAxeViolations(page);
  });

  test("a category page shows its name, description and articles newest first", async ({
    page,
  }) => {
    await page.goto("/blog/category/mold");
    await expect(page.getByRole("heading", { level: 1, name: "Mold" })).toBeVisible();
    await expect(page.getByText(/Preventing, finding and cleaning up mold/)).toBeVisible();
    const cards = await allCards(page, "/blog/category/mold");
    expectNewestFirst(cards.map((c) => c.published));
    expect(seededAmong(cards.map((c) => c.title))).toEqual([
      "Mold After Water Damage and Swamp Coolers: Preventing It in a Dry Climate",
      "When Does Mold Clean-Up Need a Professional? The EPA's 10 Square Foot Rule of Thumb",
    ]);
    await page.goto("/blog/category/mold");
    await expectFeedLink(page);
    await expectNoAxeViolations(page);
  });

  test("every article's JSON-LD parses with BlogPosting and BreadcrumbList fields", async ({
    page,
    request,
  }) => {
    const feed = parseFeed(await (await request.get("/blog/feed.xml")).text());
    expect(seededAmong(feed.items.map((i) => i.title ?? ""))).toEqual(seeded);
    for (const item of feed.items) {
      await page.goto(new URL(item.url as string).pathname);
      const [posting, crumbs] = await jsonLd(page);
      expect(posting).toMatchObject({
        "@type": "BlogPosting",
        headline: item.title,
        author: { "@type": "Person", name: expect.any(String) },
      });
      // the seeded articles' images are made here; other specs' posts may carry an upload or none
      if (seeded.includes(item.title ?? "")) {
        expect(posting?.image).toEqual([expect.stringMatching(/\/blog\/images\/.+\.svg$/)]);
      }
      expect(Date.parse(posting?.datePublished as string)).not.toBeNaN();
      expect(Date.parse(posting?.dateModified as string)).not.toBeNaN();
      expect(crumbs).toMatchObject({
        "@type": "BreadcrumbList",
        itemListElement: [{ name: "Home" }, { name: "Blog" }, { name: item.title, position: 3 }],
      });
    }
  });

  test("the feed parses as RSS with every published article, newest first", async ({ request }) => {
    const response = await request.get("/blog/feed.xml");
    expect(response.headers()["content-type"]).toContain("application/rss+xml");
    const feed = parseFeed(await response.text());
    expect(feed.title).toBe("Home Remediation Blog | Utah Home Remediation");
    // every seeded article, newest first, among whatever else is published (at most 20 items)
    expect(feed.items.length).toBeLessThanOrEqual(20);
    expect(seededAmong(feed.items.map((i) => i.title ?? ""))).toEqual(seeded);
    expectNewestFirst(feed.items.map((i) => i.published));
    const radon = feed.items.find((i) => i.title === newest);
    expect(radon?.url).toMatch(/\/blog\/radon-in-utah-homes-epa-action-level$/);
    expect(radon?.content).toContain("4 pCi/L or higher");
  });

  for (const [path, message] of [
    ["/blog/no-such-article", "Article Not Found"],
    ["/blog/category/no-such-category", "Category Not Found"],
    ["/blog/tag/no-such-tag", "Tag Not Found"],
    ["/blog?page=99", "Page not found"],
  ] as const) {
    test(`${path} answers 404 with '${message}'`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1, name: message })).toBeVisible();
      await expect(page.getByRole("link", { name: "Back to the blog" })).toBeVisible();
      await expectNoAxeViolations(page);
    });
  }

  test("shows 6 skeleton cards while a client-side navigation to the list loads", async ({
    page,
  }) => {
    await page.goto("/");
    // a client-side navigation needs the page's scripts, which load after its first paint
    await hydrated(page);
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/blog\.data/, async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole("banner").getByRole("link", { name: "Blog" }).first().click();
    const loading = page.getByRole("status", { name: "Loading articles" });
    await expect(loading).toBeVisible();
    await expect(loading.getByTestId("post-card-skeleton")).toHaveCount(6);
    release();
    await expect(
      page.getByRole("heading", { level: 1, name: "Home Remediation Blog" }),
    ).toBeVisible();
    await expect(loading).toHaveCount(0);
  });

  test("public blog pages send an ETag and answer 304 to If-None-Match, keeping the cached page's CSP", async ({
    request,
    page,
  }) => {
    for (const path of [
      "/blog",
      "/blog/hard-water-in-utah",
      "/blog/category/radon",
      "/blog/tag/utah",
      "/blog/feed.xml",
    ]) {
      const first = await request.get(path);
      expect(first.status(), path).toBe(200);
      const etag = first.headers().etag as string;
      expect(etag, path).toMatch(/^W\/".+"$/);
      const again = await request.get(path, { headers: { "If-None-Match": etag } });
      expect(again.status(), path).toBe(304);
      expect(again.headers()["content-security-policy"], path).toBeUndefined();
      expect(await again.body()).toHaveLength(0);
      const stale = await request.get(path, { headers: { "If-None-Match": 'W/"other"' } });
      expect(stale.status(), path).toBe(200);
    }
    // a reload answered 304 still runs the page's scripts (client-side navigation works)
    const errors: string[] = [];
    page.on("console", (m) => {
      if (m.type() === "error") errors.push(m.text());
    });
    await page.goto("/blog");
    const reload = await page.reload();
    expect([200, 304]).toContain(reload?.status());
    await page.getByRole("link", { name: /^Radon \d+ articles$/ }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Radon" })).toBeVisible();
    expect(errors).toEqual([]);
  });
});
