import { data, Form, href } from "react-router";
import { BackLink } from "~/components/ui/back-link";
import { Button } from "~/components/ui/button";
import { Alert, Field, Input } from "~/components/ui/form-controls";
import { useIsPending } from "~/components/ui/use-is-pending";
import { uploadMainUrl, uploadThumbUrl } from "~/features/blog/uploads";
import { listUploads, uploadAnswer, uploadFromRequest } from "~/features/blog/uploads.server";
import { privatePageMeta } from "~/lib/seo";
import { requireAdmin } from "~/lib/session.server";
import type { Route } from "./+types/blog-uploads";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return { uploads: await listUploads() };
}

/**
 * POST /admin/blog/uploads (multipart, field `image`): stores one image (features/blog/uploads.server.ts).
 * Answers `{ image }` (201) or `{ error }` (400/413) with nothing stored: this page's own form,
 * which works without JavaScript (the editor posts to blog-uploads-api.ts).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const outcome = await uploadFromRequest(request, admin.id);
  return data(uploadAnswer(outcome), outcome.ok ? 201 : outcome.status);
}

export function meta(args: Route.MetaArgs) {
  return privatePageMeta(args, "Blog images", "Uploaded images.");
}

export default function BlogUploads({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useIsPending();
  return (
    <section aria-labelledby="uploads-title" className="space-y-6">
      <BackLink to={href("/admin/blog")}>Back to posts</BackLink>
      <h2 id="uploads-title" className="text-xl font-semibold">
        Blog images
      </h2>
      <Form method="post" encType="multipart/form-data" className="space-y-3">
        <Field
          id="upload-image"
          label="Image"
          description="JPEG, PNG, WebP or AVIF, at most 5 MB and 40 megapixels. Stored as WebP and AVIF in several sizes, without its metadata (camera, location)."
        >
          {(aria) => (
            <Input
              {...aria}
              aria-invalid={actionData?.error ? true : undefined}
              name="image"
              type="file"
              accept="image/jpeg,image/png,image/webp,image/avif"
              required
            />
          )}
        </Field>
        {actionData?.error && <Alert>{actionData.error}</Alert>}
        {actionData?.image && (
          <Alert tone="success">
            Uploaded. Its address: <code>{uploadMainUrl(actionData.image)}</code>
          </Alert>
        )}
        <Button type="submit" disabled={busy}>
          {busy ? "Uploading..." : "Upload image"}
        </Button>
      </Form>
      {loaderData.uploads.length === 0 ? (
        <p>No images have been uploaded yet.</p>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {loaderData.uploads.map((image) => (
            <li key={image.id} className="rounded-lg border border-slate-200 p-2">
              <img
                src={uploadThumbUrl(image)}
                alt=""
                width={image.widths[0]}
                height={Math.round(((image.widths[0] ?? 0) * image.height) / image.width)}
                className="aspect-video w-full rounded object-cover"
                loading="lazy"
              />
              <p className="mt-2 text-xs break-all text-slate-700">
                {image.width} x {image.height}: <code>{uploadMainUrl(image)}</code>
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
