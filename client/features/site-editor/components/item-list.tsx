import { ArrowDown, ArrowUp, ChevronRight, GripVertical, Plus } from "lucide-react";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { Button } from "~/components/ui/button";
import { cx } from "~/components/ui/cx";
import { Field } from "~/components/ui/field";
import { FormDialog, FormDialogCancel } from "~/components/ui/form-dialog";
import { Input } from "~/components/ui/input";
import { useToast } from "~/components/ui/toast";
import { messageFrom } from "~/lib/http-error";
import {
  type AdminSiteItem,
  type SiteCollection,
  siteItemIdSchema,
  siteLimits,
} from "../../../../shared/site-content.ts";
import { useReorderList } from "../api/reorder.ts";
import { collectionLabels, itemNouns, itemState, itemTitle, siteAddresses } from "../lib/collections.ts";
import { dropIndex, reordered } from "../lib/order.ts";
import { ScheduledMark, StatusBadge } from "./status-badge.tsx";

/**
 * A list collection's items: each with its title, status and schedule, the open one marked, and
 * buttons to move it up or down (a new order is a draft, decision 058), or dragged to its place
 * with a mouse (the buttons stay for the keyboard and touch); Add.
 */
export function ItemList({
  collection,
  items,
  selected,
}: {
  collection: SiteCollection;
  items: AdminSiteItem[];
  selected: string | undefined;
}) {
  const label = collectionLabels[collection];
  const reorder = useReorderList();
  const toast = useToast();
  const ids = items.map((item) => item.id);
  const titles = items.map((item) => itemTitle(collection, item.draft ?? item.published, item.id));

  const [dragging, setDragging] = useState<number | null>(null);
  const [drop, setDrop] = useState<{ over: number; after: boolean } | null>(null);
  const movable = items.length > 1;

  /** Sends the new order; true once it is the list's. */
  async function moveTo(from: number, to: number, title: string) {
    try {
      await reorder.mutateAsync({ collection, ids: reordered(ids, from, to), expected: ids });
      return true;
    } catch (error) {
      toast({ tone: "error", title: `${title} was not moved`, description: messageFrom(error, "Try again.") });
      return false;
    }
  }

  async function move(index: number, by: -1 | 1, title: string) {
    const moved = ids[index] as string;
    if (!(await moveTo(index, index + by, title))) return;
    // Keep the keyboard on the item: the same button, or the other one at the list's end.
    requestAnimationFrame(() => {
      const same = document.getElementById(moveButtonId(collection, moved, by)) as HTMLButtonElement | null;
      const other = document.getElementById(moveButtonId(collection, moved, by < 0 ? 1 : -1));
      (same && !same.disabled ? same : other)?.focus();
    });
  }

  function endDrag() {
    setDragging(null);
    setDrop(null);
  }

  return (
    <section aria-labelledby={`site-list-${collection}`} className="min-w-0 space-y-3">
      <div className="flex items-center justify-between gap-3">
        <h2 id={`site-list-${collection}`} className="font-bold text-steel-950">
          {label} <span className="font-normal text-steel-600">({items.length})</span>
        </h2>
        <AddItemDialog
          collection={collection}
          taken={items.map((item) => item.id)}
          full={items.length >= siteLimits.itemsMax}
        />
      </div>
      {items.length === 0 ? (
        <p className="rounded-lg border border-dashed border-steel-300 px-4 py-6 text-center text-sm text-steel-600">
          No {label.toLowerCase()} yet.
        </p>
      ) : (
        <ul
          aria-label={label}
          className="divide-y divide-steel-200 overflow-hidden rounded-xl border border-steel-200 bg-white"
        >
          {items.map((item, index) => {
            const current = item.id === selected;
            const title = titles[index] as string;
            return (
              <li
                key={item.id}
                draggable={movable && !reorder.isPending}
                onDragStart={(event) => {
                  event.dataTransfer.effectAllowed = "move";
                  event.dataTransfer.setData("text/plain", title);
                  setDragging(index);
                }}
                onDragOver={(event) => {
                  if (dragging === null) return;
                  event.preventDefault();
                  event.dataTransfer.dropEffect = "move";
                  const after = event.clientY > midline(event.currentTarget);
                  if (drop?.over !== index || drop.after !== after) setDrop({ over: index, after });
                }}
                onDrop={(event) => {
                  event.preventDefault();
                  const from = dragging;
                  endDrag();
                  if (from === null) return;
                  const to = dropIndex(from, index, event.clientY > midline(event.currentTarget));
                  if (to !== undefined) void moveTo(from, to, titles[from] as string);
                }}
                onDragEnd={endDrag}
                className={cx("relative flex items-stretch", dragging === index && "opacity-50")}
              >
                {drop?.over === index && dragging !== index && (
                  <span
                    aria-hidden="true"
                    className={cx(
                      "pointer-events-none absolute inset-x-0 z-10 h-1 bg-accent-500",
                      drop.after ? "bottom-0" : "top-0",
                    )}
                  />
                )}
                {/* A touch screen drags nothing: there the buttons move it. */}
                {movable && (
                  <GripVertical
                    aria-hidden="true"
                    size={16}
                    className="ml-1.5 shrink-0 cursor-grab self-center text-steel-400 pointer-coarse:hidden"
                  />
                )}
                <Link
                  to={siteAddresses.item(collection, item.id)}
                  draggable={false}
                  aria-current={current ? "page" : undefined}
                  className={cx(
                    "flex min-w-0 flex-1 items-center gap-3 py-3 hover:bg-steel-50",
                    movable ? "pl-2 pointer-coarse:pl-4" : "pl-4",
                    current && "bg-steel-100 shadow-[inset_3px_0_0_var(--color-accent-500)]",
                  )}
                >
                  <span className="min-w-0 flex-1">
                    <span className="block truncate font-semibold text-steel-950">{title}</span>
                    <span className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1">
                      <StatusBadge state={itemState(item)} />
                      <ScheduledMark at={item.publishAt} />
                    </span>
                  </span>
                  <ChevronRight aria-hidden="true" size={16} className="shrink-0 text-steel-400" />
                </Link>
                {items.length > 1 && (
                  <span className="flex shrink-0 flex-col justify-center border-l border-steel-100 px-1">
                    {([-1, 1] as const).map((by) => (
                      <button
                        key={by}
                        id={moveButtonId(collection, item.id, by)}
                        type="button"
                        aria-label={`Move ${title} ${by < 0 ? "up" : "down"}`}
                        title={by < 0 ? "Move up" : "Move down"}
                        disabled={reorder.isPending || index + by < 0 || index + by >= items.length}
                        onClick={() => move(index, by, title)}
                        className="inline-flex size-9 items-center justify-center rounded text-steel-600 hover:bg-steel-100 hover:text-steel-950 disabled:text-steel-300 disabled:hover:bg-transparent"
                      >
                        {by < 0 ? <ArrowUp aria-hidden size={16} /> : <ArrowDown aria-hidden size={16} />}
                      </button>
                    ))}
                  </span>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

/** The vertical middle of an element, in the viewport: a drop below it lands after the item. */
const midline = (element: Element) => {
  const box = element.getBoundingClientRect();
  return box.top + box.height / 2;
};

const moveButtonId = (collection: SiteCollection, id: string, by: -1 | 1) =>
  `site-move-${collection}-${id}-${by < 0 ? "up" : "down"}`;

/** Add: asks for the new item's id (its address on the site), then opens its empty form. */
function AddItemDialog({ collection, taken, full }: { collection: SiteCollection; taken: string[]; full: boolean }) {
  const [open, setOpen] = useState(false);
  const [id, setId] = useState("");
  const [error, setError] = useState<string | undefined>();
  const navigate = useNavigate();
  const noun = itemNouns[collection];

  function submit(event: React.FormEvent) {
    event.preventDefault();
    const parsed = siteItemIdSchema.safeParse(id.trim());
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? "Not a valid id");
    if (taken.includes(parsed.data)) return setError(`There is already a ${noun} with this id`);
    setOpen(false);
    navigate(siteAddresses.item(collection, parsed.data), { state: { adding: true } });
  }

  return (
    <FormDialog
      open={open}
      onOpenChange={setOpen}
      busy={false}
      onOpen={() => {
        setId("");
        setError(undefined);
      }}
      trigger={
        <Button variant="accent" size="sm" disabled={full}>
          <Plus aria-hidden="true" size={14} />
          Add {noun}
        </Button>
      }
      title={`Add a ${noun}`}
      description="First its id: the name the site knows it by. Then its fields, saved as a draft."
    >
      <form noValidate onSubmit={submit} aria-label={`Add a ${noun}`} className="mt-5 space-y-4">
        <Field
          label="Id"
          error={error}
          hint="Lower-case letters, digits and hyphens, as steel-detailer-pune. It cannot change later."
        >
          {(control) => (
            <Input
              {...control}
              value={id}
              onChange={(event) => {
                setId(event.target.value.toLowerCase());
                setError(undefined);
              }}
              maxLength={64}
              autoComplete="off"
              spellCheck={false}
            />
          )}
        </Field>
        <div className="flex flex-wrap justify-end gap-2">
          <FormDialogCancel />
          <Button type="submit" variant="accent">
            Continue
          </Button>
        </div>
      </form>
    </FormDialog>
  );
}
