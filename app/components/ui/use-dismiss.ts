import { type RefObject, useEffect, useRef } from "react";

/**
 * Closes a popup (a menu or a panel) the way a disclosure should: while `open`, `onOutside` runs
 * when a pointer press or focus lands outside every element of `inside` (the popup and what
 * toggles it), `onEscape` on the Escape key. The listeners go when it closes. The callbacks are
 * read at each event, so they need no memoising.
 */
export function useDismiss(
  open: boolean,
  inside: ReadonlyArray<RefObject<HTMLElement | null>>,
  onOutside: () => void,
  onEscape: () => void,
) {
  const latest = useRef({ inside, onOutside, onEscape });
  latest.current = { inside, onOutside, onEscape };
  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: Event) => {
      const target = event.target as Node;
      if (!latest.current.inside.some((ref) => ref.current?.contains(target))) {
        latest.current.onOutside();
      }
    };
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === "Escape") latest.current.onEscape();
    };
    document.addEventListener("pointerdown", closeOutside);
    document.addEventListener("focusin", closeOutside);
    document.addEventListener("keydown", closeOnEscape);
    return () => {
      document.removeEventListener("pointerdown", closeOutside);
      document.removeEventListener("focusin", closeOutside);
      document.removeEventListener("keydown", closeOnEscape);
    };
  }, [open]);
}
