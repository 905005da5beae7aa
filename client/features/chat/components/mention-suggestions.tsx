import { cx } from "~/components/ui/cx";
import type { MentionCandidate } from "../lib/composer.ts";
import { UserAvatar } from "./avatar.tsx";

/** The id of option `index` of the listbox `listId` (the composer's aria-activedescendant). */
export const optionId = (listId: string, index: number) => `${listId}-option-${index}`;

/**
 * The @mention autocomplete's listbox, above the composer. The text field keeps the focus (it names
 * the active option with aria-activedescendant); a click chooses without taking the focus away.
 */
export function MentionSuggestions({
  id,
  people,
  active,
  onChoose,
  onHover,
}: {
  id: string;
  people: readonly MentionCandidate[];
  active: number;
  onChoose: (person: MentionCandidate) => void;
  onHover: (index: number) => void;
}) {
  return (
    <div
      id={id}
      role="listbox"
      aria-label="Mention a member"
      className="absolute right-3 bottom-full left-3 z-30 mb-1 max-h-60 overflow-y-auto rounded-xl border border-steel-200 bg-white p-1 shadow-xl sm:right-auto sm:w-80"
    >
      {people.map((person, index) => (
        // biome-ignore lint/a11y/useKeyWithClickEvents: the text field keeps the focus and handles the keys (aria-activedescendant)
        <div
          key={person.username}
          id={optionId(id, index)}
          role="option"
          tabIndex={-1}
          aria-selected={index === active}
          // Keep the focus in the text field.
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => onChoose(person)}
          onMouseMove={() => onHover(index)}
          className={cx(
            "flex cursor-default items-center gap-2.5 rounded-lg px-2 py-1.5",
            index === active ? "bg-steel-100" : "hover:bg-steel-50",
          )}
        >
          <UserAvatar name={person.name} seed={person.username} size="sm" />
          <span className="min-w-0 flex-1">
            <span className="block truncate text-sm font-semibold text-steel-900">{person.name}</span>
            <span className="block truncate text-xs text-steel-500">@{person.username}</span>
          </span>
        </div>
      ))}
    </div>
  );
}
