import { ifNoneMatchHits, weakETag } from "~/features/blog/etag.server";
import { blogFeedXml } from "~/features/blog/feed.server";
import type { Route } from "./+types/feed";

/** GET /blog/feed.xml: RSS 2.0, with an ETag and 304 on a matching If-None-Match. */
export async function loader({ request }: Route.LoaderArgs) {
  const xml = await blogFeedXml();
  const etag = weakETag(xml);
  const headers = { ETag: etag, "Cache-Control": "public, max-age=300" };
  if (ifNoneMatchHits(request.headers.get("If-None-Match"), etag)) {
    return new Response(null, { status: 304, headers });
  }
  return new Response(xml, {
    headers: { ...headers, "Content-Type": "application/rss+xml; charset=utf-8" },
  });
}
