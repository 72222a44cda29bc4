import type { Browser } from "@playwright/test";
import sharp from "sharp";
import { type Account, expect, openAs, PUBLISHED_POSTS, test } from "./fixtures";
import { expectNoAxeViolations, hydrated } from "./helpers";

/** A page of the worker's two-factor admin (fixtures.ts) on the list of posts. */
async function editorPage(browser: Browser, admin: Account, javaScriptEnabled = true) {
  const context = await browser.newContext({ javaScriptEnabled, storageState: admin.storageState });
  const page = await context.newPage();
  await page.goto("/admin/blog");
  return page;
}

/** A photo-like JPEG with camera and GPS metadata, as a phone would upload it. */
function photo(): Promise<Buffer> {
  return sharp({ create: { width: 1800, height: 1000, channels: 3, background: "#3b82f6" } })
    .composite([
      {
        input: Buffer.from(
          '<svg width="1800" height="1000"><circle cx="900" cy="500" r="300" fill="orange"/></svg>',
        ),
      },
    ])
    .jpeg()
    .withExif({ IFD0: { Make: "PhoneCo" }, IFD3: { GPSLatitudeRef: "N" } })
    .toBuffer();
}

// generous time on a shared machine
test.describe.configure({ timeout: 300_000 });

test("an admin writes a post with a category, a new tag and an uploaded image, publishes it everywhere, then unpublishes it", {
  lock: PUBLISHED_POSTS,
}, async ({ page, admin }) => {
  // a long walk through the editor, the blog and its feeds: about a minute on a quiet machine
  test.setTimeout(180_000);
  const stamp = Date.now();
  const title = `Radon fans last about ten years ${stamp}`;
  const slug = `radon-fans-last-about-ten-years-${stamp}`;
  const tagName = `Fan Lifespan ${stamp}`;
  const tagSlug = `fan-lifespan-${stamp}`;

  // the worker's two-factor admin (fixtures.ts); admin.spec.ts enrols one through the UI
  await openAs(page, admin, "/admin/dashboard");

  // the sidebar's Blog entry lists every post, drafts included
  await page
    .getByRole("navigation", { name: "Admin Panel" })
    .getByRole("link", { name: "Blog" })
    .click();
  await expect(page).toHaveURL(/\/admin\/blog$/);
  await expect(page.getByRole("heading", { name: "Blog posts" })).toBeVisible();
  await expect(page.getByText(/^\d+ posts$/)).toBeVisible();
  await expect(page.getByRole("link", { name: /^Radon in Utah Homes/ })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole("link", { name: "New post" }).click();
  await expect(page.getByRole("heading", { name: "New post" })).toBeVisible();
  // TipTap arrives after hydration
  const content = page.getByRole("textbox", { name: "Content" });
  await expect(page.getByRole("button", { name: "Bold" })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole("textbox", { name: "Title", exact: true }).fill(title);
  await expect(page.getByLabel("Slug")).toHaveValue(slug);
  await page
    .getByLabel("Excerpt")
    .fill("A radon fan runs day and night; here is when to replace it.");

  // rich text: a heading, a bold phrase, a list, a quote and a link
  await content.click();
  await page.getByRole("button", { name: "Heading 2" }).click();
  await page.keyboard.type("How long a fan lasts");
  await page.keyboard.press("Enter");
  await page.keyboard.type("Most fans run ");
  await page.getByRole("button", { name: "Bold" }).click();
  await page.keyboard.type("five to ten years");
  await page.getByRole("button", { name: "Bold" }).click();
  await page.keyboard.type(" without a break.");
  await page.keyboard.press("Enter");
  await page.getByRole("button", { name: "Bulleted list" }).click();
  await page.keyboard.type("Check the U-tube manometer");
  await page.keyboard.press("Enter");
  await page.keyboard.type("Listen for bearing noise");
  await page.keyboard.press("Enter");
  await page.keyboard.press("Enter");
  await page.getByRole("button", { name: "Quote" }).click();
  await page.keyboard.type("Retest every two years.");
  await page.keyboard.press("Enter");
  await page.keyboard.press("Enter");
  await page.keyboard.type("Read the EPA guide on radon fans.");
  // select "EPA guide": a link inside a sentence
  for (let i = 0; i < " on radon fans.".length; i++) await page.keyboard.press("ArrowLeft");
  for (let i = 0; i < "EPA guide".length; i++) await page.keyboard.press("Shift+ArrowLeft");
  await page.getByRole("button", { name: "Link" }).click();
  await page.getByLabel("Link address").fill("https://www.epa.gov/radon");
  await page.getByRole("button", { name: "Apply link" }).click();

  // the featured image is uploaded (a JPEG with GPS data) and chosen
  const featured = page.getByRole("group", { name: "Featured image: choose or upload" });
  await featured.getByLabel(/Upload a new image/).setInputFiles({
    name: "fan.jpg",
    mimeType: "image/jpeg",
    buffer: await photo(),
  });
  await expect(featured.getByText("Image uploaded.")).toBeVisible({ timeout: 60_000 });
  await expect(page.getByLabel("Featured image", { exact: true })).toHaveValue(
    /^\/uploads\/[0-9a-f]{32}-1600\.webp$/,
  );
  // and the same upload goes into the article
  await content.click();
  await page.keyboard.press("Control+End");
  await page.getByRole("button", { name: "Image", exact: true }).click();
  await page.getByLabel("Image description (alt text)").fill("A radon fan on an outside wall");
  await page
    .getByRole("group", { name: "Image in the article: choose or upload" })
    .getByRole("button", { name: /^Use upload 1,/ })
    .click();
  await expect(content.getByRole("img", { name: "A radon fan on an outside wall" })).toBeVisible();

  // an existing category and a new tag; the SEO fields show their recommended lengths
  await page.getByRole("group", { name: "Categories", exact: true }).getByLabel("Radon").check();
  await page.getByLabel("New tags").fill(tagName);
  await page.getByLabel("Meta title").fill("How long do radon fans last?");
  await expect(page.getByText("Recommended: up to 60 characters (28 used).")).toBeVisible();
  await expect(page.getByText("Recommended: up to 160 characters (0 used).")).toBeVisible();

  // the preview shows the article as it will render
  await page.getByRole("tab", { name: "Preview" }).click();
  const preview = page.getByRole("tabpanel", { name: "Preview" });
  await expect(preview.getByRole("heading", { name: "How long a fan lasts" })).toBeVisible();
  await expect(preview.getByRole("link", { name: "EPA guide" })).toHaveAttribute(
    "href",
    "https://www.epa.gov/radon",
  );
  await page.getByRole("tab", { name: "Write" }).click();

  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByText("Post published")).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/blog\/[0-9a-f-]{36}$/);
  const editorUrl = page.url();
  await expect(page.getByText("Status: Published")).toBeVisible();
  await expectNoAxeViolations(page);

  // first on /blog, on its category and tag pages, in the feed and the sitemap
  await page.goto("/blog");
  const first = page.getByRole("region", { name: "Featured Article" });
  await expect(first.getByRole("link", { name: title })).toBeVisible();
  await page.goto("/blog/category/radon");
  await expect(page.getByRole("link", { name: title }).first()).toBeVisible();
  const tagPage = await page.goto(`/blog/tag/${tagSlug}`);
  expect(tagPage?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: new RegExp(tagName) })).toBeVisible();
  await expect(page.getByRole("link", { name: title }).first()).toBeVisible();
  const feed = await (await page.request.get("/blog/feed.xml")).text();
  expect(feed).toContain(title);
  expect(feed).toContain(`/blog/${slug}</link>`);
  const sitemap = await (await page.request.get("/sitemap.xml")).text();
  expect(sitemap).toContain(`/blog/${slug}</loc>`);

  // the article: sanitised HTML with the uploaded images served under the CSP
  const published = await page.goto(`/blog/${slug}`);
  expect(published?.status()).toBe(200);
  const article = page.getByRole("article");
  await expect(article.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(article.getByRole("heading", { name: "How long a fan lasts" })).toBeVisible();
  await expect(article.getByRole("link", { name: "EPA guide" })).toHaveAttribute(
    "rel",
    "nofollow noopener noreferrer",
  );
  const inline = article.getByRole("img", { name: "A radon fan on an outside wall" });
  await expect(inline).toBeVisible();
  await expect
    .poll(() => inline.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBe(1600);
  const imageUrl = (await inline.getAttribute("src")) ?? "";
  const served = await page.request.get(imageUrl);
  expect(served.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  expect((await sharp(await served.body()).metadata()).exif).toBeUndefined();

  // unpublish: the article answers 404
  await page.goto(editorUrl);
  await hydrated(page);
  await page.getByRole("button", { name: "Unpublish" }).click();
  await expect(page.getByText("Post unpublished")).toBeVisible();
  await expect(page.getByText("Status: Draft")).toBeVisible();
  const gone = await page.goto(`/blog/${slug}`);
  expect(gone?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Article Not Found" })).toBeVisible();

  // leaving with unsaved changes asks first; staying keeps the edit
  await page.goto(editorUrl);
  await expect(page.getByRole("button", { name: "Bold" })).toBeVisible();
  await page.getByLabel("Excerpt").fill("An edit not saved yet.");
  // answered as it opens: the click waits for the navigation the question holds up
  const question = new Promise<string>((resolve) => {
    page.once("dialog", (dialog) => {
      resolve(dialog.message());
      void dialog.dismiss();
    });
  });
  await page.getByRole("link", { name: "Back to posts" }).click();
  expect(await question).toBe("You have unsaved changes. Leave this page without saving them?");
  await expect(page).toHaveURL(editorUrl);
  await expect(page.getByLabel("Excerpt")).toHaveValue("An edit not saved yet.");

  // delete after its confirmation page (leaving the edit behind: accept the question)
  page.once("dialog", (d) => void d.accept());
  await page.getByRole("link", { name: "Delete post" }).click();
  await expect(page.getByRole("heading", { name: `Delete "${title}"?` })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Delete post" }).click();
  await expect(page.getByText("Post deleted")).toBeVisible();
  await expect(page.getByRole("link", { name: title })).toHaveCount(0);
});

test("with JavaScript off the editor saves a draft from its HTML textarea, and refuses a taken slug", async ({
  browser,
  admin,
}) => {
  const page = await editorPage(browser, admin, false);
  const title = `Swamp coolers and mold ${Date.now()}`;
  await page.getByRole("link", { name: "New post" }).click();
  await page.getByRole("textbox", { name: "Title", exact: true }).fill(title);
  // no script: no suggestion; a slug that is taken is refused with the SPEC's message
  await page.getByLabel("Slug").fill("radon-in-utah-homes-epa-action-level");
  await page.getByLabel("Content").fill("<p>Keep the pads <strong>dry</strong>.</p>");
  await page.getByRole("button", { name: "Save draft" }).click();
  const summary = page.getByRole("alert").filter({ hasText: "The post was not saved" });
  await expect(
    summary.getByRole("link", { name: "A post with this slug already exists" }),
  ).toBeVisible();
  await expect(page.getByLabel("Slug")).toHaveAttribute("aria-invalid", "true");
  // what was typed is still there
  await expect(page.getByLabel("Content")).toHaveValue(
    "<p>Keep the pads <strong>dry</strong>.</p>",
  );

  await page.getByLabel("Slug").fill("");
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page).toHaveURL(/\/admin\/blog\/[0-9a-f-]{36}$/);
  await expect(page.getByText("Status: Draft")).toBeVisible();
  await expect(page.getByLabel("Content")).toHaveValue(
    "<p>Keep the pads <strong>dry</strong>.</p>",
  );

  // the list filters drafts by the URL
  await page.getByRole("link", { name: "Back to posts" }).click();
  await page.getByRole("searchbox", { name: "Search" }).fill("swamp coolers");
  await page.getByLabel("Filter by status").selectOption({ label: "Drafts" });
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/q=swamp\+coolers&status=draft/);
  await expect(page.getByText("1 post")).toBeVisible();

  // clean up through the confirmation page
  await page.getByRole("link", { name: title }).click();
  await page.getByRole("link", { name: "Delete post" }).click();
  await page.getByRole("button", { name: "Delete post" }).click();
  await expect(page).toHaveURL(/\/admin\/blog$/);
  await expect(page.getByRole("link", { name: title })).toHaveCount(0);
});

test("with JavaScript off an admin renames a category and deletes a tag on /admin/blog, after confirming", async ({
  browser,
  admin,
}) => {
  const page = await editorPage(browser, admin, false);
  const stamp = Date.now();
  const category = `Crawl spaces ${stamp}`;
  const renamed = `Crawlspaces ${stamp}`;
  const tag = `Vapor barrier ${stamp}`;
  // a draft brings a new category and tag
  await page.getByRole("link", { name: "New post" }).click();
  await page.getByRole("textbox", { name: "Title", exact: true }).fill(`Terms draft ${stamp}`);
  await page.getByLabel("Content").fill("<p>Draft.</p>");
  await page.getByLabel("New categories").fill(category);
  await page.getByLabel("New tags").fill(tag);
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByText("Status: Draft")).toBeVisible();

  await page.goto("/admin/blog");
  const terms = page.getByRole("region", { name: "Categories and tags" });
  // a name without a letter or digit is refused beside its field, what was typed kept
  const field = terms.getByLabel(`Category name (${category})`);
  await field.fill("!!!");
  await terms.getByRole("button", { name: `Rename ${category}` }).click();
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(field).toHaveAccessibleDescription("Use at least one letter or digit");
  await expect(field).toHaveValue("!!!");

  await field.fill(renamed);
  await terms.getByRole("button", { name: `Rename ${category}` }).click();
  await expect(page.getByText("Category renamed")).toBeVisible();
  await expect(terms.getByLabel(`Category name (${renamed})`)).toHaveValue(renamed);
  await expect(
    terms.getByRole("link", { name: `/blog/category/crawlspaces-${stamp}` }),
  ).toBeVisible();

  await terms.getByRole("link", { name: `Delete ${tag}` }).click();
  const confirm = terms.getByRole("alert");
  await expect(confirm).toContainText(`Delete the tag "${tag}"?`);
  await expect(confirm).toContainText("It is removed from 1 post; the posts themselves stay.");
  await confirm.getByRole("button", { name: "Delete tag" }).click();
  await expect(page.getByText("Tag deleted")).toBeVisible();
  await expect(terms.getByLabel(`Tag name (${tag})`)).toHaveCount(0);
  // a draft's category is not public
  await page.goto("/blog");
  await expect(page.getByRole("link", { name: new RegExp(renamed) })).toHaveCount(0);
  await page.context().close();
});

test("a featured image over 5 MB is refused beside the field and the unsaved post stays in the editor", async ({
  browser,
  admin,
}) => {
  const page = await editorPage(browser, admin);
  await page.goto("/admin/blog/new");
  await expect(page.getByRole("button", { name: "Bold" })).toBeVisible();
  await page.getByRole("textbox", { name: "Title", exact: true }).fill("Not saved yet");
  await page.getByLabel("Excerpt").fill("Typed before the upload.");

  // a 6 MB file (a JPEG's first bytes, then padding): refused for its size alone
  const big = Buffer.alloc(6 * 1024 * 1024, 0);
  big.set([0xff, 0xd8, 0xff, 0xe0]);
  const featured = page.getByRole("group", { name: "Featured image: choose or upload" });
  const upload = featured.getByLabel(/Upload a new image/);
  await upload.setInputFiles({ name: "huge.jpg", mimeType: "image/jpeg", buffer: big });

  const message = featured.getByText("The image is larger than 5 MB. Choose a smaller file.");
  await expect(message).toBeVisible();
  await expect(upload).toHaveAttribute("aria-invalid", "true");
  await expect(upload).toHaveAccessibleDescription(
    "The image is larger than 5 MB. Choose a smaller file.",
  );
  // the editor is still there with what was typed; no error page
  await expect(page.getByRole("heading", { name: "Something went wrong" })).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "New post" })).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Title", exact: true })).toHaveValue(
    "Not saved yet",
  );
  await expect(page.getByLabel("Excerpt")).toHaveValue("Typed before the upload.");
  await expect(page.getByLabel("Featured image", { exact: true })).toHaveValue("");

  // the same refusal when the server is the one to say it (the browser's check bypassed): an
  // answer, not a reset connection, on the editor's endpoint and on the no-JavaScript page
  const origin = new URL(page.url()).origin;
  const multipart = { image: { name: "huge.jpg", mimeType: "image/jpeg", buffer: big } };
  for (const path of ["/admin/blog/uploads.json", "/admin/blog/uploads"]) {
    const answer = await page.request.post(path, { headers: { Origin: origin }, multipart });
    expect(answer.status(), path).toBe(413);
    expect(await answer.text(), path).toContain(
      "The image is larger than 5 MB. Choose a smaller file.",
    );
  }
  await page.context().close();
});

test("a guest is sent to sign in from every editor page", async ({ page }) => {
  for (const path of ["/admin/blog", "/admin/blog/new", "/admin/blog/uploads"]) {
    await page.goto(path);
    await expect(page).toHaveURL(
      new RegExp(`/auth/signin\\?redirectTo=${encodeURIComponent(path)}$`),
    );
  }
});
