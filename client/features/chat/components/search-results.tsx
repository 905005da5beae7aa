import { AlertCircle, SearchX } from "lucide-react";
import { Toggle } from "radix-ui";
import { useEffect, useMemo, useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import { cx } from "~/components/ui/cx";
import { type SearchRequest, useSearchMessages } from "../api/search.ts";
import { useChatContext } from "../hooks/chat-context.ts";
import type { ChatRef } from "../lib/chat-ref.ts";
import { conversationOf } from "../lib/conversation-key.ts";
import { groupHits, searchQuery, searchStatus } from "../lib/search.ts";
import { HitSection } from "./search-hits.tsx";

/**
 * The hits for the settled text, grouped by conversation, with their count read out, "In this chat",
 * and "Load more results"; or why there are none.
 */
export function SearchResults({
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

  const status = searchStatus({ waiting, failed, total, query: q });

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
