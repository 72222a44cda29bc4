/**
 * Choose an uploaded image or upload a new one (JavaScript only; without it the editor's image
 * fields take an address from the Blog images page). Uploads go to POST /admin/blog/uploads.
 */
import { useEffect, useId, useRef } from "react";
import { useFetcher } from "react-router";
import { type UploadedImage, uploadThumbUrl } from "./uploads";

export const UPLOAD_ACTION = "/admin/blog/uploads";

interface UploadAnswer {
  error: string | null;
  image: UploadedImage | null;
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
  const fetcher = useFetcher<UploadAnswer>();
  const id = useId();
  const picked = useRef<UploadAnswer | undefined>(undefined);
  const busy = fetcher.state !== "idle";
  const answer = fetcher.data;

  // a successful upload is used at once (once per answer)
  useEffect(() => {
    if (answer && answer !== picked.current && answer.image) {
      picked.current = answer;
      onPick(answer.image);
    }
  }, [answer, onPick]);

  return (
    <fieldset className="space-y-3 rounded-md border border-slate-300 p-3">
      <legend className="px-1 text-sm font-medium">{label}: choose or upload</legend>
      <div>
        <label htmlFor={`${id}-file`} className="mb-1 block text-sm">
          Upload a new image (JPEG, PNG, WebP or AVIF, at most 5 MB)
        </label>
        <input
          id={`${id}-file`}
          type="file"
          accept="image/jpeg,image/png,image/webp,image/avif"
          aria-describedby={answer?.error ? `${id}-error` : undefined}
          aria-invalid={answer?.error ? true : undefined}
          disabled={busy}
          className="block text-sm"
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            if (!file) return;
            const body = new FormData();
            body.append("image", file);
            fetcher.submit(body, {
              method: "post",
              action: UPLOAD_ACTION,
              encType: "multipart/form-data",
            });
            event.currentTarget.value = "";
          }}
        />
        <p className="mt-1 text-sm text-slate-700" role="status">
          {busy ? "Uploading..." : answer?.image ? "Image uploaded." : ""}
        </p>
        {answer?.error ? (
          <p id={`${id}-error`} role="alert" className="mt-1 text-sm font-medium text-red-700">
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
