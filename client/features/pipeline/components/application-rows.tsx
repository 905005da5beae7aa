import { PanelRightOpen, ShieldCheck, Trash2 } from "lucide-react";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { dateTimeFormat } from "~/lib/date-format";
import type { Application } from "../api/types.ts";
import { erasureExplanation } from "../lib/pipeline.ts";
import { Detail, EmailLink, OpenFileButton, PhoneLink } from "./list-parts.tsx";
import { ApplicationStatusBadge } from "./pipeline-badges.tsx";

/** An application in the list: who, for what and when, its stage, the CV, and Details and Delete. */
export function ApplicationRow({
  application,
  onOpen,
  onDelete,
  onDeleted,
}: {
  application: Application;
  onOpen: () => void;
  onDelete: () => Promise<void>;
  /** After the deletion was confirmed and done (focus goes back to the list). */
  onDeleted: () => void;
}) {
  return (
    <li className="rounded-lg border border-steel-200 p-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 space-y-1">
          <h3 className="font-semibold break-words text-steel-950">{application.name}</h3>
          <p className="text-sm text-steel-700">{application.position}</p>
          <p className="text-sm text-steel-600">
            Applied{" "}
            <time dateTime={application.appliedAt}>{dateTimeFormat.format(new Date(application.appliedAt))}</time>
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <ApplicationStatusBadge status={application.status} />
          <Button
            variant="secondary"
            size="sm"
            onClick={onOpen}
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
            onConfirm={onDelete}
            onConfirmed={onDeleted}
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
  );
}

/** An erased application: greyed, only what is kept. */
export function ErasedApplicationRow({ application, onOpen }: { application: Application; onOpen: () => void }) {
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
