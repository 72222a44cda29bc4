import { Toaster as Sonner } from "sonner";

/**
 * Notifications: top right, 4 seconds, at most 3 at once (SPEC section 9). Our own colours:
 * sonner's richColors success green is under WCAG AA contrast (about 4.3:1).
 */
export function Toaster() {
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
          error: "!border-red-700",
          description: "!text-slate-700",
        },
      }}
    />
  );
}
