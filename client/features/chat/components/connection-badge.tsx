import { Loader2, RefreshCw, Wifi, WifiOff } from "lucide-react";
import { useEffect, useState } from "react";
import { cx } from "~/components/ui/cx";
import { useChatContext } from "../hooks/chat-context.ts";
import { formatWait } from "../lib/backoff.ts";

/** "Connected", "Connecting…" or "Offline" (with when the next try is, and a button to try now). */
export function ConnectionBadge({ compact = false }: { compact?: boolean }) {
  const { state, retry: onRetry } = useChatContext().connection;
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (state.status !== "offline" || state.retryAt === null) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [state.status, state.retryAt]);

  const label = state.status === "connected" ? "Connected" : state.status === "connecting" ? "Connecting…" : "Offline";
  const wait = state.status === "offline" && state.retryAt !== null ? Math.max(0, state.retryAt - now) : null;

  return (
    <div className="flex min-w-0 items-center gap-1.5">
      <span
        role="status"
        title={wait !== null ? `Offline. Retrying in ${formatWait(wait)}` : label}
        className={cx(
          "inline-flex h-6 min-w-0 items-center gap-1.5 rounded-full px-2 text-xs font-semibold whitespace-nowrap ring-1 ring-inset",
          state.status === "connected" && "bg-emerald-50 text-emerald-800 ring-emerald-200",
          state.status === "connecting" && "bg-amber-50 text-amber-900 ring-amber-200",
          state.status === "offline" && "bg-steel-100 text-steel-700 ring-steel-200",
        )}
      >
        {state.status === "connected" && <Wifi aria-hidden="true" size={12} />}
        {state.status === "connecting" && <Loader2 aria-hidden="true" size={12} className="animate-spin" />}
        {state.status === "offline" && <WifiOff aria-hidden="true" size={12} />}
        <span className={cx(compact && state.status === "connected" && "sr-only")}>{label}</span>
      </span>
      {wait !== null && !compact && (
        // Not inside the status region: a countdown read out every second would drown everything else.
        <span aria-hidden="true" className="text-xs whitespace-nowrap text-steel-500 tabular-nums">
          {formatWait(wait)}
        </span>
      )}
      {state.status === "offline" && (
        <button
          type="button"
          onClick={onRetry}
          aria-label="Reconnect now"
          title="Reconnect now"
          className="inline-flex h-6 items-center gap-1 rounded-full px-2 text-xs font-semibold whitespace-nowrap text-steel-700 ring-1 ring-steel-200 ring-inset hover:bg-steel-100 hover:text-steel-950"
        >
          <RefreshCw aria-hidden="true" size={12} />
          Retry
        </button>
      )}
    </div>
  );
}
