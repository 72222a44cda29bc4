import { robotsTxt } from "~/features/catalog/sitemap";
import { env } from "~/lib/env.server";
import { absoluteUrl, privatePathPrefixes } from "~/lib/seo";

/** /robots.txt: the private areas disallowed, the sitemap named. */
export function loader() {
  const body = robotsTxt(privatePathPrefixes, absoluteUrl(env().PUBLIC_URL, "/sitemap.xml"));
  return new Response(body, {
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
