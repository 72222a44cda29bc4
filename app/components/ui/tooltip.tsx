/**
 * A tooltip on a control (Radix Tooltip): it opens 700 ms after the pointer rests on the control
 * (SPEC section 9) or at once when the control gets keyboard focus, stays while the pointer is
 * over it, and Escape closes it (WCAG 1.4.13). The control keeps its own accessible name; the tip
 * repeats it with more detail, e.g. the keyboard shortcut.
 */
import { Tooltip as Primitive } from "radix-ui";
import type { ReactElement } from "react";

/** How long the pointer rests on a control before its tooltip opens (SPEC section 9). */
export const TOOLTIP_DELAY_MS = 700;

export function Tooltip({ label, children }: { label: string; children: ReactElement }) {
  return (
    <Primitive.Provider delayDuration={TOOLTIP_DELAY_MS}>
      <Primitive.Root>
        <Primitive.Trigger asChild>{children}</Primitive.Trigger>
        <Primitive.Portal>
          <Primitive.Content
            side="bottom"
            sideOffset={6}
            className="z-50 rounded-md bg-slate-900 px-2 py-1 text-xs font-medium text-white shadow"
          >
            {label}
          </Primitive.Content>
        </Primitive.Portal>
      </Primitive.Root>
    </Primitive.Provider>
  );
}
