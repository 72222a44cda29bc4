import { uploadFromQuoteForm } from "~/features/quotes/files.server";
import { requestContext } from "~/lib/request-context";
import type { Route } from "./+types/upload";

/**
 * POST /quotes/uploads (multipart: kind, submissionKey, file): a quote form's file uploaded as
 * soon as it is chosen (with JavaScript), answered as JSON `{ error, file }` (201, or 400/413/429
 * with the reason and nothing stored). The form then sends the file's id with the request.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { status, answer } = await uploadFromQuoteForm(
    request,
    context.get(requestContext).clientIp,
  );
  return Response.json(answer, { status, headers: { "Cache-Control": "no-store" } });
}
