import { useRef, useState } from "react";
import { cx } from "~/components/ui/cx";
import type { ChatMessage } from "../../../../shared/chat.ts";
import { formatDateTime, formatTime } from "../lib/dates.ts";
import { hasOwnText, isPreviewableImage, type MessageActions, reactionChips } from "../lib/messages.ts";
import type { Receipt } from "../lib/receipts.ts";
import { UserAvatar } from "./avatar.tsx";
import { MessageAttachment } from "./message-attachment.tsx";
import { bubbleClass } from "./message-bubble.ts";
import { MessageMenu } from "./message-menu.tsx";
import { MessageText } from "./message-text.tsx";
import { ReactionChips } from "./reaction-chips.tsx";
import { ReactionPicker } from "./reaction-picker.tsx";
import { deletedText, ReplyQuote } from "./reply-quote.tsx";
import { SeenAt, SeenBy } from "./seen-receipt.tsx";

export interface MessageItemProps {
  message: ChatMessage;
  own: boolean;
  senderName: string;
  /** First of a run from one sender: shows the name in groups. */
  startsBlock: boolean;
  /** Last of a run from one sender: shows the avatar beside it. */
  endsBlock: boolean;
  showSenderName: boolean;
  attachmentsReady: boolean;
  /** An image finished loading: the list may need to stay pinned to the end. */
  onMediaLoad: () => void;
  actions: MessageActions;
  /** Just jumped to: ringed for a moment. */
  highlighted?: boolean;
  receipt?: Receipt;
}

const removedMark = "(removed)";

/**
 * One stored message: a bubble with its reply quote, text (@mentions marked), attachment, time and
 * edited mark, mine on the right; its reactions and read receipt under it, and its actions menu
 * beside it. A deleted one is a tombstone with none of these.
 */
export function MessageItem({
  message,
  own,
  senderName,
  startsBlock,
  endsBlock,
  showSenderName,
  attachmentsReady,
  onMediaLoad,
  actions,
  highlighted = false,
  receipt,
}: MessageItemProps) {
  const [pickerOpen, setPickerOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  /** Which button opened the picker: focus goes back there. */
  const pickerFrom = useRef<"menu" | "add">("menu");
  const date = new Date(message.timestamp);
  const text = message.content.trim();
  const { deleted } = message;
  // A file sent alone carries its name as the text (SPEC §5): do not show it twice.
  const showText = !deleted && hasOwnText(message);
  const imageOnly = !deleted && !showText && isPreviewableImage(message.fileType);
  // DESIGN §10: a deleted account's messages stay, under the name it had, marked quietly.
  const removed = message.senderRemoved && !own;
  const edited = message.editedAt !== null && !deleted;
  const chips = deleted ? [] : reactionChips(message.reactions, actions.me);
  const mine = new Set(chips.filter((chip) => chip.mine).map((chip) => chip.emoji));
  const who = own ? "You" : removed ? `${senderName} ${removedMark}` : senderName;

  const openPicker = (from: "menu" | "add") => {
    pickerFrom.current = from;
    setPickerOpen(true);
  };

  const bubble = (
    <div
      className={cx(
        deleted
          ? cx(
              "relative max-w-full rounded-2xl bg-white/70 px-3 py-2 text-[15px] leading-snug text-steel-500 ring-1 ring-steel-200 ring-dashed sm:text-sm",
              own ? "rounded-br-md" : "rounded-bl-md",
            )
          : bubbleClass(own),
        !showText && !imageOnly && !deleted && "pb-5",
        highlighted && "ring-2 ring-accent-500 ring-offset-2",
      )}
    >
      <span className="sr-only">{who}: </span>
      {!deleted && message.replyTo && (
        <ReplyQuote
          quote={message.replyTo}
          senderName={actions.displayName(message.replyTo.sender)}
          own={own}
          onJump={actions.onJumpTo}
        />
      )}
      {!deleted && message.fileUrl && (
        <MessageAttachment
          url={message.fileUrl}
          type={message.fileType}
          name={message.fileName ?? "Attachment"}
          own={own}
          ready={attachmentsReady}
          onLoad={onMediaLoad}
          spaced={showText}
        />
      )}
      {deleted ? (
        <p className="italic">
          {deletedText}
          <span aria-hidden="true" className="inline-block w-14" />
        </p>
      ) : (
        showText && (
          <p className="break-words whitespace-pre-wrap">
            <MessageText text={text} message={message} actions={actions} own={own} />
            {/* Room for the time (and the edited mark) on the last line, so they never cover the text. */}
            <span aria-hidden="true" className={cx("inline-block", edited ? "w-24" : "w-14")} />
          </p>
        )
      )}
      <span
        className={cx(
          "absolute right-2.5 bottom-1.5 inline-flex items-center gap-1 text-[10px] leading-none whitespace-nowrap tabular-nums",
          imageOnly
            ? "right-3.5 bottom-3 rounded-full bg-steel-950/60 px-1.5 py-0.5 text-white"
            : own && !deleted
              ? "text-steel-300"
              : "text-steel-500",
        )}
      >
        {edited && (
          <span title={`Edited ${formatDateTime(new Date(message.editedAt!))}`}>
            <span className="sr-only">, </span>(edited)
          </span>
        )}
        <time dateTime={message.timestamp} title={formatDateTime(date)}>
          <span className="sr-only">, </span>
          {formatTime(date)}
        </time>
      </span>
    </div>
  );

  return (
    <li
      data-message-id={message.id}
      tabIndex={-1}
      className={cx(
        "group/message flex items-end gap-2 focus:outline-none",
        own ? "justify-end" : "justify-start",
        startsBlock ? "mt-3" : "mt-1",
      )}
    >
      {!own &&
        (endsBlock ? (
          <UserAvatar name={senderName} seed={message.sender} size="sm" />
        ) : (
          <span aria-hidden="true" className="w-8 shrink-0" />
        ))}
      <div className={cx("flex max-w-[85%] min-w-0 flex-col sm:max-w-[70%]", own ? "items-end" : "items-start")}>
        {(showSenderName || removed) && startsBlock && !own && (
          <span aria-hidden="true" className="mb-1 px-1 text-xs font-semibold text-steel-600">
            {senderName}
            {removed && <span className="font-normal text-steel-400"> {removedMark}</span>}
          </span>
        )}
        <div className={cx("flex max-w-full min-w-0 items-center gap-1", own && "flex-row-reverse")}>
          {deleted ? (
            bubble
          ) : (
            <>
              <ReactionPicker
                open={pickerOpen}
                onOpenChange={setPickerOpen}
                mine={mine}
                onPick={(emoji) => actions.onReact(message, emoji)}
                onClosed={() => (pickerFrom.current === "add" ? addButton : menuButton).current?.focus()}
              >
                {bubble}
              </ReactionPicker>
              <MessageMenu
                message={message}
                who={who}
                actions={actions}
                triggerRef={menuButton}
                onReact={() => openPicker("menu")}
              />
            </>
          )}
        </div>
        {chips.length > 0 && (
          <ReactionChips
            chips={chips}
            own={own}
            displayName={actions.displayName}
            onToggle={(emoji) => actions.onReact(message, emoji)}
            addRef={addButton}
            onAdd={() => openPicker("add")}
          />
        )}
        {own && !deleted && receipt?.kind === "private" && <SeenAt at={receipt.at} />}
        {own && !deleted && receipt?.kind === "group" && receipt.count > 0 && (
          <SeenBy messageId={message.id} count={receipt.count} displayName={actions.displayName} />
        )}
      </div>
    </li>
  );
}
