import { type ReactNode, Suspense } from "react";

/**
 * Body of the Internal Chat card of both dashboards: the chat the route composed in (a lazy
 * component, so the chat and STOMP load only when the card shows). It mounts only while shown,
 * so the chat connection lives and dies with it. The chat fills the card edge to edge (the
 * negative margins undo DashboardSection's body padding), like an app inside the page.
 */
export function ChatPanel({ children }: { children: ReactNode }) {
  return (
    <div className="-mx-4 -my-5 overflow-hidden rounded-b-xl sm:-mx-5">
      <Suspense fallback={<ChatLoading />}>{children}</Suspense>
    </div>
  );
}

function ChatLoading() {
  return (
    <div
      aria-busy="true"
      className="flex h-[calc(100dvh-5rem)] max-h-[780px] min-h-[420px] md:h-[calc(100dvh-9rem)] md:min-h-[460px] items-center justify-center bg-steel-50"
    >
      <span className="text-sm font-medium text-steel-600">Loading chat…</span>
    </div>
  );
}
