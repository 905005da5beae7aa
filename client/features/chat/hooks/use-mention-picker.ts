import { useState } from "react";
import { insertMention, type MentionCandidate, mentionList, moveActive } from "../lib/composer.ts";

export interface MentionPickerOptions {
  /** The text being written, and where its caret is. */
  text: string;
  caret: number;
  /** Who can be @mentioned here; none turns the picker off. */
  people: readonly MentionCandidate[];
  me: string;
}

/** The @mention autocomplete: members matching the `@…` before the caret, one of them active. */
export function useMentionPicker({ text, caret, people, me }: MentionPickerOptions) {
  // Escape dismisses the `@…` that starts there; another one opens the list again.
  const [dismissed, setDismissed] = useState<number | null>(null);
  const [active, setActive] = useState(0);
  const list = mentionList({ text, caret, people, me, dismissed, active });

  return {
    open: list.suggestions.length > 0,
    suggestions: list.suggestions,
    active: list.active,
    /** The option under the pointer, or chosen by index. */
    setActive,
    /** ArrowDown (1) or ArrowUp (-1), wrapping around. */
    move: (step: 1 | -1) => setActive(moveActive(list.active, list.suggestions.length, step)),
    dismiss: () => setDismissed(list.token?.start ?? null),
    /** The text changed: the first option is active again. */
    reset: () => setActive(0),
    /** The text with `person` in place of the `@…` being written and the caret after it; null if none is. */
    insert: (person: MentionCandidate) =>
      list.token ? insertMention(text, list.token.start, caret, person.username) : null,
  };
}
