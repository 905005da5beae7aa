import { useQueryClient } from "@tanstack/react-query";
import { ExternalLink, Save } from "lucide-react";
import { type FormEvent, useEffect, useId, useState } from "react";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { controlClass, Input, Select } from "~/components/ui/input";
import { useToast } from "~/components/ui/toast";
import { HttpError } from "~/lib/http-error";
import {
  quoteLimits,
  quoteStatuses,
  quoteStatusLabels,
  staleVersionMessage,
} from "../../../../shared/quote-requests.ts";
import { useAdminUsernames } from "../api/get-admins.ts";
import { quoteRequestQueryOptions } from "../api/get-quote-request.ts";
import { useQuoteRequests } from "../api/get-quote-requests.ts";
import { staffKeys } from "../api/paths.ts";
import type { QuoteRequest } from "../api/types.ts";
import { useUpdateQuoteRequest } from "../api/update-quote-request.ts";
import { useNow } from "../hooks/use-now.ts";
import { fieldErrorsFrom, messageFrom } from "../lib/messages.ts";
import { followUpState, type QuoteForm, quoteFormFrom, quotePatch, relatedRequests } from "../lib/pipeline.ts";
import { FilePreview } from "./file-preview.tsx";
import { Detail, dateTimeFormat, EmailLink, PhoneLink } from "./list-parts.tsx";
import { MessageBanner } from "./message-banner.tsx";
import { Notes, Timeline } from "./notes-and-timeline.tsx";
import { FollowUpBadge, QuoteStatusBadge } from "./pipeline-badges.tsx";
import { StaleVersionAlert } from "./stale-version-alert.tsx";
import { DialogSection, WorkDialog } from "./work-dialog.tsx";

const isWebLink = (url: string) => /^https?:\/\//i.test(url);

const sameForm = (a: QuoteForm, b: QuoteForm) =>
  a.status === b.status && a.assignee === b.assignee && a.followUp === b.followUp && a.lostReason === b.lostReason;

/** The detail of one quote request: its work (stage, assignee, follow-up), its fields, file, related requests, notes and timeline. */
export function QuoteRequestDetail({
  request,
  me,
  onClose,
  onOpenRelated,
}: {
  request: QuoteRequest;
  me: string;
  onClose: () => void;
  onOpenRelated: (request: QuoteRequest) => void;
}) {
  return (
    <WorkDialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={
        <>
          {request.reference} · {request.name}
        </>
      }
      description={request.company || request.email}
    >
      <WorkForm key={request.id} request={request} me={me} />
      {request.uploadedFilePath && request.fileName && (
        <DialogSection title="Attached file">
          <FilePreview
            path={request.uploadedFilePath}
            name={request.fileName}
            type={request.fileType}
            owner={request.name}
          />
        </DialogSection>
      )}
      <DialogSection title="Request">
        <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
          <Detail label="Reference">{request.reference}</Detail>
          <Detail label="Received">
            <time dateTime={request.submittedAt}>{dateTimeFormat.format(new Date(request.submittedAt))}</time>
          </Detail>
          <Detail label="Name">{request.name}</Detail>
          <Detail label="Email">
            <EmailLink email={request.email} />
          </Detail>
          <Detail label="Phone">{request.phone ? <PhoneLink phone={request.phone} /> : ""}</Detail>
          <Detail label="Company">{request.company}</Detail>
          <Detail label="Project name">{request.projectName}</Detail>
          <Detail label="Tons of steel">{request.tonsOfSteel}</Detail>
          <Detail label="Type of work">
            {request.workTypes.length > 0 ? (
              <ul className="flex flex-wrap gap-1.5">
                {request.workTypes.map((type) => (
                  <li key={type} className="rounded-full bg-steel-100 px-2 py-0.5 text-xs font-medium text-steel-800">
                    {type}
                  </li>
                ))}
              </ul>
            ) : (
              ""
            )}
          </Detail>
          <Detail label="Proposal date">{request.proposalDate}</Detail>
          <Detail label="Project date">{request.projectDate}</Detail>
          <Detail label="First contact">
            {request.contactedAt ? (
              <time dateTime={request.contactedAt}>{dateTimeFormat.format(new Date(request.contactedAt))}</time>
            ) : (
              ""
            )}
          </Detail>
          <Detail label="Project URL">
            {request.projectUrl && isWebLink(request.projectUrl) ? (
              <a
                href={request.projectUrl}
                target="_blank"
                rel="noopener noreferrer nofollow"
                className="inline-flex max-w-full items-center gap-1 font-medium text-accent-700 underline-offset-2 hover:underline"
              >
                <span className="truncate">{request.projectUrl}</span>
                <ExternalLink aria-hidden="true" size={12} className="shrink-0" />
              </a>
            ) : (
              request.projectUrl
            )}
          </Detail>
          <Detail label="Scope of work" className="min-w-0 sm:col-span-2">
            {request.scopeOfWork ? <span className="whitespace-pre-wrap">{request.scopeOfWork}</span> : ""}
          </Detail>
        </dl>
      </DialogSection>
      <Related request={request} onOpen={onOpenRelated} />
      <Notes item={{ kind: "quote", id: request.id }} />
      <Timeline item={{ kind: "quote", id: request.id }} />
    </WorkDialog>
  );
}

/** Stage, assignee, follow-up and lost reason, saved with the version read (409 → reload). */
function WorkForm({ request, me }: { request: QuoteRequest; me: string }) {
  const [read, setRead] = useState(request);
  const [form, setForm] = useState(() => quoteFormFrom(request));
  const [conflict, setConflict] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [reloading, setReloading] = useState(false);
  const update = useUpdateQuoteRequest();
  const queryClient = useQueryClient();
  const toast = useToast();
  const admins = useAdminUsernames(me);
  const now = useNow();
  const reasonId = useId();

  // A newer version arrived while nothing was edited here: show it (an edited form keeps the version it read).
  const edited = !sameForm(form, quoteFormFrom(read));
  useEffect(() => {
    if (request.version > read.version && !edited && !conflict) {
      setRead(request);
      setForm(quoteFormFrom(request));
    }
  }, [request, read.version, edited, conflict]);

  const assignees = read.assignee && !admins.includes(read.assignee) ? [...admins, read.assignee] : admins;
  const set = <K extends keyof QuoteForm>(key: K, value: QuoteForm[K]) =>
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
    const patch = quotePatch(read, form);
    if (!patch) {
      toast({ title: "Nothing to save", description: "No field was changed.", tone: "info" });
      return;
    }
    try {
      const updated = await update.mutateAsync({ id: read.id, patch });
      setRead(updated);
      setForm(quoteFormFrom(updated));
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
      setForm(quoteFormFrom(fresh));
      setConflict(false);
      setError(null);
      void queryClient.invalidateQueries({ queryKey: staffKeys.quoteRequests });
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
      <div className="grid gap-4 sm:grid-cols-3">
        <Field label="Stage">
          {(control) => (
            <Select
              {...control}
              value={form.status}
              onChange={(event) => set("status", event.target.value as QuoteForm["status"])}
            >
              {quoteStatuses.map((status) => (
                <option key={status} value={status}>
                  {quoteStatusLabels[status]}
                </option>
              ))}
            </Select>
          )}
        </Field>
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
function Related({ request, onOpen }: { request: QuoteRequest; onOpen: (request: QuoteRequest) => void }) {
  const all = useQuoteRequests("");
  const related = relatedRequests(all.data ?? [], request);
  return (
    <DialogSection title={`Related requests (${request.related})`}>
      {request.related === 0 && related.length === 0 ? (
        <p className="text-sm text-steel-500">No other requests from this e-mail or company.</p>
      ) : related.length === 0 ? (
        <p className="text-sm text-steel-500">{all.isPending ? "Loading…" : "They are not in the list any more."}</p>
      ) : (
        <ul aria-label="Related requests" className="divide-y divide-steel-100 rounded-lg border border-steel-200">
          {related.map((other) => (
            <li key={other.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2">
              <div className="min-w-0 text-sm">
                <p className="font-semibold text-steel-900">
                  {other.reference} · {other.name}
                </p>
                <p className="text-steel-600">
                  <time dateTime={other.submittedAt}>{dateTimeFormat.format(new Date(other.submittedAt))}</time>
                  {other.projectName ? ` · ${other.projectName}` : ""}
                </p>
              </div>
              <div className="flex items-center gap-2">
                <QuoteStatusBadge status={other.status} />
                <Button variant="ghost" size="sm" onClick={() => onOpen(other)} aria-label={`Open ${other.reference}`}>
                  Open
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </DialogSection>
  );
}
