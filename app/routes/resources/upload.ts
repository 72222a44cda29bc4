/**
 * GET /uploads/:file - one re-encoded variant of an uploaded blog image. Names are content
 * hashes, so a name always means the same bytes: cached for a year and never revalidated.
 */
import { readUploadFile } from "~/features/blog/uploads.server";
import type { Route } from "./+types/upload";

export async function loader({ params }: Route.LoaderArgs) {
  const file = await readUploadFile(params.file);
  if (!file) {
    return new Response("Not found", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  return new Response(new Uint8Array(file.body), {
    headers: {
      "Content-Type": file.contentType,
      "Content-Length": String(file.body.byteLength),
      "Cache-Control": "public, max-age=31536000, immutable",
    },
  });
}
