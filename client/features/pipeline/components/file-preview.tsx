import { Download, FileText } from "lucide-react";
import { useEffect, useState } from "react";
import { PdfPreview, PreviewLoading } from "~/components/pdf/pdf-preview.tsx";
import { Button } from "~/components/ui/button";
import { useToast } from "~/components/ui/toast";
import { saveBlob } from "~/lib/downloads";
import { fetchFile } from "~/lib/fetch-file";
import { messageFrom } from "~/lib/http-error";
import { OpenFileButton } from "./list-parts.tsx";

const imageTypes = new Set(["image/png", "image/jpeg", "image/gif", "image/webp"]);

/** How an attachment is shown in the dashboard: inline when the browser can show it safely. */
export function previewKind(type: string | null): "pdf" | "image" | null {
  const normalized = (type ?? "").toLowerCase();
  if (normalized === "application/pdf") return "pdf";
  if (imageTypes.has(normalized)) return "image";
  return null;
}

/**
 * A quote request's attachment (admins only): fetched with the bearer token as a blob, shown
 * inline under the type the server decided from the content (a PDF drawn by pdf.js into canvases,
 * an image as an image); anything else is a download.
 */
export function FilePreview({
  path,
  name,
  type,
  owner,
}: {
  path: string;
  name: string;
  type: string | null;
  /** Whose file, for the buttons' names. */
  owner: string;
}) {
  const kind = previewKind(type);
  const [url, setUrl] = useState<string | null>(null);
  const [pdf, setPdf] = useState<Blob | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const toast = useToast();

  useEffect(() => {
    if (!kind) return;
    let revoked = false;
    let objectUrl: string | null = null;
    fetchFile(path)
      .then(({ blob }) => {
        if (revoked) return;
        if (kind === "pdf") {
          setPdf(blob);
          return;
        }
        // The type the server decided from the content, never whatever the blob claims.
        objectUrl = URL.createObjectURL(new Blob([blob], { type: type ?? "application/octet-stream" }));
        setUrl(objectUrl);
      })
      .catch((error: unknown) => {
        if (!revoked) setFailed(messageFrom(error, "The file could not be loaded."));
      });
    return () => {
      revoked = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [path, type, kind]);

  async function download() {
    setBusy(true);
    try {
      const { blob, fileName } = await fetchFile(path);
      saveBlob(blob, fileName ?? name);
    } catch (error) {
      toast({ title: "Download failed", description: messageFrom(error, name), tone: "error" });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center gap-2">
        {kind ? (
          <OpenFileButton path={path} name={name} type={type} label={`Open ${name} from ${owner}`} />
        ) : (
          <span className="inline-flex min-w-0 items-center gap-1.5 text-sm font-medium text-steel-900">
            <FileText aria-hidden="true" size={16} className="shrink-0 text-steel-500" />
            <span className="truncate">{name}</span>
          </span>
        )}
        <Button variant="secondary" size="sm" loading={busy} onClick={() => void download()}>
          {!busy && <Download aria-hidden="true" size={14} />}
          Download
        </Button>
      </div>
      {kind === null ? (
        <p className="text-sm text-steel-600">This type of file has no preview here: download it to open it.</p>
      ) : failed ? (
        <p className="text-sm text-red-700">{failed}</p>
      ) : kind === "pdf" && pdf ? (
        <PdfPreview blob={pdf} name={name} />
      ) : kind === "image" && url ? (
        <img
          src={url}
          alt={`Preview of ${name}`}
          className="max-h-[32rem] w-auto max-w-full rounded-lg border border-steel-200 bg-steel-50 object-contain"
        />
      ) : (
        <PreviewLoading />
      )}
    </div>
  );
}
