import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { blog_posts } from "../../app/db/schema";
import { openDatabase, setDatabase } from "../../app/lib/db.server";
import { loadEnv, setEnv } from "../../app/lib/env.server";
import { action as editorAction } from "../../app/routes/admin/blog-post";
import { PORT } from "../../playwright.config";
import { contextFor, makeUser, ORIGIN } from "../setup/admin";
import { formData } from "../setup/forms";
import { xssCorpus } from "./xss-corpus";

// A server of its own (PORT+94) on a database prepared here: the corpus is posted to the blog
// editor's route action (POST /admin/blog/new) as a signed-in two-factor admin, the way the
// editor's form sends it. One more row is written raw, around the editor, so the render-time
// sanitising is exercised too.
const port = PORT + 94; // server.spec.ts takes PORT+95..99
const origin = `http://127.0.0.1:${port}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "remediation-xss-"));
let server: ChildProcess | undefined;
let output = "";
// eight vectors per article keeps the page count (and the run time on a shared machine) low
const groups = Array.from({ length: Math.ceil(xssCorpus.length / 8) }, (_, i) =>
  xssCorpus.slice(i * 8, i * 8 + 8),
);

test.describe.configure({ mode: "serial", timeout: 600_000 });

test.beforeAll(async () => {
  test.setTimeout(300_000);
  setEnv(loadEnv({ NODE_ENV: "test", DATA_DIR: dataDir, PUBLIC_URL: origin, LOG_LEVEL: "silent" }));
  const handle = await openDatabase({ pgliteDir: path.join(dataDir, "db") });
  setDatabase(handle);
  try {
    const admin = await makeUser("xss.editor@example.com", { admin: true, totp: true });
    for (const [i, group] of groups.entries()) {
      const request = new Request(`${ORIGIN}/admin/blog/new`, {
        method: "POST",
        headers: { Origin: ORIGIN },
        body: formData({
          title: `XSS vectors ${i}`,
          slug: `xss-${i}`,
          excerpt: group[0],
          content: group.map((vector) => `<p>Before</p>${vector}<p>After</p>`).join("\n"),
          published: "true",
          meta_title: group[0],
          meta_description: group[0],
        }),
      });
      const saved: unknown = await editorAction({
        request,
        context: contextFor(admin),
        params: {},
      } as never).catch((thrown: unknown) => thrown);
      // the action answers a saved post with a redirect to its editor page
      expect(saved instanceof Response ? saved.status : saved).toBe(302);
    }
    await handle.db.insert(blog_posts).values({
      slug: "xss-raw",
      title: "Raw corpus <script>alert(1)</script>",
      content: xssCorpus.join("\n"),
      published: true,
      published_at: new Date(),
    });
  } finally {
    setDatabase(undefined);
    await handle.close();
  }
  server = spawn(process.execPath, ["server.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      PUBLIC_URL: origin,
      LOG_LEVEL: "warn",
    },
  });
  server.stdout?.on("data", (d) => (output += d));
  server.stderr?.on("data", (d) => (output += d));
  await expect.poll(() => output, { timeout: 120_000 }).toContain("Server ready");
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server?.once("exit", resolve));
    server.kill("SIGTERM");
    await exited;
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
});

test("no vector of the XSS corpus runs a script or opens a dialog on its article page", async ({
  page,
}) => {
  const dialogs: string[] = [];
  const errors: string[] = [];
  page.on("dialog", async (dialog) => {
    dialogs.push(`${page.url()}: ${dialog.message()}`);
    await dialog.dismiss();
  });
  page.on("pageerror", (error) => errors.push(`${page.url()}: ${error.message}`));
  // a script the CSP blocked would still have been an attempt: record every violation
  await page.addInitScript(() => {
    const w = window as unknown as { __violations: string[] };
    w.__violations = [];
    document.addEventListener("securitypolicyviolation", (e) => {
      w.__violations.push(`${e.violatedDirective} ${e.blockedURI}`);
    });
  });

  const slugs = [...groups.keys()].map((i) => `xss-${i}`).concat("xss-raw");
  for (const slug of slugs) {
    const response = await page.goto(`${origin}/blog/${slug}`);
    expect(response?.status(), slug).toBe(200);
    await expect(page.getByRole("article").getByRole("heading", { level: 1 })).toBeVisible();
    // the vectors that need a focus or hover get one
    await page.mouse.move(400, 400);
    await page.keyboard.press("Tab");
    const found = await page.evaluate(() => {
      const body = document.querySelector("article") as HTMLElement;
      const w = window as unknown as { __xss?: number; __violations: string[] };
      const handlers = [...body.querySelectorAll("*")].flatMap((el) =>
        [...el.attributes].filter((a) => /^on/i.test(a.name)).map((a) => `${el.tagName} ${a.name}`),
      );
      const urls = [...body.querySelectorAll("[href],[src],[action],[formaction],[data]")]
        .flatMap((el) =>
          ["href", "src", "action", "formaction", "data"].map((n) => el.getAttribute(n)),
        )
        .filter((v): v is string => v !== null && !/^(https?:|mailto:|\/(?!\/)|#)/i.test(v.trim()));
      const tags = [
        ...body.querySelectorAll(
          "script,iframe,object,embed,svg,math,style,form,input,base,meta,link",
        ),
      ].map((el) => el.tagName);
      return { xss: w.__xss ?? 0, violations: w.__violations, handlers, urls, tags };
    });
    expect.soft(found, slug).toEqual({ xss: 0, violations: [], handlers: [], urls: [], tags: [] });
  }
  expect(dialogs).toEqual([]);
  expect(errors).toEqual([]);
});

test("the corpus is escaped in the title, meta tags and JSON-LD too", async ({ page }) => {
  const dialogs: string[] = [];
  page.on("dialog", async (dialog) => {
    dialogs.push(dialog.message());
    await dialog.dismiss();
  });
  await page.goto(`${origin}/blog/xss-0`);
  await expect(page).toHaveTitle("<SCRIPT SRC=https://xss.example/xss.js></SCRIPT>");
  await expect(page.locator('meta[name="description"]')).toHaveAttribute(
    "content",
    "<SCRIPT SRC=https://xss.example/xss.js></SCRIPT>",
  );
  const ld = await page.locator('script[type="application/ld+json"]').first().textContent();
  expect(JSON.parse(ld ?? "{}")).toMatchObject({
    description: "<SCRIPT SRC=https://xss.example/xss.js></SCRIPT>",
  });
  // the only scripts are the app's own, each carrying the CSP nonce
  const unnonced = await page.evaluate(
    () =>
      [...document.scripts].filter((s) => s.type !== "application/ld+json" && !s.nonce && !s.src)
        .length,
  );
  expect(unnonced).toBe(0);
  expect(dialogs).toEqual([]);
});
