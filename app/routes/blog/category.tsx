import { findCategoryPage } from "~/features/blog/posts.server";
import { blogTrail, categoryCrumb, termPageMeta } from "~/features/blog/seo";
import { TermErrorPage, TermPage } from "~/features/blog/term-page";
import { loadTermPage } from "~/features/blog/term-route.server";
import { SCRIPTS_AFTER_PAINT } from "~/lib/page-scripts";
import type { Route } from "./+types/category";

/** the public page paints before its scripts load (lib/page-scripts.ts) */
export const handle = SCRIPTS_AFTER_PAINT;

export const NOT_FOUND = "Category Not Found";

export async function loader({ request, params }: Route.LoaderArgs) {
  return loadTermPage(request, (page) => findCategoryPage(params.slug, page), NOT_FOUND);
}

export function meta(args: Route.MetaArgs) {
  return termPageMeta(args, NOT_FOUND, ({ category }) => ({
    title: `${category.name} Articles`,
    description:
      category.description ?? `Articles about ${category.name.toLowerCase()} for Utah homeowners.`,
    trail: blogTrail(categoryCrumb(category)),
  }));
}

export default function CategoryPage({ loaderData }: Route.ComponentProps) {
  const { category, ...list } = loaderData;
  return (
    <TermPage
      kind="Category"
      name={category.name}
      description={category.description}
      crumb={categoryCrumb(category)}
      {...list}
    />
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <TermErrorPage error={error} title={NOT_FOUND} />;
}
