/**
 * Search and social metadata of blog pages, built on lib/seo's pageMeta:
 * title/description (meta_title/meta_description when set), canonical from PUBLIC_URL,
 * Open Graph article with the featured image, JSON-LD BlogPosting and BreadcrumbList, and the
 * feed's rel="alternate" link on every blog page.
 */
import type { MetaDescriptor } from "react-router";
import { company, documentTitle } from "~/features/catalog/company";
import type { Crumb } from "~/lib/breadcrumbs";
import { breadcrumbListJsonLd, pageMeta } from "~/lib/seo";

export const FEED_PATH = "/blog/feed.xml";
export const BLOG_TITLE = "Home Remediation Blog";
export const BLOG_DESCRIPTION =
  "Practical guides on radon, mold and drinking water quality for Utah homeowners: testing, health guidance from the EPA and CDC, and when to call a professional.";

type MetaArgs = Parameters<typeof pageMeta>[0];

/** The site origin handed to the browser by the root loader (PUBLIC_URL). */
export function publicOrigin(args: MetaArgs): string {
  const root = args.matches.find((m) => m?.id === "root")?.loaderData as
    | { publicUrl?: string }
    | undefined;
  return root?.publicUrl ?? "http://localhost:3000";
}

/** The feed's `<link rel="alternate">`, for every blog page. */
export const feedLink: MetaDescriptor = {
  tagName: "link",
  rel: "alternate",
  type: "application/rss+xml",
  title: `${company.name} Blog`,
  href: FEED_PATH,
};

/**
 * The breadcrumb trail of a blog page: Home, Blog, then `current` (a category, tag or article)
 * when given. The one source of the visible trail and of the page's JSON-LD BreadcrumbList.
 */
export function blogTrail(current?: Crumb): Crumb[] {
  return [
    { name: "Home", path: "/" },
    { name: "Blog", path: "/blog" },
    ...(current ? [current] : []),
  ];
}

/** A category's crumb: its name and its page. */
export function categoryCrumb(category: { name: string; slug: string }): Crumb {
  return { name: category.name, path: `/blog/category/${category.slug}` };
}

/** A tag's crumb: `#name` and its page. */
export function tagCrumb(tag: { name: string; slug: string }): Crumb {
  return { name: `#${tag.name}`, path: `/blog/tag/${tag.slug}` };
}

/** An article's crumb: its title and its page. */
export function postCrumb(post: { title: string; slug: string }): Crumb {
  return { name: post.title, path: `/blog/${post.slug}` };
}

/** The fields of a post the article metadata uses. */
export interface SeoPost {
  slug: string;
  title: string;
  excerpt: string;
  meta_title: string | null;
  meta_description: string | null;
  featured_image: string | null;
  published_at: Date | string;
  updated_at: Date | string;
  author_name: string;
  categories: { name: string }[];
  tags: { name: string }[];
}

/**
 * schema.org BlogPosting (headline, description, datePublished, dateModified, author, image,
 * publisher, mainEntityOfPage, keywords) for a published post.
 */
export function blogPostingJsonLd(post: SeoPost, origin: string) {
  const url = new URL(`/blog/${post.slug}`, origin).href;
  return {
    "@context": "https://schema.org",
    "@type": "BlogPosting",
    headline: post.title,
    description: post.meta_description ?? post.excerpt,
    datePublished: new Date(post.published_at).toISOString(),
    dateModified: new Date(post.updated_at).toISOString(),
    author: { "@type": "Person", name: post.author_name },
    publisher: { "@type": "Organization", name: company.name, url: new URL("/", origin).href },
    ...(post.featured_image ? { image: [new URL(post.featured_image, origin).href] } : {}),
    mainEntityOfPage: { "@type": "WebPage", "@id": url },
    url,
    articleSection: post.categories.map((c) => c.name),
    keywords: post.tags.map((t) => t.name).join(", "),
  };
}

/** Metadata of a list page (/blog, a category or a tag): pageMeta + feed link + its `trail`. */
export function blogListMeta(
  args: MetaArgs,
  page: { title: string; description: string; trail: readonly Crumb[]; page?: number },
): MetaDescriptor[] {
  // later pages of a list are pages of their own: their canonical keeps `?page=`
  const suffix = page.page && page.page > 1 ? `?page=${page.page}` : "";
  const base = pageMeta(args, page).map((m) => {
    if ("rel" in m && m.rel === "canonical") return { ...m, href: `${m.href}${suffix}` };
    if ("property" in m && m.property === "og:url")
      return { ...m, content: `${m.content}${suffix}` };
    return m;
  });
  return [
    ...base,
    feedLink,
    { "script:ld+json": breadcrumbListJsonLd(page.trail, publicOrigin(args)) },
  ];
}

/**
 * Metadata of a category or tag page: `blogListMeta` of what `termOf` says of the term the
 * loader found (with its page number), or the `notFound` title and the feed link when it found none.
 */
export function termPageMeta<T extends { page: number }>(
  args: MetaArgs & { loaderData: T | undefined },
  notFound: string,
  termOf: (found: T) => { title: string; description: string; trail: readonly Crumb[] },
): MetaDescriptor[] {
  const found = args.loaderData;
  if (!found) return [{ title: documentTitle(notFound) }, feedLink];
  return blogListMeta(args, { ...termOf(found), page: found.page });
}

/**
 * Metadata of an article page: meta_title/meta_description when set (else title/excerpt),
 * canonical, Open Graph type article with the featured image and dates, Twitter large card,
 * JSON-LD BlogPosting + BreadcrumbList, feed link.
 */
export function blogPostMeta(args: MetaArgs, post: SeoPost): MetaDescriptor[] {
  const origin = publicOrigin(args);
  const description = post.meta_description ?? post.excerpt;
  const base = pageMeta(args, { title: post.title, description });
  const title = post.meta_title ?? `${post.title} | ${company.name}`;
  const image = post.featured_image ? new URL(post.featured_image, origin).href : null;
  // the article's own image replaces the site's default preview image
  const own = (m: MetaDescriptor) =>
    image !== null &&
    (("property" in m && String(m.property).startsWith("og:image")) ||
      ("name" in m && String(m.name).startsWith("twitter:image")));
  const replaced = base
    .filter((m) => !own(m))
    .map((m) => {
      if ("title" in m) return { title };
      if ("property" in m && m.property === "og:title")
        return { property: "og:title", content: title };
      if ("name" in m && m.name === "twitter:title")
        return { name: "twitter:title", content: title };
      if ("property" in m && m.property === "og:type")
        return { property: "og:type", content: "article" };
      if ("name" in m && m.name === "twitter:card")
        return { name: "twitter:card", content: image ? "summary_large_image" : "summary" };
      return m;
    });
  return [
    ...replaced,
    ...(image
      ? [
          { property: "og:image", content: image },
          { name: "twitter:image", content: image },
        ]
      : []),
    { property: "article:published_time", content: new Date(post.published_at).toISOString() },
    { property: "article:modified_time", content: new Date(post.updated_at).toISOString() },
    ...post.categories.map((c) => ({ property: "article:section", content: c.name })),
    ...post.tags.map((t) => ({ property: "article:tag", content: t.name })),
    feedLink,
    { "script:ld+json": blogPostingJsonLd(post, origin) },
    {
      "script:ld+json": breadcrumbListJsonLd(blogTrail(postCrumb(post)), origin),
    },
  ];
}
