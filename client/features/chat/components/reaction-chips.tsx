import { SmilePlus } from "lucide-react";
import type { RefObject } from "react";
import { cx } from "~/components/ui/cx";
import { emojiName } from "../lib/emoji.ts";
import type { ReactionChip } from "../lib/messages.ts";

/** A message's reactions under it: each chip says who reacted and takes mine back; + adds another. */
export function ReactionChips({
  chips,
  own,
  displayName,
  onToggle,
  addRef,
  onAdd,
}: {
  chips: readonly ReactionChip[];
  own: boolean;
  displayName: (username: string) => string;
  onToggle: (emoji: string) => void;
  /** The Add reaction button: focus comes back to it when the picker it opened closes. */
  addRef: RefObject<HTMLButtonElement | null>;
  onAdd: () => void;
}) {
  return (
    <fieldset className="mt-1 min-w-0">
      <legend className="sr-only">Reactions</legend>
      <div className={cx("flex flex-wrap gap-1", own && "justify-end")}>
        {chips.map((chip) => {
          const names = chip.users.map((user) => displayName(user)).join(", ");
          const label = `${emojiName(chip.emoji) ?? chip.emoji}`;
          return (
            <button
              key={chip.emoji}
              type="button"
              aria-pressed={chip.mine}
              aria-label={`${chip.emoji} ${chip.count} ${chip.count === 1 ? "reaction" : "reactions"}: ${names}`}
              title={`${label}: ${names}`}
              onClick={() => onToggle(chip.emoji)}
              className={cx(
                "inline-flex h-7 items-center gap-1 rounded-full px-2 text-xs font-semibold tabular-nums shadow-sm ring-1 transition-colors",
                chip.mine
                  ? "bg-accent-50 text-accent-700 ring-accent-400 hover:bg-accent-100"
                  : "bg-white text-steel-700 ring-steel-200 hover:bg-steel-50",
              )}
            >
              <span aria-hidden="true" className="text-sm leading-none">
                {chip.emoji}
              </span>
              <span aria-hidden="true">{chip.count}</span>
            </button>
          );
        })}
        <button
          ref={addRef}
          type="button"
          aria-label="Add reaction"
          title="Add reaction"
          onClick={onAdd}
          className="inline-flex h-7 w-8 items-center justify-center rounded-full bg-white text-steel-500 shadow-sm ring-1 ring-steel-200 hover:bg-steel-50 hover:text-steel-900"
        >
          <SmilePlus aria-hidden="true" size={14} />
        </button>
      </div>
    </fieldset>
  );
}
