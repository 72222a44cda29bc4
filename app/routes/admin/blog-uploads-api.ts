import { uploadAnswer, uploadFromRequest } from "~/features/blog/uploads.server";
import { requireAdmin } from "~/lib/session.server";
import type { Route } from "./+types/blog-uploads-api";

/**
 * POST /admin/blog/uploads.json (multipart, field `image`): the editor's upload, answered as JSON
 * `{ error, image }` (201, or 400/413 with nothing stored) so the editor shows any refusal beside
 * its field and keeps the post being written (features/blog/image-picker.tsx).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const outcome = await uploadFromRequest(request, admin.id);
  return Response.json(uploadAnswer(outcome), {
    status: outcome.ok ? 201 : outcome.status,
    headers: { "Cache-Control": "no-store" },
  });
}
