import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import {
  lowPriorityModulePreloadStream,
  lowPriorityModulePreloads,
  pageScriptsStream,
  scriptsAfterPaint,
} from "~/lib/module-preloads.server";

const page =
  '<!DOCTYPE html><html><head><link rel="stylesheet" href="/a.css"/>' +
  '<link rel="modulepreload" href="/assets/entry.js"/><link rel="modulepreload" href="/assets/root.js"/>' +
  '</head><body><p>Radon — 4 pCi/L</p><pre>&lt;link rel="modulepreload"&gt;</pre>' +
  '<link rel="modulepreload" href="/in-body.js"/></body></html>';

const expected =
  '<!DOCTYPE html><html><head><link rel="stylesheet" href="/a.css"/>' +
  '<link rel="modulepreload" fetchpriority="low" href="/assets/entry.js"/>' +
  '<link rel="modulepreload" fetchpriority="low" href="/assets/root.js"/>' +
  '</head><body><p>Radon — 4 pCi/L</p><pre>&lt;link rel="modulepreload"&gt;</pre>' +
  '<link rel="modulepreload" href="/in-body.js"/></body></html>';

describe("module preloads at low priority", () => {
  it("marks every module preload of the head, and nothing else", () => {
    expect(lowPriorityModulePreloads(page)).toBe(expected);
    expect(lowPriorityModulePreloads("<p>no head</p>")).toBe("<p>no head</p>");
  });

  it("gives the same bytes from a stream cut anywhere, a multi-byte character included", async () => {
    const bytes = Buffer.from(page);
    for (const size of [1, 2, 3, 7, 25, 64, bytes.length]) {
      const chunks: Buffer[] = [];
      for (let at = 0; at < bytes.length; at += size) chunks.push(bytes.subarray(at, at + size));
      let ended = 0;
      const out = Readable.from(chunks).pipe(lowPriorityModulePreloadStream(() => ended++));
      expect(await text(out)).toBe(expected);
      expect(ended).toBe(1);
    }
  });

  it("passes a document cut short before its head ended, with its preloads marked", async () => {
    const cut = '<html><head><link rel="modulepreload" href="/e.js"/>';
    const out = Readable.from([Buffer.from(cut)]).pipe(lowPriorityModulePreloadStream());
    expect(await text(out)).toBe(
      '<html><head><link rel="modulepreload" fetchpriority="low" href="/e.js"/>',
    );
  });
});

// what React Router writes for a page: preloads in the head, one module script in the body
const routerPage =
  '<!DOCTYPE html><html><head><link rel="stylesheet" href="/a.css"/>' +
  '<link rel="modulepreload" href="/assets/entry.js" nonce="n1"/>' +
  '<link rel="modulepreload" href="/assets/root.js" nonce="n1"/>' +
  '<link rel="modulepreload" href="/assets/entry.js" nonce="n1"/></head>' +
  '<body><p>Radon — 4 pCi/L</p><script nonce="n1">window.__reactRouterContext = {};</script>' +
  '<script nonce="n1" type="module" async="">;\nimport * as route0 from "/assets/root.js";\n' +
  'import * as route1 from "/assets/home.js";\n  window.__reactRouterRouteModules = {"root":route0,"home":route1};\n\n' +
  'import("/assets/entry.js");</script><script>enqueue("data")</script></body></html>';

describe("scripts after the first paint", () => {
  const rewrite = async (chunks: Buffer[]) =>
    text(Readable.from(chunks).pipe(pageScriptsStream({ afterPaint: true })));

  it("takes the head's preloads out and lets the module script wait, in its place", async () => {
    const out = await rewrite([Buffer.from(routerPage)]);
    expect(out).not.toContain('<link rel="modulepreload"');
    expect(out).not.toMatch(/<script[^>]*type="module"/);
    expect(out).toContain('<head><link rel="stylesheet" href="/a.css"/></head>');
    // the context script gains the waiting code; the module script keeps its nonce and text
    expect(out).toContain('<script nonce="n1">window.__reactRouterContext = {};;(function(start){');
    expect(out).toContain('["/assets/entry.js","/assets/root.js"].forEach(');
    expect(out).toContain(
      '</script><script nonce="n1" type="text/x-module-after-paint">;\nimport * as route0 from "/assets/root.js";',
    );
    expect(out).toContain('import("/assets/entry.js");</script><script>enqueue("data")</script>');
    // as many script elements as before: hydration matches them one for one
    expect(out.match(/<script\b/g)?.length).toBe(routerPage.match(/<script\b/g)?.length);
  });

  it("puts the module script back only once the page has loaded and painted", () => {
    const added: string[] = [];
    const listeners: Record<string, () => void> = {};
    const observer: { callback?: PaintCallback } = {};
    const frames: (() => void)[] = [];
    const waiting = {
      nonce: "n1",
      textContent: 'import * as route0 from "/r.js";',
      replaceWith: (script: { type: string; nonce: string; textContent: string }) =>
        added.push(`${script.type} ${script.nonce} ${script.textContent}`),
    };
    const browser = {
      document: {
        readyState: "interactive",
        head: { appendChild: (link: { href: string }) => added.push(`preload ${link.href}`) },
        createElement: () => ({}),
        querySelector: (selector: string) =>
          selector === 'script[type="text/x-module-after-paint"]' ? waiting : null,
      },
      window: {} as Record<string, unknown>,
      addEventListener: (name: string, fn: () => void) => {
        listeners[name] = fn;
      },
      PerformanceObserver: Object.assign(
        function (this: unknown, fn: PaintCallback) {
          observer.callback = fn;
          return { observe() {}, disconnect() {} };
        },
        { supportedEntryTypes: ["paint"] },
      ),
      requestAnimationFrame: (fn: () => void) => frames.push(fn),
      setTimeout: (fn: () => void) => fn(),
    };
    browser.window.PerformanceObserver = browser.PerformanceObserver;
    new Function(...Object.keys(browser), scriptsAfterPaint(["/r.js"]))(...Object.values(browser));
    const nextFrames = () => {
      while (frames.length) frames.shift()?.();
    };
    nextFrames();
    expect(added).toEqual([]);
    observer.callback?.({
      getEntriesByName: (name: string) => (name === "first-contentful-paint" ? [1] : []),
    });
    nextFrames();
    expect(added).toEqual([]); // painted, not loaded yet
    listeners.load?.();
    nextFrames();
    expect(added).toEqual(["preload /r.js", 'module n1 import * as route0 from "/r.js";']);
  });

  it("leaves a module script that does not follow React Router's context script as it is", async () => {
    const page = routerPage.replace(
      '<script nonce="n1">window.__reactRouterContext = {};</script>',
      "",
    );
    const out = await rewrite([Buffer.from(page)]);
    expect(out).toContain('<script nonce="n1" type="module" async="">');
  });

  it("gives the same bytes from a stream cut anywhere", async () => {
    const whole = await rewrite([Buffer.from(routerPage)]);
    const bytes = Buffer.from(routerPage);
    for (const size of [1, 3, 7, 64, 200]) {
      const chunks: Buffer[] = [];
      for (let at = 0; at < bytes.length; at += size) chunks.push(bytes.subarray(at, at + size));
      let ended = 0;
      const out = Readable.from(chunks).pipe(
        pageScriptsStream({ afterPaint: true }, () => ended++),
      );
      expect(await text(out)).toBe(whole);
      expect(ended).toBe(1);
    }
  });
});

type PaintCallback = (list: { getEntriesByName(name: string): unknown[] }) => void;
