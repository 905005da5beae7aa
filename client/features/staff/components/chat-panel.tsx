import { lazy, Suspense } from "react";

// The chat (and STOMP) loads only when the Internal Chat card shows: never in the public pages' bundles.
const ChatView = lazy(() => import("~/features/chat/components/chat-view"));

/**
 * Body of the Internal Chat card of both dashboards. It mounts only while shown, so the chat
 * connection lives and dies with it. The chat fills the card edge to edge (the negative margins
 * undo DashboardSection's body padding), like an app inside the page.
 */
export function ChatPanel() {
  return (
    <div className="-mx-4 -my-5 overflow-hidden rounded-b-xl sm:-mx-5">
      <Suspense fallback={<ChatLoading />}>
        <ChatView />
      </Suspense>
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
