import { useQueryClient } from "@tanstack/react-query";
import { Save } from "lucide-react";
import { type FormEvent, useEffect, useId, useState } from "react";
import { MessageBanner } from "~/components/dashboard/message-banner";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { controlClass, Input, Select } from "~/components/ui/input";
import { useToast } from "~/components/ui/toast";
import { fieldErrorsFrom, HttpError, messageFrom } from "~/lib/http-error";
import { useNow } from "~/lib/use-now";
import {
  quoteLimits,
  quoteStatuses,
  quoteStatusLabels,
  staleVersionMessage,
} from "../../../../shared/quote-requests.ts";
import { useAssignableUsernames } from "../api/get-assignees.ts";
import { quoteRequestQueryOptions } from "../api/get-quote-request.ts";
import { pipelineKeys } from "../api/paths.ts";
import type { QuoteRequest } from "../api/types.ts";
import { useUpdateQuoteRequest } from "../api/update-quote-request.ts";
import { followUpState, type QuoteRequestEdit, quoteRequestEditFrom, quoteRequestPatch } from "../lib/pipeline.ts";
import { FollowUpBadge, QuoteStatusBadge } from "./pipeline-badges.tsx";
import { StaleVersionAlert } from "./stale-version-alert.tsx";

const sameForm = (a: QuoteRequestEdit, b: QuoteRequestEdit) =>
  a.status === b.status && a.assignee === b.assignee && a.followUp === b.followUp && a.lostReason === b.lostReason;

/**
 * Stage, assignee, follow-up and lost reason, saved with the version read (409 → reload). Without
 * `canReassign` (an employee working what is assigned to them), no assignee field.
 */
export function QuoteRequestWorkForm({
  request,
  me,
  canReassign = true,
}: {
  request: QuoteRequest;
  me: string;
  canReassign?: boolean;
}) {
  const [read, setRead] = useState(request);
  const [form, setForm] = useState(() => quoteRequestEditFrom(request));
  const [conflict, setConflict] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [reloading, setReloading] = useState(false);
  const update = useUpdateQuoteRequest();
  const queryClient = useQueryClient();
  const toast = useToast();
  const people = useAssignableUsernames(me, canReassign);
  const now = useNow();
  const reasonId = useId();

  // A newer version arrived while nothing was edited here: show it (an edited form keeps the version it read).
  const edited = !sameForm(form, quoteRequestEditFrom(read));
  useEffect(() => {
    if (request.version > read.version && !edited && !conflict) {
      setRead(request);
      setForm(quoteRequestEditFrom(request));
    }
  }, [request, read.version, edited, conflict]);

  const assignees = read.assignee && !people.includes(read.assignee) ? [...people, read.assignee] : people;
  const set = <K extends keyof QuoteRequestEdit>(key: K, value: QuoteRequestEdit[K]) =>
    setForm((current) => ({ ...current, [key]: value }));

  async function save(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setReasonError(null);
    if (form.status === "lost" && form.lostReason.trim() === "") {
      setReasonError("Say why it was lost");
      document.getElementById(reasonId)?.focus();
      return;
    }
    const patch = quoteRequestPatch(read, form);
    if (!patch) {
      toast({ title: "Nothing to save", description: "No field was changed.", tone: "info" });
      return;
    }
    try {
      const updated = await update.mutateAsync({ id: read.id, patch });
      setRead(updated);
      setForm(quoteRequestEditFrom(updated));
      toast({ title: "Quote request saved", description: updated.reference });
    } catch (failure) {
      if (failure instanceof HttpError && failure.status === 409) setConflict(true);
      else {
        const fields = fieldErrorsFrom(failure);
        if (fields.lostReason) setReasonError(fields.lostReason);
        setError(messageFrom(failure, "The request was not saved. Please try again."));
      }
    }
  }

  async function reload() {
    setReloading(true);
    try {
      const fresh = await queryClient.fetchQuery({ ...quoteRequestQueryOptions(read.id), staleTime: 0 });
      setRead(fresh);
      setForm(quoteRequestEditFrom(fresh));
      setConflict(false);
      setError(null);
      void queryClient.invalidateQueries({ queryKey: pipelineKeys.quoteRequests });
    } catch (failure) {
      setError(messageFrom(failure, "Could not reload the request. Please try again."));
    } finally {
      setReloading(false);
    }
  }

  return (
    <form onSubmit={(event) => void save(event)} noValidate aria-label="Work on this request" className="space-y-4">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <QuoteStatusBadge status={read.status} />
        <span className="text-steel-700">{read.assignee ? `Assigned to ${read.assignee}` : "Unassigned"}</span>
        <FollowUpBadge at={read.followUpAt} state={followUpState(read, new Date(now))} />
      </div>
      {conflict && (
        <StaleVersionAlert message={staleVersionMessage} reloading={reloading} onReload={() => void reload()} />
      )}
      {error && <MessageBanner message={error} />}
      <div className={canReassign ? "grid gap-4 sm:grid-cols-3" : "grid gap-4 sm:grid-cols-2"}>
        <Field label="Stage">
          {(control) => (
            <Select
              {...control}
              value={form.status}
              onChange={(event) => set("status", event.target.value as QuoteRequestEdit["status"])}
            >
              {quoteStatuses.map((status) => (
                <option key={status} value={status}>
                  {quoteStatusLabels[status]}
                </option>
              ))}
            </Select>
          )}
        </Field>
        {canReassign && (
          <Field label="Assignee">
            {(control) => (
              <Select {...control} value={form.assignee} onChange={(event) => set("assignee", event.target.value)}>
                <option value="">Unassigned</option>
                {assignees.map((username) => (
                  <option key={username} value={username}>
                    {username === me ? `${username} (me)` : username}
                  </option>
                ))}
              </Select>
            )}
          </Field>
        )}
        <Field label="Follow-up date" hint="Leave empty for none">
          {(control) => (
            <Input
              {...control}
              type="date"
              value={form.followUp}
              onChange={(event) => set("followUp", event.target.value)}
            />
          )}
        </Field>
      </div>
      {form.status === "lost" && (
        <div>
          <label htmlFor={reasonId} className="block text-sm font-semibold text-steel-800">
            Why was it lost?
          </label>
          <textarea
            id={reasonId}
            rows={2}
            maxLength={quoteLimits.lostReasonMax}
            value={form.lostReason}
            onChange={(event) => set("lostReason", event.target.value)}
            aria-invalid={reasonError ? true : undefined}
            aria-describedby={reasonError ? `${reasonId}-error` : undefined}
            className={`${controlClass} mt-1.5`}
          />
          {reasonError && (
            <p id={`${reasonId}-error`} className="mt-1.5 text-sm font-medium text-red-700">
              {reasonError}
            </p>
          )}
        </div>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" loading={update.isPending} disabled={conflict}>
          {!update.isPending && <Save aria-hidden="true" size={16} />}
          Save
        </Button>
        {edited && !conflict && <span className="text-sm text-steel-600">Unsaved changes</span>}
      </div>
    </form>
  );
}

/** Other requests from the same e-mail or company. */
