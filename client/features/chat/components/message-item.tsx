import {
  AlertCircle,
  Check,
  Clock3,
  CornerUpLeft,
  Download,
  FileArchive,
  FileAudio,
  FileText,
  FileVideo,
  MoreHorizontal,
  Pencil,
  RotateCw,
  SmilePlus,
  Trash2,
  X,
} from "lucide-react";
import { DropdownMenu } from "radix-ui";
import { useRef, useState } from "react";
import { cx } from "~/components/ui/cx";
import type { ChatMessage } from "../../../../shared/chat.ts";
import type { AccountKind } from "../../../../shared/roles.ts";
import { formatDateTime, formatTime } from "../lib/dates.ts";
import { emojiName } from "../lib/emoji.ts";
import {
  canDeleteMessage,
  canEditMessage,
  hasOwnText,
  isPreviewableImage,
  reactionChips,
  textSegments,
} from "../lib/messages.ts";
import type { OutboxItem } from "../lib/outbox.ts";
import type { Receipt } from "../lib/receipts.ts";
import { UserAvatar } from "./avatar.tsx";
import { ReactionPicker } from "./reaction-picker.tsx";
import { deletedText, ReplyQuote } from "./reply-quote.tsx";
import { SeenAt, SeenBy } from "./seen-receipt.tsx";

/** What can be done to the messages of the open chat, the same for every item. */
export interface MessageActions {
  me: string;
  role: AccountKind;
  /** I may write in this chat (replying is writing). */
  canReply: boolean;
  displayName: (username: string) => string;
  /** Usernames whose @mentions are marked in the text (the group's members). */
  mentionable: readonly string[];
  onReply: (message: ChatMessage) => void;
  onEdit: (message: ChatMessage) => void;
  onDelete: (message: ChatMessage) => void;
  onReact: (message: ChatMessage, emoji: string) => void;
  onJumpTo: (messageId: number) => void;
}

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

const bubbleClass = (own: boolean) =>
  cx(
    "relative max-w-full rounded-2xl px-3 py-2 text-[15px] leading-snug shadow-sm transition-shadow duration-700 sm:text-sm",
    own ? "rounded-br-md bg-steel-900 text-white" : "rounded-bl-md bg-white text-steel-900 ring-1 ring-steel-200",
  );

const removedMark = "(removed)";

const menuItem =
  "flex cursor-default items-center gap-2.5 rounded-md px-2.5 py-2 text-sm text-steel-800 outline-none select-none data-[highlighted]:bg-steel-100 data-[highlighted]:text-steel-950";

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
        <Attachment
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
          <fieldset className="mt-1 min-w-0">
            <legend className="sr-only">Reactions</legend>
            <div className={cx("flex flex-wrap gap-1", own && "justify-end")}>
              {chips.map((chip) => {
                const names = chip.users.map((user) => actions.displayName(user)).join(", ");
                const label = `${emojiName(chip.emoji) ?? chip.emoji}`;
                return (
                  <button
                    key={chip.emoji}
                    type="button"
                    aria-pressed={chip.mine}
                    aria-label={`${chip.emoji} ${chip.count} ${chip.count === 1 ? "reaction" : "reactions"}: ${names}`}
                    title={`${label}: ${names}`}
                    onClick={() => actions.onReact(message, chip.emoji)}
                    className={cx(
                      "inline-flex h-7 items-center gap-1 rounded-full px-2 text-xs font-semibold tabular-nums shadow-sm ring-1 transition-colors",
                      chip.mine
                        ? "bg-accent-50 text-accent-700 ring-accent-400 hover:bg-accent-100"
                        : "bg-white text-steel-700 ring-steel-200 hover:bg-steel-50",
                    )}
                  >
                    <span aria-hidden="true" className="text-sm leading-none">
                      {chip.emoji}
                    </span>
                    <span aria-hidden="true">{chip.count}</span>
                  </button>
                );
              })}
              <button
                ref={addButton}
                type="button"
                aria-label="Add reaction"
                title="Add reaction"
                onClick={() => openPicker("add")}
                className="inline-flex h-7 w-8 items-center justify-center rounded-full bg-white text-steel-500 shadow-sm ring-1 ring-steel-200 hover:bg-steel-50 hover:text-steel-900"
              >
                <SmilePlus aria-hidden="true" size={14} />
              </button>
            </div>
          </fieldset>
        )}
        {own && !deleted && receipt?.kind === "private" && <SeenAt at={receipt.at} />}
        {own && !deleted && receipt?.kind === "group" && receipt.count > 0 && (
          <SeenBy messageId={message.id} count={receipt.count} displayName={actions.displayName} />
        )}
      </div>
    </li>
  );
}

/** The text with the @mentions of members as marked spans (mine stands out); never HTML. */
function MessageText({
  text,
  message,
  actions,
  own,
}: {
  text: string;
  message: ChatMessage;
  actions: MessageActions;
  own: boolean;
}) {
  const mentionable = message.mentions.length > 0 ? [...message.mentions, ...actions.mentionable] : actions.mentionable;
  const segments = textSegments(text, mentionable, actions.me);
  if (segments.length === 1 && segments[0]!.kind === "text") return text;
  return segments.map((segment, index) =>
    segment.kind === "text" ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: the segments of one text, in order, never reordered
      <span key={index}>{segment.text}</span>
    ) : (
      <span
        // biome-ignore lint/suspicious/noArrayIndexKey: as above
        key={index}
        title={actions.displayName(segment.username)}
        className={cx(
          "rounded px-0.5 font-semibold",
          segment.me
            ? "bg-accent-500 text-white"
            : own
              ? "bg-white/15 text-accent-100"
              : "bg-accent-50 text-accent-700",
        )}
      >
        {segment.text}
        {segment.me && <span className="sr-only"> (mentions you)</span>}
      </span>
    ),
  );
}

/**
 * The message's actions (Reply, React, Edit, Delete) in a Radix menu: its button shows on hover and
 * keyboard focus, and always on touch screens. What an item opens (the composer, the picker, the
 * confirmation) takes the focus once the menu has closed.
 */
function MessageMenu({
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

function fileIcon(type: string | null) {
  if (type?.startsWith("video/")) return FileVideo;
  if (type?.startsWith("audio/")) return FileAudio;
  if (type && /zip|rar|7z|compressed|tar/.test(type)) return FileArchive;
  return FileText;
}

function fileKind(type: string | null, name: string): string {
  const extension = /\.([a-z0-9]{1,8})$/i.exec(name)?.[1];
  if (extension) return extension.toUpperCase();
  return type?.split("/")[1]?.toUpperCase() ?? "File";
}

function Attachment({
  url,
  type,
  name,
  own,
  ready,
  onLoad,
  spaced,
}: {
  url: string;
  type: string | null;
  name: string;
  own: boolean;
  ready: boolean;
  onLoad: () => void;
  spaced: boolean;
}) {
  const [broken, setBroken] = useState(false);
  const wrapper = cx("-mx-1.5 -mt-0.5", spaced ? "mb-2" : "mb-0.5");
  if (isPreviewableImage(type) && !broken) {
    if (!ready) {
      return (
        <div className={wrapper}>
          <div className="h-40 w-56 max-w-full animate-pulse rounded-xl bg-steel-200" aria-hidden="true" />
          <span className="sr-only">Image {name}, loading</span>
        </div>
      );
    }
    return (
      <div className={wrapper}>
        <a href={url} target="_blank" rel="noopener" className="block overflow-hidden rounded-xl">
          <img
            src={url}
            alt={name}
            loading="lazy"
            decoding="async"
            onLoad={onLoad}
            onError={() => setBroken(true)}
            className="block max-h-60 w-auto max-w-[min(100%,20rem)] min-w-24 bg-steel-100 object-contain"
          />
          <span className="sr-only"> (open full size)</span>
        </a>
      </div>
    );
  }
  const Icon = fileIcon(type);
  if (!ready) {
    // The link works only once the attachments cookie is set: show the file, not yet the link.
    return (
      <div className={wrapper}>
        <div
          className={cx(
            "flex max-w-72 min-w-0 items-center gap-3 rounded-xl px-2.5 py-2",
            own ? "bg-white/10" : "bg-steel-50 ring-1 ring-steel-200",
          )}
        >
          <Icon aria-hidden="true" size={20} />
          <span className="truncate text-sm font-semibold">{name}</span>
        </div>
      </div>
    );
  }
  return (
    <div className={wrapper}>
      <a
        href={url}
        download={name}
        className={cx(
          "flex max-w-72 min-w-0 items-center gap-3 rounded-xl px-2.5 py-2 transition-colors",
          own ? "bg-white/10 hover:bg-white/20" : "bg-steel-50 ring-1 ring-steel-200 hover:bg-steel-100",
        )}
      >
        <span
          className={cx(
            "flex h-10 w-10 shrink-0 items-center justify-center rounded-lg",
            own ? "bg-white/15 text-white" : "bg-white text-steel-700 ring-1 ring-steel-200",
          )}
        >
          <Icon aria-hidden="true" size={20} />
        </span>
        <span className="min-w-0 flex-1">
          <span className="block truncate text-sm font-semibold">
            <span className="sr-only">Download </span>
            {name}
          </span>
          <span className={cx("block text-xs", own ? "text-steel-300" : "text-steel-500")}>{fileKind(type, name)}</span>
        </span>
        <Download aria-hidden="true" size={16} className={own ? "text-steel-300" : "text-steel-500"} />
      </a>
    </div>
  );
}

/** A message I sent that is not confirmed yet: sending, sent, or refused with Retry and Discard. */
export function PendingItem({
  item,
  onRetry,
  onDiscard,
  canRetry,
}: {
  item: OutboxItem;
  onRetry: (clientId: string) => void;
  onDiscard: (clientId: string) => void;
  canRetry: boolean;
}) {
  const showText = item.content !== "" && !(item.fileUrl && item.content === item.fileName);
  const failed = item.state === "failed";
  return (
    <li className="mt-1 flex items-end justify-end gap-2">
      <div className="flex max-w-[85%] min-w-0 flex-col items-end sm:max-w-[70%]">
        <div className={cx(bubbleClass(true), !failed && "opacity-75", failed && "bg-steel-700 ring-2 ring-red-500")}>
          <span className="sr-only">You: </span>
          {item.fileUrl && (
            <p className={cx("flex items-center gap-1.5 text-sm font-semibold", showText && "mb-1")}>
              <FileText aria-hidden="true" size={14} />
              {item.fileName}
            </p>
          )}
          {showText && <p className="break-words whitespace-pre-wrap">{item.content}</p>}
        </div>
        {failed ? (
          <div className="mt-1 flex flex-wrap items-center justify-end gap-x-2 gap-y-1 px-1 text-xs">
            <span className="inline-flex items-center gap-1 font-semibold text-red-700">
              <AlertCircle aria-hidden="true" size={12} />
              Not sent{item.error ? `: ${item.error}` : ""}
            </span>
            {canRetry && (
              <button
                type="button"
                onClick={() => onRetry(item.clientId)}
                className="inline-flex items-center gap-1 rounded px-1 font-semibold text-steel-700 underline-offset-2 hover:underline"
              >
                <RotateCw aria-hidden="true" size={12} />
                Retry
              </button>
            )}
            <button
              type="button"
              onClick={() => onDiscard(item.clientId)}
              className="inline-flex items-center gap-1 rounded px-1 font-semibold text-steel-700 underline-offset-2 hover:underline"
            >
              <X aria-hidden="true" size={12} />
              Discard
            </button>
          </div>
        ) : (
          <span className="mt-1 inline-flex items-center gap-1 px-1 text-[11px] text-steel-500">
            {item.state === "sending" ? (
              <>
                <Clock3 aria-hidden="true" size={11} />
                Sending…
              </>
            ) : (
              <>
                <Check aria-hidden="true" size={11} />
                Sent
              </>
            )}
          </span>
        )}
      </div>
    </li>
  );
}
