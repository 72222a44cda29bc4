import { Plus } from "lucide-react";
import { data, href, Link } from "react-router";
import { Button } from "~/components/ui/button";
import {
  AdminPostList,
  POSTS_PAGE_SIZE,
  parsePostListQuery,
} from "~/features/blog/admin-post-list";
import { listPostsForEditor } from "~/features/blog/editor.server";
import { TermManager } from "~/features/blog/term-manager";
import {
  deleteTerm,
  findTerm,
  listTermsForAdmin,
  renameTerm,
  termActionSchema,
} from "~/features/blog/terms.server";
import { formatDateTime } from "~/lib/dates";
import { privatePageMeta } from "~/lib/seo";
import { requireAdmin } from "~/lib/session.server";
import { redirectWithToast } from "~/lib/toast.server";
import type { Route } from "./+types/blog";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const params = new URL(request.url).searchParams;
  const { q, status, page } = parsePostListQuery(params);
  // one more than a page tells whether there is a next one
  const found = await listPostsForEditor({
    search: q,
    status,
    limit: POSTS_PAGE_SIZE + 1,
    offset: (page - 1) * POSTS_PAGE_SIZE,
  });
  const posts = found.slice(0, POSTS_PAGE_SIZE);
  // ?delete=category:<id> asks to confirm that term's delete
  const [kind, id] = (params.get("delete") ?? "").split(":");
  const toDelete = (kind === "category" || kind === "tag") && id ? await findTerm(kind, id) : null;
  return {
    terms: await listTermsForAdmin(),
    confirmDelete: toDelete && kind ? { ...toDelete, kind: kind as "category" | "tag" } : null,
    query: { q, status, page },
    hasNext: found.length > POSTS_PAGE_SIZE,
    posts: posts.map((p) => ({
      id: p.id,
      slug: p.slug,
      title: p.title,
      published: p.published,
      author: p.author_name,
      updated: formatDateTime(p.updated_at),
      publishedAt: p.published_at ? formatDateTime(p.published_at) : null,
    })),
  };
}

/** Renames or deletes a category or tag (the forms of the "Categories and tags" section). */
export async function action({ request, context }: Route.ActionArgs) {
  await requireAdmin(request, context);
  const form = Object.fromEntries(await request.formData());
  const parsed = termActionSchema.safeParse(form);
  if (!parsed.success) {
    const kind: "category" | "tag" = form.kind === "tag" ? "tag" : "category";
    const id = typeof form.id === "string" ? form.id : "";
    const message = parsed.error.issues[0]?.message ?? "Check the form";
    return data(
      { termError: { kind, id, message }, submitted: { id, name: String(form.name ?? "") } },
      400,
    );
  }
  const { intent, kind, id } = parsed.data;
  const outcome =
    intent === "rename-term"
      ? await renameTerm(kind, id, parsed.data.name)
      : await deleteTerm(kind, id);
  if (!outcome.ok) {
    if (outcome.status === 404) throw data(null, { status: 404 });
    return data(
      {
        termError: { kind, id, message: outcome.message },
        submitted: { id, name: intent === "rename-term" ? parsed.data.name : "" },
      },
      400,
    );
  }
  const noun = kind === "category" ? "Category" : "Tag";
  return redirectWithToast(`${href("/admin/blog")}#terms`, {
    type: "success",
    title: intent === "rename-term" ? `${noun} renamed` : `${noun} deleted`,
    description:
      intent === "rename-term"
        ? `It is now called "${outcome.name}".`
        : `"${outcome.name}" was deleted; its posts stay.`,
  });
}

export function meta(args: Route.MetaArgs) {
  return privatePageMeta(args, "Blog posts", "All blog posts.");
}

export default function AdminBlog({ loaderData, actionData }: Route.ComponentProps) {
  const { query, posts, hasNext, terms, confirmDelete } = loaderData;
  return (
    <section aria-labelledby="blog-title" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="blog-title" className="text-lg font-semibold">
          Blog posts
        </h2>
        <div className="flex gap-2">
          <Button asChild variant="outline" size="sm">
            <Link to={href("/admin/blog/uploads")}>Images</Link>
          </Button>
          <Button asChild size="sm">
            <Link to={href("/admin/blog/new")}>
              <Plus aria-hidden="true" />
              New post
            </Link>
          </Button>
        </div>
      </div>
      <AdminPostList query={query} posts={posts} hasNext={hasNext} />
      <TermManager
        categories={terms.categories}
        tags={terms.tags}
        confirmDelete={confirmDelete}
        error={actionData?.termError ?? null}
        submitted={actionData?.submitted ?? null}
      />
    </section>
  );
}
