import { FileUser, Trash2 } from "lucide-react";
import { type ReactNode, useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { useToast } from "~/components/ui/toast";
import { useDeleteJobApplication } from "../api/delete-job-application.ts";
import { useJobApplications } from "../api/get-job-applications.ts";
import { staffPaths } from "../api/paths.ts";
import type { JobApplication } from "../api/types.ts";
import { useDebouncedValue } from "../hooks/use-debounced-value.ts";
import { messageFrom } from "../lib/messages.ts";
import { EmptyPanel } from "./empty-panel.tsx";
import {
  Detail,
  dateTimeFormat,
  EmailLink,
  ExportButton,
  LeadToolbar,
  ListError,
  ListSkeleton,
  NoMatches,
  OpenFileButton,
  PhoneLink,
} from "./lead-list-parts.tsx";

/**
 * Body of the Job Applications section (GET /api/applications): newest first, searchable, every
 * field, the CV (admins only), delete with confirmation, CSV export.
 */
export function JobApplicationsPanel() {
  const [search, setSearch] = useState("");
  const query = useDebouncedValue(search.trim());
  const applications = useJobApplications(query);
  const remove = useDeleteJobApplication();
  const toast = useToast();
  const listRef = useRef<HTMLUListElement>(null);
  const list = applications.data ?? [];

  async function deleteApplication(application: JobApplication) {
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
  else if (list.length === 0 && !query)
    body = (
      <EmptyPanel
        icon={FileUser}
        title="No applications yet."
        text="Applications sent from the career page are listed here."
      />
    );
  else if (list.length === 0) body = <NoMatches query={query} />;
  else
    body = (
      <ul ref={listRef} tabIndex={-1} aria-label="Job applications" className="space-y-3 focus:outline-none">
        {list.map((application) => (
          <li key={application.id} className="rounded-lg border border-steel-200 p-4">
            <div className="flex flex-wrap items-start justify-between gap-3">
              <div className="min-w-0">
                <h3 className="font-semibold break-words text-steel-950">{application.name}</h3>
                <p className="text-sm text-steel-600">
                  Applied{" "}
                  <time dateTime={application.appliedAt}>{dateTimeFormat.format(new Date(application.appliedAt))}</time>
                </p>
              </div>
              <div className="flex flex-wrap items-center gap-2">
                <OpenFileButton
                  path={application.resumePath}
                  name={application.resumeName}
                  type={application.resumeType}
                  label={`Open the CV of ${application.name} (${application.resumeName})`}
                />
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
          </li>
        ))}
      </ul>
    );

  return (
    <div className="space-y-4">
      <LeadToolbar
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
          path={staffPaths.jobApplicationsExport}
          query={{ q: query || undefined }}
          label="Export CSV"
          fallbackName="job-applications.csv"
        />
      </LeadToolbar>
      {body}
    </div>
  );
}
