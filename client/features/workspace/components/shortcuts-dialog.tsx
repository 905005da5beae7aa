import { X } from "lucide-react";
import { Dialog } from "radix-ui";
import type { WorkspaceSection } from "../lib/sections.ts";

/** `?`: the workspace's keyboard shortcuts. */
export function ShortcutsDialog({
  open,
  onOpenChange,
  sections,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  sections: readonly WorkspaceSection[];
}) {
  const rows: [string, string][] = [
    ["Ctrl K  or  /", "Search everything"],
    ...sections.map((section): [string, string] => [`g  ${section.key}`, `Go to ${section.label}`]),
    ["?", "These shortcuts"],
    ["Esc", "Close a panel or dialog"],
  ];
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-steel-950/50" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed top-1/2 left-1/2 z-50 max-h-[85vh] w-[calc(100%-2rem)] max-w-sm -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-5 shadow-2xl focus:outline-none"
        >
          <div className="mb-3 flex items-center justify-between">
            <Dialog.Title className="text-lg font-bold text-steel-950">Keyboard shortcuts</Dialog.Title>
            <Dialog.Close
              aria-label="Close"
              className="inline-flex size-9 items-center justify-center rounded-md text-steel-700 hover:bg-steel-100"
            >
              <X aria-hidden="true" size={18} />
            </Dialog.Close>
          </div>
          <dl className="space-y-1.5 text-sm">
            {rows.map(([keys, what]) => (
              <div key={keys} className="flex items-center justify-between gap-4">
                <dt>
                  <kbd className="rounded border border-steel-300 bg-steel-50 px-1.5 py-0.5 font-mono text-xs text-steel-800">
                    {keys}
                  </kbd>
                </dt>
                <dd className="text-steel-700">{what}</dd>
              </div>
            ))}
          </dl>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
