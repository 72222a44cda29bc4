import { Feed } from "feed";
import { company } from "~/features/catalog/company";
import { env } from "~/lib/env.server";
import { feedPosts } from "./posts.server";
import { sanitizePostHtml } from "./sanitize.server";
import { BLOG_DESCRIPTION, BLOG_TITLE, FEED_PATH } from "./seo";

/**
 * The blog's RSS 2.0 feed (docs/decisions/0095-blog-feed.md): the newest 20 published posts with
 * their sanitised HTML (its link and image URLs made absolute), categories and featured image,
 * absolute URLs on PUBLIC_URL.
 * @returns the XML document
 */
export async function blogFeedXml(): Promise<string> {
  const origin = env().PUBLIC_URL;
  const url = (path: string) => new URL(path, origin).href;
  const posts = await feedPosts(20);
  const newest = posts.reduce<Date | undefined>(
    (latest, p) => (!latest || p.updated_at > latest ? p.updated_at : latest),
    undefined,
  );
  const feed = new Feed({
    id: url("/blog"),
    title: `${BLOG_TITLE} | ${company.name}`,
    description: BLOG_DESCRIPTION,
    link: url("/blog"),
    language: "en-US",
    updated: newest ?? new Date(0),
    generator: company.name,
    favicon: url("/favicon.svg"),
    feedLinks: { rss: url(FEED_PATH) },
    copyright: `© ${company.name}`,
  });
  for (const post of posts) {
    feed.addItem({
      title: post.title,
      id: url(`/blog/${post.slug}`),
      link: url(`/blog/${post.slug}`),
      date: post.published_at,
      published: post.published_at,
      description: post.excerpt,
      // a feed reader has no page to resolve `/uploads/...` against: absolute URLs only
      content: sanitizePostHtml(post.content, origin, { baseUrl: url(`/blog/${post.slug}`) }),
      author: [{ name: post.author_name }],
      category: post.categories.map((c) => ({
        name: c.name,
        domain: url(`/blog/category/${c.slug}`),
      })),
      ...(post.featured_image
        ? {
            image: {
              url: url(post.featured_image),
              type: imageType(post.featured_image),
              length: 0,
            },
          }
        : {}),
    });
  }
  return feed.rss2();
}

/** The media type of an enclosure by its extension: the seeded SVGs, uploaded WebP/AVIF, others. */
function imageType(src: string): string {
  const ext = /\.([a-z0-9]+)(?:[?#].*)?$/i.exec(src)?.[1]?.toLowerCase();
  const types: Record<string, string> = {
    svg: "image/svg+xml",
    webp: "image/webp",
    avif: "image/avif",
    png: "image/png",
    jpg: "image/jpeg",
    jpeg: "image/jpeg",
  };
  return (ext && types[ext]) || "image/jpeg";
}
