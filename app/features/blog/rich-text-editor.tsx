/**
 * The article's rich-text editor (TipTap 3), loaded lazily by the editor route only after
 * hydration (content-field.tsx), so no other page ships it. It writes its HTML into a hidden
 * `content` field; the server sanitises it (sanitize.server.ts) on save and on render.
 */
import Image from "@tiptap/extension-image";
import Link from "@tiptap/extension-link";
import { type Editor, EditorContent, useEditor, useEditorState } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import {
  Bold,
  Heading2,
  Heading3,
  ImagePlus,
  Italic,
  Link2,
  List,
  ListOrdered,
  Pilcrow,
  Quote,
  Redo2,
  Undo2,
} from "lucide-react";
import { type ReactNode, useCallback, useState } from "react";
import { Input } from "~/components/ui/form-controls";
import { cn } from "~/lib/utils";
import { articleBody } from "./article-body";
import { ImagePicker } from "./image-picker";
import { type UploadedImage, uploadMainUrl } from "./uploads";

/** The URLs the site's sanitiser keeps in links: http(s), mailto, root-relative and fragments. */
const allowedLink = /^(https?:\/\/|mailto:|\/(?!\/)|#)/i;

export interface RichTextEditorProps {
  /** id of the editable element (the error summary links to it) */
  id: string;
  name: string;
  labelId: string;
  describedBy?: string;
  invalid: boolean;
  initialHtml: string;
  uploads: UploadedImage[];
  onChange: (html: string) => void;
}

function ToolbarButton({
  label,
  pressed,
  onClick,
  disabled,
  children,
}: {
  label: string;
  pressed?: boolean;
  onClick: () => void;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      aria-pressed={pressed}
      disabled={disabled}
      onClick={onClick}
      className={cn(
        "inline-flex size-9 items-center justify-center rounded-md hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-700 disabled:opacity-50 [&_svg]:size-4",
        pressed ? "bg-brand-100 text-brand-900" : "text-slate-800",
      )}
    >
      {children}
    </button>
  );
}

function useToolbarState(editor: Editor) {
  return useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      h2: e.isActive("heading", { level: 2 }),
      h3: e.isActive("heading", { level: 3 }),
      paragraph: e.isActive("paragraph"),
      bold: e.isActive("bold"),
      italic: e.isActive("italic"),
      bullet: e.isActive("bulletList"),
      ordered: e.isActive("orderedList"),
      quote: e.isActive("blockquote"),
      link: e.isActive("link"),
      href: (e.getAttributes("link").href as string | undefined) ?? "",
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
}

export default function RichTextEditor(props: RichTextEditorProps) {
  const { id, name, labelId, describedBy, invalid, initialHtml, uploads, onChange } = props;
  const [html, setHtml] = useState(initialHtml);
  const [tab, setTab] = useState<"write" | "preview">("write");
  const [panel, setPanel] = useState<"none" | "link" | "image">("none");
  const [linkUrl, setLinkUrl] = useState("");
  const [linkError, setLinkError] = useState("");
  const [alt, setAlt] = useState("");

  const editor = useEditor({
    extensions: [
      // the link mark comes from @tiptap/extension-link below, configured for our allowlist
      StarterKit.configure({ heading: { levels: [2, 3, 4] }, link: false }),
      Link.configure({
        openOnClick: false,
        // links stay in the tab as stored (the sanitiser sets rel, and keeps no target)
        HTMLAttributes: { target: null, rel: null },
        autolink: true,
        defaultProtocol: "https",
        isAllowedUri: (url, ctx) => allowedLink.test(url) && ctx.defaultValidate(url),
      }),
      Image.configure({ inline: false, allowBase64: false }),
    ],
    content: initialHtml,
    immediatelyRender: false,
    editorProps: {
      attributes: {
        id,
        role: "textbox",
        "aria-multiline": "true",
        "aria-labelledby": labelId,
        ...(describedBy ? { "aria-describedby": describedBy } : {}),
        ...(invalid ? { "aria-invalid": "true" } : {}),
        class: cn(
          articleBody,
          "min-h-72 rounded-b-md border bg-white px-4 py-3 focus:outline-2 focus:outline-brand-700",
          invalid ? "border-error" : "border-slate-400",
        ),
      },
    },
    onUpdate: ({ editor: e }) => {
      const next = e.isEmpty ? "" : e.getHTML();
      setHtml(next);
      onChange(next);
    },
  });

  const pickImage = useCallback(
    (image: UploadedImage) => {
      editor
        ?.chain()
        .focus()
        .setImage({ src: uploadMainUrl(image), alt: alt.trim() })
        .run();
      setAlt("");
      setPanel("none");
    },
    [editor, alt],
  );

  return (
    <div>
      <input type="hidden" name={name} value={html} />
      <div role="tablist" aria-label="Content view" className="flex gap-1">
        {(["write", "preview"] as const).map((t) => (
          <button
            key={t}
            type="button"
            role="tab"
            id={`${id}-tab-${t}`}
            aria-selected={tab === t}
            aria-controls={`${id}-panel-${t}`}
            onClick={() => setTab(t)}
            className={cn(
              "rounded-t-md border border-b-0 border-slate-300 px-4 py-1.5 text-sm font-medium",
              tab === t ? "bg-white text-slate-900" : "bg-slate-100 text-slate-700",
            )}
          >
            {t === "write" ? "Write" : "Preview"}
          </button>
        ))}
      </div>
      <div
        id={`${id}-panel-write`}
        role="tabpanel"
        aria-labelledby={`${id}-tab-write`}
        hidden={tab !== "write"}
      >
        {editor ? (
          <Toolbar
            editor={editor}
            panel={panel}
            setPanel={(next) => {
              setPanel(next);
              setLinkError("");
              if (next === "link") setLinkUrl(editor.getAttributes("link").href ?? "");
            }}
          />
        ) : null}
        {editor && panel === "link" ? (
          <div className="flex flex-wrap items-end gap-2 border border-b-0 border-slate-300 bg-slate-50 p-3">
            <div className="flex flex-col gap-1">
              <label htmlFor={`${id}-link`} className="text-sm font-medium">
                Link address
              </label>
              <Input
                id={`${id}-link`}
                type="url"
                value={linkUrl}
                onChange={(e) => setLinkUrl(e.target.value)}
                onKeyDown={(e) => {
                  if (e.key === "Enter") {
                    e.preventDefault();
                    document.getElementById(`${id}-link-apply`)?.click();
                  }
                }}
                aria-invalid={linkError ? true : undefined}
                aria-describedby={linkError ? `${id}-link-error` : undefined}
                placeholder="https://www.epa.gov/radon"
                size="sm"
                className="w-72"
              />
            </div>
            <button
              id={`${id}-link-apply`}
              type="button"
              className="h-9 rounded-md bg-brand-700 px-3 text-sm font-semibold text-white"
              onClick={() => {
                const url = linkUrl.trim();
                if (!allowedLink.test(url)) {
                  setLinkError("Use an http(s) or mailto address, or a path on this site");
                  return;
                }
                editor.chain().focus().extendMarkRange("link").setLink({ href: url }).run();
                setPanel("none");
              }}
            >
              Apply link
            </button>
            <button
              type="button"
              className="h-9 rounded-md border border-slate-300 bg-white px-3 text-sm"
              onClick={() => {
                editor.chain().focus().extendMarkRange("link").unsetLink().run();
                setPanel("none");
              }}
            >
              Remove link
            </button>
            {linkError ? (
              <p id={`${id}-link-error`} className="w-full text-sm font-medium text-error">
                {linkError}
              </p>
            ) : null}
          </div>
        ) : null}
        {editor && panel === "image" ? (
          <div className="space-y-3 border border-b-0 border-slate-300 bg-slate-50 p-3">
            <div className="flex flex-col gap-1">
              <label htmlFor={`${id}-alt`} className="text-sm font-medium">
                Image description (alt text)
              </label>
              <Input
                id={`${id}-alt`}
                value={alt}
                onChange={(e) => setAlt(e.target.value)}
                size="sm"
                className="w-full max-w-md"
              />
            </div>
            <ImagePicker uploads={uploads} onPick={pickImage} label="Image in the article" />
          </div>
        ) : null}
        <EditorContent editor={editor} />
      </div>
      <div
        id={`${id}-panel-preview`}
        role="tabpanel"
        aria-labelledby={`${id}-tab-preview`}
        hidden={tab !== "preview"}
        className="rounded-b-md border border-slate-300 bg-white px-4 py-3"
      >
        {html ? (
          // TipTap's own output (its schema admits only the toolbar's nodes and marks); the
          // server sanitises it again on save and on render
          // biome-ignore lint/security/noDangerouslySetInnerHtml: editor-schema HTML, previewed
          <div className={articleBody} dangerouslySetInnerHTML={{ __html: html }} />
        ) : (
          <p className="text-slate-600">Nothing written yet.</p>
        )}
      </div>
    </div>
  );
}

function Toolbar({
  editor,
  panel,
  setPanel,
}: {
  editor: Editor;
  panel: "none" | "link" | "image";
  setPanel: (panel: "none" | "link" | "image") => void;
}) {
  const s = useToolbarState(editor);
  const run = (command: (chain: ReturnType<Editor["chain"]>) => ReturnType<Editor["chain"]>) =>
    command(editor.chain().focus()).run();
  return (
    <fieldset className="flex flex-wrap gap-1 border border-b-0 border-slate-300 bg-white p-1">
      <legend className="sr-only">Formatting</legend>
      <ToolbarButton
        label="Paragraph"
        pressed={s.paragraph}
        onClick={() => run((c) => c.setParagraph())}
      >
        <Pilcrow aria-hidden="true" />
      </ToolbarButton>
      <ToolbarButton
        label="Heading 2"
        pressed={s.h2}
        onClick={() => run((c) => c.toggleHeading({ level: 2 }))}
      >
        <Heading2 aria-hidden="true" />
      </ToolbarButton>
      <ToolbarButton
        label="Heading 3"
        pressed={s.h3}
        onClick={() => run((c) => c.toggleHeading({ level: 3 }))}
      >
        <Heading3 aria-hidden="true" />
      </ToolbarButton>
      <ToolbarButton label="Bold" pressed={s.bold} onClick={() => run((c) => c.toggleBold())}>
        <Bold aria-hidden="true" />
      </ToolbarButton>
      <ToolbarButton label="Italic" pressed={s.italic} onClick={() => run((c) => c.toggleItalic())}>
        <Italic aria-hidden="true" />
      </ToolbarButton>
      <ToolbarButton
        label="Bulleted list"
        pressed={s.bullet}
        onClick={() => run((c) => c.toggleBulletList())}
      >
        <List aria-hidden="true" />
      </ToolbarButton>
      <ToolbarButton
        label="Numbered list"
        pressed={s.ordered}
        onClick={() => run((c) => c.toggleOrderedList())}
      >
        <ListOrdered aria-hidden="true" />
      </ToolbarButton>
      <ToolbarButton
        label="Quote"
        pressed={s.quote}
        onClick={() => run((c) => c.toggleBlockquote())}
      >
        <Quote aria-hidden="true" />
      </ToolbarButton>
      <ToolbarButton
        label="Link"
        pressed={s.link || panel === "link"}
        onClick={() => setPanel(panel === "link" ? "none" : "link")}
      >
        <Link2 aria-hidden="true" />
      </ToolbarButton>
      <ToolbarButton
        label="Image"
        pressed={panel === "image"}
        onClick={() => setPanel(panel === "image" ? "none" : "image")}
      >
        <ImagePlus aria-hidden="true" />
      </ToolbarButton>
      <ToolbarButton label="Undo" disabled={!s.canUndo} onClick={() => run((c) => c.undo())}>
        <Undo2 aria-hidden="true" />
      </ToolbarButton>
      <ToolbarButton label="Redo" disabled={!s.canRedo} onClick={() => run((c) => c.redo())}>
        <Redo2 aria-hidden="true" />
      </ToolbarButton>
    </fieldset>
  );
}
