import { CornerUpLeft, MoreHorizontal, Pencil, SmilePlus, Trash2 } from "lucide-react";
import { DropdownMenu } from "radix-ui";
import { useRef } from "react";
import { cx } from "~/components/ui/cx";
import type { ChatMessage } from "../../../../shared/chat.ts";
import { canDeleteMessage, canEditMessage, type MessageActions } from "../lib/messages.ts";

const menuItem =
  "flex cursor-default items-center gap-2.5 rounded-md px-2.5 py-2 text-sm text-steel-800 outline-none select-none data-[highlighted]:bg-steel-100 data-[highlighted]:text-steel-950";

/**
 * The message's actions (Reply, React, Edit, Delete) in a Radix menu: its button shows on hover and
 * keyboard focus, and always on touch screens. What an item opens (the composer, the picker, the
 * confirmation) takes the focus once the menu has closed.
 */
export function MessageMenu({
  message,
  who,
  actions,
  triggerRef,
  onReact,
}: {
  message: ChatMessage;
  who: string;
  actions: MessageActions;
  triggerRef: React.RefObject<HTMLButtonElement | null>;
  onReact: () => void;
}) {
  const next = useRef<(() => void) | null>(null);
  const user = { username: actions.me, role: actions.role };
  const choose = (action: () => void) => () => {
    next.current = action;
  };
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger asChild>
        <button
          ref={triggerRef}
          type="button"
          aria-label={`Actions for message from ${who}`}
          title="Message actions"
          className={cx(
            "flex h-8 w-8 shrink-0 items-center justify-center rounded-full text-steel-500 transition-opacity hover:bg-white hover:text-steel-900 hover:shadow-sm",
            "opacity-0 group-hover/message:opacity-100 group-focus-within/message:opacity-100 focus-visible:opacity-100 data-[state=open]:bg-white data-[state=open]:opacity-100 pointer-coarse:opacity-100",
          )}
        >
          <MoreHorizontal aria-hidden="true" size={16} />
        </button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align={message.sender.toLowerCase() === actions.me.toLowerCase() ? "end" : "start"}
          sideOffset={4}
          collisionPadding={8}
          onCloseAutoFocus={(event) => {
            const action = next.current;
            next.current = null;
            if (!action) return;
            event.preventDefault();
            action();
          }}
          className="z-50 min-w-44 rounded-xl border border-steel-200 bg-white p-1.5 shadow-xl"
        >
          {actions.canReply && (
            <DropdownMenu.Item className={menuItem} onSelect={choose(() => actions.onReply(message))}>
              <CornerUpLeft aria-hidden="true" size={16} />
              Reply
            </DropdownMenu.Item>
          )}
          <DropdownMenu.Item className={menuItem} onSelect={choose(onReact)}>
            <SmilePlus aria-hidden="true" size={16} />
            React
          </DropdownMenu.Item>
          {canEditMessage(message, actions.me) && (
            <DropdownMenu.Item className={menuItem} onSelect={choose(() => actions.onEdit(message))}>
              <Pencil aria-hidden="true" size={16} />
              Edit
            </DropdownMenu.Item>
          )}
          {canDeleteMessage(message, user) && (
            <>
              <DropdownMenu.Separator className="my-1 h-px bg-steel-100" />
              <DropdownMenu.Item
                className={`${menuItem} text-red-700 data-[highlighted]:bg-red-50 data-[highlighted]:text-red-800`}
                onSelect={choose(() => actions.onDelete(message))}
              >
                <Trash2 aria-hidden="true" size={16} />
                Delete
              </DropdownMenu.Item>
            </>
          )}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
