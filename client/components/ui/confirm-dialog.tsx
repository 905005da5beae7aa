import { AlertDialog } from "radix-ui";
import { type ReactElement, type ReactNode, useRef, useState } from "react";
import { Button, buttonClass } from "./button.tsx";

export interface ConfirmDialogProps {
  /** The button that opens the dialog; focus returns to it when the dialog closes. */
  trigger: ReactElement;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  /** Runs on confirm; the dialog stays open (and busy) until it settles, then closes. */
  onConfirm: () => unknown;
  /** Where focus goes after a confirmed action removed the trigger (default: back to the trigger). */
  onConfirmed?: () => void;
}

/** A destructive-action confirmation (Radix AlertDialog: focus trapped, Escape cancels). */
export function ConfirmDialog({
  trigger,
  title,
  description,
  confirmLabel,
  onConfirm,
  onConfirmed,
}: ConfirmDialogProps) {
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  // A ref, not state: it is read while the content unmounts, after the last render.
  const confirmed = useRef(false);

  async function confirm() {
    setPending(true);
    try {
      await onConfirm();
      confirmed.current = true;
    } catch {
      // The caller reports the failure (banner and toast); the dialog just closes.
    } finally {
      setPending(false);
      setOpen(false);
    }
  }

  return (
    <AlertDialog.Root
      open={open}
      onOpenChange={(next) => {
        if (pending) return;
        if (next) confirmed.current = false;
        setOpen(next);
      }}
    >
      <AlertDialog.Trigger asChild>{trigger}</AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-steel-950/50 backdrop-blur-[2px]" />
        <AlertDialog.Content
          onCloseAutoFocus={(event) => {
            if (confirmed.current && onConfirmed) {
              event.preventDefault();
              onConfirmed();
            }
          }}
          className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 shadow-2xl focus:outline-none"
        >
          <AlertDialog.Title className="text-lg font-bold text-steel-950">{title}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-steel-600">{description}</AlertDialog.Description>
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel className={buttonClass("secondary")} disabled={pending}>
              Cancel
            </AlertDialog.Cancel>
            <Button variant="danger" loading={pending} onClick={() => void confirm()}>
              {confirmLabel}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
