import { dateTimeFormat } from "~/lib/date-format";
import type { SharedFile } from "../api/types.ts";

const MINUTE = 60_000;

type DownloadCounts = Pick<SharedFile, "downloads" | "maxDownloads">;

/** A limited link whose last allowed download has happened: it answers 410 from now on. */
export const isUsedUp = ({ downloads, maxDownloads }: DownloadCounts) =>
  maxDownloads !== null && downloads >= maxDownloads;

/**
 * "No downloads yet", "1 download", "3 downloads"; with a limit "2 of 5 downloads", and "Used up"
 * once the limit is reached.
 */
export function downloadsText(counts: DownloadCounts): string {
  const { downloads, maxDownloads } = counts;
  if (maxDownloads === null) {
    if (downloads <= 0) return "No downloads yet";
    return downloads === 1 ? "1 download" : `${downloads} downloads`;
  }
  if (isUsedUp(counts)) return "Used up";
  return `${downloads} of ${maxDownloads} ${maxDownloads === 1 ? "download" : "downloads"}`;
}

/**
 * "Last downloaded just now", "… 12 min ago", "… 5 h ago"; a day or more back, the local date and
 * time ("Last downloaded 3 Jun 2025, 14:05"). Null when never downloaded.
 */
export function lastDownloadText(lastDownloadAt: string | null, now: number, format = dateTimeFormat): string | null {
  if (!lastDownloadAt) return null;
  const at = Date.parse(lastDownloadAt);
  if (Number.isNaN(at)) return null;
  // A clock a little ahead of ours is still "just now".
  const minutes = Math.floor(Math.max(0, now - at) / MINUTE);
  if (minutes < 1) return "Last downloaded just now";
  if (minutes < 60) return `Last downloaded ${minutes} min ago`;
  if (minutes < 24 * 60) return `Last downloaded ${Math.floor(minutes / 60)} h ago`;
  return `Last downloaded ${format.format(at)}`;
}
