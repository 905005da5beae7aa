import { AlertDialog } from "radix-ui";
import { useRef, useState } from "react";
import { Button, buttonClass } from "~/components/ui/button";
import type { ChatMessage } from "../../../../shared/chat.ts";
import { excerptOf, hasOwnText } from "../lib/messages.ts";

/**
 * Confirms deleting a message (Radix AlertDialog: focus trapped, Escape cancels). Afterwards the
 * focus goes to the message's place in the list, which stays as a tombstone.
 */
export function DeleteMessageDialog({
  message,
  own,
  onConfirm,
  onClose,
}: {
  message: ChatMessage | null;
  own: boolean;
  onConfirm: (message: ChatMessage) => Promise<void>;
  onClose: (message: ChatMessage | null) => void;
}) {
  const [pending, setPending] = useState(false);
  // Still known while the dialog closes, for the focus to go to its place.
  const last = useRef<ChatMessage | null>(null);
  if (message) last.current = message;
  const target = message;

  async function confirm() {
    if (!message) return;
    setPending(true);
    try {
      await onConfirm(message);
    } catch {
      // The failure was told in a toast; the message stays as it was.
    } finally {
      setPending(false);
      onClose(message);
    }
  }

  const quoted = target && hasOwnText(target) ? excerptOf(target.content, 120) : target?.fileName;
  return (
    <AlertDialog.Root
      open={message !== null}
      onOpenChange={(open) => {
        if (!open && !pending) onClose(null);
      }}
    >
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-steel-950/50 backdrop-blur-[2px]" />
        <AlertDialog.Content
          onCloseAutoFocus={(event) => {
            // The message's place in the list, not the menu button that no longer exists.
            const id = last.current?.id;
            const item = id === undefined ? null : document.querySelector<HTMLElement>(`[data-message-id="${id}"]`);
            if (!item) return;
            event.preventDefault();
            item.focus({ preventScroll: true });
          }}
          className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 shadow-2xl focus:outline-none"
        >
          <AlertDialog.Title className="text-lg font-bold text-steel-950">Delete this message?</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-steel-600">
            {own
              ? "It is deleted for everyone in the chat."
              : "You are deleting someone else's message, as an admin. It is deleted for everyone in the group."}{" "}
            “This message was deleted” stays in its place.
          </AlertDialog.Description>
          {quoted && (
            <blockquote className="mt-3 line-clamp-3 rounded-lg border-l-4 border-steel-300 bg-steel-50 px-3 py-2 text-sm break-words text-steel-700">
              {quoted}
            </blockquote>
          )}
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel className={buttonClass("secondary")} disabled={pending}>
              Cancel
            </AlertDialog.Cancel>
            <Button variant="danger" loading={pending} onClick={() => void confirm()}>
              Delete message
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
