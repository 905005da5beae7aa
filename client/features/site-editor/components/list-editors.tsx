import { ArrowDown, ArrowUp, Plus, Trash2 } from "lucide-react";
import { type ReactNode, useEffect, useId, useRef } from "react";
import { Button } from "~/components/ui/button";
import { cx } from "~/components/ui/cx";
import { controlClass } from "~/components/ui/input";
import type { SiteFields } from "../../../../shared/site-content.ts";
import { useFieldError } from "../hooks/use-field-error.ts";
import { emptyFields, type FieldEntry, type FieldSpec, singularOf } from "../lib/field-specs.ts";
import { HiddenLabel } from "./controls.tsx";

/** Focus moves with what the admin did (a line added, moved or removed), once the list has rendered. */
function usePendingFocus() {
  const pending = useRef<string | null>(null);
  useEffect(() => {
    if (!pending.current) return;
    const target = document.getElementById(pending.current);
    pending.current = null;
    const control = target?.matches("input, textarea, button") ? target : target?.querySelector("input, textarea");
    (control as HTMLElement | null | undefined)?.focus();
  });
  return (id: string) => {
    pending.current = id;
  };
}

const move = <T,>(list: readonly T[], from: number, to: number): T[] => {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
};

/** Move up, Move down and Remove of one entry of a list; `ids` name the buttons for focus to find. */
function EntryActions({
  name,
  index,
  count,
  ids,
  onMove,
  onRemove,
}: {
  name: string;
  index: number;
  count: number;
  ids: { up: string; down: string; remove: string };
  onMove: (to: number) => void;
  onRemove: () => void;
}) {
  const icon =
    "inline-flex size-9 items-center justify-center rounded-md text-steel-600 hover:bg-steel-100 hover:text-steel-950 disabled:opacity-30 disabled:hover:bg-transparent";
  return (
    <div className="flex shrink-0 items-start gap-0.5">
      <button
        type="button"
        id={ids.up}
        className={icon}
        aria-label={`Move ${name} up`}
        title="Move up"
        disabled={index === 0}
        onClick={() => onMove(index - 1)}
      >
        <ArrowUp aria-hidden="true" size={16} />
      </button>
      <button
        type="button"
        id={ids.down}
        className={icon}
        aria-label={`Move ${name} down`}
        title="Move down"
        disabled={index === count - 1}
        onClick={() => onMove(index + 1)}
      >
        <ArrowDown aria-hidden="true" size={16} />
      </button>
      <button
        type="button"
        id={ids.remove}
        className={cx(icon, "hover:text-red-700")}
        aria-label={`Remove ${name}`}
        title="Remove"
        onClick={onRemove}
      >
        <Trash2 aria-hidden="true" size={16} />
      </button>
    </div>
  );
}

/** Where focus goes after a move: the same button at the new place, or the entry itself once that button is disabled. */
function focusAfterMove(
  ids: (index: number) => { up: string; down: string; entry: string },
  to: number,
  count: number,
  up: boolean,
) {
  const at = ids(to);
  if (up) return to === 0 ? at.entry : at.up;
  return to === count - 1 ? at.entry : at.down;
}

interface ListEditorProps {
  path: string;
  entry: FieldEntry;
  value: unknown;
  onChange: (value: unknown[]) => void;
}

/** A list of lines (responsibilities, paragraphs, features): add, remove, move up and down. */
export function LinesEditor({ path, entry, value, onChange }: ListEditorProps) {
  const spec = entry.spec as Extract<FieldSpec, { kind: "lines" }>;
  const lines = Array.isArray(value) ? value.map((line) => (typeof line === "string" ? line : "")) : [];
  const singular = singularOf(entry.key);
  const base = useId();
  const ids = (index: number) => ({
    entry: `${base}-${index}`,
    up: `${base}-${index}-up`,
    down: `${base}-${index}-down`,
    remove: `${base}-${index}-remove`,
  });
  const addId = `${base}-add`;
  const focus = usePendingFocus();
  const error = useFieldError(path);
  return (
    <fieldset className="min-w-0 rounded-lg border border-steel-200 p-3 sm:p-4">
      <legend className="px-1 text-sm font-semibold text-steel-800">{entry.label}</legend>
      {entry.hint && <p className="mb-2 text-xs text-steel-500">{entry.hint}</p>}
      {lines.length === 0 && <p className="text-sm text-steel-500">None yet.</p>}
      <ol className="space-y-2">
        {lines.map((line, index) => (
          <LineRow
            // Lines have no identity but their place: the inputs are controlled, so this is safe.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above.
            key={index}
            path={`${path}.${index}`}
            name={`${singular} ${index + 1}`}
            long={spec.item.long}
            max={spec.item.max}
            value={line}
            ids={ids(index)}
            onChange={(text) => onChange(lines.map((old, at) => (at === index ? text : old)))}
            actions={
              <EntryActions
                name={`${singular.toLowerCase()} ${index + 1}`}
                index={index}
                count={lines.length}
                ids={ids(index)}
                onMove={(to) => {
                  focus(focusAfterMove(ids, to, lines.length, to < index));
                  onChange(move(lines, index, to));
                }}
                onRemove={() => {
                  focus(lines.length === 1 ? addId : ids(Math.min(index, lines.length - 2)).entry);
                  onChange(lines.filter((_, at) => at !== index));
                }}
              />
            }
          />
        ))}
      </ol>
      {error && <p className="mt-2 text-sm font-medium text-red-700">{error}</p>}
      <Button
        id={addId}
        variant="secondary"
        size="sm"
        className="mt-3"
        disabled={lines.length >= spec.count}
        onClick={() => {
          focus(ids(lines.length).entry);
          onChange([...lines, ""]);
        }}
      >
        <Plus aria-hidden="true" size={14} />
        Add {singular.toLowerCase()}
      </Button>
    </fieldset>
  );
}

function LineRow({
  path,
  name,
  long,
  max,
  value,
  ids,
  onChange,
  actions,
}: {
  path: string;
  name: string;
  long: boolean;
  max?: number;
  value: string;
  ids: { entry: string };
  onChange: (value: string) => void;
  actions: ReactNode;
}) {
  const error = useFieldError(path);
  const errorId = `${ids.entry}-error`;
  const control = {
    id: ids.entry,
    value,
    maxLength: max,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? errorId : undefined,
  };
  return (
    // On a phone the actions go under the line, so the text keeps the width.
    <li className="grid grid-cols-[1.25rem_minmax(0,1fr)] items-start gap-x-2 sm:grid-cols-[1.25rem_minmax(0,1fr)_auto]">
      <span aria-hidden="true" className="pt-2 text-right text-sm text-steel-500 tabular-nums">
        {name.replace(/^\D+/, "")}.
      </span>
      <div className="min-w-0">
        <HiddenLabel htmlFor={ids.entry}>{name}</HiddenLabel>
        {long ? (
          <textarea
            {...control}
            rows={1}
            onChange={(event) => onChange(event.target.value)}
            className={cx(controlClass, "field-sizing-content min-h-10 resize-y")}
          />
        ) : (
          <input
            {...control}
            type="text"
            onChange={(event) => onChange(event.target.value)}
            className={cx(controlClass, "h-10")}
          />
        )}
        {error && (
          <p id={errorId} className="mt-1 text-sm font-medium text-red-700">
            {error}
          </p>
        )}
      </div>
      <div className="col-start-2 flex justify-end sm:col-start-3">{actions}</div>
    </li>
  );
}

/**
 * A list of groups of fields (e-mails, phones, offices, the about page's items): each group its
 * own fieldset, added, removed and moved as a whole. `renderItem` draws one group's fields.
 */
export function GroupsEditor({
  path,
  entry,
  value,
  onChange,
  renderItem,
}: ListEditorProps & {
  renderItem: (item: SiteFields, onItemChange: (item: SiteFields) => void, itemPath: string) => ReactNode;
}) {
  const spec = entry.spec as Extract<FieldSpec, { kind: "groups" }>;
  const items = Array.isArray(value) ? (value as SiteFields[]) : [];
  const singular = singularOf(entry.key);
  const base = useId();
  const ids = (index: number) => ({
    entry: `${base}-${index}`,
    up: `${base}-${index}-up`,
    down: `${base}-${index}-down`,
    remove: `${base}-${index}-remove`,
  });
  const addId = `${base}-add`;
  const focus = usePendingFocus();
  const error = useFieldError(path);
  return (
    <fieldset className="min-w-0 space-y-3 rounded-lg border border-steel-200 p-3 sm:p-4">
      <legend className="px-1 text-sm font-semibold text-steel-800">{entry.label}</legend>
      {items.length === 0 && <p className="text-sm text-steel-500">None yet.</p>}
      {items.map((item, index) => (
        <fieldset
          // biome-ignore lint/suspicious/noArrayIndexKey: groups have no identity but their place; their controls are controlled.
          key={index}
          id={ids(index).entry}
          className="min-w-0 rounded-md border border-steel-200 bg-steel-50/60 p-3"
        >
          <legend className="float-left pt-2 text-sm font-semibold text-steel-700">
            {singular} {index + 1}
          </legend>
          <div className="float-right">
            <EntryActions
              name={`${singular.toLowerCase()} ${index + 1}`}
              index={index}
              count={items.length}
              ids={ids(index)}
              onMove={(to) => {
                focus(focusAfterMove(ids, to, items.length, to < index));
                onChange(move(items, index, to));
              }}
              onRemove={() => {
                focus(items.length === 1 ? addId : ids(Math.min(index, items.length - 2)).entry);
                onChange(items.filter((_, at) => at !== index));
              }}
            />
          </div>
          <div className="clear-both mt-2 grid gap-3 sm:grid-cols-2">
            {renderItem(
              item,
              (next) => onChange(items.map((old, at) => (at === index ? next : old))),
              `${path}.${index}`,
            )}
          </div>
        </fieldset>
      ))}
      {error && <p className="text-sm font-medium text-red-700">{error}</p>}
      <Button
        id={addId}
        variant="secondary"
        size="sm"
        disabled={items.length >= spec.count}
        onClick={() => {
          focus(ids(items.length).entry);
          onChange([...items, emptyFields(spec.fields)]);
        }}
      >
        <Plus aria-hidden="true" size={14} />
        Add {singular.toLowerCase()}
      </Button>
    </fieldset>
  );
}
