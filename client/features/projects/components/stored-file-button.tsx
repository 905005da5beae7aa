import { FileText } from "lucide-react";
import { useState } from "react";
import { Button } from "~/components/ui/button";
import { useToast } from "~/components/ui/toast";
import { openFile } from "~/lib/downloads";
import { fetchFile } from "~/lib/fetch-file";
import { messageFrom } from "~/lib/http-error";
import { formatBytes } from "../../../../shared/bytes.ts";

/**
 * Opens (or saves) a protected file of the project: fetched with the session as a blob, shown by
 * the browser when it can show it. A failure says why in a toast.
 */
export function StoredFileButton({
  path,
  name,
  size,
  label,
}: {
  path: string;
  name: string;
  size?: number | null;
  label?: string;
}) {
  const [busy, setBusy] = useState(false);
  const toast = useToast();
  const open = async () => {
    setBusy(true);
    try {
      await openFile(() => fetchFile(path), name, null);
    } catch (error) {
      toast({ title: "Could not open the file", description: messageFrom(error, name), tone: "error" });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="secondary" size="sm" loading={busy} onClick={() => void open()} className="max-w-full">
      {!busy && <FileText aria-hidden="true" size={14} />}
      <span className="min-w-0 truncate">{label ?? name}</span>
      {size !== undefined && size !== null && <span className="text-steel-500">({formatBytes(size)})</span>}
    </Button>
  );
}
