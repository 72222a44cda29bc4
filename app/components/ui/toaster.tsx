/**
 * Notifications (sonner, SPEC section 9), loaded on the first one shown: most page views show
 * none, and sonner is about 9 KB of the marketing pages' 130 KB JavaScript budget (DESIGN
 * section 7). `toast.success` / `toast.error` take sonner's arguments.
 */
import { lazy, Suspense, useEffect, useState } from "react";
import type { ExternalToast } from "sonner";

const SonnerToaster = lazy(() => import("./sonner-toaster"));

let showToaster: (() => void) | undefined;
let wanted = false;
let toasterMounted: Promise<void> | undefined;
let markMounted = () => {};

/** Renders sonner's toaster once a notification asks for it. Put it in the root layout once. */
export function Toaster() {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    showToaster = () => setShown(true);
    // a notification asked before this effect ran (an effect earlier in the tree)
    if (wanted) setShown(true);
    return () => {
      showToaster = undefined;
    };
  }, []);
  if (!shown) return null;
  return (
    <Suspense fallback={null}>
      <SonnerToaster onMounted={() => markMounted()} />
    </Suspense>
  );
}

function mounted(): Promise<void> {
  toasterMounted ??= new Promise<void>((resolve) => {
    markMounted = resolve;
    wanted = true;
    showToaster?.();
  });
  return toasterMounted;
}

async function show(kind: "success" | "error", title: string, options?: ExternalToast) {
  const [{ toast: sonner }] = await Promise.all([import("sonner"), mounted()]);
  sonner[kind](title, options);
}

/** Shows a notification top right (loads sonner and its toaster the first time). */
export const toast = {
  success: (title: string, options?: ExternalToast) => void show("success", title, options),
  error: (title: string, options?: ExternalToast) => void show("error", title, options),
};
