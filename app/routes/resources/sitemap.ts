import { publishedPostUrls } from "~/features/blog/posts.server";
import { type PublicPage, publicPages } from "~/features/catalog/public-pages";
import { sitemapXml } from "~/features/catalog/sitemap";
import { env } from "~/lib/env.server";

const day = (date: Date) => date.toISOString().slice(0, 10);

/** /sitemap.xml: every public page, the blog and each published post, with its lastmod. */
export async function loader() {
  const posts = await publishedPostUrls();
  const blog: PublicPage[] = posts.map((post) => ({
    path: new URL(post.url).pathname,
    lastmod: day(post.lastmod),
  }));
  const pages = [
    ...publicPages(),
    // the list changes when its newest post does
    ...(blog[0] ? [{ path: "/blog", lastmod: blog[0].lastmod }] : []),
    ...blog,
  ];
  return new Response(sitemapXml(pages, env().PUBLIC_URL), {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
