import { data } from "react-router";
import { pageParam } from "~/features/blog/paging";
import { findCategoryPage } from "~/features/blog/posts.server";
import { blogListMeta, blogTrail, categoryCrumb, feedLink } from "~/features/blog/seo";
import { EMPTY_CATEGORY, TermErrorPage, TermPage } from "~/features/blog/term-page";
import { documentTitle } from "~/features/catalog/company";
import { SCRIPTS_AFTER_PAINT } from "~/lib/page-scripts";
import type { Route } from "./+types/category";

/** the public page paints before its scripts load (lib/page-scripts.ts) */
export const handle = SCRIPTS_AFTER_PAINT;

export const NOT_FOUND = "Category Not Found";

export async function loader({ request, params }: Route.LoaderArgs) {
  const page = pageParam(request);
  const found = page === null ? null : await findCategoryPage(params.slug, page);
  if (!found) throw data({ message: NOT_FOUND }, { status: 404 });
  if (found.page > found.pageCount) throw data({ message: NOT_FOUND }, { status: 404 });
  return found;
}

export function meta(args: Route.MetaArgs) {
  const found = args.loaderData;
  if (!found) return [{ title: documentTitle(NOT_FOUND) }, feedLink];
  const { category } = found;
  return blogListMeta(args, {
    title: `${category.name} Articles`,
    description:
      category.description ?? `Articles about ${category.name.toLowerCase()} for Utah homeowners.`,
    trail: blogTrail(categoryCrumb(category)),
    page: found.page,
  });
}

export default function CategoryPage({ loaderData }: Route.ComponentProps) {
  const { category, posts, page, pageCount } = loaderData;
  return (
    <TermPage
      kind="Category"
      name={category.name}
      trail={blogTrail(categoryCrumb(category))}
      description={category.description}
      posts={posts}
      page={page}
      pageCount={pageCount}
      basePath={`/blog/category/${category.slug}`}
      emptyMessage={EMPTY_CATEGORY}
    />
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <TermErrorPage error={error} title={NOT_FOUND} />;
}
