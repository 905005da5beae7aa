import { useQueryClient } from "@tanstack/react-query";
import { Save } from "lucide-react";
import { type FormEvent, useState } from "react";
import { MessageBanner } from "~/components/dashboard/message-banner";
import { Button } from "~/components/ui/button";
import { Select } from "~/components/ui/input";
import { useToast } from "~/components/ui/toast";
import { HttpError, messageFrom } from "~/lib/http-error";
import {
  type ApplicationStatus,
  applicationStatuses,
  applicationStatusLabels,
  erasedApplicationMessage,
  staleApplicationMessage,
} from "../../../../shared/applications.ts";
import { getApplications } from "../api/get-applications.ts";
import { pipelineKeys } from "../api/paths.ts";
import type { Application } from "../api/types.ts";
import { useUpdateApplication } from "../api/update-application.ts";
import { StaleVersionAlert } from "./stale-version-alert.tsx";

/**
 * An application's stage, saved with its version: when someone else saved it first (409), nothing
 * is overwritten and the admin reloads it before saving again.
 */
export function ApplicationStageForm({ application }: { application: Application }) {
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
      await queryClient.invalidateQueries({ queryKey: pipelineKeys.applications });
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
