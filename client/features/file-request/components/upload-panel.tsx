import { CheckCircle2, CircleAlert, FileUp, Pause, Play, Upload, X } from "lucide-react";
import { type DragEvent, useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import { cx } from "~/components/ui/cx";
import { ProgressBar } from "~/components/ui/progress-bar";
import { formatBytes } from "../../../../shared/bytes.ts";
import { type UploadRow, useUploads } from "../hooks/use-uploads.ts";
import { percentText, refusalFor } from "../lib/upload-rules.ts";

export interface UploadPanelProps {
  token: string;
  password: string | null;
  /** What the request still takes, before the files of this page. */
  left: number;
  onSent: (row: UploadRow) => void;
}

/** Files on their way from this page: they count against what the request takes before they arrive. */
const isPending = (row: UploadRow) => row.status === "uploading" || row.status === "paused";
const pendingBytes = (rows: UploadRow[]) => rows.reduce((sum, row) => (isPending(row) ? sum + row.size : sum), 0);

/** The drop zone, the file picker and one row per file on its way. */
export function UploadPanel({ token, password, left, onSent }: UploadPanelProps) {
  const [announcement, setAnnouncement] = useState("");
  const [refused, setRefused] = useState<string[]>([]);
  const [dragging, setDragging] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const { rows, add, pause, resume, remove } = useUploads({
    token,
    password,
    onSent: (row) => {
      setAnnouncement(`${row.name} sent`);
      onSent(row);
    },
  });

  function choose(files: readonly File[]) {
    if (files.length === 0) return;
    const reasons: string[] = [];
    let room = left - pendingBytes(rows);
    for (const file of files) {
      const busy = rows.some((row) => isPending(row) && row.name === file.name && row.size === file.size);
      const reason = busy ? `${file.name} is already on its way.` : refusalFor(file, room);
      if (reason) {
        reasons.push(reason);
        continue;
      }
      room -= file.size;
      add(file);
    }
    setRefused(reasons);
  }

  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setDragging(false);
    choose([...event.dataTransfer.files]);
  }

  return (
    <section aria-labelledby="files-heading" className="space-y-4">
      <h2 id="files-heading" className="text-lg font-bold text-steel-950">
        Your files
      </h2>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: dropping is the mouse's shortcut; the Choose files button inside does the same from the keyboard */}
      <div
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={cx(
          "flex flex-col items-center gap-3 rounded-xl border-2 border-dashed px-4 py-8 text-center transition-colors sm:py-10",
          dragging ? "border-accent-500 bg-accent-50" : "border-steel-300 bg-white",
        )}
      >
        <FileUp aria-hidden="true" size={28} className="text-steel-500" />
        <p className="text-sm text-steel-700">
          <span className="hidden sm:inline">Drag files here, or choose them. </span>
          Several at once is fine.
        </p>
        <Button variant="accent" onClick={() => input.current?.click()}>
          <Upload aria-hidden="true" size={16} />
          Choose files
        </Button>
        <input
          ref={input}
          type="file"
          multiple
          aria-label="Files to send"
          tabIndex={-1}
          className="sr-only"
          onChange={(event) => {
            choose([...(event.target.files ?? [])]);
            // The same file may be chosen again (after a reload, to resume it).
            event.target.value = "";
          }}
        />
      </div>

      {refused.length > 0 && (
        <div role="alert" className="flex items-start gap-3 rounded-lg border border-red-200 bg-red-50 p-3 text-sm">
          <CircleAlert aria-hidden="true" size={18} className="mt-0.5 shrink-0 text-red-700" />
          <ul className="min-w-0 flex-1 space-y-1 text-red-900">
            {refused.map((reason) => (
              <li key={reason}>{reason}</li>
            ))}
          </ul>
          <button
            type="button"
            onClick={() => setRefused([])}
            className="rounded p-1 text-red-800 hover:bg-red-100"
            aria-label="Dismiss"
          >
            <X aria-hidden="true" size={16} />
          </button>
        </div>
      )}

      {rows.length > 0 && (
        <ul
          aria-label="Files being sent"
          className="divide-y divide-steel-100 rounded-xl border border-steel-200 bg-white"
        >
          {rows.map((row) => (
            <UploadRowItem
              key={row.id}
              row={row}
              onPause={() => pause(row.id)}
              onResume={() => resume(row.id)}
              onRemove={() => remove(row.id)}
            />
          ))}
        </ul>
      )}

      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
    </section>
  );
}

const statusText = (row: UploadRow) => {
  if (row.status === "sent") return "Sent";
  if (row.status === "paused") return "Paused";
  if (row.status === "failed") return "Not sent";
  return row.resumedAt !== null ? "Resumed" : "Sending";
};

function UploadRowItem({
  row,
  onPause,
  onResume,
  onRemove,
}: {
  row: UploadRow;
  onPause: () => void;
  onResume: () => void;
  onRemove: () => void;
}) {
  const done = row.status === "sent";
  return (
    <li className="space-y-2 p-3 sm:p-4">
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2">
        <div className="min-w-0 flex-1">
          <p className="truncate font-semibold text-steel-950" title={row.name}>
            {row.name}
          </p>
          <p className="mt-0.5 flex flex-wrap items-center gap-x-2 text-xs text-steel-600">
            <span>{formatBytes(row.size)}</span>
            <span aria-hidden="true">·</span>
            <span
              className={cx(
                "inline-flex items-center gap-1 font-semibold",
                done && "text-emerald-800",
                row.status === "failed" && "text-red-800",
              )}
            >
              {done && <CheckCircle2 aria-hidden="true" size={12} />}
              {statusText(row)}
            </span>
            {/* Stays once sent: the client sees their earlier upload was not wasted. */}
            {row.resumedAt !== null && <span>(continued from {percentText(row.resumedAt, row.size)} sent before)</span>}
          </p>
        </div>
        <div className="flex shrink-0 items-center gap-1.5">
          {row.status === "uploading" && (
            <Button variant="secondary" size="sm" onClick={onPause} aria-label={`Pause ${row.name}`}>
              <Pause aria-hidden="true" size={14} />
              Pause
            </Button>
          )}
          {(row.status === "paused" || (row.status === "failed" && row.canRetry)) && (
            <Button variant="secondary" size="sm" onClick={onResume} aria-label={`Resume ${row.name}`}>
              <Play aria-hidden="true" size={14} />
              Resume
            </Button>
          )}
          {!done && (
            <Button variant="ghost" size="sm" onClick={onRemove} aria-label={`Remove ${row.name}`}>
              <X aria-hidden="true" size={14} />
              Remove
            </Button>
          )}
        </div>
      </div>
      <div className="flex items-center gap-3">
        <ProgressBar
          value={row.size > 0 ? (row.sent / row.size) * 100 : done ? 100 : 0}
          label={`Progress of ${row.name}`}
          tone={done ? "success" : "accent"}
          className="flex-1"
        />
        <span className="w-12 shrink-0 text-right text-xs font-semibold text-steel-700 tabular-nums">
          {percentText(done ? row.size : row.sent, row.size)}
        </span>
      </div>
      {row.error && <p className="text-sm text-red-800">{row.error}</p>}
    </li>
  );
}
