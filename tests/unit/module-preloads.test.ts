import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import {
  lowPriorityModulePreloadStream,
  lowPriorityModulePreloads,
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
