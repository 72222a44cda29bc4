import { data, Form, Link, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { uploadMainUrl, uploadThumbUrl } from "~/features/blog/uploads";
import { listUploads, readUploadForm, storeUpload } from "~/features/blog/uploads.server";
import { pageMeta } from "~/lib/seo";
import { requireAdmin } from "~/lib/session.server";
import type { Route } from "./+types/blog-uploads";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return { uploads: await listUploads() };
}

/**
 * POST /admin/blog/uploads (multipart, field `image`): stores one image (features/blog/uploads.server.ts).
 * Answers `{ image }` (201) or `{ error }` (400/413) with nothing stored; the editor posts here
 * with a fetcher, and this page's own form works without JavaScript.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const read = await readUploadForm(request);
  if (!read.ok) return data({ error: read.message, image: null }, read.status);
  const file = read.form.get("image");
  const outcome = await storeUpload(file instanceof File ? file : null, admin.id);
  if (!outcome.ok) return data({ error: outcome.message, image: null }, outcome.status);
  return data({ error: null, image: outcome.image }, 201);
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { title: "Blog images", description: "Uploaded images.", noIndex: true });
}

export default function BlogUploads({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  return (
    <section aria-labelledby="uploads-title" className="space-y-6">
      <p>
        <Link to="/admin/blog" className="text-sm text-brand-800 underline">
          Back to posts
        </Link>
      </p>
      <h2 id="uploads-title" className="text-xl font-semibold">
        Blog images
      </h2>
      <Form method="post" encType="multipart/form-data" className="space-y-3">
        <div>
          <label htmlFor="upload-image" className="mb-1 block text-sm font-medium">
            Image
          </label>
          <input
            id="upload-image"
            name="image"
            type="file"
            accept="image/jpeg,image/png,image/webp,image/avif"
            required
            aria-describedby="upload-image-hint"
            aria-invalid={actionData?.error ? true : undefined}
            className="block text-sm"
          />
          <p id="upload-image-hint" className="mt-1 text-sm text-slate-600">
            JPEG, PNG, WebP or AVIF, at most 5 MB and 40 megapixels. Stored as WebP and AVIF in
            several sizes, without its metadata (camera, location).
          </p>
        </div>
        {actionData?.error && (
          <p role="alert" className="text-sm font-medium text-red-700">
            {actionData.error}
          </p>
        )}
        {actionData?.image && (
          <p role="status" className="text-sm font-medium text-emerald-800">
            Uploaded. Its address: <code>{uploadMainUrl(actionData.image)}</code>
          </p>
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
