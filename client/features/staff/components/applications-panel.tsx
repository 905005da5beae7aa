import { useQueryClient } from "@tanstack/react-query";
import { Eraser, FileUser, PanelRightOpen, Save, ShieldCheck, Trash2 } from "lucide-react";
import { type FormEvent, type ReactNode, useId, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { cx } from "~/components/ui/cx";
import { Select } from "~/components/ui/input";
import { useToast } from "~/components/ui/toast";
import { HttpError } from "~/lib/http-error";
import {
  type ApplicationStatus,
  applicationStatuses,
  applicationStatusLabels,
  erasedApplicationMessage,
  staleApplicationMessage,
} from "../../../../shared/applications.ts";
import { useDeleteApplication } from "../api/delete-application.ts";
import { getApplications, useApplications } from "../api/get-applications.ts";
import { applicationPaths, staffKeys } from "../api/paths.ts";
import type { Application } from "../api/types.ts";
import { useEraseApplication, useUpdateApplication } from "../api/update-application.ts";
import { useDebouncedValue } from "../hooks/use-debounced-value.ts";
import { messageFrom } from "../lib/messages.ts";
import { erasureExplanation } from "../lib/pipeline.ts";
import { EmptyPanel } from "./empty-panel.tsx";
import {
  Detail,
  dateTimeFormat,
  EmailLink,
  ExportButton,
  ListError,
  ListSkeleton,
  ListToolbar,
  NoMatches,
  OpenFileButton,
  PhoneLink,
} from "./list-parts.tsx";
import { MessageBanner } from "./message-banner.tsx";
import { Notes, Timeline } from "./notes-and-timeline.tsx";
import { ApplicationStatusBadge } from "./pipeline-badges.tsx";
import { StaleVersionAlert } from "./stale-version-alert.tsx";
import { DialogSection, WorkDialog } from "./work-dialog.tsx";

const stageParam = "appStage";

/** What erasure keeps and when it happens, said once for the whole list. */
export const retentionExplanation =
  "Personal data and the CV are erased automatically once the retention period ends (counted from when an application is closed as hired or rejected, or from when it came in while it is open); an applicant's consent to be kept for future roles doubles the period. Erasing keeps only the position, the stage and the dates.";

/**
 * Body of the Job Applications section (GET /api/applications): newest first, searchable, filtered
 * by stage, every field, the CV (admins only), the stage, notes, timeline, erasure and delete.
 */
export function ApplicationsPanel() {
  const [searchParams, setSearchParams] = useSearchParams();
  const stageValue = searchParams.get(stageParam);
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
  const [selectedId, setSelectedId] = useState<number | null>(null);
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

  function setStage(next: string) {
    const params = new URLSearchParams(searchParams);
    if (next) params.set(stageParam, next);
    else params.delete(stageParam);
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
            <ErasedRow key={application.id} application={application} onOpen={() => setSelectedId(application.id)} />
          ) : (
            <li key={application.id} className="rounded-lg border border-steel-200 p-4">
              <div className="flex flex-wrap items-start justify-between gap-3">
                <div className="min-w-0 space-y-1">
                  <h3 className="font-semibold break-words text-steel-950">{application.name}</h3>
                  <p className="text-sm text-steel-700">{application.position}</p>
                  <p className="text-sm text-steel-600">
                    Applied{" "}
                    <time dateTime={application.appliedAt}>
                      {dateTimeFormat.format(new Date(application.appliedAt))}
                    </time>
                  </p>
                </div>
                <div className="flex flex-wrap items-center gap-2">
                  <ApplicationStatusBadge status={application.status} />
                  <Button
                    variant="secondary"
                    size="sm"
                    onClick={() => setSelectedId(application.id)}
                    aria-label={`Open the application of ${application.name}`}
                  >
                    <PanelRightOpen aria-hidden="true" size={14} />
                    Details
                  </Button>
                  {application.resumePath && (
                    <OpenFileButton
                      path={application.resumePath}
                      name={application.resumeName}
                      type={application.resumeType}
                      label={`Open the CV of ${application.name} (${application.resumeName})`}
                    />
                  )}
                  <ConfirmDialog
                    trigger={
                      <Button
                        variant="ghost"
                        size="sm"
                        aria-label={`Delete the application from ${application.name}`}
                        className="text-red-700 hover:bg-red-50 hover:text-red-800"
                      >
                        <Trash2 aria-hidden="true" size={14} />
                        Delete
                      </Button>
                    }
                    title={`Delete the application from ${application.name}?`}
                    description="The application and the CV are deleted. This cannot be undone."
                    confirmLabel="Delete application"
                    onConfirm={() => deleteApplication(application)}
                    onConfirmed={() => listRef.current?.focus()}
                  />
                </div>
              </div>
              <dl className="mt-3 grid gap-x-6 gap-y-3 sm:grid-cols-2 lg:grid-cols-3">
                <Detail label="Email">
                  <EmailLink email={application.email} />
                </Detail>
                <Detail label="Phone">{application.phone ? <PhoneLink phone={application.phone} /> : ""}</Detail>
                <Detail label="CV">{application.resumeName}</Detail>
                <Detail label="Message" wide>
                  {application.message ? <span className="whitespace-pre-wrap">{application.message}</span> : ""}
                </Detail>
              </dl>
              <p className="mt-3 flex items-start gap-1.5 text-xs text-steel-600">
                <ShieldCheck aria-hidden="true" size={14} className="mt-px shrink-0" />
                {erasureExplanation(application)}
              </p>
            </li>
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
      {selected && <ApplicationDetail key={selected.id} application={selected} onClose={() => setSelectedId(null)} />}
    </div>
  );
}

/** An erased application: greyed, only what is kept. */
function ErasedRow({ application, onOpen }: { application: Application; onOpen: () => void }) {
  return (
    <li className="rounded-lg border border-dashed border-steel-300 bg-steel-50 p-4 text-steel-600">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0 space-y-1">
          <h3 className="font-semibold text-steel-700">{application.position}</h3>
          <p className="text-sm">
            Applied{" "}
            <time dateTime={application.appliedAt}>{dateTimeFormat.format(new Date(application.appliedAt))}</time>
            {application.erasedAt && (
              <>
                {" "}
                · Personal data erased{" "}
                <time dateTime={application.erasedAt}>{dateTimeFormat.format(new Date(application.erasedAt))}</time>
              </>
            )}
          </p>
        </div>
        <div className="flex items-center gap-2">
          <ApplicationStatusBadge status={application.status} />
          <Button
            variant="ghost"
            size="sm"
            onClick={onOpen}
            aria-label={`Open the erased application #${application.id}`}
          >
            Details
          </Button>
        </div>
      </div>
    </li>
  );
}

function ApplicationDetail({ application, onClose }: { application: Application; onClose: () => void }) {
  const erased = Boolean(application.erasedAt);
  return (
    <WorkDialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={erased ? `Erased application · ${application.position}` : `${application.name} · ${application.position}`}
      description={erasureExplanation(application)}
    >
      {erased ? (
        <div className="flex flex-wrap items-center gap-2 text-sm text-steel-700">
          <ApplicationStatusBadge status={application.status} />
          <span>
            Applied{" "}
            <time dateTime={application.appliedAt}>{dateTimeFormat.format(new Date(application.appliedAt))}</time>
          </span>
        </div>
      ) : (
        <StageForm key={application.id} application={application} />
      )}
      {!erased && (
        <DialogSection title="Application">
          <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
            <Detail label="Position">{application.position}</Detail>
            <Detail label="Applied">
              <time dateTime={application.appliedAt}>{dateTimeFormat.format(new Date(application.appliedAt))}</time>
            </Detail>
            <Detail label="Email">
              <EmailLink email={application.email} />
            </Detail>
            <Detail label="Phone">{application.phone ? <PhoneLink phone={application.phone} /> : ""}</Detail>
            <Detail label="Kept for future roles">{application.keepForFutureRoles ? "Yes (consented)" : "No"}</Detail>
            <Detail label="CV">
              {application.resumePath ? (
                <OpenFileButton
                  path={application.resumePath}
                  name={application.resumeName}
                  type={application.resumeType}
                  label={`Open the CV of ${application.name} (${application.resumeName})`}
                />
              ) : (
                ""
              )}
            </Detail>
            <Detail label="Message" className="min-w-0 sm:col-span-2">
              {application.message ? <span className="whitespace-pre-wrap">{application.message}</span> : ""}
            </Detail>
          </dl>
        </DialogSection>
      )}
      <EraseSection application={application} />
      <Notes item={{ kind: "application", id: application.id }} disabled={erased} />
      <Timeline item={{ kind: "application", id: application.id }} />
    </WorkDialog>
  );
}

function StageForm({ application }: { application: Application }) {
  const [read, setRead] = useState(application);
  const [status, setStatus] = useState(application.status);
  const [conflict, setConflict] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [reloading, setReloading] = useState(false);
  const update = useUpdateApplication();
  const queryClient = useQueryClient();
  const toast = useToast();

  if (application.version > read.version && status === read.status && !conflict) {
    // A newer copy arrived while nothing was edited here: show it.
    setRead(application);
    setStatus(application.status);
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    setError(null);
    if (status === read.status) {
      toast({ title: "Nothing to save", description: "The stage was not changed.", tone: "info" });
      return;
    }
    try {
      const updated = await update.mutateAsync({ id: read.id, patch: { version: read.version, status } });
      setRead(updated);
      setStatus(updated.status);
      toast({ title: "Application saved", description: `Stage: ${applicationStatusLabels[updated.status]}` });
    } catch (failure) {
      if (failure instanceof HttpError && failure.status === 409 && failure.serverMessage !== erasedApplicationMessage)
        setConflict(true);
      else setError(messageFrom(failure, "The application was not saved. Please try again."));
    }
  }

  async function reload() {
    setReloading(true);
    try {
      await queryClient.invalidateQueries({ queryKey: staffKeys.applications });
      const fresh = (await getApplications("", undefined)).find((item) => item.id === read.id);
      if (fresh) {
        setRead(fresh);
        setStatus(fresh.status);
      }
      setConflict(false);
    } catch (failure) {
      setError(messageFrom(failure, "Could not reload the application. Please try again."));
    } finally {
      setReloading(false);
    }
  }

  return (
    <form onSubmit={(event) => void save(event)} noValidate aria-label="Work on this application" className="space-y-3">
      {conflict && (
        <StaleVersionAlert message={staleApplicationMessage} reloading={reloading} onReload={() => void reload()} />
      )}
      {error && <MessageBanner message={error} />}
      <div className="flex flex-wrap items-end gap-3">
        <div className="w-full sm:w-56">
          <label htmlFor={`stage-${read.id}`} className="block text-sm font-semibold text-steel-800">
            Stage
          </label>
          <Select
            id={`stage-${read.id}`}
            value={status}
            onChange={(event) => setStatus(event.target.value as ApplicationStatus)}
            className="mt-1.5"
          >
            {applicationStatuses.map((option) => (
              <option key={option} value={option}>
                {applicationStatusLabels[option]}
              </option>
            ))}
          </Select>
        </div>
        <Button type="submit" loading={update.isPending} disabled={conflict}>
          {!update.isPending && <Save aria-hidden="true" size={16} />}
          Save
        </Button>
      </div>
    </form>
  );
}

function EraseSection({ application }: { application: Application }) {
  const erase = useEraseApplication();
  const toast = useToast();
  const erased = Boolean(application.erasedAt);
  async function eraseNow() {
    try {
      await erase.mutateAsync(application.id);
      toast({
        title: "Application erased",
        description: `Only the position (${application.position}), stage and dates are kept.`,
      });
    } catch (error) {
      toast({ title: "Erasure failed", description: messageFrom(error, "Please try again."), tone: "error" });
      throw error;
    }
  }
  return (
    <DialogSection title="Personal data">
      <p className={cx("text-sm", erased ? "text-steel-600" : "text-steel-700")}>{erasureExplanation(application)}</p>
      <p className="text-xs text-steel-600">{retentionExplanation}</p>
      {!erased && (
        <ConfirmDialog
          trigger={
            <Button variant="danger" size="sm">
              <Eraser aria-hidden="true" size={14} />
              Erase now
            </Button>
          }
          title={`Erase ${application.name}'s personal data now?`}
          description={`The name, e-mail, phone, message and the CV are erased for good. The application stays in the list with only the position (${application.position}), the stage and the dates.`}
          confirmLabel="Erase now"
          onConfirm={eraseNow}
        />
      )}
    </DialogSection>
  );
}
