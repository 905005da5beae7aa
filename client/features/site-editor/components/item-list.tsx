import { ArrowDown, ArrowUp, ChevronRight, Plus } from "lucide-react";
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
import { ScheduledMark, StatusBadge } from "./status-badge.tsx";

/**
 * A list collection's items: each with its title, status and schedule, the open one marked, and
 * buttons to move it up or down (a new order is a draft, decision 058); Add.
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

  async function move(index: number, by: -1 | 1, title: string) {
    const next = [...ids];
    const [moved] = next.splice(index, 1);
    next.splice(index + by, 0, moved as string);
    try {
      await reorder.mutateAsync({ collection, ids: next, expected: ids });
      // Keep the keyboard on the item: the same button, or the other one at the list's end.
      requestAnimationFrame(() => {
        const same = document.getElementById(moveButtonId(collection, moved as string, by)) as HTMLButtonElement | null;
        const other = document.getElementById(moveButtonId(collection, moved as string, by < 0 ? 1 : -1));
        (same && !same.disabled ? same : other)?.focus();
      });
    } catch (error) {
      toast({ tone: "error", title: `${title} was not moved`, description: messageFrom(error, "Try again.") });
    }
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
            const title = itemTitle(collection, item.draft ?? item.published, item.id);
            return (
              <li key={item.id} className="flex items-stretch">
                <Link
                  to={siteAddresses.item(collection, item.id)}
                  aria-current={current ? "page" : undefined}
                  className={cx(
                    "flex min-w-0 flex-1 items-center gap-3 py-3 pl-4 hover:bg-steel-50",
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
