import { Download } from "lucide-react";
import { useState } from "react";
import { saveBlob } from "../../lib/downloads.ts";
import { fetchFile } from "../../lib/fetch-file.ts";
import { messageFrom } from "../../lib/http-error.ts";
import { Button } from "../ui/button.tsx";
import { useToast } from "../ui/toast.tsx";

/** Downloads an export (a CSV, a printable PDF) with the bearer token, then confirms it with a toast. */
export function ExportButton({
  path,
  query,
  label,
  fallbackName,
}: {
  path: string;
  query?: Record<string, string | undefined>;
  label: string;
  fallbackName: string;
}) {
  const [busy, setBusy] = useState(false);
  const toast = useToast();
  async function run() {
    setBusy(true);
    try {
      const { blob, fileName } = await fetchFile(path, query);
      const name = fileName ?? fallbackName;
      saveBlob(blob, name);
      toast({ title: "Export ready", description: name });
    } catch (error) {
      toast({ title: "Export failed", description: messageFrom(error, "Please try again."), tone: "error" });
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button variant="secondary" size="sm" loading={busy} onClick={() => void run()}>
      {!busy && <Download aria-hidden="true" size={14} />}
      {label}
    </Button>
  );
}
