import type { MetaDescriptor } from "react-router";

interface MetaArgsLike {
  location: { pathname: string };
  matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>;
}

/**
 * Title, description, canonical URL and social-preview tags for a page (SPEC section 1).
 * The canonical origin (PUBLIC_URL) and the site's name come from the root loader (app/lib
 * never imports app/features, where the brand lives).
 */
export function pageMeta(
  args: MetaArgsLike,
  page: { title: string; description: string; noIndex?: boolean },
): MetaDescriptor[] {
  const root = args.matches.find((m) => m?.id === "root")?.loaderData as
    | { publicUrl?: string; siteName?: string }
    | undefined;
  const siteName = root?.siteName;
  const url = new URL(args.location.pathname, root?.publicUrl ?? "http://localhost:3000").href;
  const title = siteName ? `${page.title} | ${siteName}` : page.title;
  return [
    { title },
    { name: "description", content: page.description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: "website" },
    ...(siteName ? [{ property: "og:site_name", content: siteName }] : []),
    { property: "og:title", content: title },
    { property: "og:description", content: page.description },
    { property: "og:url", content: url },
    { name: "twitter:card", content: "summary" },
    ...(page.noIndex ? [{ name: "robots", content: "noindex" }] : []),
  ];
}
