import { Toaster as Sonner } from "sonner";

/** Notifications: top right, 4 seconds, at most 3 at once (SPEC section 9). */
export function Toaster() {
  return <Sonner position="top-right" duration={4000} visibleToasts={3} richColors closeButton />;
}
