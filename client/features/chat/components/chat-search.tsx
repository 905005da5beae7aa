import { type KeyboardEvent, type ReactNode, useRef } from "react";
import { useDebounced } from "../hooks/use-debounced.ts";
import type { ChatRef } from "../lib/chat-ref.ts";
import { searchQuery } from "../lib/search.ts";
import { SearchBox } from "./search-box.tsx";
import { SearchResults } from "./search-results.tsx";

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
