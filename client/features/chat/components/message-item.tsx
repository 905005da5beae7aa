import {
  AlertCircle,
  Check,
  Clock3,
  Download,
  FileArchive,
  FileAudio,
  FileText,
  FileVideo,
  RotateCw,
  X,
} from "lucide-react";
import { useState } from "react";
import { cx } from "~/components/ui/cx";
import type { ChatMessage } from "../../../../shared/chat.ts";
import { formatDateTime, formatTime } from "../lib/dates.ts";
import { isPreviewableImage } from "../lib/messages.ts";
import type { OutboxItem } from "../lib/outbox.ts";
import { UserAvatar } from "./avatar.tsx";

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
}

const bubbleClass = (own: boolean) =>
  cx(
    "relative max-w-full rounded-2xl px-3 py-2 text-[15px] leading-snug shadow-sm sm:text-sm",
    own ? "rounded-br-md bg-steel-900 text-white" : "rounded-bl-md bg-white text-steel-900 ring-1 ring-steel-200",
  );

const removedMark = "(removed)";

/** One stored message: a bubble with its text, attachment and time; mine on the right. */
export function MessageItem({
  message,
  own,
  senderName,
  startsBlock,
  endsBlock,
  showSenderName,
  attachmentsReady,
  onMediaLoad,
}: MessageItemProps) {
  const date = new Date(message.timestamp);
  const text = message.content.trim();
  // A file sent alone carries its name as the text (SPEC §5): do not show it twice.
  const showText = text !== "" && !(message.fileUrl && text === message.fileName);
  const imageOnly = !showText && isPreviewableImage(message.fileType);
  // DESIGN §10: a deleted account's messages stay, under the name it had, marked quietly.
  const removed = message.senderRemoved && !own;
  return (
    <li className={cx("flex items-end gap-2", own ? "justify-end" : "justify-start", startsBlock ? "mt-3" : "mt-1")}>
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
        <div className={cx(bubbleClass(own), !showText && !imageOnly && "pb-5")}>
          <span className="sr-only">{own ? "You" : removed ? `${senderName} ${removedMark}` : senderName}: </span>
          {message.fileUrl && (
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
          {showText && (
            <p className="break-words whitespace-pre-wrap">
              {text}
              {/* Room for the time on the last line, so it never covers the text. */}
              <span aria-hidden="true" className="inline-block w-14" />
            </p>
          )}
          <time
            dateTime={message.timestamp}
            title={formatDateTime(date)}
            className={cx(
              "absolute right-2.5 bottom-1.5 text-[10px] leading-none whitespace-nowrap tabular-nums",
              imageOnly
                ? "right-3.5 bottom-3 rounded-full bg-steel-950/60 px-1.5 py-0.5 text-white"
                : own
                  ? "text-steel-300"
                  : "text-steel-500",
            )}
          >
            <span className="sr-only">, </span>
            {formatTime(date)}
          </time>
        </div>
      </div>
    </li>
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
