import { GitMerge } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import { cx } from "~/components/ui/cx";
import { displayLines, type MergeField } from "../lib/diff.ts";
import { type FieldEntry, pathLabel } from "../lib/field-specs.ts";

const changedByText: Record<MergeField["changedBy"], string> = {
  you: "You changed it",
  them: "They changed it",
  both: "You both changed it",
};

/**
 * Someone else saved the item while this admin edited it (409): each field where the two differ,
 * theirs beside mine, to keep or take one by one; then the merge is saved at the new version.
 * What the admin typed stays in the form until they choose.
 */
export function MergeView({
  fields,
  entries,
  saving,
  onApply,
  onCancel,
}: {
  fields: MergeField[];
  entries: FieldEntry[];
  saving: boolean;
  onApply: (fields: MergeField[]) => void;
  onCancel: () => void;
}) {
  const [choices, setChoices] = useState(fields);
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section
      aria-labelledby={headingId}
      className="space-y-4 rounded-xl border-2 border-amber-300 bg-amber-50 p-4 sm:p-5"
    >
      <div className="flex items-start gap-3">
        <GitMerge aria-hidden="true" size={20} className="mt-0.5 shrink-0 text-amber-800" />
        <div>
          <h3 id={headingId} ref={heading} tabIndex={-1} className="font-bold text-amber-950 focus:outline-none">
            Someone else saved this item while you were editing it
          </h3>
          <p className="mt-1 text-sm text-amber-950">
            {fields.length === 1 ? "One field differs" : `${fields.length} fields differ`}. Choose, field by field,
            whether to keep yours or take theirs, then save. Nothing you typed is lost until you choose.
          </p>
        </div>
      </div>
      <ul className="space-y-3">
        {choices.map((field, index) => (
          <li key={field.path}>
            <fieldset className="min-w-0 rounded-lg border border-amber-200 bg-white p-3">
              <legend className="px-1 text-sm font-semibold text-steel-900">
                {pathLabel(entries, field.path)}{" "}
                <span className="font-normal text-steel-600">({changedByText[field.changedBy]})</span>
              </legend>
              <div className="grid gap-3 md:grid-cols-2">
                {(["theirs", "mine"] as const).map((side) => {
                  const chosen = field.take === side;
                  return (
                    <label
                      key={side}
                      className={cx(
                        "flex min-w-0 cursor-pointer gap-2.5 rounded-md border p-3",
                        chosen ? "border-steel-900 bg-steel-50 ring-1 ring-steel-900" : "border-steel-200",
                      )}
                    >
                      <input
                        type="radio"
                        name={`merge-${field.path}`}
                        checked={chosen}
                        onChange={() =>
                          setChoices((list) => list.map((item, at) => (at === index ? { ...item, take: side } : item)))
                        }
                        className="mt-1 size-4 shrink-0 accent-steel-900"
                      />
                      <span className="min-w-0">
                        <span className="block text-sm font-semibold text-steel-900">
                          {side === "theirs" ? "Take theirs (saved)" : "Keep mine"}
                        </span>
                        <span className="mt-1 block text-sm break-words whitespace-pre-wrap text-steel-700">
                          {displayLines(side === "theirs" ? field.theirs : field.mine).join("\n")}
                        </span>
                      </span>
                    </label>
                  );
                })}
              </div>
            </fieldset>
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onCancel} disabled={saving}>
          Keep editing
        </Button>
        <Button variant="accent" loading={saving} onClick={() => onApply(choices)}>
          Save with these choices
        </Button>
      </div>
    </section>
  );
}
