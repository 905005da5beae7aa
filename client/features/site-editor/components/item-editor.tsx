import { ArrowLeft, Save, Trash2, Undo2 } from "lucide-react";
import { useId, useRef } from "react";
import { FormProvider } from "react-hook-form";
import { Link, useNavigate } from "react-router";
import { MessageBanner } from "~/components/dashboard/message-banner";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { cx } from "~/components/ui/cx";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { useToast } from "~/components/ui/toast";
import { messageFrom } from "~/lib/http-error";
import { type AdminSiteItem, isSingleCollection, type SiteCollection } from "../../../../shared/site-content.ts";
import { useRemoveItem } from "../api/remove-item.ts";
import { useItemForm } from "../hooks/use-item-form.ts";
import { collectionLabels, currentFields, itemNouns, itemState, itemTitle, siteAddresses } from "../lib/collections.ts";
import { isoToLocalInput, localInputToIso } from "../lib/datetime.ts";
import { ItemFields } from "./field-editor.tsx";
import { MergeView } from "./merge-view.tsx";
import { ScheduledMark, StatusBadge } from "./status-badge.tsx";
import { UnsavedGuard } from "./unsaved-guard.tsx";

/**
 * One item's editor: its status, its fields (lib/field-specs.ts), when it publishes, Save draft,
 * Discard draft, Remove (list items) and, after someone else's save, the merge.
 */
export function ItemEditor({
  collection,
  id,
  item,
}: {
  collection: SiteCollection;
  id: string;
  /** Undefined for a new item, not saved yet. */
  item: AdminSiteItem | undefined;
}) {
  const navigate = useNavigate();
  const toast = useToast();
  const remove = useRemoveItem();
  const editor = useItemForm({
    collection,
    id,
    item,
    onSaved: (saved) => {
      if (!item) navigate(siteAddresses.item(collection, saved.id), { replace: true });
    },
  });
  const { form, dirty } = editor;
  const headingId = useId();
  const leaving = useRef(false);
  const single = isSingleCollection(collection);
  const state = item ? itemState(item) : "draft";
  const title = item ? itemTitle(collection, currentFields(item), id) : `New ${itemNouns[collection]}`;
  const back = siteAddresses.collection(collection);

  async function removeIt() {
    try {
      const marked = await remove.mutateAsync({ collection, id });
      if (marked) {
        editor.settle(marked);
        toast({ title: "To be removed at the next publish", description: title });
      } else {
        leaving.current = true;
        editor.forget();
        toast({ title: "Removed", description: title });
        navigate(back);
      }
    } catch (error) {
      editor.setProblem(messageFrom(error, "It could not be removed."));
      throw error;
    }
  }

  return (
    <FormProvider {...form}>
      <section aria-labelledby={headingId} className="min-w-0 space-y-4">
        {!single && (
          <Link
            to={back}
            className="inline-flex items-center gap-1.5 text-sm font-semibold text-steel-700 hover:text-steel-950 lg:hidden"
          >
            <ArrowLeft aria-hidden="true" size={16} />
            All {collectionLabels[collection].toLowerCase()}
          </Link>
        )}
        <header className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
          <div className="min-w-0">
            <h2 id={headingId} className="text-xl font-bold break-words text-steel-950">
              {title}
            </h2>
            <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-steel-600">
              {!single && <span className="font-mono text-xs">{id}</span>}
              <StatusBadge state={item ? state : "draft"} />
              {!item && <span>Not saved yet</span>}
              <ScheduledMark at={item?.publishAt ?? null} />
            </p>
          </div>
          <div className="flex flex-wrap gap-2">
            {item && state === "changed" && item.published && (
              <ConfirmDialog
                trigger={
                  <Button variant="secondary" size="sm">
                    <Undo2 aria-hidden="true" size={14} />
                    Discard draft
                  </Button>
                }
                title="Discard the draft?"
                description="The item goes back to what the site shows now. The draft, and anything unsaved here, is lost."
                confirmLabel="Discard draft"
                onConfirm={() => editor.revert("discard")}
              />
            )}
            {item && !single && state !== "removing" && (
              <ConfirmDialog
                trigger={
                  <Button variant="secondary" size="sm" className="text-red-800">
                    <Trash2 aria-hidden="true" size={14} />
                    Remove
                  </Button>
                }
                title={`Remove “${title}”?`}
                description={
                  item.published
                    ? "It stays on the site until you publish the removal. Unsaved changes here are lost."
                    : "It was never published: it is deleted at once, with its draft."
                }
                confirmLabel="Remove"
                onConfirm={removeIt}
              />
            )}
          </div>
        </header>

        {state === "removing" && (
          <div
            role="status"
            className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900"
          >
            <p>This item leaves the site at the next publish. Saving it again keeps it.</p>
            <Button
              variant="secondary"
              size="sm"
              loading={editor.saving}
              onClick={() => void editor.revert("keep").catch(() => {})}
            >
              Keep it
            </Button>
          </div>
        )}

        {editor.merge && (
          <MergeView
            key={editor.merge.version}
            fields={editor.merge.fields}
            entries={editor.fields}
            saving={editor.saving}
            onApply={editor.applyChoices}
            onCancel={editor.cancelMerge}
          />
        )}

        <form
          ref={editor.formRef}
          noValidate
          aria-labelledby={headingId}
          onSubmit={(event) => void editor.submit(event)}
          className="space-y-5"
        >
          <ItemFields fields={editor.fields} />
          <fieldset className="rounded-xl border border-steel-200 bg-white p-4">
            <legend className="px-1 text-base font-bold text-steel-950">Publishing</legend>
            <Field
              label="Publish by itself at"
              optional
              hint="Empty: it waits until an admin publishes it. Set: the draft goes live at that moment."
            >
              {(control) => (
                <Input
                  {...control}
                  type="datetime-local"
                  value={isoToLocalInput(editor.publishAt)}
                  onChange={(event) => editor.setPublishAt(localInputToIso(event.target.value))}
                  className="max-w-64"
                />
              )}
            </Field>
          </fieldset>
          <MessageBanner message={editor.problem} onDismiss={() => editor.setProblem(null)} />
          <div
            className={cx(
              "sticky bottom-0 z-10 -mx-4 flex flex-wrap items-center justify-end gap-3 border-t border-steel-200 bg-white/95 px-4 py-3 backdrop-blur sm:mx-0 sm:rounded-xl sm:border",
            )}
          >
            <p className="mr-auto text-sm text-steel-600" aria-live="polite">
              {dirty ? "Unsaved changes" : item ? "All changes saved" : ""}
            </p>
            <Button type="submit" variant="accent" loading={editor.saving} disabled={Boolean(editor.merge)}>
              {!editor.saving && <Save aria-hidden="true" size={16} />}
              Save draft
            </Button>
          </div>
        </form>
        <UnsavedGuard dirty={dirty} leaving={leaving} />
      </section>
    </FormProvider>
  );
}
