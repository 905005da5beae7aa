import { Clock, Copy, Download, Trash2 } from "lucide-react";
import { useState } from "react";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { cx } from "~/components/ui/cx";
import { useToast } from "~/components/ui/toast";
import { dateTimeFormat } from "~/lib/date-format";
import { saveBlob } from "~/lib/downloads";
import { fetchFile } from "~/lib/fetch-file";
import { messageFrom } from "~/lib/http-error";
import { formatBytes } from "../../../../shared/bytes.ts";
import type { FileRequest, ReceivedFile } from "../api/types.ts";
import { expiryText, expiryUrgency } from "../lib/expiry.ts";
import { PasswordLock } from "./share-details.tsx";

/** One file request: its title, expiry and total received, Copy link and Delete, and the files received. */
export function FileRequestItem({
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
              title={Number.isNaN(expiry.getTime()) ? undefined : `Expires ${dateTimeFormat.format(expiry)}`}
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

/** A file received through a request, downloaded with the bearer token. */
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
          <time dateTime={file.receivedAt}>{dateTimeFormat.format(new Date(file.receivedAt))}</time>
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
