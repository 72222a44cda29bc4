/**
 * How the page's scripts load. React Router's `<Scripts>` puts a `<link rel="modulepreload">`
 * for every module of the page into the head and starts them from one inline module script at
 * the end of the body.
 *
 * - Every page: the preloads get `fetchpriority="low"` (what React does for its own bootstrap
 *   modules, facebook/react#27189), so the stylesheet and the hero image go first on a slow
 *   connection. `<Scripts>` takes no attribute for its preload links, so the document's head is
 *   rewritten on its way out.
 * - Pages whose route asks for it (`handle.scriptsAfterPaint`, the public pages): the scripts are
 *   not fetched before the page has painted (docs/decisions/0138-scripts-after-first-paint.md).
 *   The head's preloads are taken out and the module script is given a type the browser does not
 *   run; a few lines added to the classic script before it (React Router's context) wait until
 *   the page has loaded and its first contentful paint is on screen, then add those preloads and
 *   put the same module script, with the same nonce and text (so the same CSP nonce or hash
 *   allows it), in its place. The largest paint then never waits for the JavaScript, neither on a
 *   slow connection (the scripts no longer share it with the stylesheet and the hero image) nor
 *   in Lighthouse's simulation (which counts every script that finished before the observed
 *   LCP). Hydration sees the same elements; without JavaScript nothing changes.
 */

import { Transform, type TransformCallback } from "node:stream";
import { StringDecoder } from "node:string_decoder";

const PRELOAD = '<link rel="modulepreload"';
const PRELOAD_TAG = /<link rel="modulepreload"[^>]*?\bhref="([^"]+)"[^>]*>/g;
const HEAD_END = "</head>";
/** React Router's module script: `<script nonce="…" type="module" async="">` */
const MODULE_OPEN = /<script\b([^>]*)\btype="module"([^>]*)>/;
const SCRIPT_CLOSE = "</script>";
/** the type the module script waits under (the browser runs no script of an unknown type) */
const WAITING_TYPE = "text/x-module-after-paint";
const SCRIPT_START = /<script\b/g;

/**
 * `html` with `fetchpriority="low"` on every module preload link of its head (before the first
 * `</head>`); the body is left as it is (a post may quote such a tag as text).
 */
export function lowPriorityModulePreloads(html: string): string {
  const end = html.indexOf(HEAD_END);
  const head = end === -1 ? html : html.slice(0, end);
  return head.replaceAll(PRELOAD, `${PRELOAD} fetchpriority="low"`) + html.slice(head.length);
}

/** `head` without its module preload links, and their URLs in order (each once). */
export function takeModulePreloads(head: string): { head: string; hrefs: string[] } {
  const hrefs = new Set<string>();
  const rest = head.replace(PRELOAD_TAG, (_tag, href: string) => {
    hrefs.add(href);
    return "";
  });
  return { head: rest, hrefs: [...hrefs] };
}

/**
 * Browser code: calls `start` once the page has loaded (images included) and its first
 * contentful paint has been presented, two frames later (by then the largest paint of an image
 * that arrived last is on screen too). A page the browser does not paint (a hidden tab) starts
 * when it is shown; a browser without paint timing starts after the load event. Plain ES5-level
 * JavaScript in a string: it goes into the page as it is written here.
 */
const AFTER_FIRST_PAINT = `function(start){
var started=false,loaded=document.readyState==="complete",
painted=!(window.PerformanceObserver&&(PerformanceObserver.supportedEntryTypes||[]).indexOf("paint")!==-1);
function go(){if(!started){started=true;start()}}
function check(){if(painted&&loaded)requestAnimationFrame(function(){requestAnimationFrame(function(){setTimeout(go,0)})})}
if(!painted){var o=new PerformanceObserver(function(list){
if(!list.getEntriesByName("first-contentful-paint").length)return;o.disconnect();painted=true;check()});
o.observe({type:"paint",buffered:true})}
if(!loaded)addEventListener("load",function(){loaded=true;check()});
check()}`;

/**
 * Browser code for the end of the classic script before the waiting module script: after the
 * first paint, adds `preloads` to the head (the modules come in parallel, not import by import)
 * and puts a live copy of the waiting module script in its place.
 */
export function scriptsAfterPaint(preloads: string[]): string {
  const start =
    `function(){var d=document.querySelector('script[type="${WAITING_TYPE}"]');if(!d)return;` +
    `${JSON.stringify(preloads).replaceAll("<", "\\u003c")}.forEach(function(h){` +
    `var l=document.createElement("link");l.rel="modulepreload";l.href=h;document.head.appendChild(l)});` +
    `var s=document.createElement("script");s.type="module";s.nonce=d.nonce;s.textContent=d.textContent;` +
    `d.replaceWith(s)}`;
  return `;(${AFTER_FIRST_PAINT})(${start});`;
}

/**
 * `body` (a part of the document after the head) with React Router's module script waiting for
 * the first paint, or null when it is not there yet (or not whole). A module script not right
 * after a classic inline script is left as it is.
 */
function moduleScriptAfterPaint(body: string, preloads: string[]): string | null {
  const open = MODULE_OPEN.exec(body);
  if (!open) return null;
  const close = body.indexOf(SCRIPT_CLOSE, open.index + open[0].length);
  if (close === -1) return null;
  const before = body.slice(0, open.index);
  const previous = before.lastIndexOf("<script");
  const previousTag = before.slice(previous, before.indexOf(">", previous) + 1);
  if (
    previous === -1 ||
    !before.endsWith(SCRIPT_CLOSE) ||
    /\b(type|src)=/.test(previousTag) ||
    before.indexOf(SCRIPT_CLOSE, previous) !== before.length - SCRIPT_CLOSE.length
  ) {
    return body;
  }
  const attributes = `${open[1] ?? ""}${open[2] ?? ""}`.replace(/\s*\basync(="")?/, "").trimEnd();
  return (
    before.slice(0, -SCRIPT_CLOSE.length) +
    scriptsAfterPaint(preloads) +
    SCRIPT_CLOSE +
    `<script${attributes} type="${WAITING_TYPE}">` +
    body.slice(open.index + open[0].length)
  );
}

/**
 * A stream that applies {@link lowPriorityModulePreloads} (or, with `afterPaint`, moves the
 * scripts after the first paint: {@link scriptsAfterPaint}) to an HTML document as React writes
 * it: bytes are held until `</head>` has passed (the head is complete before anything can paint
 * anyway) and, with `afterPaint`, from the script before React Router's module script to the
 * module script's end; everything else flows through untouched. `onEnd` runs once the writer has ended.
 */
export function pageScriptsStream(
  { afterPaint }: { afterPaint: boolean },
  onEnd?: () => void,
): Transform {
  const decoder = new StringDecoder("utf8");
  let phase: "head" | "body" | "done" = "head";
  let held = "";
  let preloads: string[] = [];

  const head = (html: string) => {
    if (!afterPaint) return lowPriorityModulePreloads(html);
    const taken = takeModulePreloads(html);
    preloads = taken.hrefs;
    return taken.head;
  };
  /** what of `held` can go out now (the rest stays held) */
  const release = (ending: boolean): string => {
    let out = "";
    if (phase === "head") {
      const end = held.indexOf(HEAD_END);
      if (end === -1) {
        if (!ending) return "";
        out = head(held);
        held = "";
        return out;
      }
      out = head(held.slice(0, end + HEAD_END.length));
      held = held.slice(end + HEAD_END.length);
      phase = afterPaint ? "body" : "done";
    }
    if (phase === "body") {
      const rewritten = moduleScriptAfterPaint(held, preloads);
      if (rewritten !== null) {
        held = rewritten;
        phase = "done";
      } else if (!ending) {
        // hold from the script before the last one (the module script comes right after
        // React Router's context script), and the end where a tag may be cut in two
        const starts = [...held.matchAll(SCRIPT_START)].map((match) => match.index);
        let keepFrom = Math.max(0, held.length - 16);
        if (starts.length > 0)
          keepFrom = Math.min(keepFrom, starts[Math.max(0, starts.length - 2)] as number);
        out += held.slice(0, keepFrom);
        held = held.slice(keepFrom);
        return out;
      }
    }
    out += held;
    held = "";
    return out;
  };

  return new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      if (phase === "done") return callback(null, chunk);
      held += decoder.write(chunk);
      const out = release(false);
      callback(null, out ? Buffer.from(out, "utf8") : undefined);
    },
    flush(callback: TransformCallback) {
      held += decoder.end();
      const out = phase === "done" ? held : release(true);
      if (out) this.push(Buffer.from(out, "utf8"));
      held = "";
      onEnd?.();
      callback();
    },
  });
}

/** {@link pageScriptsStream} without `afterPaint`: the head's preloads at low priority. */
export function lowPriorityModulePreloadStream(onEnd?: () => void): Transform {
  return pageScriptsStream({ afterPaint: false }, onEnd);
}
