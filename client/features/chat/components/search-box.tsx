import { Search, X } from "lucide-react";
import { type RefObject, useId } from "react";
import { chatLimits } from "../../../../shared/chat.ts";
import { searchQuery } from "../lib/search.ts";

/** The message search's box: Enter searches at once, X clears; a hint while the text is too short. */
export function SearchBox({
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
