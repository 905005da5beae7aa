import { Rocket, X } from "lucide-react";
import { Dialog } from "radix-ui";
import { useState } from "react";
import { MessageBanner } from "~/components/dashboard/message-banner";
import { Button } from "~/components/ui/button";
import { useToast } from "~/components/ui/toast";
import { HttpError, messageFrom } from "~/lib/http-error";
import { isSingleCollection, pagesChangedBy } from "../../../../shared/site-content.ts";
import { usePublishSite } from "../api/publish.ts";
import { changeKey, changeLabels, collectionLabels, pageName, type WaitingChange } from "../lib/collections.ts";

/**
 * The summary before publishing (DESIGN §17): each change (collection, item, added, changed or
 * removed) and the pages it changes, then Publish. A page that could not be rendered (422) is told
 * here, and nothing is published.
 */
export function PublishDialog({
  changes,
  onClose,
}: {
  /** The changes to publish; null: closed. */
  changes: WaitingChange[] | null;
  onClose: (published: boolean) => void;
}) {
  const publish = usePublishSite();
  const toast = useToast();
  const [problem, setProblem] = useState<string | null>(null);
  const [refused, setRefused] = useState(false);
  const list = changes ?? [];
  const pages = pagesChangedBy(list);

  async function confirm() {
    setProblem(null);
    setRefused(false);
    try {
      const version = await publish.mutateAsync({
        items: list.map(({ collection, id }) => ({ collection, id })),
      });
      toast({
        title: `Published: version ${version.id}`,
        description: `${version.changes.length} ${version.changes.length === 1 ? "change" : "changes"}, live within seconds.`,
      });
      onClose(true);
    } catch (error) {
      setRefused(error instanceof HttpError && error.status === 422);
      setProblem(messageFrom(error, "Nothing was published: the site could not be updated."));
    }
  }

  return (
    <Dialog.Root
      open={changes !== null}
      onOpenChange={(open) => {
        if (open || publish.isPending) return;
        setProblem(null);
        onClose(false);
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-steel-950/50 backdrop-blur-[2px]" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-2xl -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-5 shadow-2xl focus:outline-none sm:p-6">
          <div className="flex items-start justify-between gap-4">
            <div>
              <Dialog.Title className="text-lg font-bold text-steel-950">
                Publish {list.length === 1 ? "1 change" : `${list.length} changes`}
              </Dialog.Title>
              <Dialog.Description className="mt-1 text-sm text-steel-600">
                The site shows them within seconds. Every publish is a version you can restore later.
              </Dialog.Description>
            </div>
            <Dialog.Close asChild>
              <Button variant="ghost" size="sm" aria-label="Close" disabled={publish.isPending}>
                <X aria-hidden="true" size={16} />
              </Button>
            </Dialog.Close>
          </div>
          <h3 className="mt-5 text-sm font-bold text-steel-950">Changes</h3>
          <ul className="mt-2 divide-y divide-steel-200 rounded-lg border border-steel-200">
            {list.map((change) => (
              <li key={changeKey(change)} className="px-3 py-2 text-sm">
                <p>
                  {!isSingleCollection(change.collection) && (
                    <span className="text-steel-600">{collectionLabels[change.collection]}: </span>
                  )}
                  <span className="font-semibold text-steel-950">{change.title}</span>{" "}
                  {!isSingleCollection(change.collection) && (
                    <span className="font-mono text-xs text-steel-500">{change.id} </span>
                  )}
                  <span className="rounded bg-steel-100 px-1.5 py-0.5 text-xs font-semibold text-steel-800">
                    {changeLabels[change.change]}
                  </span>
                </p>
                <p className="mt-0.5 text-xs text-steel-600">
                  Pages: {pagesChangedBy([change]).map(pageName).join(", ")}
                </p>
              </li>
            ))}
          </ul>
          <h3 className="mt-5 text-sm font-bold text-steel-950">Pages that will change ({pages.length})</h3>
          <ul aria-label="Pages that will change" className="mt-2 flex flex-wrap gap-1.5">
            {pages.map((page) => (
              <li key={page} className="rounded-md bg-steel-100 px-2 py-1 font-mono text-xs text-steel-800">
                {pageName(page)}
              </li>
            ))}
          </ul>
          {problem && (
            <div className="mt-5 space-y-1">
              <MessageBanner message={problem} />
              {refused && (
                <p className="text-sm text-steel-700">
                  Open the item the message names, correct it (an image name, a link) and save it, then publish again.
                </p>
              )}
            </div>
          )}
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Dialog.Close asChild>
              <Button variant="secondary" disabled={publish.isPending}>
                Cancel
              </Button>
            </Dialog.Close>
            <Button variant="accent" loading={publish.isPending} onClick={() => void confirm()}>
              {!publish.isPending && <Rocket aria-hidden="true" size={16} />}
              Publish
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
