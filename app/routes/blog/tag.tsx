import { findTagPage } from "~/features/blog/posts.server";
import { blogTrail, tagCrumb, termPageMeta } from "~/features/blog/seo";
import { TermErrorPage, TermPage } from "~/features/blog/term-page";
import { loadTermPage } from "~/features/blog/term-route.server";
import { SCRIPTS_AFTER_PAINT } from "~/lib/page-scripts";
import type { Route } from "./+types/tag";

/** the public page paints before its scripts load (lib/page-scripts.ts) */
export const handle = SCRIPTS_AFTER_PAINT;

export const NOT_FOUND = "Tag Not Found";

export async function loader({ request, params }: Route.LoaderArgs) {
  return loadTermPage(request, (page) => findTagPage(params.slug, page), NOT_FOUND);
}

export function meta(args: Route.MetaArgs) {
  return termPageMeta(args, NOT_FOUND, ({ tag }) => ({
    title: `Articles tagged ${tag.name}`,
    description: `Articles tagged ${tag.name} on radon, mold and water quality for Utah homeowners.`,
    trail: blogTrail(tagCrumb(tag)),
  }));
}

export default function TagPage({ loaderData }: Route.ComponentProps) {
  const { tag, ...list } = loaderData;
  return <TermPage kind="Tag" name={tag.name} crumb={tagCrumb(tag)} {...list} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <TermErrorPage error={error} title={NOT_FOUND} />;
}
