import { RefreshCw } from "lucide-react";
import { useRef, useState } from "react";
import { MessageBanner } from "~/components/dashboard/message-banner";
import { Button } from "~/components/ui/button";
import { useToast } from "~/components/ui/toast";
import { messageFrom } from "~/lib/http-error";
import { useNow } from "~/lib/use-now";
import { useDeleteFileRequest } from "../api/delete-file-request.ts";
import { useFileRequests } from "../api/get-file-requests.ts";
import type { FileRequest } from "../api/types.ts";
import { useCopyLink } from "../hooks/use-copy-link.ts";
import { FileRequestItem } from "./file-request-item.tsx";

/** The file requests so far, each with the files received through it. */
export function FileRequestList() {
  const requests = useFileRequests();
  const now = useNow(60_000);
  const remove = useDeleteFileRequest();
  const toast = useToast();
  const copyLink = useCopyLink();
  const [message, setMessage] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const list = requests.data ?? [];

  async function deleteRequest(request: FileRequest) {
    setMessage(null);
    try {
      await remove.mutateAsync(request.id);
      // The banner is green when its text says "success" (SPEC §8).
      setMessage(`Deleted the file request ${request.title} successfully.`);
      toast({ title: "File request deleted", description: "Its link no longer works." });
    } catch (error) {
      setMessage(messageFrom(error, "Could not delete the file request."));
      toast({ title: "Could not delete the file request", tone: "error" });
      throw error;
    }
  }

  return (
    <div className="min-w-0">
      <div className="mb-3 flex items-baseline justify-between gap-3">
        <h3 ref={headingRef} tabIndex={-1} className="text-sm font-bold text-steel-950 focus:outline-none">
          Requests
        </h3>
        {requests.isSuccess && (
          <span className="text-xs text-steel-500">
            {list.length} {list.length === 1 ? "request" : "requests"}
          </span>
        )}
      </div>
      <MessageBanner message={message} onDismiss={() => setMessage(null)} className="mb-3" />

      {requests.isPending ? (
        <div aria-busy="true" className="space-y-2">
          <span className="sr-only">Loading file requests…</span>
          {[0, 1].map((row) => (
            <div key={row} className="h-24 animate-pulse rounded-lg bg-steel-50" />
          ))}
        </div>
      ) : requests.isError && list.length === 0 ? (
        <div className="space-y-3">
          <MessageBanner message={messageFrom(requests.error, "Failed to fetch the file requests.")} />
          <Button variant="secondary" size="sm" onClick={() => void requests.refetch()} loading={requests.isFetching}>
            <RefreshCw aria-hidden="true" size={14} />
            Try again
          </Button>
        </div>
      ) : list.length === 0 ? (
        <div className="rounded-lg border border-dashed border-steel-300 px-4 py-8 text-center">
          <p className="font-semibold text-steel-900">No file requests</p>
          <p className="mt-1 text-sm text-steel-600">Create one to get a link your client can send files through.</p>
        </div>
      ) : (
        <ul className="space-y-3">
          {list.map((request) => (
            <FileRequestItem
              key={request.id}
              request={request}
              now={now}
              onCopy={() => void copyLink(request.url, request.title)}
              onDelete={() => deleteRequest(request)}
              onDeleted={() => headingRef.current?.focus()}
            />
          ))}
        </ul>
      )}
    </div>
  );
}
