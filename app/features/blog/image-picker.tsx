/**
 * Choose an uploaded image or upload a new one (JavaScript only; without it the editor's image
 * fields take an address from the Blog images page). Uploads go to POST /admin/blog/uploads.json.
 * A refusal, whatever its reason (too large, checked here before sending; refused by the server;
 * no connection), is shown beside the file field and the editor keeps everything typed.
 */
import { useId, useState } from "react";
import { useRevalidator } from "react-router";
import { Input } from "~/components/ui/form-controls";
import {
  UPLOAD_API_PATH,
  UPLOAD_MAX_BYTES,
  UPLOAD_MESSAGES,
  type UploadAnswer,
  type UploadedImage,
  uploadThumbUrl,
} from "./uploads";

/** Sends `file` to the upload endpoint; any failure comes back as an answer with an error. */
async function upload(file: File): Promise<UploadAnswer> {
  if (file.size > UPLOAD_MAX_BYTES) return { error: UPLOAD_MESSAGES.tooLarge, image: null };
  const body = new FormData();
  body.append("image", file);
  try {
    const response = await fetch(UPLOAD_API_PATH, {
      method: "POST",
      body,
      credentials: "same-origin",
      redirect: "manual",
      headers: { Accept: "application/json" },
    });
    const answer = response.headers.get("Content-Type")?.includes("application/json")
      ? ((await response.json()) as Partial<UploadAnswer>)
      : null;
    if (answer?.image) return { error: null, image: answer.image };
    if (answer?.error) return { error: answer.error, image: null };
    // refused before the endpoint (the site-wide body limits answer in plain text)
    return {
      error: response.status === 413 ? UPLOAD_MESSAGES.tooLarge : UPLOAD_MESSAGES.failed,
      image: null,
    };
  } catch {
    return { error: UPLOAD_MESSAGES.failed, image: null };
  }
}

export function ImagePicker({
  uploads,
  onPick,
  label,
}: {
  uploads: UploadedImage[];
  onPick: (image: UploadedImage) => void;
  /** names the group, e.g. 'Featured image' */
  label: string;
}) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<UploadAnswer | null>(null);
  const revalidator = useRevalidator();

  return (
    <fieldset className="min-w-0 space-y-3 rounded-md border border-slate-300 p-3">
      <legend className="px-1 text-sm font-medium">{label}: choose or upload</legend>
      <div>
        <label htmlFor={`${id}-file`} className="mb-1 block text-sm">
          Upload a new image (JPEG, PNG, WebP or AVIF, at most 5 MB)
        </label>
        <Input
          id={`${id}-file`}
          type="file"
          accept="image/jpeg,image/png,image/webp,image/avif"
          aria-describedby={answer?.error ? `${id}-error` : undefined}
          aria-invalid={answer?.error ? true : undefined}
          disabled={busy}
          onChange={async (event) => {
            const input = event.currentTarget;
            const file = input.files?.[0];
            if (!file) return;
            setBusy(true);
            setAnswer(null);
            const outcome = await upload(file);
            input.value = "";
            setBusy(false);
            setAnswer(outcome);
            // a successful upload is used at once, and joins the list of uploads
            if (outcome.image) {
              onPick(outcome.image);
              void revalidator.revalidate();
            }
          }}
        />
        <p className="mt-1 text-sm text-slate-700" role="status">
          {busy ? "Uploading..." : answer?.image ? "Image uploaded." : ""}
        </p>
        {answer?.error ? (
          <p id={`${id}-error`} role="alert" className="mt-1 text-sm font-medium text-error">
            {answer.error}
          </p>
        ) : null}
      </div>
      {uploads.length > 0 ? (
        <ul className="grid max-h-64 grid-cols-3 gap-2 overflow-y-auto sm:grid-cols-4">
          {uploads.map((image, index) => (
            <li key={image.id}>
              <button
                type="button"
                onClick={() => onPick(image)}
                className="block w-full rounded border border-slate-300 p-1 hover:border-brand-700 focus-visible:outline-2 focus-visible:outline-brand-700"
              >
                <img
                  src={uploadThumbUrl(image)}
                  alt={`Use upload ${index + 1}, ${image.width} x ${image.height} pixels`}
                  className="aspect-video w-full object-cover"
                  loading="lazy"
                />
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-600">No images have been uploaded yet.</p>
      )}
    </fieldset>
  );
}
