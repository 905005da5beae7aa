import { X } from "lucide-react";
import { Dialog } from "radix-ui";
import type { ReactNode } from "react";
import { Button } from "./button.tsx";

/**
 * A dialog holding one form (New project, New transmittal, New RFI): its trigger, a title and one
 * line under it, a close button, and the form. It will not close while `busy` (a save in flight);
 * `onOpen` runs as it opens, to reset the form.
 */
export function FormDialog({
  open,
  onOpenChange,
  busy,
  onOpen,
  trigger,
  title,
  description,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  busy: boolean;
  onOpen?: () => void;
  trigger: ReactNode;
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (busy) return;
        if (next) onOpen?.();
        onOpenChange(next);
      }}
    >
      <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-steel-950/50 backdrop-blur-[2px]" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-2xl -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-5 shadow-2xl focus:outline-none sm:p-6">
          <div className="flex items-start justify-between gap-4">
            <div>
              <Dialog.Title className="text-lg font-bold text-steel-950">{title}</Dialog.Title>
              <Dialog.Description className="mt-1 text-sm text-steel-600">{description}</Dialog.Description>
            </div>
            <Dialog.Close asChild>
              <Button variant="ghost" size="sm" aria-label="Close">
                <X aria-hidden="true" size={16} />
              </Button>
            </Dialog.Close>
          </div>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** The form's Cancel: closes the dialog it is in. */
export function FormDialogCancel() {
  return (
    <Dialog.Close asChild>
      <Button variant="secondary">Cancel</Button>
    </Dialog.Close>
  );
}
