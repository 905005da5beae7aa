import { Download, FileArchive, FileAudio, FileText, FileVideo } from "lucide-react";
import { useState } from "react";
import { cx } from "~/components/ui/cx";
import { fileKind, isPreviewableImage } from "../lib/messages.ts";

function fileIcon(type: string | null) {
  if (type?.startsWith("video/")) return FileVideo;
  if (type?.startsWith("audio/")) return FileAudio;
  if (type && /zip|rar|7z|compressed|tar/.test(type)) return FileArchive;
  return FileText;
}

/**
 * A message's file: an image previewed inline (full size in a new tab), anything else a download
 * card; until the attachments cookie is set, a placeholder without the link.
 */
export function MessageAttachment({
  url,
  type,
  name,
  own,
  ready,
  onLoad,
  spaced,
}: {
  url: string;
  type: string | null;
  name: string;
  own: boolean;
  ready: boolean;
  onLoad: () => void;
  spaced: boolean;
}) {
  const [broken, setBroken] = useState(false);
  const wrapper = cx("-mx-1.5 -mt-0.5", spaced ? "mb-2" : "mb-0.5");
  if (isPreviewableImage(type) && !broken) {
    if (!ready) {
      return (
        <div className={wrapper}>
          <div className="h-40 w-56 max-w-full animate-pulse rounded-xl bg-steel-200" aria-hidden="true" />
          <span className="sr-only">Image {name}, loading</span>
        </div>
      );
    }
    return (
      <div className={wrapper}>
        <a href={url} target="_blank" rel="noopener" className="block overflow-hidden rounded-xl">
          <img
            src={url}
            alt={name}
            loading="lazy"
            decoding="async"
            onLoad={onLoad}
            onError={() => setBroken(true)}
            className="block max-h-60 w-auto max-w-[min(100%,20rem)] min-w-24 bg-steel-100 object-contain"
          />
          <span className="sr-only"> (open full size)</span>
        </a>
      </div>
    );
  }
  const Icon = fileIcon(type);
  if (!ready) {
    // The link works only once the attachments cookie is set: show the file, not yet the link.
    return (
      <div className={wrapper}>
        <div
          className={cx(
            "flex max-w-72 min-w-0 items-center gap-3 rounded-xl px-2.5 py-2",
            own ? "bg-white/10" : "bg-steel-50 ring-1 ring-steel-200",
          )}
        >
          <Icon aria-hidden="true" size={20} />
          <span className="truncate text-sm font-semibold">{name}</span>
        </div>
      </div>
    );
  }
  return (
    <div className={wrapper}>
      <a
        href={url}
        download={name}
        className={cx(
          "flex max-w-72 min-w-0 items-center gap-3 rounded-xl px-2.5 py-2 transition-colors",
          own ? "bg-white/10 hover:bg-white/20" : "bg-steel-50 ring-1 ring-steel-200 hover:bg-steel-100",
        )}
      >
        <span
          className={cx(
            "flex h-10 w-10 shrink-0 items-center justify-center rounded-lg",
            own ? "bg-white/15 text-white" : "bg-white text-steel-700 ring-1 ring-steel-200",
          )}
        >
          <Icon aria-hidden="true" size={20} />
        </span>
        <span className="min-w-0 flex-1">
          <span className="block truncate text-sm font-semibold">
            <span className="sr-only">Download </span>
            {name}
          </span>
          <span className={cx("block text-xs", own ? "text-steel-300" : "text-steel-500")}>{fileKind(type, name)}</span>
        </span>
        <Download aria-hidden="true" size={16} className={own ? "text-steel-300" : "text-steel-500"} />
      </a>
    </div>
  );
}
