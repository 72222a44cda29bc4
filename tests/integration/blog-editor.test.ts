import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { blog_post_tags, blog_posts, blog_tags } from "~/db/schema";
import {
  ensureCategory,
  findPostForEditor,
  listPostsForEditor,
  SLUG_TAKEN,
  submitPostForm,
} from "~/features/blog/editor.server";
import { findPublishedPost } from "~/features/blog/posts.server";
import { db } from "~/lib/db.server";
import { drivers, freshDatabase, type TestDatabase } from "../setup/database";
import { formData } from "../setup/forms";

describe.each(drivers)("blog editor functions on %s", (driver) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await freshDatabase(driver);
  });
  afterEach(async () => {
    await database.dispose();
  });

  it("creates a post from the form with a category, existing and new tags, and the author default", async () => {
    const radon = await ensureCategory("Radon");
    const created = await submitPostForm(
      formData({
        title: "Radon & Your Basement",
        content: '<p>Test <a href="https://www.epa.gov/radon">EPA</a></p><script>alert(1)</script>',
        published: "on",
        category_ids: [radon],
        new_tags: "Basements, Utah ,",
      }),
      { authorEmail: "pat.admin@example.com" },
    );
    expect(created).toMatchObject({ ok: true, created: true, slug: "radon-and-your-basement" });
    const post = await findPublishedPost("radon-and-your-basement");
    expect(post).toMatchObject({
      author_name: "pat.admin",
      categories: [{ slug: "radon", name: "Radon" }],
      tags: [
        { slug: "basements", name: "Basements" },
        { slug: "utah", name: "Utah" },
      ],
    });
    expect(post?.content).toBe(
      '<p>Test <a href="https://www.epa.gov/radon" rel="nofollow noopener noreferrer">EPA</a></p>',
    );

    // editing keeps the post id, replaces the links and reuses the existing tag by slug
    const id = created.ok ? created.id : "";
    const edited = await submitPostForm(
      formData({
        title: "Radon & Your Basement",
        slug: "radon-and-your-basement",
        content: "<p>v2</p>",
        published: "on",
        new_tags: "utah",
      }),
      { id, authorEmail: "pat.admin@example.com" },
    );
    expect(edited).toMatchObject({ ok: true, created: false, id });
    expect((await findPostForEditor(id))?.category_ids).toEqual([]);
    expect(await db.select().from(blog_tags)).toHaveLength(2);
    expect(
      await db.select().from(blog_post_tags).where(eq(blog_post_tags.post_id, id)),
    ).toHaveLength(1);
  });

  it("answers a slug clash and bad input with field errors, writing nothing (not even new tags)", async () => {
    const first = await submitPostForm(formData({ title: "Hard water", content: "<p>a</p>" }), {
      authorEmail: null,
    });
    expect(first).toMatchObject({ ok: true, created: true });
    const before = await db.select().from(blog_posts);

    const clash = await submitPostForm(
      formData({ title: "Other", slug: "hard-water", content: "<p>b</p>", new_tags: "Fresh Tag" }),
      { authorEmail: null },
    );
    expect(clash).toMatchObject({ ok: false, status: 400 });
    expect(!clash.ok && clash.result.error).toEqual({ slug: [SLUG_TAKEN] });
    expect(await db.select().from(blog_posts)).toEqual(before);
    expect(await db.select().from(blog_tags)).toEqual([]);

    const invalid = await submitPostForm(
      formData({ title: "  ", slug: "Not A Slug", content: "", featured_image: "javascript:x" }),
      { authorEmail: null },
    );
    expect(invalid).toMatchObject({ ok: false, status: 400 });
    expect(!invalid.ok && Object.keys(invalid.result.error ?? {}).sort()).toEqual([
      "featured_image",
      "slug",
      "title",
    ]);
    expect(await db.select().from(blog_posts)).toEqual(before);
  });

  it("lists every post for the editor with search and a published/draft filter", async () => {
    await submitPostForm(formData({ title: "Radon draft", content: "" }), { authorEmail: null });
    await submitPostForm(formData({ title: "Mold live", content: "", published: "on" }), {
      authorEmail: "a@b.example",
    });
    expect((await listPostsForEditor()).map((p) => p.title).sort()).toEqual([
      "Mold live",
      "Radon draft",
    ]);
    expect((await listPostsForEditor({ status: "draft" })).map((p) => p.title)).toEqual([
      "Radon draft",
    ]);
    expect((await listPostsForEditor({ status: "published" })).map((p) => p.title)).toEqual([
      "Mold live",
    ]);
    expect((await listPostsForEditor({ search: "RADON" })).map((p) => p.title)).toEqual([
      "Radon draft",
    ]);
    expect(await listPostsForEditor({ search: "%" })).toEqual([]);
    const [draft] = await listPostsForEditor({ status: "draft" });
    expect(draft).toMatchObject({ author_name: "Anonymous", published_at: null });
  });
});
