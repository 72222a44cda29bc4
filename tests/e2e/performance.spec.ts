/**
 * What keeps the public pages' largest paint fast (issue 16 point 11, docs/performance.md): the
 * page paints before its scripts are fetched, and the scripts still arrive and hydrate it.
 * Orders of events, never durations.
 */
import { expect, test } from "@playwright/test";
import { checkedPages } from "../setup/public-pages";

for (const path of ["/", "/products/mold-remediation/utah", "/blog", "/quotes/radon-remediation"]) {
  test(`${path} paints before it fetches its scripts, then hydrates`, async ({ page }) => {
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    page.on("console", (message) => message.type() === "error" && errors.push(message.text()));
    await page.goto(path);
    await page.waitForFunction(() => "__reactRouterDataRouter" in window);
    const order = await page.evaluate(() => {
      const paint = performance.getEntriesByName("first-contentful-paint")[0];
      const scripts = performance
        .getEntriesByType("resource")
        .filter((entry) => new URL(entry.name).pathname.endsWith(".js"));
      return {
        painted: paint?.startTime ?? null,
        firstScript: Math.min(...scripts.map((entry) => entry.startTime)),
        scripts: scripts.length,
      };
    });
    expect(order.painted).not.toBeNull();
    expect(order.scripts).toBeGreaterThan(2);
    expect(order.firstScript).toBeGreaterThan(order.painted as number);
    expect(errors).toEqual([]);
  });
}

test("every public page is one that loads its scripts after the first paint", async ({
  request,
}) => {
  for (const path of checkedPages()) {
    const html = await (await request.get(path)).text();
    expect(html, path).not.toContain('<link rel="modulepreload"');
    expect(html, path).toContain('type="text/x-module-after-paint"');
  }
});

/** The scripts a public page loads before anyone uses it: the preloads its waiting code adds. */
function pageScripts(html: string): string[] {
  const preloads = html.match(/\[("\/assets\/[^"]+\.js",?)+\]\.forEach/)?.[0] ?? "[]";
  return JSON.parse(preloads.replace(/\.forEach$/, "")) as string[];
}

test("no public page ships more than 130 KB of JavaScript before it is used (DESIGN section 7)", async ({
  request,
}) => {
  for (const path of checkedPages()) {
    const scripts = pageScripts(await (await request.get(path)).text());
    expect(scripts.length, path).toBeGreaterThan(2);
    let bytes = 0;
    for (const script of scripts) {
      const response = await request.get(script, { headers: { "Accept-Encoding": "br, gzip" } });
      expect(response.status(), script).toBe(200);
      // a copy compressed at build time: its size is what the browser receives
      expect(response.headers()["content-encoding"], script).toBe("br");
      bytes += Number(response.headers()["content-length"]);
    }
    expect(bytes, `${path}: ${scripts.join(" ")}`).toBeLessThanOrEqual(130 * 1024);
  }
});
