/**
 * The blog post form of the admin editor: one Conform form on the shared zod
 * schema, native controls (it saves with JavaScript off), an error summary that takes focus, the
 * slug suggested from the title, live counts for the SEO fields, categories and tags picked or
 * created inline, and a question before leaving with unsaved changes.
 */
import {
  type FieldMetadata,
  getCollectionProps,
  getFormProps,
  type SubmissionResult,
  useForm,
} from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { type ReactNode, useCallback, useEffect, useRef, useState } from "react";
import { Form, href, Link, useBlocker } from "react-router";
import { Button } from "~/components/ui/button";
import {
  Checkbox,
  ErrorSummaryLinks,
  TextAreaField,
  TextField,
} from "~/components/ui/form-controls";
import { toast } from "~/components/ui/toaster";
import { useIsPending } from "~/components/ui/use-is-pending";
import { cn } from "~/lib/utils";
import { ContentField } from "./content-field";
import {
  META_DESCRIPTION_RECOMMENDED,
  META_TITLE_RECOMMENDED,
  type PostForm,
  postFormSchema,
} from "./editor-schema";
import { ImagePicker } from "./image-picker";
import { slugify } from "./slug";
import { type UploadedImage, uploadMainUrl } from "./uploads";

export interface EditorPost {
  id: string;
  title: string;
  slug: string;
  excerpt: string | null;
  content: string;
  featured_image: string | null;
  author_name: string;
  meta_title: string | null;
  meta_description: string | null;
  published: boolean;
  category_ids: string[];
  tag_ids: string[];
}

interface Term {
  id: string;
  name: string;
}

export interface PostEditorProps {
  /** null: a new post */
  post: EditorPost | null;
  categories: Term[];
  tags: Term[];
  uploads: UploadedImage[];
  /** SPEC section 5: the part of the admin's email before the at-sign, else 'Anonymous' */
  defaultAuthor: string;
  lastResult: SubmissionResult<string[]> | null | undefined;
}

export const LEAVE_QUESTION = "You have unsaved changes. Leave this page without saving them?";

/** Asks before leaving while `dirty`: in-app navigations (useBlocker) and reloads/closing (beforeunload). */
function useLeaveGuard(dirty: boolean) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && currentLocation.pathname !== nextLocation.pathname,
  );
  // asked once per blocked navigation: a render while it is still blocked must not ask again
  const asked = useRef<string | null>(null);
  useEffect(() => {
    if (blocker.state !== "blocked") {
      asked.current = null;
      return;
    }
    if (asked.current === blocker.location.key) return;
    asked.current = blocker.location.key;
    if (window.confirm(LEAVE_QUESTION)) blocker.proceed();
    else blocker.reset();
  }, [blocker]);
  useEffect(() => {
    if (!dirty) return;
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // older browsers need returnValue set to show the question
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", ask);
    return () => window.removeEventListener("beforeunload", ask);
  }, [dirty]);
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="min-w-0 space-y-5 rounded-lg border border-slate-200 p-4 sm:p-6">
      <legend className="px-2 text-base font-semibold">{title}</legend>
      {children}
    </fieldset>
  );
}

/** A text field with its recommended length and a live count of what is typed. */
function CountedField({
  meta,
  label,
  recommended,
  multiline,
}: {
  meta: FieldMetadata<string | undefined>;
  label: string;
  recommended: number;
  multiline?: boolean;
}) {
  const [count, setCount] = useState((meta.initialValue as string | undefined)?.length ?? 0);
  const over = count > recommended;
  const hint = (
    <span className={cn(over && "font-medium text-amber-800")}>
      Recommended: up to {recommended} characters ({count} used
      {over ? `, ${count - recommended} over` : ""}).
    </span>
  );
  const onInput = (event: { currentTarget: { value: string } }) =>
    setCount(event.currentTarget.value.length);
  return multiline ? (
    <TextAreaField meta={meta} label={label} hint={hint} rows={3} onInput={onInput} />
  ) : (
    <TextField meta={meta} label={label} hint={hint} onInput={onInput} />
  );
}

function TermPicker({
  meta,
  legend,
  terms,
  newMeta,
  newLabel,
}: {
  meta: FieldMetadata<string[]>;
  legend: string;
  terms: Term[];
  newMeta: FieldMetadata<string | undefined>;
  newLabel: string;
}) {
  const items = getCollectionProps(meta, { type: "checkbox", options: terms.map((t) => t.id) });
  const names = new Map(terms.map((t) => [t.id, t.name]));
  return (
    <div className="space-y-3">
      <fieldset id={meta.id} tabIndex={-1}>
        <legend className="mb-2 text-sm font-medium">{legend}</legend>
        {terms.length === 0 ? (
          <p className="text-sm text-slate-600">None yet: create one below.</p>
        ) : (
          <div className="grid gap-2 sm:grid-cols-3">
            {items.map(({ key, ...item }) => (
              <label
                key={key}
                htmlFor={item.id}
                className="flex min-h-6 items-center gap-2 text-sm"
              >
                <Checkbox {...item} />
                {names.get(item.value)}
              </label>
            ))}
          </div>
        )}
      </fieldset>
      <TextField
        meta={newMeta}
        label={newLabel}
        hint="Comma-separated; created when the post is saved (an existing name is reused)."
      />
    </div>
  );
}

export function PostEditor({
  post,
  categories,
  tags,
  uploads,
  defaultAuthor,
  lastResult,
}: PostEditorProps) {
  const action = post ? href("/admin/blog/:id", { id: post.id }) : href("/admin/blog/new");
  const busy = useIsPending({ formAction: action });
  const [dirty, setDirty] = useState(false);
  const markDirty = useCallback(() => setDirty(true), []);
  useLeaveGuard(dirty && !busy);

  const [form, fields] = useForm<PostForm, PostForm, string[]>({
    id: "post-form",
    lastResult,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    defaultValue: {
      title: post?.title ?? "",
      slug: post?.slug ?? "",
      excerpt: post?.excerpt ?? "",
      content: post?.content ?? "",
      featured_image: post?.featured_image ?? "",
      author_name: post?.author_name ?? defaultAuthor,
      meta_title: post?.meta_title ?? "",
      meta_description: post?.meta_description ?? "",
      category_ids: post?.category_ids ?? [],
      tag_ids: post?.tag_ids ?? [],
    } as never,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: postFormSchema }),
  });

  // the slug follows the title until it is edited by hand (new posts, or an empty slug)
  const slugEdited = useRef(Boolean(post?.slug));
  const slugInput = useRef<HTMLInputElement | null>(null);
  // what the form starts with: the stored post, or what was sent when the server refused it
  const [featured, setFeatured] = useState(
    (fields.featured_image.initialValue as string | undefined) ?? "",
  );
  // the image picker needs JavaScript; without it the field takes an address
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  // after a refused save (browser or server): focus the summary, raise one toast
  const summaryRef = useRef<HTMLDivElement>(null);
  const [attempts, setAttempts] = useState(0);
  const fieldErrors = Object.entries(form.allErrors).filter(
    ([name, errors]) => name !== form.name && errors.length > 0,
  );
  const hasErrors = (attempts > 0 || lastResult != null) && fieldErrors.length > 0;
  const reportPending = useRef(false);
  useEffect(() => {
    if (lastResult) reportPending.current = true;
  }, [lastResult]);
  useEffect(() => {
    if (!reportPending.current || !hasErrors) return;
    reportPending.current = false;
    setTimeout(() => summaryRef.current?.focus(), 0);
    toast.error("The post was not saved", { description: fieldErrors[0]?.[1][0] });
  });

  const fieldIds: Record<string, string> = Object.fromEntries(
    Object.entries(fields).map(([name, meta]) => [name, meta.id]),
  );

  return (
    <div className="space-y-6">
      {hasErrors && (
        <div
          ref={summaryRef}
          tabIndex={-1}
          // biome-ignore lint/a11y/noAutofocus: with JavaScript off this is how focus reaches the errors
          autoFocus
          role="alert"
          aria-labelledby="post-error-summary-title"
          className="rounded-lg border-2 border-error bg-error-subtle p-4"
        >
          <h3 id="post-error-summary-title" className="text-lg font-semibold text-error-strong">
            The post was not saved
          </h3>
          <ErrorSummaryLinks errors={fieldErrors} idOf={(name) => fieldIds[name]} />
        </div>
      )}

      <Form
        method="post"
        action={action}
        {...getFormProps(form)}
        onChange={markDirty}
        onSubmitCapture={(event) => {
          const submitter = (event.nativeEvent as SubmitEvent).submitter;
          if (submitter?.getAttribute("name") === "__intent__") return;
          reportPending.current = true;
          setAttempts((n) => n + 1);
        }}
        className="space-y-6"
      >
        <Section title="Article">
          <TextField
            meta={fields.title}
            label="Title"
            required
            onInput={(event) => {
              if (slugEdited.current || !slugInput.current) return;
              slugInput.current.value = slugify(event.currentTarget.value);
            }}
          />
          <TextField
            meta={fields.slug}
            label="Slug"
            hint="The article's address: /blog/your-slug. Suggested from the title; lowercase letters, digits and hyphens."
            ref={slugInput}
            onInput={(event) => {
              slugEdited.current = event.currentTarget.value !== "";
            }}
          />
          <TextAreaField
            meta={fields.excerpt}
            label="Excerpt"
            hint="One or two sentences shown on the blog list and under the title."
            rows={3}
          />
          <ContentField
            id={fields.content.id}
            name={fields.content.name}
            defaultValue={(fields.content.initialValue as string | undefined) ?? ""}
            errors={fields.content.errors}
            errorId={fields.content.errorId}
            uploads={uploads}
            onChange={markDirty}
          />
        </Section>

        <Section title="Image and author">
          <div>
            <TextField
              meta={fields.featured_image}
              label="Featured image"
              hint="An uploaded image (choose or upload below) or an http(s) address. Leave empty for none."
              value={featured}
              defaultValue={undefined}
              onChange={(event) => setFeatured(event.currentTarget.value)}
            />
            {featured ? (
              <img
                src={featured}
                alt=""
                className="mt-3 aspect-[40/21] w-full max-w-md rounded-md bg-slate-100 object-cover"
              />
            ) : null}
            {hydrated ? (
              <div className="mt-3">
                <ImagePicker
                  uploads={uploads}
                  label="Featured image"
                  onPick={(image) => {
                    setFeatured(uploadMainUrl(image));
                    setDirty(true);
                  }}
                />
              </div>
            ) : null}
          </div>
          <TextField
            meta={fields.author_name}
            label="Author"
            hint={`Leave empty for the default: ${defaultAuthor}.`}
          />
        </Section>

        <Section title="Categories and tags">
          <TermPicker
            meta={fields.category_ids as FieldMetadata<string[]>}
            legend="Categories"
            terms={categories}
            newMeta={fields.new_categories}
            newLabel="New categories"
          />
          <TermPicker
            meta={fields.tag_ids as FieldMetadata<string[]>}
            legend="Tags"
            terms={tags}
            newMeta={fields.new_tags}
            newLabel="New tags"
          />
        </Section>

        <Section title="Search engines">
          <CountedField
            meta={fields.meta_title}
            label="Meta title"
            recommended={META_TITLE_RECOMMENDED}
          />
          <CountedField
            meta={fields.meta_description}
            label="Meta description"
            recommended={META_DESCRIPTION_RECOMMENDED}
            multiline
          />
          <p className="text-sm text-slate-600">
            Empty: search results show the title and the excerpt.
          </p>
        </Section>

        <div className="flex flex-wrap items-center gap-3">
          <p className="w-full text-sm text-slate-700">
            Status: {post?.published ? "Published" : "Draft"}
            {dirty ? " (unsaved changes)" : ""}
          </p>
          {/* the first button is the one Enter presses: save, keeping the post's state */}
          {(post?.published
            ? [
                { label: busy ? "Saving..." : "Save changes", published: true },
                { label: "Unpublish", published: false },
              ]
            : [
                { label: busy ? "Saving..." : "Save draft", published: false },
                { label: "Publish", published: true },
              ]
          ).map((button) => (
            <Button
              key={String(button.published)}
              type="submit"
              name="published"
              value={String(button.published)}
              variant={button.published ? "default" : "outline"}
              disabled={busy}
            >
              {button.label}
            </Button>
          ))}
          {post ? (
            <Link
              to={href("/admin/blog/:id/delete", { id: post.id })}
              className="ml-auto text-sm font-medium text-error-strong underline"
            >
              Delete post
            </Link>
          ) : null}
        </div>
      </Form>
    </div>
  );
}
