import { Form, href, Link } from "react-router";
import { ListTable } from "~/components/ui/admin-list";
import { Button } from "~/components/ui/button";
import { ErrorText, Input } from "~/components/ui/form-controls";
import { useIsPending } from "~/components/ui/use-is-pending";

/** A category or tag as the manager shows it. */
export interface ManagedTerm {
  id: string;
  name: string;
  slug: string;
  post_count: number;
}

type Kind = "category" | "tag";

/** A refused rename, shown beside the field it belongs to. */
export interface TermError {
  kind: Kind;
  id: string;
  message: string;
}

const TERMS_PATH = href("/admin/blog");
const publicPath = (kind: Kind, slug: string) =>
  kind === "category" ? `/blog/category/${slug}` : `/blog/tag/${slug}`;
const posts = (n: number) => (n === 1 ? "1 post" : `${n} posts`);

function TermTable({
  kind,
  terms,
  error,
  submitted,
}: {
  kind: Kind;
  terms: ManagedTerm[];
  error: TermError | null;
  submitted: { id: string; name: string } | null;
}) {
  const noun = kind === "category" ? "Category" : "Tag";
  const busy = useIsPending({ formAction: TERMS_PATH, field: ["intent", "rename-term"] });
  if (terms.length === 0) {
    return <p>{kind === "category" ? "No categories yet." : "No tags yet."}</p>;
  }
  return (
    <ListTable
      caption={`${kind === "category" ? "Categories" : "Tags"}, by name`}
      columns={["Name", "Posts", "Delete"]}
    >
      {terms.map((t) => {
        const fieldId = `${kind}-${t.id}-name`;
        const errorId = `${fieldId}-error`;
        const failed = error?.kind === kind && error.id === t.id ? error : null;
        return (
          <tr key={t.id} className="align-top">
            <td className="px-3 py-2">
              <Form method="post" action={TERMS_PATH} className="flex flex-wrap items-start gap-2">
                <input type="hidden" name="intent" value="rename-term" />
                <input type="hidden" name="kind" value={kind} />
                <input type="hidden" name="id" value={t.id} />
                <div className="min-w-0 flex-1">
                  <label htmlFor={fieldId} className="sr-only">
                    {`${noun} name (${t.name})`}
                  </label>
                  <Input
                    id={fieldId}
                    name="name"
                    required
                    maxLength={80}
                    defaultValue={failed && submitted?.id === t.id ? submitted.name : t.name}
                    aria-invalid={failed ? true : undefined}
                    aria-describedby={failed ? errorId : undefined}
                    size="sm"
                    className="block w-full min-w-[8rem]"
                  />
                  <ErrorText id={errorId} errors={failed ? [failed.message] : undefined} />
                  <Link
                    to={publicPath(kind, t.slug)}
                    className="mt-1 block text-slate-600 underline"
                  >
                    {publicPath(kind, t.slug)}
                  </Link>
                </div>
                <Button type="submit" size="sm" variant="outline" disabled={busy}>
                  Rename<span className="sr-only">{` ${t.name}`}</span>
                </Button>
              </Form>
            </td>
            <td className="px-3 py-2">{t.post_count}</td>
            <td className="px-3 py-2">
              <Link
                to={`${TERMS_PATH}?delete=${kind}:${t.id}#terms`}
                className="text-error-strong underline"
              >
                Delete<span className="sr-only">{` ${t.name}`}</span>
              </Link>
            </td>
          </tr>
        );
      })}
    </ListTable>
  );
}

/**
 * The back office's categories and tags: rename each (a form per term, checked on the server)
 * and delete each after a confirmation step (a link to the same page, so it works without
 * JavaScript). Public lists show only terms with published posts; here every term shows.
 */
export function TermManager({
  categories,
  tags,
  confirmDelete,
  error,
  submitted,
}: {
  categories: ManagedTerm[];
  tags: ManagedTerm[];
  /** the term whose delete awaits confirmation */
  confirmDelete: (ManagedTerm & { kind: Kind }) | null;
  error: TermError | null;
  submitted: { id: string; name: string } | null;
}) {
  const busy = useIsPending({ formAction: TERMS_PATH, field: ["intent", "delete-term"] });
  return (
    <section aria-labelledby="terms-title" id="terms" className="space-y-4">
      <h2 id="terms-title" className="text-lg font-semibold">
        Categories and tags
      </h2>
      {confirmDelete ? (
        <div
          role="alert"
          className="space-y-3 rounded-lg border border-error bg-error-subtle p-4 text-slate-900"
        >
          <p className="font-semibold">
            {`Delete the ${confirmDelete.kind} "${confirmDelete.name}"?`}
          </p>
          <p>
            {`It is removed from ${posts(confirmDelete.post_count)}; the posts themselves stay. This cannot be undone.`}
          </p>
          <Form method="post" action={TERMS_PATH} className="flex flex-wrap gap-3">
            <input type="hidden" name="intent" value="delete-term" />
            <input type="hidden" name="kind" value={confirmDelete.kind} />
            <input type="hidden" name="id" value={confirmDelete.id} />
            <Button type="submit" variant="destructive" disabled={busy}>
              {confirmDelete.kind === "category" ? "Delete category" : "Delete tag"}
            </Button>
            <Button asChild variant="outline">
              <Link to={`${TERMS_PATH}#terms`}>Cancel</Link>
            </Button>
          </Form>
        </div>
      ) : null}
      <h3 className="font-semibold">Categories</h3>
      <TermTable kind="category" terms={categories} error={error} submitted={submitted} />
      <h3 className="font-semibold">Tags</h3>
      <TermTable kind="tag" terms={tags} error={error} submitted={submitted} />
    </section>
  );
}
