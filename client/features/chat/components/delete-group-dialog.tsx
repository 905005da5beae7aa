import { AlertDialog } from "radix-ui";
import { useRef } from "react";
import { Button, buttonClass } from "~/components/ui/button";
import { useToast } from "~/components/ui/toast";
import { messageFrom } from "~/lib/http-error";
import type { ChatGroup } from "../../../../shared/chat-groups.ts";
import { useDeleteGroup } from "../api/groups.ts";

/** Confirms deleting a group and all of its messages, for everyone. */
export function DeleteGroupDialog({
  group,
  open,
  onClose,
  onCloseFocus,
  onDeleting,
  onDeleted,
}: {
  group: ChatGroup;
  open: boolean;
  onClose: () => void;
  onCloseFocus: () => void;
  /** Just before the delete request: the group's disappearance is expected. */
  onDeleting: (id: number) => void;
  onDeleted: () => void;
}) {
  const remove = useDeleteGroup();
  const toast = useToast();
  const deleted = useRef(false);

  async function confirm() {
    onDeleting(group.id);
    try {
      await remove.mutateAsync(group.id);
      deleted.current = true;
      toast({ title: "Group deleted", description: group.name });
      onClose();
      onDeleted();
    } catch (error) {
      toast({
        title: "Could not delete the group",
        description: messageFrom(error, "Please try again."),
        tone: "error",
      });
      onClose();
    }
  }

  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => !next && !remove.isPending && onClose()}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-steel-950/50 backdrop-blur-[2px]" />
        <AlertDialog.Content
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            // The settings button is gone with the group; the view moves focus itself then.
            if (!deleted.current) onCloseFocus();
          }}
          className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-2xl focus:outline-none"
        >
          <AlertDialog.Title className="text-lg font-bold text-steel-950">Delete {group.name}?</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-steel-600">
            The group and all of its messages are deleted for everyone. This cannot be undone.
          </AlertDialog.Description>
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel className={buttonClass("secondary")} disabled={remove.isPending}>
              Cancel
            </AlertDialog.Cancel>
            <Button variant="danger" loading={remove.isPending} onClick={() => void confirm()}>
              Delete group
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
