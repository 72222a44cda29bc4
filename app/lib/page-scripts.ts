/**
 * The route `handle` that loads a page's scripts after its first paint (docs/decisions/0138-scripts-after-first-paint.md;
 * the rewrite itself: lib/module-preloads.server.ts). Public pages use it: their content is
 * the same before the scripts run, and their largest paint must not wait for them.
 */
export const SCRIPTS_AFTER_PAINT = { scriptsAfterPaint: true } as const;

/** True when a route's `handle` asks for its page's scripts after the first paint. */
export function wantsScriptsAfterPaint(handle: unknown): boolean {
  return (
    typeof handle === "object" &&
    handle !== null &&
    (handle as { scriptsAfterPaint?: unknown }).scriptsAfterPaint === true
  );
}
