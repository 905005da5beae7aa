import { Loader2, Search } from "lucide-react";
import { Dialog } from "radix-ui";
import { useId, useState } from "react";
import { useNavigate } from "react-router";
import { cx } from "~/components/ui/cx";
import { useDebouncedValue } from "~/lib/use-debounced-value";
import type { SearchItem, SearchKind } from "../../../../shared/search.ts";
import { useSearchEverything } from "../api/search.ts";

const kindLabels: Record<SearchKind, string> = {
  quoteRequest: "Quote requests",
  application: "Applications",
  project: "Projects",
  drawing: "Drawings",
  transmittal: "Transmittals",
  rfi: "RFIs",
  markup: "Markups",
  person: "People",
  message: "Messages",
};

/**
 * Search everything (DESIGN §15), opened with Ctrl+K / Cmd+K or `/`: results grouped by kind,
 * Up and Down to move, Enter to open the result's address, Escape to close.
 */
export function SearchPalette({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-steel-950/50" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed top-[8vh] left-1/2 z-50 flex max-h-[80vh] w-[calc(100%-1rem)] max-w-xl -translate-x-1/2 flex-col overflow-hidden rounded-xl bg-white shadow-2xl focus:outline-none"
        >
          <Dialog.Title className="sr-only">Search everything</Dialog.Title>
          {open && <SearchBody onDone={() => onOpenChange(false)} />}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function SearchBody({ onDone }: { onDone: () => void }) {
  const [text, setText] = useState("");
  const [active, setActive] = useState(0);
  const query = useDebouncedValue(text, 150);
  const search = useSearchEverything(query);
  const navigate = useNavigate();
  const listId = useId();
  const groups = text.trim().length >= 2 ? (search.data?.groups ?? []) : [];
  const items: SearchItem[] = groups.flatMap((group) => group.items);
  const current = Math.min(active, Math.max(0, items.length - 1));
  const optionId = (index: number) => `${listId}-${index}`;

  const openItem = (item: SearchItem | undefined) => {
    if (!item) return;
    onDone();
    navigate(item.url);
  };

  let index = -1;
  return (
    <>
      <div className="flex items-center gap-2 border-b border-steel-200 px-4">
        <Search aria-hidden="true" size={18} className="shrink-0 text-steel-500" />
        <input
          // biome-ignore lint/a11y/noAutofocus: the palette exists to be typed into
          autoFocus
          role="combobox"
          aria-expanded={items.length > 0}
          aria-controls={listId}
          aria-activedescendant={items.length > 0 ? optionId(current) : undefined}
          aria-label="Search quote requests, applications, people and messages"
          placeholder="Search quote requests, applications, people, messages…"
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setActive(0);
          }}
          onKeyDown={(event) => {
            if (event.key === "ArrowDown" && items.length > 0) {
              event.preventDefault();
              setActive((current + 1) % items.length);
            } else if (event.key === "ArrowUp" && items.length > 0) {
              event.preventDefault();
              setActive((current - 1 + items.length) % items.length);
            } else if (event.key === "Enter") {
              event.preventDefault();
              openItem(items[current]);
            }
          }}
          maxLength={200}
          className="h-12 min-w-0 flex-1 bg-transparent text-base text-steel-950 placeholder:text-steel-500 focus:outline-none"
        />
        {search.isFetching && <Loader2 aria-hidden="true" size={16} className="shrink-0 animate-spin text-steel-400" />}
      </div>
      <div id={listId} role="listbox" aria-label="Results" className="min-h-0 flex-1 overflow-y-auto py-1">
        {groups.map((group) => (
          // biome-ignore lint/a11y/useSemanticElements: a listbox's groups are role="group" (a fieldset is a form's)
          <div key={group.kind} role="group" aria-labelledby={`${listId}-${group.kind}`}>
            <p
              id={`${listId}-${group.kind}`}
              className="px-4 pt-3 pb-1 text-xs font-bold tracking-wide text-steel-500 uppercase"
            >
              {kindLabels[group.kind]}
            </p>
            {group.items.map((item) => {
              index += 1;
              const mine = index;
              return (
                // biome-ignore lint/a11y/useKeyWithClickEvents: the input drives the keyboard (aria-activedescendant)
                <div
                  key={`${group.kind}-${item.id}`}
                  id={optionId(mine)}
                  role="option"
                  aria-selected={mine === current}
                  tabIndex={-1}
                  onMouseMove={() => setActive(mine)}
                  onClick={() => openItem(item)}
                  className={cx(
                    "mx-1 cursor-pointer rounded-md px-3 py-2 text-sm",
                    mine === current ? "bg-steel-100 text-steel-950" : "text-steel-800",
                  )}
                >
                  <span className="block truncate font-semibold">{item.title}</span>
                  <span className="block truncate text-xs text-steel-600">{item.subtitle}</span>
                </div>
              );
            })}
          </div>
        ))}
        {text.trim().length >= 2 && search.isSuccess && !search.isPlaceholderData && groups.length === 0 && (
          <p className="px-4 py-6 text-center text-sm text-steel-600">Nothing found for “{query.trim()}”.</p>
        )}
        {search.isError && (
          <p role="alert" className="px-4 py-6 text-center text-sm text-red-800">
            Search is not available right now.
          </p>
        )}
        {text.trim().length < 2 && (
          <p className="px-4 py-6 text-center text-sm text-steel-600">Type two letters or more.</p>
        )}
      </div>
    </>
  );
}
