import { AlertCircle, Search, SearchX, UsersRound, X } from "lucide-react";
import { Toggle } from "radix-ui";
import {
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from "react";
import { Button } from "~/components/ui/button";
import { cx } from "~/components/ui/cx";
import { chatLimits, type SearchHit } from "../../../../shared/chat.ts";
import { type SearchRequest, useSearchMessages } from "../api/search.ts";
import { useChatContext } from "../hooks/chat-context.ts";
import type { ChatRef } from "../lib/chat-ref.ts";
import { conversationOf } from "../lib/conversation-key.ts";
import { dayKey, dayLabel, formatDateTime, formatTime } from "../lib/dates.ts";
import { parseHighlight } from "../lib/highlight.ts";
import { groupHits, type HitGroup, resultsLabel, searchQuery } from "../lib/search.ts";
import { GroupAvatar, UserAvatar } from "./avatar.tsx";

/** What is typed in the message search, kept by the chat view so that it outlives the phone's drawer. */
export interface MessageSearch {
  text: string;
  /** Only the open chat ("In this chat"). */
  inThisChat: boolean;
}

export const emptySearch: MessageSearch = { text: "", inThisChat: false };

/** Typing settles this long before the server is asked. */
const DEBOUNCE_MS = 250;

export interface ChatSearchProps {
  search: MessageSearch;
  onSearchChange: (next: MessageSearch) => void;
  /** A hit was chosen: open its conversation around it. */
  onJump: (chat: ChatRef, messageId: number) => void;
  /** Under the drawer's h2, or the sidebar's h3. */
  headingLevel: 3 | 4;
  /** The chats list, shown while nothing is searched. */
  children: ReactNode;
}

/**
 * The message search over the chats list (DESIGN §10): a search box; while it holds a query, the
 * hits grouped by conversation take the list's place. Escape clears it and gives the list back.
 */
export function ChatSearch({ search, onSearchChange, onJump, headingLevel, children }: ChatSearchProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const [settled, flush] = useDebounced(search.text, DEBOUNCE_MS);
  const active = searchQuery(search.text) !== null;

  const clear = () => {
    onSearchChange({ ...search, text: "" });
    inputRef.current?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "Escape" && search.text) {
      // The drawer closes on Escape only once nothing is searched (chat-view keeps it open before).
      event.preventDefault();
      clear();
    } else if (active && (event.key === "ArrowDown" || event.key === "ArrowUp")) {
      // Down from the box reaches the hits; Up and Down move between them, Up from the first back to the box.
      const stops = [inputRef.current, ...(rootRef.current?.querySelectorAll<HTMLElement>("[data-hit]") ?? [])];
      const at = stops.indexOf(document.activeElement as HTMLElement);
      const next = at === -1 ? undefined : stops[event.key === "ArrowDown" ? at + 1 : at - 1];
      if (!next) return;
      event.preventDefault();
      next.focus();
    }
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: keys anywhere in the search (box or hits): Escape clears, arrows move
    <div ref={rootRef} className="flex min-h-0 flex-1 flex-col" onKeyDown={onKeyDown}>
      <SearchBox
        inputRef={inputRef}
        text={search.text}
        onTextChange={(text) => onSearchChange({ ...search, text })}
        onSubmit={flush}
        onClear={clear}
      />
      {active ? (
        <SearchResults
          text={settled}
          typing={settled !== search.text}
          inThisChat={search.inThisChat}
          onInThisChatChange={(inThisChat) => onSearchChange({ ...search, inThisChat })}
          onJump={onJump}
          headingLevel={headingLevel}
        />
      ) : (
        children
      )}
    </div>
  );
}

/** A value that follows `value` once it stops changing for `ms`; `flush` takes the latest now. */
function useDebounced(value: string, ms: number): [string, () => void] {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), ms);
    return () => window.clearTimeout(timer);
  }, [value, ms]);
  return [settled, useCallback(() => setSettled(value), [value])];
}

function SearchBox({
  inputRef,
  text,
  onTextChange,
  onSubmit,
  onClear,
}: {
  inputRef: RefObject<HTMLInputElement | null>;
  text: string;
  onTextChange: (text: string) => void;
  onSubmit: () => void;
  onClear: () => void;
}) {
  const id = useId();
  const hintId = useId();
  const tooShort = text.trim() !== "" && searchQuery(text) === null && text.trim().length < chatLimits.searchQueryMax;
  return (
    <search aria-label="Search messages" className="px-3 pt-3">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        <label htmlFor={id} className="sr-only">
          Search messages
        </label>
        <div className="relative">
          <Search
            aria-hidden="true"
            size={16}
            className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-steel-500"
          />
          <input
            ref={inputRef}
            id={id}
            type="search"
            value={text}
            onChange={(event) => onTextChange(event.target.value)}
            placeholder="Search messages"
            autoComplete="off"
            enterKeyHint="search"
            maxLength={chatLimits.searchQueryMax}
            aria-describedby={tooShort ? hintId : undefined}
            className="h-9 w-full rounded-lg border border-steel-300 bg-white pr-9 pl-9 text-base text-steel-900 shadow-sm placeholder:text-steel-500 focus:border-steel-500 sm:text-sm [&::-webkit-search-cancel-button]:hidden"
          />
          {text && (
            <button
              type="button"
              aria-label="Clear search"
              onClick={onClear}
              className="absolute top-1/2 right-1 flex h-7 w-7 -translate-y-1/2 items-center justify-center rounded-md text-steel-500 hover:bg-steel-100 hover:text-steel-900"
            >
              <X aria-hidden="true" size={15} />
            </button>
          )}
        </div>
        {tooShort && (
          <p id={hintId} className="px-1 pt-1 text-xs text-steel-600">
            Type at least {chatLimits.searchQueryMin} characters to search messages.
          </p>
        )}
      </form>
    </search>
  );
}

function SearchResults({
  text,
  typing,
  inThisChat,
  onInThisChatChange,
  onJump,
  headingLevel,
}: {
  /** The settled text (the debounced box). */
  text: string;
  /** The box has changed since: the server is not asked yet. */
  typing: boolean;
  inThisChat: boolean;
  onInThisChatChange: (on: boolean) => void;
  onJump: (chat: ChatRef, messageId: number) => void;
  headingLevel: 3 | 4;
}) {
  const { conversation } = useChatContext();
  const openChat = conversation.chat;
  const q = searchQuery(text);
  const filter = inThisChat && openChat ? conversationOf(openChat) : null;
  const request: SearchRequest | null = q === null ? null : { q, conversation: filter };
  const results = useSearchMessages(request);
  const listRef = useRef<HTMLDivElement>(null);
  const [chosen, setChosen] = useState<number | null>(null);

  const pages = results.data?.pages;
  const hits = useMemo(() => pages?.flatMap((page) => page.content) ?? [], [pages]);
  const groups = useMemo(() => groupHits(hits), [hits]);
  const total = pages?.[0]?.totalElements ?? 0;
  const waiting = typing || q === null || results.isPending || (results.isPlaceholderData && results.isFetching);
  const failed = !waiting && results.isError;
  const empty = !waiting && !failed && total === 0;

  const status = waiting
    ? "Searching…"
    : failed
      ? "Could not search messages."
      : empty
        ? `No messages match “${q}”`
        : resultsLabel(total);

  // After "Load more results", focus goes to the first new hit, where reading continues (the
  // button may be gone, and it lost focus while it was disabled).
  const shownBefore = useRef<Set<number> | null>(null);
  const loadMoreRef = useRef<HTMLButtonElement>(null);
  const loadMore = () => {
    shownBefore.current = new Set(hits.map((hit) => hit.message.id));
    void results.fetchNextPage();
  };
  const fetchingMore = results.isFetchingNextPage;
  useEffect(() => {
    const before = shownBefore.current;
    if (!before || fetchingMore) return;
    shownBefore.current = null;
    const first = hits.find((hit) => !before.has(hit.message.id));
    const target = first && listRef.current?.querySelector<HTMLElement>(`[data-hit="${first.message.id}"]`);
    (target ?? loadMoreRef.current)?.focus();
  }, [hits, fetchingMore]);

  return (
    <section aria-label="Search results" className="flex min-h-0 flex-1 flex-col">
      <div className="flex min-h-10 items-center justify-between gap-2 px-4 pt-1.5">
        <p
          role="status"
          className={cx(
            "min-w-0 flex-1 py-1 text-xs font-semibold [overflow-wrap:anywhere]",
            failed ? "text-red-700" : "text-steel-600",
          )}
        >
          {status}
        </p>
        {openChat && (
          <Toggle.Root
            pressed={inThisChat}
            onPressedChange={onInThisChatChange}
            className="inline-flex h-7 shrink-0 items-center gap-1 rounded-full border border-steel-300 bg-white px-2.5 text-xs font-semibold text-steel-700 hover:border-steel-400 hover:text-steel-950 data-[state=on]:border-steel-900 data-[state=on]:bg-steel-900 data-[state=on]:text-white"
          >
            In this chat
          </Toggle.Root>
        )}
      </div>

      <div
        ref={listRef}
        aria-busy={waiting || undefined}
        className={cx("min-h-0 flex-1 overflow-y-auto px-2 pb-3 transition-opacity", waiting && pages && "opacity-60")}
      >
        {failed ? (
          <div className="flex flex-col items-center gap-3 px-4 py-8 text-center">
            <AlertCircle aria-hidden="true" size={24} className="text-red-700" />
            <p className="text-sm text-steel-700">The search did not answer. Check the connection and try again.</p>
            <Button variant="secondary" size="sm" onClick={() => void results.refetch()}>
              Try again
            </Button>
          </div>
        ) : empty ? (
          <div className="flex flex-col items-center gap-2 px-4 py-8 text-center">
            <SearchX aria-hidden="true" size={24} className="text-steel-400" />
            <p className="text-sm text-steel-600">
              {filter ? "Nothing in this chat. Turn off “In this chat” to search them all." : "Try other words."}
            </p>
          </div>
        ) : !pages ? (
          <div aria-hidden="true" className="space-y-3 px-2 pt-2">
            {[0, 1, 2].map((row) => (
              <div key={row} className="space-y-1.5">
                <span className="block h-3 w-24 animate-pulse rounded bg-steel-200" />
                <span className="block h-3 w-full animate-pulse rounded bg-steel-200" />
              </div>
            ))}
          </div>
        ) : (
          <>
            {groups.map((group) => (
              <HitSection
                key={group.key}
                group={group}
                headingLevel={headingLevel}
                chosen={chosen}
                onChoose={(hit) => {
                  setChosen(hit.message.id);
                  onJump(group.chat, hit.message.id);
                }}
              />
            ))}
            {results.hasNextPage && (
              <div className="px-2 pt-3">
                <Button
                  ref={loadMoreRef}
                  variant="secondary"
                  size="sm"
                  className="w-full"
                  loading={fetchingMore}
                  onClick={loadMore}
                >
                  Load more results
                </Button>
              </div>
            )}
            {results.isFetchNextPageError && (
              <p role="alert" className="px-2 pt-2 text-center text-xs text-red-700">
                Could not load more results.
              </p>
            )}
          </>
        )}
      </div>
    </section>
  );
}

function HitSection({
  group,
  headingLevel,
  chosen,
  onChoose,
}: {
  group: HitGroup;
  headingLevel: 3 | 4;
  chosen: number | null;
  onChoose: (hit: SearchHit) => void;
}) {
  const { directory } = useChatContext();
  const headingId = useId();
  const Heading = headingLevel === 3 ? "h3" : "h4";
  const { chat, hits } = group;
  const name =
    chat.kind === "group"
      ? (directory.groupsById.get(chat.groupId)?.name ?? `Group ${chat.groupId}`)
      : directory.displayName(chat.username);
  return (
    <section aria-labelledby={headingId} className="mt-2 first:mt-1">
      <div className="flex items-center gap-2 px-2 py-1.5">
        {chat.kind === "group" ? (
          <GroupAvatar name={name} size="sm" />
        ) : (
          <UserAvatar name={name} seed={chat.username} size="sm" />
        )}
        <Heading id={headingId} className="flex min-w-0 flex-1 items-center gap-1.5 text-sm font-bold text-steel-950">
          <span className="truncate">{name}</span>
          {chat.kind === "group" && <UsersRound aria-hidden="true" size={12} className="shrink-0 text-steel-500" />}
          <span className="ml-auto shrink-0 rounded-full bg-steel-200 px-1.5 text-[11px] font-semibold text-steel-700 tabular-nums">
            <span className="sr-only">, </span>
            {hits.length}
            <span className="sr-only"> {hits.length === 1 ? "result" : "results"}</span>
          </span>
        </Heading>
      </div>
      <ul className="space-y-0.5">
        {hits.map((hit) => (
          <HitItem key={hit.message.id} hit={hit} chosen={chosen === hit.message.id} onChoose={() => onChoose(hit)} />
        ))}
      </ul>
    </section>
  );
}

function HitItem({ hit, chosen, onChoose }: { hit: SearchHit; chosen: boolean; onChoose: () => void }) {
  const { directory } = useChatContext();
  const { message } = hit;
  const segments = useMemo(() => parseHighlight(hit.highlight), [hit.highlight]);
  const date = new Date(message.timestamp);
  const now = new Date();
  const when = dayKey(date) === dayKey(now) ? formatTime(date) : dayLabel(date, now);
  return (
    <li>
      <button
        type="button"
        data-hit={message.id}
        aria-current={chosen ? "true" : undefined}
        onClick={onChoose}
        className={cx(
          "flex w-full flex-col gap-0.5 rounded-lg px-2 py-2 text-left transition-colors",
          chosen ? "bg-white shadow-sm ring-1 ring-steel-200" : "hover:bg-white/80",
        )}
      >
        <span className="flex w-full items-baseline gap-2">
          <span className="min-w-0 flex-1 truncate text-xs font-semibold text-steel-800">
            {directory.displayName(message.sender)}
          </span>
          <time
            dateTime={message.timestamp}
            title={formatDateTime(date)}
            className="shrink-0 text-[11px] text-steel-500"
          >
            {when}
          </time>
        </span>
        <span className="line-clamp-3 text-sm [overflow-wrap:anywhere] text-steel-700">
          {message.deleted ? (
            <em className="text-steel-500">This message was deleted</em>
          ) : segments.length > 0 ? (
            segments.map((segment, index) =>
              segment.hit ? (
                // biome-ignore lint/suspicious/noArrayIndexKey: the segments of one text never reorder
                <mark key={index} className="rounded-sm bg-accent-100 px-0.5 font-semibold text-steel-950">
                  {segment.text}
                </mark>
              ) : (
                // biome-ignore lint/suspicious/noArrayIndexKey: the segments of one text never reorder
                <span key={index}>{segment.text}</span>
              ),
            )
          ) : (
            (message.fileName ?? "")
          )}
        </span>
      </button>
    </li>
  );
}
