import { CheckCircle2, ChevronDown, Rocket } from "lucide-react";
import { useId, useMemo, useState } from "react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { cx } from "~/components/ui/cx";
import { type AdminSiteContent, isSingleCollection } from "../../../../shared/site-content.ts";
import {
  changeKey,
  changeLabels,
  collectionLabels,
  siteAddresses,
  type WaitingChange,
  waitingChanges,
} from "../lib/collections.ts";
import { PreviewLinks } from "./preview-links.tsx";
import { PublishDialog } from "./publish-dialog.tsx";
import { ScheduledMark } from "./status-badge.tsx";

/**
 * What waits to be published: a line saying how much, Publish all, and the list of changes to
 * choose from (checkboxes) for Publish selected. Either opens the summary before publishing.
 */
export function PublishPanel({
  content,
  expanded: startExpanded = false,
}: {
  content: AdminSiteContent;
  expanded?: boolean;
}) {
  const waiting = useMemo(() => waitingChanges(content), [content]);
  const [expanded, setExpanded] = useState(startExpanded);
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [publishing, setPublishing] = useState<WaitingChange[] | null>(null);
  const listId = useId();
  // A choice of something no longer waiting (published, discarded) is dropped.
  const selected = waiting.filter((change) => chosen.has(changeKey(change)));

  if (waiting.length === 0) {
    return (
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-xl border border-steel-200 bg-white px-4 py-3 text-sm text-steel-700">
        <CheckCircle2 aria-hidden="true" size={18} className="text-emerald-700" />
        <p className="flex-1">Everything is published: the site shows every saved change.</p>
        <Link to={siteAddresses.versions} className="font-semibold text-steel-900 underline underline-offset-2">
          Versions
        </Link>
      </div>
    );
  }

  const toggle = (key: string) =>
    setChosen((current) => {
      const next = new Set(current);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });

  return (
    <section aria-label="Changes waiting to publish" className="rounded-xl border border-amber-300 bg-amber-50">
      <div className="flex flex-wrap items-center gap-2 px-3 py-2 sm:px-4">
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls={listId}
          onClick={() => setExpanded((open) => !open)}
          className="-ml-1 inline-flex min-h-10 w-full items-center gap-2 rounded-md px-1 text-left text-sm font-semibold text-amber-950 hover:underline sm:w-auto sm:flex-1"
        >
          <ChevronDown
            aria-hidden="true"
            size={16}
            className={cx("shrink-0 transition-transform", expanded && "rotate-180")}
          />
          {waiting.length === 1 ? "1 change waits" : `${waiting.length} changes wait`} to be published
        </button>
        {expanded && (
          <Button
            variant="secondary"
            size="sm"
            disabled={selected.length === 0}
            onClick={() => setPublishing(selected)}
          >
            Publish selected ({selected.length})
          </Button>
        )}
        <Button variant="accent" size="sm" onClick={() => setPublishing(waiting)}>
          <Rocket aria-hidden="true" size={14} />
          Publish all
        </Button>
      </div>
      <div className="border-t border-amber-200 px-3 py-2 sm:px-4">
        <PreviewLinks />
      </div>
      <div id={listId} hidden={!expanded} className="border-t border-amber-200 px-3 py-2 sm:px-4">
        <ul aria-label="Changes waiting" className="divide-y divide-amber-200/70">
          {waiting.map((change) => {
            const key = changeKey(change);
            return (
              <li key={key} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2">
                <label className="flex min-w-0 flex-1 cursor-pointer items-center gap-2.5 text-sm">
                  <input
                    type="checkbox"
                    checked={chosen.has(key)}
                    onChange={() => toggle(key)}
                    className="size-4 shrink-0 accent-steel-900"
                  />
                  <span className="min-w-0">
                    {!isSingleCollection(change.collection) && (
                      <span className="text-steel-600">{collectionLabels[change.collection]}: </span>
                    )}
                    <span className="font-semibold text-steel-950">{change.title}</span>
                    <span className="text-steel-700"> ({changeLabels[change.change].toLowerCase()})</span>
                  </span>
                </label>
                <ScheduledMark at={change.publishAt} />
                <Link
                  to={siteAddresses.item(change.collection, change.id)}
                  className="text-sm font-semibold text-steel-800 underline underline-offset-2"
                  aria-label={`Open ${change.title}`}
                >
                  Open
                </Link>
              </li>
            );
          })}
        </ul>
      </div>
      <PublishDialog
        changes={publishing}
        onClose={(published) => {
          setPublishing(null);
          if (published) setChosen(new Set());
        }}
      />
    </section>
  );
}
