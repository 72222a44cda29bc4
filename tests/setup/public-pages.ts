/**
 * The public pages the HTML validation test and the Lighthouse bench (bench/lighthouse.ts) check:
 * one list for both, the sitemap's own (home, /products, landing and Utah pages, quote forms)
 * plus the blog list.
 */
import { publicPages } from "../../app/features/catalog/public-pages";

export function checkedPages(): string[] {
  return [...publicPages().map((page) => page.path), "/blog"];
}
