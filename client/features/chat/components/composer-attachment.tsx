import { FileText, ImageIcon, X } from "lucide-react";
import { useId } from "react";
import { cx } from "~/components/ui/cx";
import { ProgressBar } from "~/components/ui/progress-bar";
import { formatBytes } from "../../../../shared/bytes.ts";

/** The file attached to the message being written: its name and size, the upload's progress, Remove. */
export function ComposerAttachment({
  file,
  tooLarge,
  progress,
  busy,
  onRemove,
}: {
  file: File;
  tooLarge: boolean;
  /** Percent uploaded while sending; null otherwise. */
  progress: number | null;
  busy: boolean;
  onRemove: () => void;
}) {
  const id = useId();
  const FileIcon = file.type.startsWith("image/") ? ImageIcon : FileText;
  return (
    <div
      id={id}
      className={cx(
        "mb-2 flex items-center gap-3 rounded-xl border px-3 py-2",
        tooLarge ? "border-red-300 bg-red-50" : "border-steel-200 bg-steel-50",
      )}
    >
      <FileIcon aria-hidden="true" size={18} className={tooLarge ? "text-red-700" : "text-steel-600"} />
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-semibold text-steel-900">{file.name}</p>
        <p className={cx("text-xs", tooLarge ? "font-semibold text-red-700" : "text-steel-500")}>
          {formatBytes(file.size)}
          {tooLarge && " (Too large!)"}
        </p>
        {progress !== null && (
          <div className="mt-1.5 flex items-center gap-2">
            <ProgressBar value={progress} label={`Uploading ${file.name}`} className="h-1.5" />
            <span className="w-9 text-right text-xs font-semibold text-steel-600 tabular-nums">{progress}%</span>
          </div>
        )}
      </div>
      <button
        type="button"
        onClick={onRemove}
        disabled={busy}
        aria-label={`Remove ${file.name}`}
        className="rounded-md p-1.5 text-steel-500 hover:bg-white hover:text-steel-900 disabled:opacity-50"
      >
        <X aria-hidden="true" size={16} />
      </button>
    </div>
  );
}
