import { ArrowDown, Loader2, MessageCircle } from "lucide-react";
import { type ReactNode, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { cx } from "~/components/ui/cx";
import type { ChatMessage, ReadMark } from "../../../../shared/chat.ts";
import { continuesBlock, groupByDay } from "../lib/dates.ts";
import type { MessageActions } from "../lib/messages.ts";
import type { OutboxItem } from "../lib/outbox.ts";
import { receiptsFor } from "../lib/receipts.ts";
import { isNearBottom, type ScrollMetrics, scrollTopAfterPrepend, shouldLoadOlder } from "../lib/scroll.ts";
import { MessageItem } from "./message-item.tsx";
import { PendingItem } from "./pending-item.tsx";

/** How long a message jumped to stays ringed. */
const HIGHLIGHT_MS = 2_500;

export interface MessageListProps {
  /** Changes when another chat opens: the list starts again at the end. */
  chatKey: string;
  label: string;
  messages: ChatMessage[];
  pending: OutboxItem[];
  me: string;
  isGroup: boolean;
  displayName: (username: string) => string;
  attachmentsReady: boolean;
  status: "idle" | "loading" | "ready" | "error";
  hasMore: boolean;
  loadingOlder: boolean;
  olderFailed: boolean;
  onLoadOlder: () => void;
  onRetryOpen: () => void;
  onRetryPending: (clientId: string) => void;
  onDiscardPending: (clientId: string) => void;
  canRetryPending: boolean;
  /** Shown above the first message once the whole history is loaded. */
  intro: ReactNode;
  actions: MessageActions;
  /** The other people's read marks of this chat (the receipts under my messages). */
  readMarks: readonly ReadMark[];
  /** A message to bring into view, highlight and focus (a new object for each jump). */
  focus: { messageId: number } | null;
}

const measure = (element: HTMLElement): ScrollMetrics => ({
  scrollTop: element.scrollTop,
  scrollHeight: element.scrollHeight,
  clientHeight: element.clientHeight,
});

/**
 * The conversation's messages by day under sticky date separators. Scrolling near the top loads the
 * next older page and keeps the reader's place; a new message scrolls to the end only when the
 * reader is already near it (otherwise a "new messages" button appears).
 */
export function MessageList(props: MessageListProps) {
  const { messages, pending, me, status, hasMore, loadingOlder, onLoadOlder } = props;
  const scroller = useRef<HTMLElement>(null);
  const metrics = useRef<ScrollMetrics | null>(null);
  const nearBottom = useRef(true);
  const previous = useRef<{ chatKey: string; firstId?: number; lastId?: number; pending: number; status: string }>({
    chatKey: "",
    pending: 0,
    status: "idle",
  });
  const [unseen, setUnseen] = useState(0);
  const [farFromEnd, setFarFromEnd] = useState(false);
  const { focus } = props;
  const handledFocus = useRef<{ messageId: number } | null>(null);
  // The message jumped to stays in the middle while the catch-up fills in what came after it (it
  // must not pull the reader down to the end), until its ring fades.
  const holding = useRef<number | null>(null);
  const [highlighted, setHighlighted] = useState<number | null>(null);

  const days = useMemo(() => groupByDay(messages, (message) => new Date(message.timestamp)), [messages]);
  const receipts = useMemo(
    () => receiptsFor(messages, me, props.readMarks, props.isGroup),
    [messages, me, props.readMarks, props.isGroup],
  );

  const scrollToEnd = useCallback((smooth = false) => {
    const element = scroller.current;
    if (!element) return;
    element.scrollTo({ top: element.scrollHeight, behavior: smooth ? "smooth" : "instant" });
    nearBottom.current = true;
    setUnseen(0);
    setFarFromEnd(false);
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the receipts change the height under my messages
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const before = previous.current;
    const firstId = messages[0]?.id;
    const last = messages[messages.length - 1];
    const lastId = last?.id;
    const opened = before.chatKey !== props.chatKey || (before.status !== "ready" && status === "ready");

    if (opened) {
      element.scrollTop = element.scrollHeight;
      nearBottom.current = true;
      holding.current = null;
      setUnseen(0);
      setFarFromEnd(false);
    } else if (firstId !== before.firstId && before.firstId !== undefined && metrics.current) {
      // Older messages went in above: keep what the reader was looking at in place.
      element.scrollTop = scrollTopAfterPrepend(metrics.current, element.scrollHeight);
    } else if (lastId !== before.lastId || pending.length > before.pending) {
      const sending = pending.length > before.pending;
      const mineJustSent = sending || (last !== undefined && last.sender.toLowerCase() === me.toLowerCase());
      if (sending) holding.current = null;
      if (holding.current === null && (nearBottom.current || mineJustSent)) element.scrollTop = element.scrollHeight;
      else if (lastId !== before.lastId && holding.current === null) setUnseen((count) => count + 1);
    } else if (nearBottom.current && holding.current === null && metrics.current) {
      // A message at the end grew (a reaction, an edit, a receipt under it): stay at the end.
      if (element.scrollHeight > metrics.current.scrollHeight) element.scrollTop = element.scrollHeight;
    }
    // A jump: the message in the middle of the list, focused (without scrolling the window) and ringed.
    if (focus && handledFocus.current !== focus && status === "ready") {
      const target = element.querySelector<HTMLElement>(`[data-message-id="${focus.messageId}"]`);
      if (target) {
        holding.current = focus.messageId;
        target.focus({ preventScroll: true });
        setHighlighted(focus.messageId);
      }
      // Not in what the server sent (deleted for good, or not this chat's): nothing to show.
      handledFocus.current = focus;
    }
    const held = holding.current === null ? null : element.querySelector(`[data-message-id="${holding.current}"]`);
    if (held) {
      const box = element.getBoundingClientRect();
      const item = held.getBoundingClientRect();
      element.scrollTop += item.top - box.top - Math.max(0, (box.height - item.height) / 2);
      nearBottom.current = isNearBottom(measure(element));
    }
    previous.current = { chatKey: props.chatKey, firstId, lastId, pending: pending.length, status };
    metrics.current = measure(element);
    // A first page shorter than the box cannot be scrolled: fetch the next one straight away.
    if (
      status === "ready" &&
      element.scrollHeight <= element.clientHeight &&
      shouldLoadOlder(0, { hasMore, loading: loadingOlder })
    ) {
      onLoadOlder();
    }
  }, [messages, pending.length, status, props.chatKey, me, hasMore, loadingOlder, onLoadOlder, focus, receipts]);

  // The ring fades after a moment.
  useEffect(() => {
    if (highlighted === null) return;
    const timer = window.setTimeout(() => {
      setHighlighted(null);
      holding.current = null;
    }, HIGHLIGHT_MS);
    return () => window.clearTimeout(timer);
  }, [highlighted]);

  const onScroll = () => {
    const element = scroller.current;
    if (!element) return;
    const now = measure(element);
    metrics.current = now;
    nearBottom.current = isNearBottom(now);
    if (nearBottom.current) setUnseen(0);
    setFarFromEnd(now.scrollHeight - now.scrollTop - now.clientHeight > now.clientHeight);
    if (status === "ready" && shouldLoadOlder(now.scrollTop, { hasMore, loading: loadingOlder })) onLoadOlder();
  };

  const onMediaLoad = useCallback(() => {
    const element = scroller.current;
    if (element && nearBottom.current) element.scrollTop = element.scrollHeight;
    if (element) metrics.current = measure(element);
  }, []);

  // The list is fresh for every chat.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when another chat opens
  useEffect(() => {
    setUnseen(0);
  }, [props.chatKey]);

  return (
    <div className="relative flex min-h-0 flex-1 flex-col">
      <section
        ref={scroller}
        onScroll={onScroll}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be focusable so the keyboard can scroll it (and reach older pages)
        tabIndex={0}
        aria-label={props.label}
        aria-busy={status === "loading" || loadingOlder || undefined}
        className="min-h-0 flex-1 overflow-y-auto overscroll-contain bg-[radial-gradient(circle_at_1px_1px,var(--color-steel-200)_1px,transparent_0)] bg-[length:22px_22px] px-3 pb-4 focus-visible:outline-offset-[-3px] sm:px-5"
      >
        {status === "loading" ? (
          <ListSkeleton />
        ) : status === "error" ? (
          <div className="flex h-full flex-col items-center justify-center gap-3 text-center">
            <p className="text-sm font-medium text-steel-700">The messages could not be loaded.</p>
            <button
              type="button"
              onClick={props.onRetryOpen}
              className="rounded-md border border-steel-300 bg-white px-3 py-1.5 text-sm font-semibold text-steel-800 hover:bg-steel-50"
            >
              Try again
            </button>
          </div>
        ) : (
          <>
            <div className="flex min-h-10 items-center justify-center pt-3">
              {hasMore ? (
                loadingOlder ? (
                  <span className="inline-flex items-center gap-2 text-xs font-medium text-steel-600">
                    <Loader2 aria-hidden="true" size={14} className="animate-spin" />
                    Loading older messages…
                  </span>
                ) : (
                  <button
                    type="button"
                    onClick={onLoadOlder}
                    className="rounded-full bg-white px-3 py-1 text-xs font-semibold text-steel-700 shadow-sm ring-1 ring-steel-200 hover:text-steel-950"
                  >
                    {props.olderFailed ? "Couldn't load older messages. Try again" : "Load older messages"}
                  </button>
                )
              ) : (
                props.intro
              )}
            </div>
            {messages.length === 0 && pending.length === 0 ? (
              <div className="flex flex-col items-center justify-center gap-2 py-10 text-center">
                <MessageCircle aria-hidden="true" size={28} className="text-steel-300" />
                <p className="text-sm text-steel-600">No messages yet. Say hello!</p>
              </div>
            ) : (
              days.map((day, dayIndex) => (
                <section key={day.key} aria-label={day.label}>
                  <h4 className="pointer-events-none sticky top-2 z-10 my-3 flex justify-center">
                    <span className="rounded-full bg-white/95 px-3 py-1 text-xs font-semibold text-steel-600 shadow-sm ring-1 ring-steel-200 backdrop-blur">
                      {day.label}
                    </span>
                  </h4>
                  <ol className="list-none">
                    {day.items.map((message, index) => {
                      const before = index > 0 ? day.items[index - 1] : undefined;
                      const after = day.items[index + 1];
                      const own = message.sender.toLowerCase() === me.toLowerCase();
                      return (
                        <MessageItem
                          key={message.id}
                          message={message}
                          own={own}
                          senderName={props.displayName(message.sender)}
                          startsBlock={!continuesBlock(before, message)}
                          endsBlock={after === undefined || !continuesBlock(message, after)}
                          showSenderName={props.isGroup}
                          attachmentsReady={props.attachmentsReady}
                          onMediaLoad={onMediaLoad}
                          actions={props.actions}
                          highlighted={highlighted === message.id}
                          receipt={receipts.get(message.id)}
                        />
                      );
                    })}
                    {dayIndex === days.length - 1 &&
                      pending.map((item) => (
                        <PendingItem
                          key={item.clientId}
                          item={item}
                          onRetry={props.onRetryPending}
                          onDiscard={props.onDiscardPending}
                          canRetry={props.canRetryPending}
                        />
                      ))}
                  </ol>
                </section>
              ))
            )}
            {days.length === 0 && pending.length > 0 && (
              <ol className="list-none">
                {pending.map((item) => (
                  <PendingItem
                    key={item.clientId}
                    item={item}
                    onRetry={props.onRetryPending}
                    onDiscard={props.onDiscardPending}
                    canRetry={props.canRetryPending}
                  />
                ))}
              </ol>
            )}
          </>
        )}
      </section>
      {(unseen > 0 || farFromEnd) && status === "ready" && (
        <button
          type="button"
          onClick={() => scrollToEnd(true)}
          className={cx(
            "absolute bottom-3 left-1/2 z-20 inline-flex -translate-x-1/2 items-center gap-1.5 rounded-full px-3 py-1.5 text-xs font-semibold shadow-lg",
            unseen > 0
              ? "bg-accent-600 text-white hover:bg-accent-700"
              : "bg-white text-steel-800 ring-1 ring-steel-200 hover:bg-steel-50",
          )}
        >
          <ArrowDown aria-hidden="true" size={14} />
          {unseen > 0 ? `${unseen} new ${unseen === 1 ? "message" : "messages"}` : "Jump to latest"}
        </button>
      )}
    </div>
  );
}

function ListSkeleton() {
  return (
    <div className="space-y-4 py-6">
      <span className="sr-only">Loading messages…</span>
      {[52, 36, 64, 44, 30].map((width, index) => (
        <div key={width} className={cx("flex items-end gap-2", index % 2 === 1 && "justify-end")}>
          {index % 2 === 0 && <span className="h-8 w-8 animate-pulse rounded-full bg-steel-200" />}
          <span className="h-10 animate-pulse rounded-2xl bg-steel-200" style={{ width: `${width}%` }} />
        </div>
      ))}
    </div>
  );
}
