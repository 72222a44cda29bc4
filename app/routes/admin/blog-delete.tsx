import { data, Form, href, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { useIsPending } from "~/components/ui/use-is-pending";
import { deletePost, findPostForEditor } from "~/features/blog/editor.server";
import { idParam } from "~/lib/ids";
import { privatePageMeta } from "~/lib/seo";
import { requireAdmin } from "~/lib/session.server";
import { redirectWithToast } from "~/lib/toast.server";
import type { Route } from "./+types/blog-delete";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const post = await findPostForEditor(idParam(params.id));
  if (!post) throw data(null, { status: 404 });
  return { id: post.id, title: post.title, published: post.published };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  await requireAdmin(request, context);
  const post = await findPostForEditor(idParam(params.id));
  if (!post || !(await deletePost(post.id))) throw data(null, { status: 404 });
  return redirectWithToast(href("/admin/blog"), {
    type: "success",
    title: "Post deleted",
    description: `"${post.title}" was deleted.`,
  });
}

export function meta(args: Route.MetaArgs) {
  return privatePageMeta(args, "Delete post", "Delete a blog post.");
}

/** The confirmation step before a delete: a page of its own, so it works without JavaScript. */
export default function DeletePost({ loaderData: post }: Route.ComponentProps) {
  const busy = useIsPending();
  return (
    <section aria-labelledby="delete-title" className="max-w-xl space-y-4">
      <h2 id="delete-title" className="text-xl font-semibold">
        Delete "{post.title}"?
      </h2>
      <p>
        The post, its category and tag links go for good
        {post.published ? ", and its public page will answer 'Article Not Found'" : ""}. This cannot
        be undone.
      </p>
      <Form method="post" className="flex gap-3">
        <Button type="submit" variant="destructive" disabled={busy}>
          {busy ? "Deleting..." : "Delete post"}
        </Button>
        <Button asChild variant="outline">
          <Link to={href("/admin/blog/:id", { id: post.id })}>Cancel</Link>
        </Button>
      </Form>
    </section>
  );
}
