import { Eraser } from "lucide-react";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { cx } from "~/components/ui/cx";
import { useToast } from "~/components/ui/toast";
import { dateTimeFormat } from "~/lib/date-format";
import { messageFrom } from "~/lib/http-error";
import type { Application } from "../api/types.ts";
import { useEraseApplication } from "../api/update-application.ts";
import { erasureExplanation, retentionExplanation } from "../lib/pipeline.ts";
import { ApplicationStageForm } from "./application-stage-form.tsx";
import { Detail, EmailLink, OpenFileButton, PhoneLink } from "./list-parts.tsx";
import { Notes, Timeline } from "./notes-and-timeline.tsx";
import { ApplicationStatusBadge } from "./pipeline-badges.tsx";
import { DialogSection, WorkDialog } from "./work-dialog.tsx";

/** An application's detail: its stage, every field and the CV, erasure, notes and timeline (only what is kept once erased). */
export function ApplicationDetail({ application, onClose }: { application: Application; onClose: () => void }) {
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
        <ApplicationStageForm key={application.id} application={application} />
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

/** Erasing an application's personal data now, ahead of the retention period. */
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
