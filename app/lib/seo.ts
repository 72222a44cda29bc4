import type { MetaDescriptor } from "react-router";
import { company } from "~/features/catalog/company";

interface MetaArgsLike {
  location: { pathname: string };
  matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>;
}

/**
 * Title, description, canonical URL and social-preview tags for a page (SPEC section 1).
 * The canonical origin is PUBLIC_URL, handed to the browser by the root loader.
 */
export function pageMeta(
  args: MetaArgsLike,
  page: { title: string; description: string; noIndex?: boolean },
): MetaDescriptor[] {
  const root = args.matches.find((m) => m?.id === "root")?.loaderData as
    | { publicUrl?: string }
    | undefined;
  const url = new URL(args.location.pathname, root?.publicUrl ?? "http://localhost:3000").href;
  const title = `${page.title} | ${company.name}`;
  return [
    { title },
    { name: "description", content: page.description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: company.name },
    { property: "og:title", content: title },
    { property: "og:description", content: page.description },
    { property: "og:url", content: url },
    { name: "twitter:card", content: "summary" },
    ...(page.noIndex ? [{ name: "robots", content: "noindex" }] : []),
  ];
}
