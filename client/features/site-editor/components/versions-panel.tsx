import { GitCompare, History, RotateCcw } from "lucide-react";
import { useId, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { EmptyPanel } from "~/components/dashboard/empty-panel";
import { ListError, ListSkeleton } from "~/components/dashboard/list-states";
import { MessageBanner } from "~/components/dashboard/message-banner";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { Select } from "~/components/ui/input";
import { useToast } from "~/components/ui/toast";
import { dateTimeFormat } from "~/lib/date-format";
import { messageFrom } from "~/lib/http-error";
import type { SiteVersion } from "../../../../shared/site-content.ts";
import { useRestoreVersion, useVersions } from "../api/versions.ts";
import { changeLabels, collectionLabels, pageName, siteAddresses } from "../lib/collections.ts";
import { VersionCompare } from "./version-compare.tsx";

const versionParam = (value: string | null) => (value && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : null);

/**
 * Every publish, newest first (DESIGN §17): when, by whom, what changed and which pages; Compare
 * any two (`?from=&to=` in the address); Restore one as drafts, which then wait to be published.
 */
export function VersionsPanel() {
  const versions = useVersions();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const from = versionParam(search.get("from"));
  const to = versionParam(search.get("to"));
  if (versions.isPending) return <ListSkeleton label="Loading the versions" />;
  if (versions.isError) {
    return (
      <ListError
        error={versions.error}
        fallback="The versions could not be loaded."
        onRetry={() => void versions.refetch()}
        retrying={versions.isFetching}
      />
    );
  }
  const list = versions.data;
  if (list.length === 0) return <EmptyPanel icon={History} title="No versions yet" />;
  return (
    <div className="space-y-5">
      {list.length > 1 && (
        <CompareForm
          versions={list}
          from={from ?? list[1]?.id ?? list[0]!.id}
          to={to ?? list[0]!.id}
          onCompare={(a, b) => navigate(siteAddresses.compare(a, b))}
        />
      )}
      {from !== null && to !== null && <VersionCompare from={from} to={to} />}
      <section aria-labelledby="site-versions" className="space-y-3">
        <h2 id="site-versions" className="font-bold text-steel-950">
          Versions, newest first
        </h2>
        <ol className="space-y-3">
          {list.map((version, index) => (
            <VersionRow key={version.id} version={version} previous={list[index + 1]} latest={index === 0} />
          ))}
        </ol>
      </section>
    </div>
  );
}

function CompareForm({
  versions,
  from,
  to,
  onCompare,
}: {
  versions: SiteVersion[];
  from: number;
  to: number;
  onCompare: (from: number, to: number) => void;
}) {
  const [a, setA] = useState(from);
  const [b, setB] = useState(to);
  const ids = { a: useId(), b: useId() };
  const option = (version: SiteVersion) => (
    <option key={version.id} value={version.id}>
      Version {version.id} · {dateTimeFormat.format(new Date(version.publishedAt))}
    </option>
  );
  return (
    <form
      aria-label="Compare two versions"
      onSubmit={(event) => {
        event.preventDefault();
        onCompare(a, b);
      }}
      className="flex flex-wrap items-end gap-3 rounded-xl border border-steel-200 bg-white p-4"
    >
      <div className="min-w-0 flex-1 basis-52">
        <label htmlFor={ids.a} className="block text-sm font-semibold text-steel-800">
          From
        </label>
        <Select id={ids.a} value={a} onChange={(event) => setA(Number(event.target.value))} className="mt-1.5">
          {versions.map(option)}
        </Select>
      </div>
      <div className="min-w-0 flex-1 basis-52">
        <label htmlFor={ids.b} className="block text-sm font-semibold text-steel-800">
          To
        </label>
        <Select id={ids.b} value={b} onChange={(event) => setB(Number(event.target.value))} className="mt-1.5">
          {versions.map(option)}
        </Select>
      </div>
      <Button type="submit" variant="secondary" disabled={a === b}>
        <GitCompare aria-hidden="true" size={16} />
        Compare
      </Button>
    </form>
  );
}

function VersionRow({ version, previous, latest }: { version: SiteVersion; previous?: SiteVersion; latest: boolean }) {
  const restore = useRestoreVersion();
  const navigate = useNavigate();
  const toast = useToast();
  const [problem, setProblem] = useState<string | null>(null);
  const headingId = useId();
  return (
    <li className="rounded-xl border border-steel-200 bg-white p-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id={headingId} className="font-bold text-steel-950">
            Version {version.id}
            {latest && <span className="ml-1 text-sm font-normal text-emerald-800"> (live)</span>}
          </h3>
          <p className="text-sm text-steel-600">
            {dateTimeFormat.format(new Date(version.publishedAt))} ·{" "}
            {version.publishedBy
              ? `by ${version.publishedBy}`
              : version.id === 1
                ? "the first content"
                : "by the schedule"}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {previous && (
            <Button
              variant="secondary"
              size="sm"
              onClick={() => navigate(siteAddresses.compare(previous.id, version.id))}
            >
              <GitCompare aria-hidden="true" size={14} />
              Compare with version {previous.id}
            </Button>
          )}
          {!latest && (
            <ConfirmDialog
              trigger={
                <Button variant="secondary" size="sm">
                  <RotateCcw aria-hidden="true" size={14} />
                  Restore as drafts
                </Button>
              }
              title={`Restore version ${version.id} as drafts?`}
              description="Every item becomes a draft as it was in that version (items it did not have are marked for removal). Drafts you have now are replaced. Nothing changes on the site until you publish."
              confirmLabel="Restore as drafts"
              onConfirm={async () => {
                setProblem(null);
                try {
                  await restore.mutateAsync(version.id);
                  toast({
                    title: `Version ${version.id} restored as drafts`,
                    description: "Publish them to bring it back.",
                  });
                  navigate(siteAddresses.root, { state: { waiting: true } });
                } catch (error) {
                  setProblem(messageFrom(error, "The version could not be restored."));
                  throw error;
                }
              }}
            />
          )}
        </div>
      </div>
      <ul className="mt-3 space-y-0.5 text-sm text-steel-800">
        {version.changes.slice(0, 12).map((change) => (
          <li key={`${change.collection}/${change.id}`}>
            {changeLabels[change.change]} · {collectionLabels[change.collection]} ·{" "}
            <span className="font-mono text-xs">{change.id}</span>
          </li>
        ))}
        {version.changes.length > 12 && <li className="text-steel-600">and {version.changes.length - 12} more</li>}
      </ul>
      {version.pages.length > 0 && (
        <p className="mt-2 text-xs text-steel-600">Pages: {version.pages.map(pageName).join(", ")}</p>
      )}
      <MessageBanner message={problem} onDismiss={() => setProblem(null)} className="mt-3" />
    </li>
  );
}
