import { Download, Lock } from "lucide-react";
import { cx } from "~/components/ui/cx";
import { dateTimeFormat } from "~/lib/date-format";
import type { SharedFile } from "../api/types.ts";
import { downloadsText, isUsedUp, lastDownloadText } from "../lib/share-stats.ts";

/** The lock beside a protected file's name, named for screen readers. */
export function PasswordLock({ className }: { className?: string }) {
  return (
    <span
      role="img"
      aria-label="Password protected"
      title="Password protected"
      className={cx("inline-flex shrink-0 text-steel-500", className)}
    >
      <Lock aria-hidden="true" size={14} />
    </span>
  );
}

/** "3 downloads", "2 of 5 downloads", or "Used up" (in red: the link answers 410 now). */
export function DownloadCount({ file }: { file: Pick<SharedFile, "downloads" | "maxDownloads"> }) {
  const usedUp = isUsedUp(file);
  return (
    <span
      className={cx(
        "inline-flex items-center gap-1",
        usedUp && "rounded bg-red-50 px-1.5 py-0.5 font-semibold text-red-800",
      )}
    >
      <Download aria-hidden="true" size={12} />
      {downloadsText(file)}
    </span>
  );
}

/** "Last downloaded 12 min ago" (the exact local time on hover); nothing before the first download. */
export function LastDownload({ lastDownloadAt, now }: { lastDownloadAt: string | null; now: number }) {
  const text = lastDownloadText(lastDownloadAt, now);
  if (!text || !lastDownloadAt) return null;
  return (
    <time dateTime={lastDownloadAt} title={dateTimeFormat.format(new Date(lastDownloadAt))}>
      {text}
    </time>
  );
}
