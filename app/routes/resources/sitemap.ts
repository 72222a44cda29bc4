import { publicPages } from "~/features/catalog/public-pages";
import { sitemapXml } from "~/features/catalog/sitemap";
import { env } from "~/lib/env.server";

/** /sitemap.xml: every public page with its lastmod. */
export function loader() {
  return new Response(sitemapXml(publicPages(), env().PUBLIC_URL), {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
