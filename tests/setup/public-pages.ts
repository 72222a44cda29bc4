/**
 * The public pages the HTML validation test and the Lighthouse bench (bench/lighthouse.ts) check:
 * one list for both. Today: home and the three quote forms. At merge with the public-pages branch
 * this becomes `publicPages().map((page) => page.path)` from `~/features/catalog/public-pages`
 * (the sitemap's list: /products, the landing and Utah pages join).
 */
import { services } from "../../app/features/catalog/services";

export function checkedPages(): string[] {
  return ["/", ...services.map((service) => service.quoteHref)];
}
