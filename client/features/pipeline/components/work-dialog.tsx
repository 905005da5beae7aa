import { X } from "lucide-react";
import { Dialog } from "radix-ui";
import type { ReactNode } from "react";

export interface WorkDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  /** A sheet for a whole item (the default), or a small centred box for one question. */
  size?: "sheet" | "compact";
}

/**
 * The detail of a quote request or application: a Radix Dialog (focus trapped, Escape closes,
 * focus returns to the button that opened it), the whole screen at phone width, a wide sheet on a desk.
 */
export function WorkDialog({ open, onOpenChange, title, description, children, size = "sheet" }: WorkDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-steel-950/50 backdrop-blur-[2px]" />
        <Dialog.Content
          className={
            size === "sheet"
              ? "fixed inset-0 z-50 flex flex-col bg-white shadow-2xl focus:outline-none sm:inset-y-0 sm:right-0 sm:left-auto sm:w-[min(48rem,100%)]"
              : "fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 flex-col rounded-xl bg-white shadow-2xl focus:outline-none"
          }
        >
          <div className="flex items-start justify-between gap-4 border-b border-steel-100 px-4 py-4 sm:px-6">
            <div className="min-w-0">
              <Dialog.Title className="text-lg font-bold break-words text-steel-950">{title}</Dialog.Title>
              {description ? (
                <Dialog.Description className="mt-1 text-sm text-steel-600">{description}</Dialog.Description>
              ) : (
                <Dialog.Description className="sr-only">Details, stage, notes and timeline</Dialog.Description>
              )}
            </div>
            <Dialog.Close
              aria-label="Close"
              className="-m-1.5 rounded-md p-1.5 text-steel-500 hover:bg-steel-100 hover:text-steel-900"
            >
              <X aria-hidden="true" size={20} />
            </Dialog.Close>
          </div>
          <div className="min-h-0 flex-1 space-y-6 overflow-y-auto px-4 py-5 sm:px-6">{children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** A titled block inside a WorkDialog. */
export function DialogSection({
  title,
  children,
  actions,
}: {
  title: string;
  children: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <section className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-sm font-bold tracking-wide text-steel-800 uppercase">{title}</h3>
        {actions}
      </div>
      {children}
    </section>
  );
}
