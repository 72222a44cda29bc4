/**
 * The page's scripts at low fetch priority. React Router's `<Scripts>` puts a
 * `<link rel="modulepreload">` for every module of the page into the head, where the browser
 * fetches them at high priority, next to the stylesheet and ahead of the hero image, although
 * module scripts never block the first paint. Marking them `fetchpriority="low"` (what React does
 * for its own bootstrap modules, facebook/react#27189) lets the stylesheet and the hero image go
 * first on a slow connection; the scripts still arrive and run once parsed. `<Scripts>` takes no
 * attribute for its preload links, so the document's head is rewritten on its way out.
 */
import { Transform, type TransformCallback } from "node:stream";

const PRELOAD = '<link rel="modulepreload"';
const HEAD_END = "</head>";

/**
 * `html` with `fetchpriority="low"` on every module preload link of its head (before the first
 * `</head>`); the body is left as it is (a post may quote such a tag as text).
 */
export function lowPriorityModulePreloads(html: string): string {
  const end = html.indexOf(HEAD_END);
  const head = end === -1 ? html : html.slice(0, end);
  return head.replaceAll(PRELOAD, `${PRELOAD} fetchpriority="low"`) + html.slice(head.length);
}

/**
 * A stream that applies {@link lowPriorityModulePreloads} to an HTML document as React writes it:
 * bytes are held until `</head>` has passed (the head is complete before anything can paint
 * anyway), then everything flows through untouched. `onEnd` runs once the writer has ended.
 */
export function lowPriorityModulePreloadStream(onEnd?: () => void): Transform {
  let held: Buffer[] | null = [];
  return new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      if (held === null) return callback(null, chunk);
      held.push(chunk);
      const buffered = Buffer.concat(held);
      const end = buffered.indexOf(HEAD_END);
      if (end === -1) return callback();
      held = null;
      // `</head>` is ASCII: the split cannot cut a multi-byte character in two
      const headEnd = end + HEAD_END.length;
      this.push(lowPriorityModulePreloads(buffered.subarray(0, headEnd).toString("utf8")));
      callback(null, buffered.subarray(headEnd));
    },
    flush(callback: TransformCallback) {
      if (held?.length) this.push(lowPriorityModulePreloads(Buffer.concat(held).toString("utf8")));
      held = null;
      onEnd?.();
      callback();
    },
  });
}
