import { lazy, Suspense, useCallback, useEffect, useMemo } from "react";
import { useNavigate, useParams, useSearchParams } from "react-router";
import { useReportChatUnread } from "~/features/workspace/hooks/use-chat-unread-report";
import { staffAddresses } from "../../../shared/staff-addresses.ts";
import { WorkspacePage } from "./page.tsx";

// The chat and STOMP load with this page only.
const ChatView = lazy(() => import("~/features/chat/components/chat-view"));

export const meta = () => [{ title: "Chat | Workspace | Northbeam" }, { name: "robots", content: "noindex" }];

/**
 * /staff/chat and /staff/chat/{conversation} (`private:<username>` or `group:<id>`; `?m={id}`
 * opens it around a message): the chat at full height, the open conversation in the address.
 */
export default function ChatPage() {
  const { conversation } = useParams();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const m = searchParams.get("m");
  const messageId = m && /^[1-9][0-9]{0,15}$/.test(m) ? Number(m) : undefined;
  const onChange = useCallback(
    (next: string | null) => navigate(next ? staffAddresses.conversation(next) : staffAddresses.chat),
    [navigate],
  );
  // The side navigation counts what this page counts while it is open.
  const reportUnread = useReportChatUnread();
  useEffect(() => () => reportUnread(null), [reportUnread]);
  const address = useMemo(
    () => ({ conversation: conversation ?? null, messageId, onChange }),
    [conversation, messageId, onChange],
  );
  return (
    <WorkspacePage title="Chat" wide listTitle="Conversations">
      <Suspense fallback={<div className="h-[calc(100dvh-3.5rem)]" aria-busy="true" />}>
        <ChatView
          address={address}
          onUnreadChange={reportUnread}
          className="h-[calc(100dvh-3.5rem)]! max-h-none! md:h-[calc(100dvh-3.5rem)]!"
        />
      </Suspense>
    </WorkspacePage>
  );
}
