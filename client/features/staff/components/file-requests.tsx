import { zodResolver } from "@hookform/resolvers/zod";
import { Clock, Copy, Download, FolderInput, Link2, Plus, RefreshCw, Trash2 } from "lucide-react";
import { useId, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { cx } from "~/components/ui/cx";
import { Field } from "~/components/ui/field";
import { controlClass, Input } from "~/components/ui/input";
import { useToast } from "~/components/ui/toast";
import { formatBytes } from "../../../../shared/bytes.ts";
import { fileRequestLimits } from "../../../../shared/file-requests.ts";
import { fileShareLimits } from "../../../../shared/files.ts";
import { useCreateFileRequest } from "../api/create-file-request.ts";
import { useDeleteFileRequest } from "../api/delete-file-request.ts";
import { fetchFile } from "../api/fetch-file.ts";
import { useFileRequests } from "../api/get-file-requests.ts";
import type { CreatedFileRequest, FileRequest, ReceivedFile } from "../api/types.ts";
import { useNow } from "../hooks/use-now.ts";
import { copyText } from "../lib/copy-text.ts";
import { saveBlob } from "../lib/downloads.ts";
import { expiryText, expiryUrgency } from "../lib/expiry.ts";
import {
  emptyFileRequestForm,
  type FileRequestFormValues,
  fileRequestBody,
  fileRequestFormSchema,
} from "../lib/file-request-form.ts";
import { fieldErrorsFrom, messageFrom } from "../lib/messages.ts";
import { DashboardSection } from "./dashboard-section.tsx";
import { MessageBanner } from "./message-banner.tsx";
import { PasswordInput } from "./password-input.tsx";
import { PasswordLock } from "./share-details.tsx";

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });

/** The server's 400 field names are the form's own. */
const formFields = ["title", "message", "expiryHours", "maxTotalMB", "password"] as const;

/**
 * File requests (DESIGN §12): a link through which a client sends files, without an account; the
 * requests so far with the files received, refreshed every 30 s while the tab is visible.
 */
export function FileRequests() {
  return (
    <DashboardSection
      id="file-requests"
      title="File requests"
      description="Ask a client for files: they get a link, drop their files, and the files arrive here."
      icon={FolderInput}
    >
      <div className="grid gap-6 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)] lg:gap-8">
        <NewFileRequestForm />
        <FileRequestList />
      </div>
    </DashboardSection>
  );
}

async function copyLink(url: string, what: string, toast: ReturnType<typeof useToast>) {
  const ok = await copyText(url);
  if (ok) toast({ title: "Link copied", description: what, tone: "info" });
  else toast({ title: "Could not copy the link", description: url, tone: "error" });
}

function NewFileRequestForm() {
  const create = useCreateFileRequest();
  const toast = useToast();
  const [created, setCreated] = useState<CreatedFileRequest | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const linkId = useId();
  const form = useForm<FileRequestFormValues>({
    resolver: zodResolver(fileRequestFormSchema),
    defaultValues: emptyFileRequestForm,
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setMessage(null);
    setCreated(null);
    try {
      const result = await create.mutateAsync(fileRequestBody(values));
      setCreated(result);
      form.reset(emptyFileRequestForm);
      toast({ title: "File request created", description: "Send the link to your client." });
    } catch (error) {
      const fieldErrors = fieldErrorsFrom(error);
      for (const name of formFields) {
        const text = fieldErrors[name];
        if (text) form.setError(name, { message: text });
      }
      setMessage(messageFrom(error, "The file request could not be created."));
      toast({ title: "Could not create the file request", tone: "error" });
    }
  });

  return (
    <div className="space-y-4">
      <form noValidate onSubmit={onSubmit} aria-label="New file request" className="space-y-4">
        <h3 className="text-sm font-bold text-steel-950">New file request</h3>
        <Field label="Title" hint="The client sees it as the page's heading." error={errors.title?.message}>
          {(control) => (
            <Input {...control} {...form.register("title")} maxLength={fileRequestLimits.titleMax} autoComplete="off" />
          )}
        </Field>
        <Field
          label="Note to the client"
          optional
          hint="What you need, shown under the title."
          error={errors.message?.message}
        >
          {(control) => (
            <textarea
              {...control}
              {...form.register("message")}
              rows={3}
              maxLength={fileRequestLimits.messageMax}
              className={cx(controlClass, "resize-y")}
            />
          )}
        </Field>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-1">
          <Field label="Expires in (hours)" hint="168 hours is a week." error={errors.expiryHours?.message}>
            {(control) => (
              <Input
                {...control}
                {...form.register("expiryHours", { valueAsNumber: true })}
                type="number"
                inputMode="numeric"
                min={fileRequestLimits.minExpiryHours}
                max={fileRequestLimits.maxExpiryHours}
                step={1}
                className="max-w-40"
              />
            )}
          </Field>
          <Field
            label="Total limit (MB)"
            optional
            hint={`Empty: up to ${Math.round(fileShareLimits.maxBytes / (1024 * 1024))} MB.`}
            error={errors.maxTotalMB?.message}
          >
            {(control) => (
              <Input
                {...control}
                {...form.register("maxTotalMB")}
                type="number"
                inputMode="numeric"
                min={fileRequestLimits.minTotalMB}
                max={fileRequestLimits.maxTotalMB}
                step={1}
                className="max-w-40"
              />
            )}
          </Field>
        </div>
        <Field label="Password" optional hint="Leave empty for no password." error={errors.password?.message}>
          {(control) => (
            <PasswordInput
              {...control}
              {...form.register("password")}
              // A password for the link, not the admin's own: keep the browser from filling that in.
              autoComplete="new-password"
              maxLength={fileShareLimits.passwordMax}
            />
          )}
        </Field>
        <Button type="submit" variant="accent" loading={isSubmitting}>
          {!isSubmitting && <Plus aria-hidden="true" size={16} />}
          Create link
        </Button>
        <MessageBanner message={message} onDismiss={() => setMessage(null)} />
      </form>

      {created && (
        <div role="status" className="space-y-2 rounded-lg border border-emerald-200 bg-emerald-50 p-3">
          <p className="flex items-center gap-1.5 text-sm font-semibold text-emerald-900">
            <Link2 aria-hidden="true" size={16} />
            Link ready: send it to your client.
          </p>
          <div className="flex gap-2">
            <label htmlFor={linkId} className="sr-only">
              Link for the client
            </label>
            <Input
              id={linkId}
              readOnly
              value={created.url}
              onFocus={(event) => event.currentTarget.select()}
              className="min-w-0 flex-1 font-mono text-xs sm:text-xs"
            />
            <Button variant="secondary" onClick={() => void copyLink(created.url, "New file request", toast)}>
              <Copy aria-hidden="true" size={14} />
              Copy
            </Button>
          </div>
          <p className="text-xs text-emerald-900">Works until {dateFormat.format(new Date(created.expiresAt))}.</p>
        </div>
      )}
    </div>
  );
}

function FileRequestList() {
  const requests = useFileRequests();
  const now = useNow(60_000);
  const remove = useDeleteFileRequest();
  const toast = useToast();
  const [message, setMessage] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const list = requests.data ?? [];

  async function deleteRequest(request: FileRequest) {
    setMessage(null);
    try {
      await remove.mutateAsync(request.id);
      // The banner is green when its text says "success" (SPEC §8).
      setMessage(`Deleted the file request ${request.title} successfully.`);
      toast({ title: "File request deleted", description: "Its link no longer works." });
    } catch (error) {
      setMessage(messageFrom(error, "Could not delete the file request."));
      toast({ title: "Could not delete the file request", tone: "error" });
      throw error;
    }
  }

  return (
    <div className="min-w-0">
      <div className="mb-3 flex items-baseline justify-between gap-3">
        <h3 ref={headingRef} tabIndex={-1} className="text-sm font-bold text-steel-950 focus:outline-none">
          Requests
        </h3>
        {requests.isSuccess && (
          <span className="text-xs text-steel-500">
            {list.length} {list.length === 1 ? "request" : "requests"}
          </span>
        )}
      </div>
      <MessageBanner message={message} onDismiss={() => setMessage(null)} className="mb-3" />

      {requests.isPending ? (
        <div aria-busy="true" className="space-y-2">
          <span className="sr-only">Loading file requests…</span>
          {[0, 1].map((row) => (
            <div key={row} className="h-24 animate-pulse rounded-lg bg-steel-50" />
          ))}
        </div>
      ) : requests.isError && list.length === 0 ? (
        <div className="space-y-3">
          <MessageBanner message={messageFrom(requests.error, "Failed to fetch the file requests.")} />
          <Button variant="secondary" size="sm" onClick={() => void requests.refetch()} loading={requests.isFetching}>
            <RefreshCw aria-hidden="true" size={14} />
            Try again
          </Button>
        </div>
      ) : list.length === 0 ? (
        <div className="rounded-lg border border-dashed border-steel-300 px-4 py-8 text-center">
          <p className="font-semibold text-steel-900">No file requests</p>
          <p className="mt-1 text-sm text-steel-600">Create one to get a link your client can send files through.</p>
        </div>
      ) : (
        <ul className="space-y-3">
          {list.map((request) => (
            <FileRequestItem
              key={request.id}
              request={request}
              now={now}
              onCopy={() => void copyLink(request.url, request.title, toast)}
              onDelete={() => deleteRequest(request)}
              onDeleted={() => headingRef.current?.focus()}
            />
          ))}
        </ul>
      )}
    </div>
  );
}

function FileRequestItem({
  request,
  now,
  onCopy,
  onDelete,
  onDeleted,
}: {
  request: FileRequest;
  now: number;
  onCopy: () => void;
  onDelete: () => Promise<void>;
  onDeleted: () => void;
}) {
  const urgency = expiryUrgency(request.expiresAt, now);
  const expiry = new Date(request.expiresAt);
  const received = request.files.reduce((sum, file) => sum + file.size, 0);
  return (
    <li aria-label={request.title} className="rounded-lg border border-steel-200">
      <div className="flex flex-col gap-3 p-3 sm:flex-row sm:items-start">
        <div className="min-w-0 flex-1">
          <p className="flex min-w-0 items-center gap-1.5">
            <span className="min-w-0 font-semibold break-words text-steel-950">{request.title}</span>
            {request.hasPassword && <PasswordLock />}
          </p>
          <p className="mt-0.5 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-steel-600">
            <time
              dateTime={request.expiresAt}
              title={Number.isNaN(expiry.getTime()) ? undefined : `Expires ${dateFormat.format(expiry)}`}
              className={cx(
                "inline-flex items-center gap-1 rounded px-1.5 py-0.5 font-semibold",
                urgency === "ok" && "bg-steel-100 text-steel-700",
                urgency === "soon" && "bg-amber-100 text-amber-900",
                urgency === "expired" && "bg-red-50 text-red-800",
              )}
            >
              <Clock aria-hidden="true" size={12} />
              {urgency === "expired" ? "Expired" : expiryText(request.expiresAt, now)}
            </time>
            <span aria-hidden="true">·</span>
            <span>
              {formatBytes(received)} of {request.maxTotalMB} MB received
            </span>
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-1.5 sm:shrink-0 sm:flex-nowrap">
          <Button variant="secondary" size="sm" onClick={onCopy} aria-label={`Copy link for ${request.title}`}>
            <Copy aria-hidden="true" size={14} />
            Copy link
          </Button>
          <ConfirmDialog
            trigger={
              <Button
                variant="ghost"
                size="sm"
                title="Delete"
                aria-label={`Delete ${request.title}`}
                className="px-2.5 text-red-700 hover:bg-red-50 hover:text-red-800"
              >
                <Trash2 aria-hidden="true" size={14} />
              </Button>
            }
            title={`Delete ${request.title}?`}
            description="Its link stops working, and the files received through it are erased."
            confirmLabel="Delete"
            onConfirm={onDelete}
            onConfirmed={onDeleted}
          />
        </div>
      </div>
      {request.files.length === 0 ? (
        <p className="border-t border-steel-100 px-3 py-2.5 text-sm text-steel-600">No files yet.</p>
      ) : (
        <ul
          aria-label={`Files received for ${request.title}`}
          className="divide-y divide-steel-100 border-t border-steel-100"
        >
          {request.files.map((file) => (
            <ReceivedFileRow key={file.id} file={file} />
          ))}
        </ul>
      )}
    </li>
  );
}

function ReceivedFileRow({ file }: { file: ReceivedFile }) {
  const [busy, setBusy] = useState(false);
  const toast = useToast();

  async function download() {
    setBusy(true);
    try {
      const { blob, fileName } = await fetchFile(file.url);
      saveBlob(blob, fileName ?? file.fileName);
    } catch (error) {
      toast({ title: "Could not download the file", description: messageFrom(error, file.fileName), tone: "error" });
    } finally {
      setBusy(false);
    }
  }

  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-1.5 px-3 py-2.5">
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium text-steel-950" title={file.fileName}>
          {file.fileName}
        </p>
        <p className="text-xs text-steel-600">
          {formatBytes(file.size)} · received{" "}
          <time dateTime={file.receivedAt}>{dateFormat.format(new Date(file.receivedAt))}</time>
        </p>
      </div>
      <Button
        variant="secondary"
        size="sm"
        loading={busy}
        onClick={() => void download()}
        aria-label={`Download ${file.fileName}`}
      >
        {!busy && <Download aria-hidden="true" size={14} />}
        Download
      </Button>
    </li>
  );
}
