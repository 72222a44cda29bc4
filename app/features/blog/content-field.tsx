/**
 * The article body field: a plain `<textarea name="content">` of HTML on the server and without
 * JavaScript (the form still saves), swapped after hydration for the TipTap editor, which is
 * imported lazily so only this route's browsers download it.
 */
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { Textarea } from "~/components/ui/form-controls";
import type { UploadedImage } from "./uploads";

const RichTextEditor = lazy(() => import("./rich-text-editor"));

export function ContentField({
  id,
  name,
  defaultValue,
  errors,
  errorId,
  uploads,
  onChange,
}: {
  id: string;
  name: string;
  defaultValue: string;
  errors: string[] | undefined;
  errorId: string;
  uploads: UploadedImage[];
  onChange: () => void;
}) {
  const [enhanced, setEnhanced] = useState(false);
  const textarea = useRef<HTMLTextAreaElement>(null);
  // what was typed before hydration carries over into the editor
  const [initial, setInitial] = useState(defaultValue);
  useEffect(() => {
    setInitial(textarea.current?.value ?? defaultValue);
    setEnhanced(true);
  }, [defaultValue]);
  const invalid = Boolean(errors?.length);
  const labelId = `${id}-label`;
  const hintId = `${id}-hint`;
  const describedBy = [hintId, invalid ? errorId : ""].filter(Boolean).join(" ");

  const plain = (
    <Textarea
      ref={textarea}
      id={id}
      name={name}
      defaultValue={initial}
      rows={16}
      aria-labelledby={labelId}
      aria-describedby={describedBy}
      aria-invalid={invalid || undefined}
      onChange={onChange}
      size="sm"
      className="font-mono"
    />
  );

  return (
    <div>
      <label
        id={labelId}
        htmlFor={enhanced ? undefined : id}
        className="mb-1 block text-sm font-medium"
      >
        Content
      </label>
      <p id={hintId} className="mb-2 text-sm text-slate-600">
        {enhanced
          ? "Headings, lists, links, quotes and images from the uploads; Preview shows the article as it will look."
          : "HTML: paragraphs (<p>), headings (<h2>, <h3>), lists, links, quotes and images. Unsafe markup is removed when saved."}
      </p>
      {enhanced ? (
        <Suspense fallback={plain}>
          <RichTextEditor
            id={id}
            name={name}
            labelId={labelId}
            describedBy={describedBy}
            invalid={invalid}
            initialHtml={initial}
            uploads={uploads}
            onChange={onChange}
          />
        </Suspense>
      ) : (
        plain
      )}
      {invalid ? (
        <p id={errorId} className="mt-1 text-sm font-medium text-error">
          {errors?.[0]}
        </p>
      ) : null}
    </div>
  );
}
