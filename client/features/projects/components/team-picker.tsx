import { Search } from "lucide-react";
import { useId, useState } from "react";
import { Input } from "~/components/ui/input";
import type { ChatUser } from "../../../../shared/chat.ts";

/**
 * The team: everyone on the staff directory, ticked or not, with a filter for a long list. Names
 * already on the team that the directory does not hold (oneself) stay listed.
 */
export function TeamPicker({
  people,
  me,
  value,
  onChange,
  describedBy,
}: {
  people: ChatUser[];
  me: string;
  value: string[];
  onChange: (team: string[]) => void;
  describedBy?: string;
}) {
  const [filter, setFilter] = useState("");
  const filterId = useId();
  const known = new Map(people.map((person) => [person.username.toLowerCase(), person]));
  const everyone = [
    ...people.map((person) => ({ username: person.username, name: person.name })),
    ...[me, ...value]
      .filter((name, i, all) => !known.has(name.toLowerCase()) && all.indexOf(name) === i)
      .map((username) => ({ username, name: username === me ? `${username} (you)` : username })),
  ].sort((a, b) => a.name.localeCompare(b.name));
  const words = filter.trim().toLowerCase();
  const shown = words
    ? everyone.filter((person) => `${person.name} ${person.username}`.toLowerCase().includes(words))
    : everyone;
  const chosen = new Set(value.map((name) => name.toLowerCase()));
  const toggle = (username: string, on: boolean) =>
    onChange(on ? [...value, username] : value.filter((name) => name.toLowerCase() !== username.toLowerCase()));

  return (
    <fieldset className="space-y-2" aria-describedby={describedBy}>
      <legend className="text-sm font-semibold text-steel-800">
        Team <span className="font-normal text-steel-500">({value.length} chosen)</span>
      </legend>
      <div className="relative">
        <label htmlFor={filterId} className="sr-only">
          Find a person
        </label>
        <Search
          aria-hidden="true"
          size={14}
          className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-steel-500"
        />
        <Input
          id={filterId}
          type="search"
          value={filter}
          onChange={(event) => setFilter(event.target.value)}
          placeholder="Find a person"
          className="pl-8"
          autoComplete="off"
        />
      </div>
      <ul className="max-h-48 space-y-0.5 overflow-y-auto rounded-lg border border-steel-200 p-1">
        {shown.length === 0 && <li className="px-2 py-1.5 text-sm text-steel-600">Nobody matches.</li>}
        {shown.map((person) => (
          <li key={person.username}>
            <label className="flex cursor-pointer items-center gap-2 rounded-md px-2 py-1.5 text-sm hover:bg-steel-50">
              <input
                type="checkbox"
                className="size-4 accent-accent-600"
                checked={chosen.has(person.username.toLowerCase())}
                onChange={(event) => toggle(person.username, event.target.checked)}
              />
              <span className="min-w-0 truncate text-steel-900">{person.name}</span>
              <span className="truncate text-steel-500">@{person.username}</span>
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
