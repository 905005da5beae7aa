import { AlertCircle, Check, Clock3, FileText, RotateCw, X } from "lucide-react";
import { cx } from "~/components/ui/cx";
import type { OutboxItem } from "../lib/outbox.ts";
import { bubbleClass } from "./message-bubble.ts";

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
