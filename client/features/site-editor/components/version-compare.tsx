import { ListError, ListSkeleton } from "~/components/dashboard/list-states";
import { useVersion } from "../api/versions.ts";
import { collectionLabels } from "../lib/collections.ts";
import { type CollectionDiff, compareContents, displayLines } from "../lib/diff.ts";
import { fieldsOf, pathLabel } from "../lib/field-specs.ts";

/** Two versions' content side by side, collection by collection: items added, removed and changed, with the changed fields. */
export function VersionCompare({ from, to }: { from: number; to: number }) {
  const before = useVersion(from);
  const after = useVersion(to);
  const heading = `Version ${from} → version ${to}`;
  if (before.isPending || after.isPending) return <ListSkeleton label="Loading the two versions" />;
  if (before.isError || after.isError) {
    return (
      <ListError
        error={before.error ?? after.error}
        fallback="The versions could not be loaded."
        onRetry={() => {
          void before.refetch();
          void after.refetch();
        }}
        retrying={before.isFetching || after.isFetching}
      />
    );
  }
  const diffs = compareContents(before.data.content, after.data.content);
  return (
    <section aria-labelledby="site-compare" className="space-y-3 rounded-xl border border-steel-200 bg-white p-4">
      <h2 id="site-compare" className="font-bold text-steel-950">
        {heading}
      </h2>
      {diffs.length === 0 ? (
        <p className="text-sm text-steel-600">The two versions show the same content.</p>
      ) : (
        diffs.map((diff) => <CollectionChanges key={diff.collection} diff={diff} />)
      )}
    </section>
  );
}

function CollectionChanges({ diff }: { diff: CollectionDiff }) {
  const entries = fieldsOf(diff.collection);
  return (
    <div className="space-y-2 border-t border-steel-200 pt-3">
      <h3 className="font-semibold text-steel-950">{collectionLabels[diff.collection]}</h3>
      <ul className="space-y-2 text-sm">
        {diff.added.map((item) => (
          <li key={`added-${item.id}`}>
            <span className="font-semibold text-emerald-800">Added</span> {item.title}
          </li>
        ))}
        {diff.removed.map((item) => (
          <li key={`removed-${item.id}`}>
            <span className="font-semibold text-red-800">Removed</span> {item.title}
          </li>
        ))}
        {diff.changed.map((item) => (
          <li key={`changed-${item.id}`}>
            <span className="font-semibold text-amber-900">Changed</span> {item.title}
            <dl className="mt-1 space-y-2 border-l-2 border-steel-200 pl-3">
              {item.fields.map((field) => (
                <div key={field.path}>
                  <dt className="font-medium text-steel-800">{pathLabel(entries, field.path)}</dt>
                  <dd className="grid gap-1 sm:grid-cols-2">
                    <span className="rounded bg-red-50 px-2 py-1 break-words whitespace-pre-wrap text-red-950">
                      <span className="sr-only">Before: </span>
                      {displayLines(field.before).join("\n")}
                    </span>
                    <span className="rounded bg-emerald-50 px-2 py-1 break-words whitespace-pre-wrap text-emerald-950">
                      <span className="sr-only">After: </span>
                      {displayLines(field.after).join("\n")}
                    </span>
                  </dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
    </div>
  );
}
