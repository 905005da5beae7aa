import {
  Clock,
  Copy,
  ExternalLink,
  FileArchive,
  File as FileIcon,
  FileImage,
  FileText,
  RefreshCw,
  Trash2,
} from "lucide-react";
import { useRef, useState } from "react";
import { MessageBanner } from "~/components/dashboard/message-banner";
import { Button, buttonClass } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { cx } from "~/components/ui/cx";
import { useToast } from "~/components/ui/toast";
import { dateTimeFormat } from "~/lib/date-format";
import { messageFrom } from "~/lib/http-error";
import { useNow } from "~/lib/use-now";
import { formatBytes } from "../../../../shared/bytes.ts";
import { useDeleteFile } from "../api/delete-file.ts";
import { useFiles } from "../api/get-files.ts";
import type { SharedFile } from "../api/types.ts";
import { useCopyLink } from "../hooks/use-copy-link.ts";
import { expiryText, expiryUrgency } from "../lib/expiry.ts";
import { ExtendShareDialog } from "./extend-share-dialog.tsx";
import { DownloadCount, LastDownload, PasswordLock } from "./share-details.tsx";

function iconFor(file: SharedFile) {
  const type = file.contentType ?? "";
  if (type.startsWith("image/")) return FileImage;
  if (/zip|7z|rar|tar|gzip/.test(type)) return FileArchive;
  if (type === "application/pdf" || type.startsWith("text/")) return FileText;
  return FileIcon;
}

/**
 * The shared files: name, size, a countdown to expiry and the downloads so far (updated each minute),
 * a lock when the link asks for a password; copy, open, extend, and stop sharing.
 */
export function SharedFileList() {
  const files = useFiles();
  const now = useNow(60_000);
  const remove = useDeleteFile();
  const toast = useToast();
  const copyLink = useCopyLink();
  const [message, setMessage] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const list = files.data ?? [];

  async function stopSharing(file: SharedFile) {
    setMessage(null);
    try {
      await remove.mutateAsync(file.id);
      // The banner is green when its text says "success" (SPEC §8).
      setMessage(`Stopped sharing ${file.fileName} successfully.`);
      toast({ title: "Stopped sharing", description: `The link to ${file.fileName} no longer works.` });
    } catch (error) {
      setMessage(messageFrom(error, "Could not stop sharing the file."));
      toast({ title: "Could not stop sharing", tone: "error" });
      throw error;
    }
  }

  return (
    <div className="min-w-0">
      <div className="mb-3 flex items-baseline justify-between gap-3">
        <h3 ref={headingRef} tabIndex={-1} className="text-sm font-bold text-steel-950 focus:outline-none">
          Shared files
        </h3>
        {files.isSuccess && (
          <span className="text-xs text-steel-500">
            {list.length} {list.length === 1 ? "file" : "files"}
          </span>
        )}
      </div>
      <MessageBanner message={message} onDismiss={() => setMessage(null)} className="mb-3" />

      {files.isPending ? (
        <div aria-busy="true" className="space-y-2">
          <span className="sr-only">Loading files…</span>
          {[0, 1].map((row) => (
            <div key={row} className="h-[4.5rem] animate-pulse rounded-lg bg-steel-50" />
          ))}
        </div>
      ) : files.isError ? (
        <div className="space-y-3">
          <MessageBanner message={messageFrom(files.error, "Failed to fetch the file list.")} />
          <Button variant="secondary" size="sm" onClick={() => void files.refetch()} loading={files.isFetching}>
            <RefreshCw aria-hidden="true" size={14} />
            Try again
          </Button>
        </div>
      ) : list.length === 0 ? (
        <div className="rounded-lg border border-dashed border-steel-300 px-4 py-8 text-center">
          <p className="font-semibold text-steel-900">No shared files</p>
          <p className="mt-1 text-sm text-steel-600">Uploaded files appear here with a link to send to clients.</p>
        </div>
      ) : (
        <ul className="divide-y divide-steel-100 rounded-lg border border-steel-200">
          {list.map((file) => {
            const Icon = iconFor(file);
            const urgency = expiryUrgency(file.expiryDate, now);
            const expiry = new Date(file.expiryDate);
            return (
              <li key={file.id} className="flex flex-col gap-3 p-3 sm:flex-row sm:items-center">
                <div className="flex min-w-0 flex-1 items-start gap-3">
                  <span className="flex h-9 w-9 shrink-0 items-center justify-center rounded-lg bg-steel-100 text-steel-700">
                    <Icon aria-hidden="true" size={18} />
                  </span>
                  <div className="min-w-0">
                    <p className="flex min-w-0 items-center gap-1.5">
                      <span className="truncate font-semibold text-steel-950" title={file.fileName}>
                        {file.fileName}
                      </span>
                      {file.hasPassword && <PasswordLock />}
                    </p>
                    <p className="mt-0.5 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-steel-600">
                      <span>{formatBytes(file.size)}</span>
                      <span aria-hidden="true">·</span>
                      <time
                        dateTime={file.expiryDate}
                        title={Number.isNaN(expiry.getTime()) ? undefined : `Expires ${dateTimeFormat.format(expiry)}`}
                        className={cx(
                          "inline-flex items-center gap-1 rounded px-1.5 py-0.5 font-semibold",
                          urgency === "ok" && "bg-steel-100 text-steel-700",
                          urgency === "soon" && "bg-amber-100 text-amber-900",
                          urgency === "expired" && "bg-red-50 text-red-800",
                        )}
                      >
                        <Clock aria-hidden="true" size={12} />
                        {expiryText(file.expiryDate, now)}
                      </time>
                      <span aria-hidden="true">·</span>
                      <DownloadCount file={file} />
                    </p>
                    {file.lastDownloadAt && (
                      <p className="mt-1 text-xs text-steel-500">
                        <LastDownload lastDownloadAt={file.lastDownloadAt} now={now} />
                      </p>
                    )}
                  </div>
                </div>
                <div className="flex flex-wrap items-center gap-1 sm:shrink-0 sm:flex-nowrap sm:gap-1.5">
                  <Button
                    variant="secondary"
                    size="sm"
                    onClick={() => void copyLink(file.fileUrl, file.fileName)}
                    aria-label={`Copy link to ${file.fileName}`}
                    title="Copy link"
                  >
                    <Copy aria-hidden="true" size={14} />
                    {/* Icon only on the narrowest phones, so a row's four actions stay on one line. */}
                    <span className="max-[400px]:sr-only">Copy link</span>
                  </Button>
                  <a
                    href={file.fileUrl}
                    target="_blank"
                    rel="noopener noreferrer"
                    title="Open in a new tab"
                    aria-label={`Open ${file.fileName} in a new tab`}
                    className={buttonClass("secondary", "sm", "px-2.5")}
                  >
                    <ExternalLink aria-hidden="true" size={14} />
                  </a>
                  <ExtendShareDialog file={file} />
                  <ConfirmDialog
                    trigger={
                      <Button
                        variant="ghost"
                        size="sm"
                        title="Stop sharing"
                        aria-label={`Stop sharing ${file.fileName}`}
                        className="px-2.5 text-red-700 hover:bg-red-50 hover:text-red-800"
                      >
                        <Trash2 aria-hidden="true" size={14} />
                      </Button>
                    }
                    title={`Stop sharing ${file.fileName}?`}
                    description="Its link stops working for good, for everyone who has it, and the file is erased."
                    confirmLabel="Stop sharing"
                    onConfirm={() => stopSharing(file)}
                    onConfirmed={() => headingRef.current?.focus()}
                  />
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
