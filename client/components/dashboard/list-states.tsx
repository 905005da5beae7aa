import { RefreshCw } from "lucide-react";
import { messageFrom } from "../../lib/http-error.ts";
import { Button } from "../ui/button.tsx";
import { MessageBanner } from "./message-banner.tsx";

/** Grey placeholders while a dashboard list loads. */
export function ListSkeleton({ label }: { label: string }) {
  return (
    <div aria-busy="true" className="space-y-3">
      <span className="sr-only">{label}</span>
      {[0, 1].map((row) => (
        <div key={row} className="h-36 animate-pulse rounded-lg bg-steel-50" />
      ))}
    </div>
  );
}

/** A dashboard list that failed to load: the server's message (or `fallback`) and Try again. */
export function ListError({
  error,
  fallback,
  onRetry,
  retrying,
}: {
  error: unknown;
  fallback: string;
  onRetry: () => void;
  retrying: boolean;
}) {
  return (
    <div className="space-y-3">
      <MessageBanner message={messageFrom(error, fallback)} />
      <Button variant="secondary" size="sm" onClick={onRetry} loading={retrying}>
        <RefreshCw aria-hidden="true" size={14} />
        Try again
      </Button>
    </div>
  );
}
