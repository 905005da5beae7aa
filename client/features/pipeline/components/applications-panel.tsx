import { FileUser } from "lucide-react";
import { type ReactNode, useId, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { EmptyPanel } from "~/components/dashboard/empty-panel";
import { ExportButton } from "~/components/dashboard/export-button";
import { ListError, ListSkeleton } from "~/components/dashboard/list-states";
import { Select } from "~/components/ui/input";
import { useToast } from "~/components/ui/toast";
import { messageFrom } from "~/lib/http-error";
import { useDebouncedValue } from "~/lib/use-debounced-value";
import {
  type ApplicationStatus,
  applicationStatuses,
  applicationStatusLabels,
} from "../../../../shared/applications.ts";
import { useDeleteApplication } from "../api/delete-application.ts";
import { useApplications } from "../api/get-applications.ts";
import { applicationPaths } from "../api/paths.ts";
import type { Application } from "../api/types.ts";
import { applicationStageParam, retentionExplanation } from "../lib/pipeline.ts";
import { ApplicationDetail } from "./application-detail.tsx";
import { ApplicationRow, ErasedApplicationRow } from "./application-rows.tsx";
import { ListToolbar, NoMatches } from "./list-parts.tsx";

/**
 * Body of the Job Applications section (GET /api/applications): newest first, searchable, filtered
 * by stage, every field, the CV (admins only), the stage, notes, timeline, erasure and delete.
 */
export function ApplicationsPanel({
  selection,
}: {
  /** The open application kept by the caller (the workspace keeps it in the address); local state otherwise. */
  selection?: { id: number | null; onChange: (id: number | null) => void };
} = {}) {
  const [searchParams, setSearchParams] = useSearchParams();
  const stageValue = searchParams.get(applicationStageParam);
  const stage = (applicationStatuses as readonly string[]).includes(stageValue ?? "")
    ? (stageValue as ApplicationStatus)
    : undefined;
  const [search, setSearch] = useState("");
  const query = useDebouncedValue(search.trim());
  const applications = useApplications(query, stage);
  const remove = useDeleteApplication();
  const toast = useToast();
  const listRef = useRef<HTMLUListElement>(null);
  const stageId = useId();
  const [localId, setLocalId] = useState<number | null>(null);
  const selectedId = selection ? selection.id : localId;
  const setSelectedId = selection ? selection.onChange : setLocalId;
  const list = (applications.data ?? []).filter((application) => !stage || application.status === stage);
  // The unfiltered list (the overview loads it too) still has an application a search no longer
  // matches, e.g. once erased: the open detail keeps following it there.
  const everything = useApplications("");
  const selected =
    selectedId === null
      ? null
      : ((applications.data ?? []).find((item) => item.id === selectedId) ??
        (everything.data ?? []).find((item) => item.id === selectedId) ??
        null);
  const missing = selectedId !== null && everything.isSuccess && !selected;

  function setStage(next: string) {
    const params = new URLSearchParams(searchParams);
    if (next) params.set(applicationStageParam, next);
    else params.delete(applicationStageParam);
    setSearchParams(params, { replace: true, preventScrollReset: true });
  }

  async function deleteApplication(application: Application) {
    try {
      await remove.mutateAsync(application.id);
      toast({ title: "Application deleted", description: `${application.name}'s application and CV were deleted.` });
    } catch (error) {
      toast({ title: "Deletion failed", description: messageFrom(error, "Please try again."), tone: "error" });
      throw error;
    }
  }

  let body: ReactNode;
  if (applications.isPending) body = <ListSkeleton label="Loading applications…" />;
  else if (applications.isError)
    body = (
      <ListError
        error={applications.error}
        fallback="Failed to fetch the job applications."
        onRetry={() => void applications.refetch()}
        retrying={applications.isFetching}
      />
    );
  else if (list.length === 0 && !query && !stage)
    body = (
      <EmptyPanel
        icon={FileUser}
        title="No applications yet."
        text="Applications sent from the career page are listed here."
      />
    );
  else if (list.length === 0) body = <NoMatches query={query || "this stage"} />;
  else
    body = (
      <ul ref={listRef} tabIndex={-1} aria-label="Job applications" className="space-y-3 focus:outline-none">
        {list.map((application) =>
          application.erasedAt ? (
            <ErasedApplicationRow
              key={application.id}
              application={application}
              onOpen={() => setSelectedId(application.id)}
            />
          ) : (
            <ApplicationRow
              key={application.id}
              application={application}
              onOpen={() => setSelectedId(application.id)}
              onDelete={() => deleteApplication(application)}
              onDeleted={() => listRef.current?.focus()}
            />
          ),
        )}
      </ul>
    );

  return (
    <div className="space-y-4">
      <ListToolbar
        searchLabel="Search applications"
        placeholder="Search name, email, phone, message…"
        search={search}
        onSearch={setSearch}
        summary={
          applications.isSuccess
            ? `${list.length} ${list.length === 1 ? "application" : "applications"}${query ? ` matching “${query}”` : ""}`
            : null
        }
      >
        <ExportButton
          path={applicationPaths.csv}
          query={{ q: query || undefined, status: stage }}
          label="Export CSV"
          fallbackName="job-applications.csv"
        />
      </ListToolbar>
      <div className="flex flex-wrap items-end gap-3">
        <div className="w-full sm:w-44">
          <label htmlFor={stageId} className="block text-xs font-semibold text-steel-600">
            Stage
          </label>
          <Select id={stageId} value={stage ?? ""} onChange={(event) => setStage(event.target.value)} className="mt-1">
            <option value="">All stages</option>
            {applicationStatuses.map((status) => (
              <option key={status} value={status}>
                {applicationStatusLabels[status]}
              </option>
            ))}
          </Select>
        </div>
        <p className="min-w-0 flex-1 basis-72 text-xs text-steel-600">{retentionExplanation}</p>
      </div>
      {body}
      {missing && (
        <p role="alert" className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          There is no application {selectedId}: it may have been deleted.
        </p>
      )}
      {selected && <ApplicationDetail key={selected.id} application={selected} onClose={() => setSelectedId(null)} />}
    </div>
  );
}
