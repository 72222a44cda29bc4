import { useEffect } from "react";
import { Toaster as Sonner } from "sonner";

/**
 * sonner's toaster with our settings: top right, 4 seconds, at most 3 at once (SPEC section 9),
 * and our own colours (sonner's richColors success green is under WCAG AA contrast, about
 * 4.3:1). Loaded by `toaster.tsx` when the first notification is shown.
 */
export default function SonnerToaster({ onMounted }: { onMounted: () => void }) {
  // sonner subscribes to its store in its own effect, which runs before this one
  useEffect(() => onMounted(), [onMounted]);
  return (
    <Sonner
      position="top-right"
      duration={4000}
      visibleToasts={3}
      closeButton
      toastOptions={{
        classNames: {
          toast: "border-2 !bg-white !text-slate-900",
          success: "!border-brand-700",
          error: "!border-error",
          description: "!text-slate-700",
        },
      }}
    />
  );
}
