import { type Browser, expect, type Page, test } from "@playwright/test";
import sharp from "sharp";
import { expectNoAxeViolations, signInWithTotp, signUpAndVerify, turnOnTotp } from "./helpers";

// playwright.config.ts lists this address in ADMIN_EMAILS: the verified account becomes an admin
const EDITOR = "editor.e2e@example.com";
const PASSWORD = "correct horse 42";
let totpKey = "";
/** Signs the editor in with password and TOTP code, landing on `redirectTo`. */
async function signInEditor(page: Page, redirectTo = "/admin/blog") {
  await signInWithTotp(page, { email: EDITOR, password: PASSWORD, totpKey }, redirectTo);
}

async function editorPage(browser: Browser, javaScriptEnabled = true) {
  const page = await (await browser.newContext({ javaScriptEnabled })).newPage();
  await signInEditor(page);
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

// one editor account for the file (enrolled by the first test); generous time on a shared machine
test.describe.configure({ mode: "serial", timeout: 300_000 });

test("an admin writes a post with a category, a new tag and an uploaded image, publishes it everywhere, then unpublishes it", async ({
  page,
}) => {
  const stamp = Date.now();
  const title = `Radon fans last about ten years ${stamp}`;
  const slug = `radon-fans-last-about-ten-years-${stamp}`;
  const tagName = `Fan Lifespan ${stamp}`;
  const tagSlug = `fan-lifespan-${stamp}`;

  // enrol: sign up, set up the profile, turn on two-factor, sign in again with it
  await signUpAndVerify(page, EDITOR, PASSWORD);
  await page.getByLabel("Full Name").fill("Eddie Editor");
  await page.getByRole("button", { name: "Complete Profile" }).click();
  await page.goto("/admin/blog");
  await expect(page).toHaveURL(/\/account\/profile$/);
  totpKey = await turnOnTotp(page, PASSWORD);
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page.getByText("Logged out successfully")).toBeVisible();
  await signInEditor(page, "/admin/dashboard");

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
  const question = page.waitForEvent("dialog");
  await page.getByRole("link", { name: "Back to posts" }).click();
  const dialog = await question;
  expect(dialog.message()).toBe("You have unsaved changes. Leave this page without saving them?");
  await dialog.dismiss();
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
}) => {
  const page = await editorPage(browser, false);
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

test("a guest is sent to sign in from every editor page", async ({ page }) => {
  for (const path of ["/admin/blog", "/admin/blog/new", "/admin/blog/uploads"]) {
    await page.goto(path);
    await expect(page).toHaveURL(
      new RegExp(`/auth/signin\\?redirectTo=${encodeURIComponent(path)}$`),
    );
  }
});
