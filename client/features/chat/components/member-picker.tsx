import { Search } from "lucide-react";
import { useId, useMemo, useState } from "react";
import { cx } from "~/components/ui/cx";
import type { PickerPerson } from "../lib/group-people.ts";
import { UserAvatar } from "./avatar.tsx";

/** A searchable checkbox list of people, in a fieldset with a legend. */
export function MemberPicker({
  legend,
  people,
  selected,
  onChange,
  hint,
}: {
  legend: string;
  people: PickerPerson[];
  selected: ReadonlySet<string>;
  onChange: (next: Set<string>) => void;
  hint?: string;
}) {
  const [query, setQuery] = useState("");
  const searchId = useId();
  const hintId = useId();
  const needle = query.trim().toLowerCase();
  const shown = useMemo(
    () =>
      people.filter(
        (person) =>
          !needle || person.name.toLowerCase().includes(needle) || person.username.toLowerCase().includes(needle),
      ),
    [people, needle],
  );

  function toggle(username: string, on: boolean) {
    const next = new Set(selected);
    if (on) next.add(username);
    else next.delete(username);
    onChange(next);
  }

  const chosen = people.filter((person) => selected.has(person.username) || person.locked).length;

  return (
    <fieldset aria-describedby={hint ? hintId : undefined}>
      <legend className="flex w-full items-center justify-between text-sm font-semibold text-steel-800">
        {legend}
        <span className="text-xs font-medium text-steel-500">{chosen} selected</span>
      </legend>
      {hint && (
        <p id={hintId} className="mt-1 text-xs text-steel-500">
          {hint}
        </p>
      )}
      {people.length > 6 && (
        <div className="relative mt-2">
          <label htmlFor={searchId} className="sr-only">
            Filter people
          </label>
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
            placeholder="Filter people"
            className="h-9 w-full rounded-lg border border-steel-200 bg-white pr-3 pl-8 text-base placeholder:text-steel-400 focus:border-steel-500 sm:text-sm"
          />
        </div>
      )}
      <ul className="mt-2 max-h-64 divide-y divide-steel-100 overflow-y-auto rounded-lg border border-steel-200">
        {shown.length === 0 && <li className="px-3 py-3 text-sm text-steel-500">Nobody matches.</li>}
        {shown.map((person) => {
          const checked = person.locked === true || selected.has(person.username);
          return (
            <li key={person.username}>
              <label
                className={cx(
                  "flex items-center gap-3 px-3 py-2 text-sm",
                  person.locked ? "cursor-not-allowed bg-steel-50" : "cursor-pointer hover:bg-steel-50",
                )}
              >
                <input
                  type="checkbox"
                  checked={checked}
                  disabled={person.locked}
                  onChange={(event) => toggle(person.username, event.target.checked)}
                  className="h-4 w-4 shrink-0 accent-steel-900"
                />
                <UserAvatar name={person.name} seed={person.username} size="sm" />
                <span className="min-w-0 flex-1">
                  <span className="block truncate font-medium text-steel-900">{person.name}</span>
                  <span className="block truncate text-xs text-steel-500">
                    @{person.username}
                    {person.note ? ` · ${person.note}` : ""}
                  </span>
                </span>
              </label>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
