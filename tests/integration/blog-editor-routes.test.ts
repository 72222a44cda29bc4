/**
 * The blog editor through its routes: who may call each loader and
 * action, writing/publishing/unpublishing/deleting through the actions, the slug clash, and the
 * image uploads (stored, served in their sizes without metadata; bad files refused, nothing kept).
 */
import fs from "node:fs";
import path from "node:path";
import { deflateSync } from "node:zlib";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { blog_categories, blog_posts, blog_tags, blog_uploads } from "~/db/schema";
import { ensureCategory, ensureTags, SLUG_TAKEN } from "~/features/blog/editor.server";
import { findCategoryPage, findPublishedPost, findTagPage } from "~/features/blog/posts.server";
import { responsiveSources, uploadMainUrl } from "~/features/blog/uploads";
import { UPLOAD_MESSAGES } from "~/features/blog/uploads.server";
import { noStoreForPrivateResponses } from "~/lib/cache-control.server";
import { db } from "~/lib/db.server";
import type { SessionUser } from "~/lib/session.server";
import * as listRoute from "~/routes/admin/blog";
import * as deleteRoute from "~/routes/admin/blog-delete";
import * as editorRoute from "~/routes/admin/blog-post";
import * as uploadsRoute from "~/routes/admin/blog-uploads";
import * as uploadsApiRoute from "~/routes/admin/blog-uploads-api";
import * as publicListRoute from "~/routes/blog/index";
import * as uploadFileRoute from "~/routes/resources/upload";
import { contextFor, makeUser, ORIGIN, requestTo, run, toastIn } from "../setup/admin";
import { drivers, freshDatabase, type TestDatabase } from "../setup/database";
import { formData } from "../setup/forms";
import { throughRoot } from "../setup/through-root";

const SLOW = 180_000;

/** A same-origin POST of a form with repeated fields (checkbox groups), as a browser sends it. */
function postForm(url: string, fields: Record<string, string | readonly string[]>): Request {
  return new Request(new URL(url, ORIGIN), {
    method: "POST",
    headers: { Origin: ORIGIN },
    body: formData(fields),
  });
}

/** A multipart upload of `bytes` named `name` in the `image` field. */
function uploadRequest(bytes: Uint8Array | null, name = "photo.jpg", type = "image/jpeg"): Request {
  const body = new FormData();
  if (bytes) body.append("image", new File([new Uint8Array(bytes)], name, { type }));
  return new Request(new URL("/admin/blog/uploads", ORIGIN), {
    method: "POST",
    headers: { Origin: ORIGIN },
    body,
  });
}

const idFrom = (location: string | null) => location?.match(/\/admin\/blog\/([0-9a-f-]{36})$/)?.[1];

/** A PNG that declares width x height but carries almost no pixel data (a decompression bomb). */
function pngDeclaring(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const typed = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(typed));
    return Buffer.concat([length, typed, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  // a few rows of zeros: the rest would inflate to 300 MB
  const idat = deflateSync(Buffer.alloc((width * 3 + 1) * 4));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", idat),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

function crc32(bytes: Buffer): number {
  let c = ~0;
  for (const byte of bytes) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
  }
  return ~c >>> 0;
}

/** A photo-like test image (a gradient, so the encoders have something to do). */
function picture(width: number, height: number) {
  return sharp({
    create: { width, height, channels: 3, background: { r: 40, g: 120, b: 200 } },
  }).composite([
    {
      input: Buffer.from(
        `<svg width="${width}" height="${height}"><circle cx="${width / 2}" cy="${height / 2}" r="${Math.min(width, height) / 3}" fill="orange"/></svg>`,
      ),
    },
  ]);
}

describe.each(drivers)("blog editor routes on %s", (driver) => {
  let database: TestDatabase;
  let admin: SessionUser;
  let customer: SessionUser;
  beforeEach(async () => {
    database = await freshDatabase(driver);
    admin = await makeUser("pat.editor@example.com", { admin: true, totp: true });
    customer = await makeUser("casey@example.com");
  }, SLOW);
  afterEach(async () => {
    await database.dispose();
  });

  const uploadsDir = () => path.join(database.dataDir, "files", "blog");
  const storedFiles = () => (fs.existsSync(uploadsDir()) ? fs.readdirSync(uploadsDir()) : []);

  it("lets only a two-factor admin through every editor loader and action, the upload included", async () => {
    const adminWithoutTotp = await makeUser("no-totp@example.com", { admin: true });
    const customerB = await makeUser("blair@example.com");
    const post = await run(editorRoute.action, {
      request: postForm("/admin/blog/new", { title: "Matrix post", content: "<p>x</p>" }),
      context: contextFor(admin),
    });
    const id = idFrom(post.location) as string;
    expect(id).toBeDefined();
    const png = await picture(40, 30).png().toBuffer();
    const matrixCategory = await ensureCategory("Matrix category");
    const [matrixTag] = (await ensureTags(["Matrix tag"])) as [string];
    const terms = async () => ({
      categories: await db.select().from(blog_categories),
      tags: await db.select().from(blog_tags),
    });

    const endpoints: {
      name: string;
      fn: (args: never) => unknown;
      request: () => Request;
      path: string;
      params?: Record<string, string>;
      adminStatus: number;
    }[] = [
      {
        name: "list",
        fn: listRoute.loader,
        request: () => requestTo("/admin/blog?q=matrix&status=draft"),
        path: "/admin/blog?q=matrix&status=draft",
        adminStatus: 200,
      },
      {
        name: "new",
        fn: editorRoute.loader,
        request: () => requestTo("/admin/blog/new"),
        path: "/admin/blog/new",
        adminStatus: 200,
      },
      {
        name: "new action",
        fn: editorRoute.action,
        request: () => postForm("/admin/blog/new", { title: "", content: "" }),
        path: "/admin/blog/new",
        adminStatus: 400,
      },
      {
        name: "edit",
        fn: editorRoute.loader,
        request: () => requestTo(`/admin/blog/${id}`),
        path: `/admin/blog/${id}`,
        params: { id },
        adminStatus: 200,
      },
      {
        name: "edit action",
        fn: editorRoute.action,
        request: () => postForm(`/admin/blog/${id}`, { title: "", content: "" }),
        path: `/admin/blog/${id}`,
        params: { id },
        adminStatus: 400,
      },
      {
        name: "delete confirmation",
        fn: deleteRoute.loader,
        request: () => requestTo(`/admin/blog/${id}/delete`),
        path: `/admin/blog/${id}/delete`,
        params: { id },
        adminStatus: 200,
      },
      {
        name: "terms: delete confirmation",
        fn: listRoute.loader,
        request: () => requestTo(`/admin/blog?delete=category:${matrixCategory}`),
        path: `/admin/blog?delete=category:${matrixCategory}`,
        adminStatus: 200,
      },
      {
        name: "terms: rename action (blank name)",
        fn: listRoute.action,
        request: () =>
          postForm("/admin/blog", {
            intent: "rename-term",
            kind: "category",
            id: matrixCategory,
            name: " ",
          }),
        path: "/admin/blog",
        adminStatus: 400,
      },
      {
        name: "terms: rename action",
        fn: listRoute.action,
        request: () =>
          postForm("/admin/blog", {
            intent: "rename-term",
            kind: "tag",
            id: matrixTag,
            name: "Renamed by admin",
          }),
        path: "/admin/blog",
        adminStatus: 302,
      },
      {
        name: "terms: delete action",
        fn: listRoute.action,
        request: () =>
          postForm("/admin/blog", { intent: "delete-term", kind: "category", id: matrixCategory }),
        path: "/admin/blog",
        adminStatus: 302,
      },
      {
        name: "uploads",
        fn: uploadsRoute.loader,
        request: () => requestTo("/admin/blog/uploads"),
        path: "/admin/blog/uploads",
        adminStatus: 200,
      },
      {
        name: "upload JSON action",
        fn: uploadsApiRoute.action,
        request: () => uploadRequest(null),
        path: "/admin/blog/uploads",
        adminStatus: 400,
      },
      {
        name: "upload action",
        fn: uploadsRoute.action,
        request: () => uploadRequest(png, "tiny.png", "image/png"),
        path: "/admin/blog/uploads",
        adminStatus: 201,
      },
      // last: the admin's call deletes the post
      {
        name: "delete action",
        fn: deleteRoute.action,
        request: () => postForm(`/admin/blog/${id}/delete`, {}),
        path: `/admin/blog/${id}/delete`,
        params: { id },
        adminStatus: 302,
      },
    ];

    for (const endpoint of endpoints) {
      const call = (user: SessionUser | null) =>
        run(endpoint.fn, {
          request: endpoint.request(),
          context: contextFor(user),
          params: endpoint.params ?? {},
        });
      const uploadsBefore = await db.select().from(blog_uploads);
      const filesBefore = storedFiles();
      const termsBefore = await terms();
      const guest = await call(null);
      expect(guest.status, `${endpoint.name} as guest`).toBe(302);
      // a form post without a session comes from a page rendered while signed in: it says so
      const ended = endpoint.request().method === "POST" ? "&session=ended" : "";
      expect(guest.location).toBe(
        `/auth/signin?redirectTo=${encodeURIComponent(endpoint.path)}${ended}`,
      );

      for (const someone of [customer, customerB]) {
        const refused = await call(someone);
        expect(refused.status, `${endpoint.name} as ${someone.email}`).toBe(302);
        expect(refused.location).toBe("/");
        expect((await toastIn(refused.setCookie))?.title).toBe("Access Denied");
      }

      const noTotp = await call(adminWithoutTotp);
      expect(noTotp.location, `${endpoint.name} as admin without TOTP`).toBe("/account/profile");

      // nothing was written by anyone refused
      expect(await db.select().from(blog_uploads)).toEqual(uploadsBefore);
      expect(storedFiles()).toEqual(filesBefore);
      expect(await terms(), `${endpoint.name}: terms after refusals`).toEqual(termsBefore);
      expect(await db.select().from(blog_posts).where(eq(blog_posts.id, id))).toHaveLength(1);

      const allowed = await call(admin);
      expect(allowed.status, `${endpoint.name} as admin`).toBe(endpoint.adminStatus);
    }
    expect(await db.select().from(blog_posts).where(eq(blog_posts.id, id))).toHaveLength(0);
    expect(await db.select().from(blog_uploads)).toHaveLength(1);
    // the admin's own term calls were real: the tag renamed, the category gone
    const after = await terms();
    expect(after.tags.map((t) => [t.name, t.slug])).toEqual([
      ["Renamed by admin", "renamed-by-admin"],
    ]);
    expect(after.categories).toEqual([]);
  });

  it("renames and deletes categories and tags from /admin/blog, checked on the server; public lists show only terms with published posts", async () => {
    const admin_ = contextFor(admin);
    const save = (url: string, fields: Record<string, string | readonly string[]>, id?: string) =>
      run(editorRoute.action, {
        request: postForm(url, fields),
        context: admin_,
        params: id ? { id } : {},
      });
    const act = (fields: Record<string, string>) =>
      run(listRoute.action, { request: postForm("/admin/blog", fields), context: admin_ });
    const sidebar = async () => {
      const list = (
        await run(publicListRoute.loader, {
          request: requestTo("/blog"),
          context: contextFor(null),
        })
      ).value as Awaited<ReturnType<typeof publicListRoute.loader>>;
      return { categories: list.categories.map((c) => c.name), tags: list.tags.map((t) => t.name) };
    };

    // a category and a tag typed on a draft are not public ('0 articles' never shows)
    const draft = await save("/admin/blog/new", {
      title: "Draft only",
      content: "<p>x</p>",
      new_categories: "Crawlspaces",
      new_tags: "Vapor barriers",
      published: "false",
    });
    const draftId = idFrom(draft.location) as string;
    await save("/admin/blog/new", {
      title: "Live one",
      content: "<p>x</p>",
      new_categories: "Radon",
      new_tags: "Testing",
      published: "true",
    });
    expect(await sidebar()).toEqual({ categories: ["Radon"], tags: ["Testing"] });

    // the admin sees every term with its post count
    const listed = async () =>
      (
        (await run(listRoute.loader, { request: requestTo("/admin/blog"), context: admin_ }))
          .value as Awaited<ReturnType<typeof listRoute.loader>>
      ).terms;
    const terms = await listed();
    expect(terms.categories.map((c) => [c.name, c.post_count])).toEqual([
      ["Crawlspaces", 1],
      ["Radon", 1],
    ]);
    const crawl = terms.categories.find((c) => c.name === "Crawlspaces")?.id as string;
    const radon = terms.categories.find((c) => c.name === "Radon")?.id as string;
    const testing = terms.tags.find((t) => t.name === "Testing")?.id as string;

    // rename: name and slug; the public pages follow
    const renamed = await act({
      intent: "rename-term",
      kind: "category",
      id: radon,
      name: "Radon Testing",
    });
    expect(renamed.status).toBe(302);
    expect(renamed.location).toBe("/admin/blog#terms");
    expect(await toastIn(renamed.setCookie)).toMatchObject({ title: "Category renamed" });
    expect(await sidebar()).toEqual({ categories: ["Radon Testing"], tags: ["Testing"] });
    expect((await findCategoryPage("radon-testing"))?.category.name).toBe("Radon Testing");
    expect(await findCategoryPage("radon")).toBeNull();

    // refused on the server with the message beside the field, nothing written
    const before = await listed();
    for (const [fields, message] of [
      [{ intent: "rename-term", kind: "category", id: radon, name: "   " }, "Enter a name"],
      [
        { intent: "rename-term", kind: "category", id: radon, name: "x".repeat(81) },
        "Use at most 80 characters",
      ],
      [
        { intent: "rename-term", kind: "category", id: radon, name: "!!!" },
        "Use at least one letter or digit",
      ],
      [
        { intent: "rename-term", kind: "category", id: radon, name: "crawlspaces" },
        "A category with this name already exists",
      ],
    ] as const) {
      const refused = await act(fields);
      expect(refused.status, fields.name).toBe(400);
      expect(refused.value).toMatchObject({ termError: { kind: "category", id: radon, message } });
    }
    expect(
      (await act({ intent: "rename-term", kind: "tag", id: "not-a-uuid", name: "X" })).status,
    ).toBe(400);
    expect((await act({ intent: "bogus", kind: "tag", id: testing })).status).toBe(400);
    const missing = await act({
      intent: "delete-term",
      kind: "tag",
      id: "00000000-0000-4000-8000-000000000000",
    });
    expect(missing.status).toBe(404);
    expect(await listed()).toEqual(before);

    // delete: confirmation first (a page, no JavaScript needed), then the term goes, the posts stay
    const confirm = (
      await run(listRoute.loader, {
        request: requestTo(`/admin/blog?delete=tag:${testing}`),
        context: admin_,
      })
    ).value as Awaited<ReturnType<typeof listRoute.loader>>;
    expect(confirm.confirmDelete).toMatchObject({ kind: "tag", name: "Testing", post_count: 1 });
    const deleted = await act({ intent: "delete-term", kind: "tag", id: testing });
    expect(deleted.status).toBe(302);
    expect(await toastIn(deleted.setCookie)).toMatchObject({ title: "Tag deleted" });
    expect(await sidebar()).toEqual({ categories: ["Radon Testing"], tags: [] });
    expect(await findTagPage("testing")).toBeNull();
    expect(await findPublishedPost("live-one")).toMatchObject({ tags: [] });
    await act({ intent: "delete-term", kind: "category", id: crawl });
    const [kept] = await db.select().from(blog_posts).where(eq(blog_posts.id, draftId));
    expect(kept?.title).toBe("Draft only");
    expect((await listed()).categories.map((c) => c.name)).toEqual(["Radon Testing"]);
  });

  it("creates, edits, publishes, unpublishes and deletes a post through the actions", async () => {
    const radon = await ensureCategory("Radon");
    const save = (url: string, fields: Record<string, string | readonly string[]>, id?: string) =>
      run(editorRoute.action, {
        request: postForm(url, fields),
        context: contextFor(admin),
        params: id ? { id } : {},
      });

    // a new draft with an existing category, a new category and a new tag; author by default
    const created = await save("/admin/blog/new", {
      title: "Radon & Your Crawlspace",
      excerpt: "What a crawlspace does to radon levels.",
      content: '<h2>Why</h2><p>Soil gas.</p><img src="/uploads/x.webp" onerror="alert(1)">',
      category_ids: [radon],
      new_categories: "Foundations",
      new_tags: "Crawlspaces",
      published: "false",
    });
    expect(created.status).toBe(302);
    const id = idFrom(created.location) as string;
    expect(await toastIn(created.setCookie)).toMatchObject({ title: "Post saved" });
    const [draft] = await db.select().from(blog_posts).where(eq(blog_posts.id, id));
    expect(draft).toMatchObject({
      slug: "radon-and-your-crawlspace",
      author_name: "pat.editor",
      published: false,
      published_at: null,
      content: '<h2>Why</h2><p>Soil gas.</p><img src="/uploads/x.webp" />',
    });
    expect((await db.select().from(blog_categories)).map((c) => c.slug).sort()).toEqual([
      "foundations",
      "radon",
    ]);
    expect(await findPublishedPost("radon-and-your-crawlspace")).toBeNull();

    // the editor loads it with its links
    const loaded = await run(editorRoute.loader, {
      request: requestTo(`/admin/blog/${id}`),
      context: contextFor(admin),
      params: { id },
    });
    const data = loaded.value as Awaited<ReturnType<typeof editorRoute.loader>>;
    expect(data.post?.category_ids).toHaveLength(2);
    expect(data.post?.tag_ids).toHaveLength(1);
    expect(data.defaultAuthor).toBe("pat.editor");
    expect(data.categories.map((c) => c.name)).toEqual(["Foundations", "Radon"]);

    // publish: published_at is set, the public page shows it
    const [tag] = await db.select().from(blog_tags);
    const fields = {
      title: "Radon & Your Crawlspace",
      slug: "radon-and-your-crawlspace",
      content: "<p>Soil gas.</p>",
      category_ids: [radon],
      tag_ids: [tag?.id as string],
      author_name: "Pat",
    };
    const published = await save(`/admin/blog/${id}`, { ...fields, published: "true" }, id);
    expect(published.location).toBe(`/admin/blog/${id}`);
    expect(await toastIn(published.setCookie)).toMatchObject({ title: "Post published" });
    const live = await findPublishedPost("radon-and-your-crawlspace");
    expect(live).toMatchObject({
      author_name: "Pat",
      categories: [{ slug: "radon" }],
      tags: [{ slug: "crawlspaces" }],
    });
    const [first] = await db.select().from(blog_posts).where(eq(blog_posts.id, id));
    expect(first?.published_at).toBeInstanceOf(Date);

    // an edit sets updated_at and keeps published_at
    await new Promise((r) => setTimeout(r, 20));
    const edited = await save(
      `/admin/blog/${id}`,
      { ...fields, title: "Radon and Crawlspaces", published: "true" },
      id,
    );
    expect(await toastIn(edited.setCookie)).toMatchObject({ title: "Post saved" });
    const [after] = await db.select().from(blog_posts).where(eq(blog_posts.id, id));
    expect(after?.title).toBe("Radon and Crawlspaces");
    expect(after?.published_at?.getTime()).toBe(first?.published_at?.getTime());
    expect(after?.updated_at.getTime()).toBeGreaterThan(first?.updated_at.getTime() ?? 0);

    // unpublish: gone from the public blog
    const unpublished = await save(`/admin/blog/${id}`, { ...fields, published: "false" }, id);
    expect(await toastIn(unpublished.setCookie)).toMatchObject({ title: "Post unpublished" });
    expect(await findPublishedPost("radon-and-your-crawlspace")).toBeNull();

    // the list: drafts included, search and filter from the URL
    const list = (url: string) =>
      run(listRoute.loader, { request: requestTo(url), context: contextFor(admin) }).then(
        (o) => (o.value as Awaited<ReturnType<typeof listRoute.loader>>).posts,
      );
    expect((await list("/admin/blog")).map((p) => p.title)).toEqual(["Radon & Your Crawlspace"]);
    expect(await list("/admin/blog?status=published")).toEqual([]);
    expect(await list("/admin/blog?status=draft&q=CRAWL")).toHaveLength(1);
    expect(await list("/admin/blog?q=mold")).toEqual([]);
    // 25 a page, the next page linked
    for (let i = 0; i < 25; i++) {
      await save("/admin/blog/new", { title: `Filler ${i}`, content: "" });
    }
    const firstPage = await run(listRoute.loader, {
      request: requestTo("/admin/blog"),
      context: contextFor(admin),
    });
    const firstValue = firstPage.value as Awaited<ReturnType<typeof listRoute.loader>>;
    expect(firstValue.posts).toHaveLength(25);
    expect(firstValue.hasNext).toBe(true);
    expect(firstValue.posts[0]?.title).toBe("Filler 24");
    const second = await list("/admin/blog?page=2");
    expect(second.map((p) => p.title)).toEqual(["Radon & Your Crawlspace"]);

    // delete: a confirmation page first (GET changes nothing), then the POST
    const confirm = await run(deleteRoute.loader, {
      request: requestTo(`/admin/blog/${id}/delete`),
      context: contextFor(admin),
      params: { id },
    });
    expect(confirm.value).toMatchObject({ id, title: "Radon & Your Crawlspace" });
    expect(await db.select().from(blog_posts).where(eq(blog_posts.id, id))).toHaveLength(1);
    const deleted = await run(deleteRoute.action, {
      request: postForm(`/admin/blog/${id}/delete`, {}),
      context: contextFor(admin),
      params: { id },
    });
    expect(deleted.location).toBe("/admin/blog");
    expect(await toastIn(deleted.setCookie)).toMatchObject({ title: "Post deleted" });
    expect(await db.select().from(blog_posts).where(eq(blog_posts.id, id))).toEqual([]);
    expect(await db.select().from(blog_posts)).toHaveLength(25);

    // a deleted, unknown or malformed id is a 404
    for (const missing of [id, "not-a-uuid"]) {
      const args = {
        request: requestTo(`/admin/blog/${missing}`),
        context: contextFor(admin),
        params: { id: missing },
      };
      expect((await run(editorRoute.loader, args)).status).toBe(404);
      expect((await run(deleteRoute.loader, args)).status).toBe(404);
    }
  });

  it("refuses a slug that is taken with the SPEC's message and saves nothing", async () => {
    const first = await run(editorRoute.action, {
      request: postForm("/admin/blog/new", { title: "Hard water in Utah", content: "<p>a</p>" }),
      context: contextFor(admin),
    });
    const firstId = idFrom(first.location) as string;
    const before = await db.select().from(blog_posts);

    const clash = await run(editorRoute.action, {
      request: postForm("/admin/blog/new", {
        title: "Another",
        slug: "hard-water-in-utah",
        content: "<p>b</p>",
        new_tags: "Scale",
      }),
      context: contextFor(admin),
    });
    expect(clash.status).toBe(400);
    expect((clash.value as { result: { error: Record<string, string[]> } }).result.error).toEqual({
      slug: [SLUG_TAKEN],
    });
    expect(SLUG_TAKEN).toBe("A post with this slug already exists");

    // an edit onto another post's slug too
    const second = await run(editorRoute.action, {
      request: postForm("/admin/blog/new", { title: "Second", content: "" }),
      context: contextFor(admin),
    });
    const secondId = idFrom(second.location) as string;
    const renamed = await run(editorRoute.action, {
      request: postForm(`/admin/blog/${secondId}`, {
        title: "Second",
        slug: "hard-water-in-utah",
        content: "<p>changed</p>",
      }),
      context: contextFor(admin),
      params: { id: secondId },
    });
    expect(renamed.status).toBe(400);
    const rows = await db.select().from(blog_posts);
    expect(rows.find((r) => r.id === firstId)).toEqual(before[0]);
    expect(rows.find((r) => r.id === secondId)?.content).toBe("");
    expect(await db.select().from(blog_tags)).toEqual([]);
  });

  it("stores each accepted type in its sizes as WebP and AVIF without metadata, and serves them for a year", async () => {
    const jpeg = await picture(2000, 1200)
      .jpeg()
      .withExif({
        IFD0: { Make: "CameraCo", Model: "X100", Copyright: "Someone" },
        IFD3: { GPSLatitudeRef: "N", GPSLatitude: "40/1 45/1 0/1" },
      })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const inputs = [
      { bytes: jpeg, name: "camera.jpg", type: "image/jpeg", widths: [480, 960, 1600] },
      {
        bytes: await picture(800, 600).png().toBuffer(),
        name: "diagram.png",
        type: "image/png",
        widths: [480, 800],
      },
      {
        bytes: await picture(1000, 500).webp().toBuffer(),
        name: "web.webp",
        type: "image/webp",
        widths: [480, 960, 1000],
      },
      {
        bytes: await picture(640, 480).avif({ effort: 0 }).toBuffer(),
        // the name and the browser's type are ignored: the content decides
        name: "mislabelled.png",
        type: "image/png",
        widths: [480, 640],
      },
    ];
    for (const input of inputs) {
      const outcome = await run(uploadsRoute.action, {
        request: uploadRequest(input.bytes, input.name, input.type),
        context: contextFor(admin),
      });
      expect(outcome.status, input.name).toBe(201);
      const image = (outcome.value as { image: { hash: string; widths: number[] } }).image;
      expect(image.widths, input.name).toEqual(input.widths);
      // the public pages' srcsets name exactly the stored files
      const sources = responsiveSources(uploadMainUrl(image));
      expect(sources?.webp).toBe(
        input.widths.map((w) => `/uploads/${image.hash}-${w}.webp ${w}w`).join(", "),
      );
      expect(sources?.avif).toBe(
        input.widths.map((w) => `/uploads/${image.hash}-${w}.avif ${w}w`).join(", "),
      );
      for (const width of input.widths) {
        for (const format of ["webp", "avif"] as const) {
          const file = `${image.hash}-${width}.${format}`;
          expect(storedFiles()).toContain(file);
          const served = await run(uploadFileRoute.loader, {
            request: requestTo(`/uploads/${file}`),
            context: contextFor(null),
            params: { file },
          });
          expect(served.status, file).toBe(200);
          const response = served.value as Response;
          expect(response.headers.get("Content-Type")).toBe(`image/${format}`);
          expect(response.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
          const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
          expect(meta.format).toBe(format === "webp" ? "webp" : "heif");
          expect(meta.width).toBe(width);
          expect(meta.exif, file).toBeUndefined();
          expect(meta.xmp, file).toBeUndefined();
          expect(meta.iptc, file).toBeUndefined();
        }
      }
    }
    expect(await db.select().from(blog_uploads)).toHaveLength(4);
    // the same bytes again: the stored image, no new row or files
    const count = storedFiles().length;
    const again = await run(uploadsRoute.action, {
      request: uploadRequest(jpeg),
      context: contextFor(admin),
    });
    expect(again.status).toBe(201);
    expect(await db.select().from(blog_uploads)).toHaveLength(4);
    expect(storedFiles()).toHaveLength(count);

    // a signed-in admin's request keeps the year-long caching (other responses to them: no-store)
    const file = storedFiles()[0] as string;
    const throughMiddleware = (await noStoreForPrivateResponses(
      { request: requestTo(`/uploads/${file}`), context: contextFor(admin), params: {} } as never,
      async () =>
        (await uploadFileRoute.loader({ params: { file } } as never)) as unknown as Response,
    )) as Response;
    expect(throughMiddleware.headers.get("Cache-Control")).toBe(
      "public, max-age=31536000, immutable",
    );
    const page = (await noStoreForPrivateResponses(
      { request: requestTo("/admin/blog"), context: contextFor(admin), params: {} } as never,
      async () => new Response("page"),
    )) as Response;
    expect(page.headers.get("Cache-Control")).toBe("no-store");

    // names that are not ours are not served
    for (const file of [
      "../db",
      "x.webp",
      `${"a".repeat(32)}-480.webp`,
      `${"a".repeat(32)}-480.png`,
    ]) {
      const served = await run(uploadFileRoute.loader, {
        request: requestTo(`/uploads/${encodeURIComponent(file)}`),
        context: contextFor(null),
        params: { file },
      });
      expect(served.status, file).toBe(404);
    }
  }, 120_000);

  it("refuses a renamed executable, a file over 5 MB, a decompression bomb and a damaged image, keeping nothing", async () => {
    const jpeg = await picture(300, 200).jpeg().toBuffer();
    const frame = (background: string) =>
      sharp({ create: { width: 40, height: 30, channels: 3, background } })
        .png()
        .toBuffer();
    const executable = Buffer.concat([
      Buffer.from("MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff", "latin1"),
      Buffer.alloc(4096, 7),
    ]);
    const oversized = Buffer.concat([jpeg, Buffer.alloc(5 * 1024 * 1024 + 1 - jpeg.length)]);
    const cases = [
      { what: "no file", bytes: null, message: UPLOAD_MESSAGES.missing, status: 400 },
      {
        what: "renamed executable",
        bytes: executable,
        name: "holiday.jpg",
        message: UPLOAD_MESSAGES.notImage,
        status: 400,
      },
      {
        what: "SVG (scripts possible)",
        bytes: Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
        ),
        name: "logo.png",
        message: UPLOAD_MESSAGES.notImage,
        status: 400,
      },
      { what: "over 5 MB", bytes: oversized, message: UPLOAD_MESSAGES.tooLarge, status: 413 },
      {
        what: "decompression bomb",
        bytes: pngDeclaring(10000, 10000),
        name: "bomb.png",
        message: UPLOAD_MESSAGES.tooManyPixels,
        status: 400,
      },
      {
        what: "animated WebP",
        bytes: await sharp([await frame("red"), await frame("blue")], { join: { animated: true } })
          .webp()
          .toBuffer(),
        name: "spinner.webp",
        message: UPLOAD_MESSAGES.animated,
        status: 400,
      },
      {
        what: "damaged JPEG",
        bytes: jpeg.subarray(0, Math.floor(jpeg.length / 2)),
        message: UPLOAD_MESSAGES.unreadable,
        status: 400,
      },
    ];
    for (const c of cases) {
      const outcome = await run(uploadsRoute.action, {
        request: uploadRequest(c.bytes, c.name),
        context: contextFor(admin),
      });
      expect(outcome.status, c.what).toBe(c.status);
      expect(outcome.value, c.what).toEqual({ error: c.message, image: null });
      expect(storedFiles(), c.what).toEqual([]);
      expect(await db.select().from(blog_uploads), c.what).toEqual([]);
    }

    // a body announced as too large is refused (past 64 MB before it is read)
    for (const size of [6 * 1024 * 1024, 50 * 1024 * 1024, 100 * 1024 * 1024]) {
      const announced = new Request(new URL("/admin/blog/uploads", ORIGIN), {
        method: "POST",
        headers: {
          Origin: ORIGIN,
          "Content-Type": "multipart/form-data; boundary=x",
          "Content-Length": String(size),
        },
        body: "--x--",
      });
      const refused = await run(uploadsRoute.action, {
        request: announced,
        context: contextFor(admin),
      });
      expect(refused.status, `${size} bytes announced`).toBe(413);
      expect(refused.value).toEqual({ error: UPLOAD_MESSAGES.tooLarge, image: null });
    }
    expect(storedFiles()).toEqual([]);

    // through the site's body limits (root middleware) both upload paths give the upload's words
    for (const [url, route] of [
      ["/admin/blog/uploads.json", uploadsApiRoute.action],
      ["/admin/blog/uploads", uploadsRoute.action],
    ] as const) {
      const body = new FormData();
      body.append("image", new File([new Uint8Array(6 * 1024 * 1024)], "huge.jpg"));
      const answer = await throughRoot(
        new Request(new URL(url, ORIGIN), { method: "POST", headers: { Origin: ORIGIN }, body }),
        route,
        { context: contextFor(admin) },
      );
      expect(answer.status, url).toBe(413);
      expect(await answer.text(), url).toBe(UPLOAD_MESSAGES.tooLarge);
    }

    // the editor's JSON endpoint answers the same refusals as JSON
    const json = await run(uploadsApiRoute.action, {
      request: uploadRequest(oversized, "huge.jpg"),
      context: contextFor(admin),
    });
    expect(json.status).toBe(413);
    expect(await (json.value as Response).json()).toEqual({
      error: UPLOAD_MESSAGES.tooLarge,
      image: null,
    });
    expect(storedFiles()).toEqual([]);
  }, 60_000);
});
