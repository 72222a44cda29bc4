/**
 * A modal dialog: Radix's focus trap, Escape and inert background, with our title, description
 * and Cancel button. Closes itself once the form inside it has been accepted (`closeWhen`).
 */
import { Dialog as RadixDialog } from "radix-ui";
import { type ReactNode, useEffect, useState } from "react";
import { Button } from "./button";

export function Dialog({
  title,
  description,
  trigger,
  closeWhen = false,
  children,
}: {
  title: string;
  description?: ReactNode;
  /** The button that opens it. */
  trigger: ReactNode;
  /** When this becomes true the dialog closes (e.g. its form's redirect is loading). */
  closeWhen?: boolean;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (closeWhen) setOpen(false);
  }, [closeWhen]);
  return (
    <RadixDialog.Root open={open} onOpenChange={setOpen}>
      <RadixDialog.Trigger asChild>{trigger}</RadixDialog.Trigger>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <RadixDialog.Content
          className="fixed left-1/2 top-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[min(32rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-6 shadow-xl"
          {...(description ? {} : { "aria-describedby": undefined })}
        >
          <RadixDialog.Title className="text-lg font-semibold">{title}</RadixDialog.Title>
          {description && (
            <RadixDialog.Description className="mb-4 text-sm text-slate-600">
              {description}
            </RadixDialog.Description>
          )}
          {children}
          <RadixDialog.Close asChild>
            <Button variant="ghost" className="mt-2">
              Cancel
            </Button>
          </RadixDialog.Close>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
