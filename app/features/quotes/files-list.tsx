/**
 * The files attached to a quote, as the admin's quote page and the requester's status page show
 * them: photos as thumbnails that open the photo, lab reports as download links. `base` is the
 * file route's address for this reader (`/admin/quotes/:id/files`, `/quotes/status/:token/files`...),
 * which checks who may see each file.
 */
import { FileText } from "lucide-react";
import { formatFileSize, type QuoteFileView } from "./files";

export function QuoteFilesList({ files, base }: { files: QuoteFileView[]; base: string }) {
  if (files.length === 0) return <p className="text-sm text-slate-700">No files were attached.</p>;
  const photos = files.filter((file) => file.kind === "photo");
  const reports = files.filter((file) => file.kind === "report");
  return (
    <div className="space-y-4">
      {photos.length > 0 && (
        <ul aria-label="Photos" className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {photos.map((photo) => (
            <li key={photo.id}>
              <a href={`${base}/${photo.id}`} target="_blank" rel="noreferrer noopener">
                <img
                  src={`${base}/${photo.id}?size=thumbnail`}
                  alt={`${photo.name} (opens the full size)`}
                  width={photo.width ?? undefined}
                  height={photo.height ?? undefined}
                  loading="lazy"
                  className="aspect-square w-full rounded border border-slate-200 object-cover"
                />
              </a>
              <p className="mt-1 truncate text-xs text-slate-700" title={photo.name}>
                {photo.name}
              </p>
            </li>
          ))}
        </ul>
      )}
      {reports.length > 0 && (
        <ul aria-label="Lab reports" className="space-y-2">
          {reports.map((report) => (
            <li key={report.id} className="flex items-center gap-2 text-sm">
              <FileText className="size-4 shrink-0 text-slate-600" aria-hidden="true" />
              <a
                href={`${base}/${report.id}`}
                download
                className="break-all text-brand-800 underline"
              >
                {report.name}
              </a>
              <span className="text-slate-600">(PDF, {formatFileSize(report.sizeBytes)})</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
