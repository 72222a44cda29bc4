/**
 * A quote form's file field (photos or lab reports; docs/decisions/0149-quote-files.md).
 * Without JavaScript it is a plain `<input type="file" multiple>` sent with the form. With
 * JavaScript the field has no name (the files never go with the form): each chosen file is
 * uploaded at once to /quotes/uploads with a progress bar, and a hidden `uploadedFiles` field
 * carries its id. A refused file says why beside the field; an upload still running holds the
 * submit (the form's `data-upload-pending` check in quote-form.tsx).
 */
import type { FieldMetadata } from "@conform-to/react";
import { useEffect, useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import { Field, Input } from "~/components/ui/form-controls";
import {
  formatFileSize,
  QUOTE_FILE_ACCEPT,
  QUOTE_FILE_FIELDS,
  QUOTE_FILE_LIMITS,
  QUOTE_FILE_MAX_BYTES,
  QUOTE_FILE_MESSAGES,
  QUOTE_UPLOAD_PATH,
  type QuoteFileKind,
  type QuoteUploadAnswer,
  UPLOADED_FILE_FIELD,
} from "./files";
import { SUBMISSION_KEY_FIELD } from "./submission-key";

interface Item {
  local: number;
  name: string;
  size: number;
  /** 0..1 while uploading */
  progress: number;
  state: "uploading" | "done" | "refused";
  error?: string;
  uploadId?: string;
}

/** Sends one file; resolves with the server's answer, or a failure naming the file. */
function upload(
  file: File,
  kind: QuoteFileKind,
  submissionKey: string,
  onProgress: (fraction: number) => void,
): Promise<QuoteUploadAnswer> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    const failed = (error: string) => resolve({ error, file: null });
    xhr.open("POST", QUOTE_UPLOAD_PATH);
    xhr.responseType = "json";
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      const answer = xhr.response as QuoteUploadAnswer | null;
      if (answer && "error" in answer) resolve(answer);
      else if (xhr.status === 413) failed(QUOTE_FILE_MESSAGES.tooLarge(file.name));
      else failed(QUOTE_FILE_MESSAGES.failed(file.name));
    };
    xhr.onerror = () => failed(QUOTE_FILE_MESSAGES.failed(file.name));
    const body = new FormData();
    body.append("kind", kind);
    body.append(SUBMISSION_KEY_FIELD, submissionKey);
    body.append("file", file);
    xhr.send(body);
  });
}

export function QuoteFileField({
  kind,
  meta,
  label,
  hint,
}: {
  kind: QuoteFileKind;
  meta: FieldMetadata<unknown>;
  label: string;
  hint: string;
}) {
  const [enhanced, setEnhanced] = useState(false);
  const [items, setItems] = useState<Item[]>([]);
  const counter = useRef(0);
  useEffect(() => setEnhanced(true), []);
  const update = (local: number, change: Partial<Item>) =>
    setItems((all) => all.map((item) => (item.local === local ? { ...item, ...change } : item)));

  const choose = (input: HTMLInputElement) => {
    const key = (input.form?.elements.namedItem(SUBMISSION_KEY_FIELD) as HTMLInputElement | null)
      ?.value;
    const files = [...(input.files ?? [])];
    // cleared, so nothing goes with the form and the same file can be chosen again
    input.value = "";
    let room = QUOTE_FILE_LIMITS[kind] - items.filter((item) => item.state !== "refused").length;
    const added: Item[] = [];
    for (const file of files) {
      const item: Item = {
        local: counter.current++,
        name: file.name,
        size: file.size,
        progress: 0,
        state: "uploading",
      };
      if (room <= 0) {
        item.state = "refused";
        item.error = `${file.name}: ${QUOTE_FILE_MESSAGES.tooMany(kind)}`;
      } else if (file.size > QUOTE_FILE_MAX_BYTES) {
        item.state = "refused";
        item.error = QUOTE_FILE_MESSAGES.tooLarge(file.name);
      } else {
        room -= 1;
        void upload(file, kind, key ?? "", (progress) => update(item.local, { progress })).then(
          (answer) =>
            update(
              item.local,
              answer.file
                ? { state: "done", progress: 1, uploadId: answer.file.id }
                : { state: "refused", error: answer.error },
            ),
        );
      }
      added.push(item);
    }
    setItems((all) => [...all, ...added]);
  };

  const field = QUOTE_FILE_FIELDS[kind];
  return (
    <Field id={meta.id} label={label} description={hint} errors={meta.errors} className="space-y-2">
      {(aria) => (
        <>
          <Input
            {...aria}
            type="file"
            multiple
            accept={QUOTE_FILE_ACCEPT[kind]}
            name={enhanced ? undefined : field}
            onChange={(event) => choose(event.currentTarget)}
          />
          {items.length > 0 && (
            <ul className="space-y-2" aria-label={`${label}: chosen files`}>
              {items.map((item) => (
                <li
                  key={item.local}
                  className="rounded-md border border-slate-200 p-2 text-sm"
                  data-upload-pending={item.state === "uploading" || undefined}
                >
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <span className="break-all">
                      {item.name} ({formatFileSize(item.size)})
                    </span>
                    {item.state !== "uploading" && (
                      <Button
                        type="button"
                        variant="outline"
                        size="sm"
                        onClick={() => setItems((all) => all.filter((i) => i.local !== item.local))}
                      >
                        Remove<span className="sr-only"> {item.name}</span>
                      </Button>
                    )}
                  </div>
                  {item.state === "uploading" && (
                    <progress
                      className="mt-2 block h-2 w-full accent-brand-700"
                      max={1}
                      value={item.progress}
                      aria-label={`Uploading ${item.name}`}
                    />
                  )}
                  {item.state === "done" && (
                    <p className="mt-1 text-success-strong">
                      Attached
                      <input type="hidden" name={UPLOADED_FILE_FIELD} value={item.uploadId} />
                    </p>
                  )}
                  {item.state === "refused" && (
                    <p className="mt-1 font-medium text-error" role="alert">
                      {item.error}
                    </p>
                  )}
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </Field>
  );
}
