import { useCallback } from "react";
import { useToast } from "~/components/ui/toast";
import { copyText } from "../lib/copy-text.ts";

/** Copies a link to the clipboard and says so in a toast; `what` names the link in it (a file, a request). */
export function useCopyLink() {
  const toast = useToast();
  return useCallback(
    async (url: string, what: string) => {
      const ok = await copyText(url);
      if (ok) toast({ title: "Link copied", description: what, tone: "info" });
      else toast({ title: "Could not copy the link", description: url, tone: "error" });
    },
    [toast],
  );
}
