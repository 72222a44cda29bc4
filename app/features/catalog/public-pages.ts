/**
 * The site's public pages, derived from the catalog: what the build prerenders and what the
 * sitemap lists. Relative imports only: react-router.config.ts loads this file outside Vite.
 */
import { marketingCopyUpdated } from "./service-pages";
import { services } from "./services";

/** One page of the sitemap: an absolute path and the date its content last changed (YYYY-MM-DD). */
export interface PublicPage {
  path: string;
  lastmod: string;
}

/**
 * Home, /products, and each service's landing and location pages: static content, prerendered
 * at build time and served as files (docs/decisions/0069-prerendered-pages-for-guests.md).
 */
export function marketingPaths(): string[] {
  return [
    "/",
    "/products",
    ...services.flatMap((service) => [service.href, ...service.locations.map((l) => l.href)]),
  ];
}

/** Date the quote forms last changed (sitemap `lastmod`). */
export const quoteFormsUpdated = "2026-11-23";

/**
 * Every public page the sitemap lists: the marketing pages and the three quote forms. Other
 * areas (the blog) add their entries by concatenating their own list to this one.
 */
export function publicPages(): PublicPage[] {
  return [
    ...marketingPaths().map((path) => ({ path, lastmod: marketingCopyUpdated })),
    ...services.map((service) => ({ path: service.quoteHref, lastmod: quoteFormsUpdated })),
  ];
}
