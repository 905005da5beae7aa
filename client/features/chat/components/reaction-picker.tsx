import { Search } from "lucide-react";
import { Popover } from "radix-ui";
import { type KeyboardEvent, type ReactNode, useId, useState } from "react";
import { cx } from "~/components/ui/cx";
import { commonEmojis, type NamedEmoji, searchEmojis } from "../lib/emoji.ts";

export interface ReactionPickerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** What the picker points at (the message's bubble). */
  children: ReactNode;
  /** The emojis I already reacted with (choosing one takes it back). */
  mine: ReadonlySet<string>;
  onPick: (emoji: string) => void;
  /** Where focus goes once it closes (it has no trigger of its own). */
  onClosed: () => void;
}

/** The columns of the emoji grids, for arrow-key moves between rows. */
const COLUMNS = 8;

/**
 * One Tab stop per grid (roving tabindex): arrow keys move between its buttons, Home and End go to
 * its ends, and Tab leaves for the search field.
 */
function moveInGrid(event: KeyboardEvent<HTMLDivElement>) {
  const buttons = [...event.currentTarget.querySelectorAll<HTMLButtonElement>("button")];
  const index = buttons.indexOf(document.activeElement as HTMLButtonElement);
  if (index < 0) return;
  const step: Record<string, number> = { ArrowRight: 1, ArrowLeft: -1, ArrowDown: COLUMNS, ArrowUp: -COLUMNS };
  let next: number | undefined;
  if (event.key in step) next = index + step[event.key]!;
  else if (event.key === "Home") next = 0;
  else if (event.key === "End") next = buttons.length - 1;
  if (next === undefined || next < 0 || next >= buttons.length) return;
  event.preventDefault();
  buttons[index]!.tabIndex = -1;
  buttons[next]!.tabIndex = 0;
  buttons[next]!.focus();
}

/**
 * The reaction picker (DESIGN §10): the office's common emojis, and a search over the named ones.
 * A Radix popover: focus moves in, Escape or a click outside closes it.
 */
export function ReactionPicker({ open, onOpenChange, children, mine, onPick, onClosed }: ReactionPickerProps) {
  return (
    <Popover.Root open={open} onOpenChange={onOpenChange}>
      <Popover.Anchor asChild>{children}</Popover.Anchor>
      <Popover.Portal>
        <Popover.Content
          side="top"
          align="center"
          sideOffset={6}
          collisionPadding={8}
          aria-label="Add a reaction"
          // The first emoji, not the search field: on a phone that would raise the keyboard.
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            (event.currentTarget as HTMLElement).querySelector<HTMLButtonElement>("button")?.focus();
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            onClosed();
          }}
          className="z-50 w-[min(20rem,calc(100vw-1rem))] rounded-xl border border-steel-200 bg-white p-2 shadow-xl focus:outline-none"
        >
          <PickerBody
            mine={mine}
            onPick={(emoji) => {
              onPick(emoji);
              onOpenChange(false);
            }}
          />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

function PickerBody({ mine, onPick }: { mine: ReadonlySet<string>; onPick: (emoji: string) => void }) {
  const [query, setQuery] = useState("");
  const searchId = useId();
  const results = searchEmojis(query);
  const searching = query.trim() !== "";
  return (
    <div className="flex flex-col gap-2">
      {searching ? (
        results.length > 0 ? (
          <EmojiGrid key={query} label="Matching emojis" emojis={results} mine={mine} onPick={onPick} />
        ) : (
          <p role="status" className="px-1 py-3 text-center text-sm text-steel-500">
            No emoji matches “{query.trim()}”.
          </p>
        )
      ) : (
        <EmojiGrid label="Common reactions" emojis={commonEmojis} mine={mine} onPick={onPick} />
      )}
      <label htmlFor={searchId} className="relative block">
        <span className="sr-only">Search emoji</span>
        <Search
          aria-hidden="true"
          size={14}
          className="pointer-events-none absolute top-1/2 left-2.5 -translate-y-1/2 text-steel-400"
        />
        <input
          id={searchId}
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          onKeyDown={(event) => {
            // Enter picks the first match: search, then react, without leaving the field.
            if (event.key === "Enter" && results[0]) {
              event.preventDefault();
              onPick(results[0].emoji);
            }
          }}
          placeholder="Search emoji"
          autoComplete="off"
          className="block h-9 w-full rounded-lg border border-steel-300 bg-white pr-2 pl-8 text-base text-steel-950 placeholder:text-steel-400 focus:border-steel-600 sm:text-sm"
        />
      </label>
    </div>
  );
}

function EmojiGrid({
  label,
  emojis,
  mine,
  onPick,
}: {
  label: string;
  emojis: readonly NamedEmoji[];
  mine: ReadonlySet<string>;
  onPick: (emoji: string) => void;
}) {
  return (
    <fieldset className="min-w-0">
      <legend className="sr-only">{label}</legend>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: arrow keys move between the grid's buttons (one Tab stop) */}
      <div onKeyDown={moveInGrid} className="grid max-h-52 grid-cols-8 gap-0.5 overflow-y-auto">
        {emojis.map((item, index) => (
          <button
            key={item.emoji}
            type="button"
            tabIndex={index === 0 ? 0 : -1}
            aria-label={item.name}
            aria-pressed={mine.has(item.emoji)}
            title={item.name}
            onClick={() => onPick(item.emoji)}
            className={cx(
              "flex aspect-square items-center justify-center rounded-lg text-xl leading-none hover:bg-steel-100 focus-visible:bg-steel-100",
              mine.has(item.emoji) && "bg-accent-50 ring-1 ring-accent-400",
            )}
          >
            <span aria-hidden="true">{item.emoji}</span>
          </button>
        ))}
      </div>
    </fieldset>
  );
}
