import { data } from "react-router";
import { pageParam } from "~/features/blog/paging";
import { findTagPage } from "~/features/blog/posts.server";
import { blogListMeta, blogTrail, feedLink, tagCrumb } from "~/features/blog/seo";
import { EMPTY_TAG, TermErrorPage, TermPage } from "~/features/blog/term-page";
import { documentTitle } from "~/features/catalog/company";
import { SCRIPTS_AFTER_PAINT } from "~/lib/page-scripts";
import type { Route } from "./+types/tag";

/** the public page paints before its scripts load (lib/page-scripts.ts) */
export const handle = SCRIPTS_AFTER_PAINT;

export const NOT_FOUND = "Tag Not Found";

export async function loader({ request, params }: Route.LoaderArgs) {
  const page = pageParam(request);
  const found = page === null ? null : await findTagPage(params.slug, page);
  if (!found) throw data({ message: NOT_FOUND }, { status: 404 });
  if (found.page > found.pageCount) throw data({ message: NOT_FOUND }, { status: 404 });
  return found;
}

export function meta(args: Route.MetaArgs) {
  const found = args.loaderData;
  if (!found) return [{ title: documentTitle(NOT_FOUND) }, feedLink];
  const { tag } = found;
  return blogListMeta(args, {
    title: `Articles tagged ${tag.name}`,
    description: `Articles tagged ${tag.name} on radon, mold and water quality for Utah homeowners.`,
    trail: blogTrail(tagCrumb(tag)),
    page: found.page,
  });
}

export default function TagPage({ loaderData }: Route.ComponentProps) {
  const { tag, posts, page, pageCount } = loaderData;
  return (
    <TermPage
      kind="Tag"
      name={tag.name}
      trail={blogTrail(tagCrumb(tag))}
      posts={posts}
      page={page}
      pageCount={pageCount}
      basePath={`/blog/tag/${tag.slug}`}
      emptyMessage={EMPTY_TAG}
    />
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <TermErrorPage error={error} title={NOT_FOUND} />;
}
