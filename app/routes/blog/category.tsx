import { data, isRouteErrorResponse } from "react-router";
import { pageParam } from "~/features/blog/paging";
import { findCategoryPage } from "~/features/blog/posts.server";
import { blogListMeta, feedLink } from "~/features/blog/seo";
import { EMPTY_CATEGORY, TermErrorPage, TermPage } from "~/features/blog/term-page";
import type { Route } from "./+types/category";

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
  if (!found) return [{ title: `${NOT_FOUND} | Utah Home Remediation` }, feedLink];
  const { category } = found;
  return blogListMeta(args, {
    title: `${category.name} Articles`,
    description:
      category.description ?? `Articles about ${category.name.toLowerCase()} for Utah homeowners.`,
    crumbs: [
      { name: "Blog", path: "/blog" },
      { name: category.name, path: `/blog/category/${category.slug}` },
    ],
    page: found.page,
  });
}

export default function CategoryPage({ loaderData }: Route.ComponentProps) {
  const { category, posts, page, pageCount } = loaderData;
  return (
    <TermPage
      kind="Category"
      name={category.name}
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
  return (
    <TermErrorPage
      notFound={isRouteErrorResponse(error) && error.status === 404}
      title={NOT_FOUND}
    />
  );
}
