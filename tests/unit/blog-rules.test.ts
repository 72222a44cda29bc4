import { describe, expect, it } from "vitest";
import { ifNoneMatchHits, weakETag } from "~/features/blog/etag.server";
import { excerptOf, readingMinutes } from "~/features/blog/format";
import { isBlogListPath } from "~/features/blog/paging";
import { sanitizePostHtml } from "~/features/blog/sanitize.server";
import { blogListMeta, blogTrail } from "~/features/blog/seo";
import { defaultAuthorName, slugify } from "~/features/blog/slug";

const site = "https://remediation.example";

describe("post HTML sanitiser", () => {
  it("keeps allowed URL forms and marks links (nofollow only when external)", () => {
    expect(
      sanitizePostHtml(
        '<a href="https://remediation.example/blog/x">in</a><a href="https://www.epa.gov/radon">out</a><a href="mailto:a@b.example">m</a><a href="../other?y=1">r</a><a href="#s">f</a>',
        site,
      ),
    ).toBe(
      '<a href="https://remediation.example/blog/x" rel="noopener noreferrer">in</a><a href="https://www.epa.gov/radon" rel="nofollow noopener noreferrer">out</a><a href="mailto:a@b.example" rel="noopener noreferrer">m</a><a href="../other?y=1" rel="noopener noreferrer">r</a><a href="#s" rel="noopener noreferrer">f</a>',
    );
  });

  it("drops script URLs, odd URL forms, protocol-relative and data: images", () => {
    expect(
      sanitizePostHtml(
        '<a href="javascript:alert(1)">j</a><a href="`javascript:x`">b</a><a href="//evil.example/">p</a><img src="data:image/png;base64,AA"><img src=`javascript:alert(1)`><img src="/blog/images/a.svg" alt="A">',
        site,
      ),
    ).toBe(
      '<a rel="noopener noreferrer">j</a><a rel="noopener noreferrer">b</a><a rel="noopener noreferrer">p</a><img src="/blog/images/a.svg" alt="A" />',
    );
  });

  it("with a base URL (the feed) makes kept relative URLs absolute, and lets nothing else in", () => {
    expect(
      sanitizePostHtml(
        '<a href="/blog/x">a</a><a href="../other?y=1">b</a><a href="#s">c</a><a href="mailto:a@b.example">d</a><a href="https://www.epa.gov/radon">e</a><img src="/uploads/f-1200.webp" alt="F"><a href="//evil.example/">p</a><a href="javascript:alert(1)">j</a><img src="//evil.example/x.png"><img src="data:image/png;base64,AA">',
        site,
        { baseUrl: `${site}/blog/post` },
      ),
    ).toBe(
      '<a href="https://remediation.example/blog/x" rel="noopener noreferrer">a</a><a href="https://remediation.example/other?y=1" rel="noopener noreferrer">b</a><a href="https://remediation.example/blog/post#s" rel="noopener noreferrer">c</a><a href="mailto:a@b.example" rel="noopener noreferrer">d</a><a href="https://www.epa.gov/radon" rel="nofollow noopener noreferrer">e</a><img src="https://remediation.example/uploads/f-1200.webp" alt="F" /><a rel="noopener noreferrer">p</a><a rel="noopener noreferrer">j</a>',
    );
  });

  it("keeps article structure and turns h1 into h2", () => {
    expect(
      sanitizePostHtml(
        '<h1 class="x">T</h1><blockquote style="color:red">q</blockquote><ul><li>a</li></ul><table><tr><th scope="col">h</th></tr></table>',
        site,
      ),
    ).toBe(
      '<h2>T</h2><blockquote>q</blockquote><ul><li>a</li></ul><table><tr><th scope="col">h</th></tr></table>',
    );
  });
});

describe("blog presentation rules", () => {
  it("estimates reading time at 200 words a minute, at least one", () => {
    expect(readingMinutes("<p>one two</p>")).toBe(1);
    expect(readingMinutes(`<p>${"w ".repeat(201)}</p>`)).toBe(2);
  });

  it("uses the post's excerpt, else the start of its text", () => {
    expect(excerptOf(" Own ", "<p>text</p>")).toBe("Own");
    expect(excerptOf(null, "<p>Radon &amp; you</p>")).toBe("Radon & you");
    expect(excerptOf(null, `<p>${"word ".repeat(60)}</p>`)).toMatch(/^word( word)+…$/);
  });

  it("suggests slugs from titles and defaults the author from the email (SPEC section 5)", () => {
    expect(slugify("Radon & Your Basement: What's Next?")).toBe(
      "radon-and-your-basement-what-s-next",
    );
    expect(slugify("Café Mold")).toBe("cafe-mold");
    expect(defaultAuthorName("jo.smith@example.com")).toBe("jo.smith");
    expect(defaultAuthorName(null)).toBe("Anonymous");
    expect(defaultAuthorName("@example.com")).toBe("Anonymous");
  });

  it("knows the list paths and matches If-None-Match weakly", () => {
    expect(isBlogListPath("/blog")).toBe(true);
    expect(isBlogListPath("/blog/tag/utah")).toBe(true);
    expect(isBlogListPath("/blog/some-post")).toBe(false);
    const tag = weakETag("x");
    expect(ifNoneMatchHits(tag, tag)).toBe(true);
    expect(ifNoneMatchHits(`"a", ${tag.slice(2)}`, tag)).toBe(true);
    expect(ifNoneMatchHits('W/"other"', tag)).toBe(false);
    expect(ifNoneMatchHits(null, tag)).toBe(false);
  });
});

describe("blog list metadata", () => {
  const args = (pathname: string) => ({
    location: { pathname },
    matches: [{ id: "root", loaderData: { publicUrl: "https://remediation.example" } }],
  });

  it("keeps ?page= in the canonical URL of later pages and links the feed", () => {
    const page2 = blogListMeta(args("/blog"), {
      title: "Blog",
      description: "d",
      trail: blogTrail(),
      page: 2,
    });
    expect(page2).toContainEqual({
      tagName: "link",
      rel: "canonical",
      href: "https://remediation.example/blog?page=2",
    });
    expect(page2).toContainEqual(
      expect.objectContaining({ rel: "alternate", href: "/blog/feed.xml" }),
    );
    const page1 = blogListMeta(args("/blog"), {
      title: "Blog",
      description: "d",
      trail: blogTrail(),
      page: 1,
    });
    expect(page1).toContainEqual({
      tagName: "link",
      rel: "canonical",
      href: "https://remediation.example/blog",
    });
  });
});

describe("sanitising twice", () => {
  it("is stable: rendering sanitised HTML again gives the same HTML", () => {
    const once = sanitizePostHtml(
      '<p><a title="t" href="https://www.epa.gov/radon" rel="author">EPA</a><img src="/a.svg" alt="a"></p>',
      site,
    );
    expect(sanitizePostHtml(once, site)).toBe(once);
  });
});
