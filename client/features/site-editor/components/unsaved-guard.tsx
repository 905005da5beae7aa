import { AlertDialog } from "radix-ui";
import { type RefObject, useEffect } from "react";
import { useBlocker } from "react-router";
import { Button, buttonClass } from "~/components/ui/button";

/**
 * Asks before an address change (another item, another section) or closing the tab throws away
 * what the admin typed and did not save. `leaving` lets a move the editor makes itself through
 * (after a removal, nothing is left to save).
 */
export function UnsavedGuard({ dirty, leaving }: { dirty: boolean; leaving?: RefObject<boolean> }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && !leaving?.current && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);
  useEffect(() => {
    // Saved meanwhile (or the form was reset): nothing to lose any more.
    if (!dirty && blocker.state === "blocked") blocker.proceed();
  }, [dirty, blocker]);

  return (
    <AlertDialog.Root
      open={blocker.state === "blocked"}
      onOpenChange={(open) => {
        if (!open && blocker.state === "blocked") blocker.reset();
      }}
    >
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-steel-950/50 backdrop-blur-[2px]" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 shadow-2xl focus:outline-none">
          <AlertDialog.Title className="text-lg font-bold text-steel-950">Leave without saving?</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-steel-600">
            This item has changes you have not saved as a draft. If you leave, they are lost.
          </AlertDialog.Description>
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel className={buttonClass("secondary")}>Stay and keep editing</AlertDialog.Cancel>
            <Button variant="danger" onClick={() => blocker.state === "blocked" && blocker.proceed()}>
              Leave and lose changes
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
