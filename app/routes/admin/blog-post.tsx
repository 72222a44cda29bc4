import { data, href } from "react-router";
import { BackLink } from "~/components/ui/back-link";
import {
  findPostForEditor,
  listTermsForEditor,
  submitPostForm,
} from "~/features/blog/editor.server";
import { PostEditor } from "~/features/blog/post-editor";
import { defaultAuthorName } from "~/features/blog/slug";
import { listUploads } from "~/features/blog/uploads.server";
import { idParam } from "~/lib/ids";
import { pageMeta } from "~/lib/seo";
import { requireAdmin } from "~/lib/session.server";
import { redirectWithToast } from "~/lib/toast.server";
import type { Route } from "./+types/blog-post";

/** The post an /admin/blog/:id URL names (null for /admin/blog/new); a malformed id is a 404. */
async function postOf(params: { id?: string }) {
  if (params.id === undefined) return null;
  const post = await findPostForEditor(idParam(params.id));
  if (!post) throw data(null, { status: 404 });
  return post;
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, context);
  const [post, terms, uploads] = await Promise.all([
    postOf(params),
    listTermsForEditor(),
    listUploads(),
  ]);
  return {
    post: post && {
      id: post.id,
      title: post.title,
      slug: post.slug,
      excerpt: post.excerpt,
      content: post.content,
      featured_image: post.featured_image,
      author_name: post.author_name,
      meta_title: post.meta_title,
      meta_description: post.meta_description,
      published: post.published,
      category_ids: post.category_ids,
      tag_ids: post.tag_ids,
      // remounts the form after each save, so it starts clean from what was stored
      version: post.updated_at.toISOString(),
    },
    ...terms,
    uploads,
    defaultAuthor: defaultAuthorName(admin.email),
  };
}

/** Saves the post (create, edit, publish, unpublish: the `published` button pressed decides). */
export async function action({ request, params, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const before = await postOf(params);
  const outcome = await submitPostForm(await request.formData(), {
    id: before?.id,
    authorEmail: admin.email,
  });
  if (!outcome.ok) {
    if (outcome.status === 404) throw data(null, { status: 404 });
    return data({ result: outcome.result }, 400);
  }
  const saved = await findPostForEditor(outcome.id);
  const published = saved?.published ?? false;
  const title =
    published && !before?.published
      ? "Post published"
      : !published && before?.published
        ? "Post unpublished"
        : "Post saved";
  return redirectWithToast(href("/admin/blog/:id", { id: outcome.id }), {
    type: "success",
    title,
    description: published
      ? `It is live at /blog/${outcome.slug}.`
      : "It is a draft: only admins can see it.",
  });
}

export function meta(args: Route.MetaArgs) {
  const title = args.loaderData?.post ? `Edit: ${args.loaderData.post.title}` : "New post";
  return pageMeta(args, { title, description: "Write a blog post.", noIndex: true });
}

export default function BlogPostEditor({ loaderData, actionData }: Route.ComponentProps) {
  const { post } = loaderData;
  return (
    <section aria-labelledby="editor-title" className="space-y-4">
      <BackLink to={href("/admin/blog")}>Back to posts</BackLink>
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h2 id="editor-title" className="text-xl font-semibold">
          {post ? `Edit post: ${post.title}` : "New post"}
        </h2>
        {post?.published ? (
          <a
            href={href("/blog/:slug", { slug: post.slug })}
            className="text-sm text-brand-800 underline"
          >
            View the article
          </a>
        ) : null}
      </div>
      <PostEditor
        key={post ? `${post.id}-${post.version}` : "new"}
        post={post}
        categories={loaderData.categories}
        tags={loaderData.tags}
        uploads={loaderData.uploads}
        defaultAuthor={loaderData.defaultAuthor}
        lastResult={actionData?.result}
      />
    </section>
  );
}
