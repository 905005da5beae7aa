import { LogIn, X } from "lucide-react";
import { Dialog } from "radix-ui";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { cx } from "~/components/ui/cx";
import { useToast } from "~/components/ui/toast";
import { useMediaQuery } from "~/lib/use-media-query";
import { useSession } from "~/lib/use-session";
import { chatMessages } from "../../../../shared/chat.ts";
import { ChatContext } from "../hooks/chat-context.ts";
import { type ChatIdentity, useChat } from "../hooks/use-chat.ts";
import { usePushNotifications } from "../hooks/use-push-notifications.ts";
import { type ChatRef, chatKey, conversationKeyOf, parseChatParam, parseConversationKey } from "../lib/chat-ref.ts";
import { needsReveal } from "../lib/scroll.ts";
import { emptySearch, type MessageSearch } from "./chat-search.tsx";
import { ChatSidebar } from "./chat-sidebar.tsx";
import { ConnectionBadge } from "./connection-badge.tsx";
import { ConversationPane } from "./conversation-pane.tsx";
import { CreateGroupDialog } from "./create-group-dialog.tsx";
import "./chat.css";

/** SPEC §9: below 768 px the chats list is a drawer. */
const WIDE = "(min-width: 768px)";

/**
 * The staff chat (SPEC §2 Chat view). Loaded lazily by the dashboards' Internal Chat card, so none
 * of it (nor STOMP) is in the public pages' bundles.
 */
/** A conversation named by an address (DESIGN §15): `private:<username>` or `group:<id>`, around a message. */
export interface ChatAddress {
  conversation: string | null;
  messageId?: number;
  /** The open conversation changed here: its address key, or null when none is open. */
  onChange: (conversation: string | null) => void;
}

export default function ChatView({
  className,
  address,
  onUnreadChange,
  single = false,
}: {
  className?: string;
  address?: ChatAddress;
  /** Told the total of unread messages over every conversation whenever it changes. */
  onUnreadChange?: (total: number) => void;
  /** Only the addressed conversation, without the list of chats (a project's Chat tab). */
  single?: boolean;
}) {
  const session = useSession();
  if (!session) {
    return (
      <div
        className={cx("flex flex-col items-center justify-center gap-2 bg-steel-50 px-4 py-12 text-center", className)}
      >
        <LogIn aria-hidden="true" size={24} className="text-steel-400" />
        <p className="font-semibold text-steel-800">{chatMessages.loggedOut}</p>
      </div>
    );
  }
  const identity: ChatIdentity = { username: session.user.username, role: session.user.role, token: session.token };
  return (
    <ChatWorkspace
      key={identity.username}
      identity={identity}
      className={className}
      address={address}
      onUnreadChange={onUnreadChange}
      single={single}
    />
  );
}

function ChatWorkspace({
  identity,
  className,
  address,
  onUnreadChange,
  single,
}: {
  identity: ChatIdentity;
  className?: string;
  address?: ChatAddress;
  onUnreadChange?: (total: number) => void;
  single: boolean;
}) {
  const chat = useChat(identity);
  const unreadTotal = Object.values(chat.unread.byChat).reduce((sum, entries) => sum + entries.length, 0);
  useEffect(() => onUnreadChange?.(unreadTotal), [unreadTotal, onUnreadChange]);
  const wide = useMediaQuery(WIDE);
  // One conversation only: no list beside it, and no drawer to open one from.
  const list = single ? "none" : wide ? "aside" : "drawer";
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [creating, setCreating] = useState(false);
  // The message search outlives the phone's drawer (closed to show a hit, opened again for the next).
  const [search, setSearch] = useState<MessageSearch>(emptySearch);
  const rootRef = useRef<HTMLDivElement | null>(null);
  const headingRef = useRef<HTMLHeadingElement | null>(null);
  const textareaRef = useRef<HTMLTextAreaElement | null>(null);
  const sidebarRef = useRef<HTMLDivElement | null>(null);
  const focusAfterOpen = useRef<"composer" | "heading" | null>(null);
  const push = usePushNotifications(identity.username);
  const toast = useToast();
  const { open, close, jumpToMessage } = chat.conversation;
  /** A jump waiting for the drawer to close: the message it focuses is outside the drawer's focus trap. */
  const jumpAfterClose = useRef<(() => void) | null>(null);
  const { groupsById, users } = chat.directory;

  const select = useCallback(
    (target: ChatRef, from: "list" | "drawer" | "link" = "list") => {
      open(target);
      if (from === "drawer") setDrawerOpen(false);
      // On a phone the keyboard should not jump up: focus the heading there, the composer on a desktop.
      focusAfterOpen.current = from === "link" ? null : wide ? "composer" : "heading";
    },
    [open, wide],
  );

  /** A search hit: its conversation opens around it (and focuses it); on a phone the drawer makes way first. */
  const jump = useCallback(
    (target: ChatRef, messageId: number, from: "list" | "drawer") => {
      if (from === "list") return jumpToMessage(target, messageId);
      jumpAfterClose.current = () => jumpToMessage(target, messageId);
      setDrawerOpen(false);
    },
    [jumpToMessage],
  );

  // Focus lands in the newly opened chat once it has rendered. The window shows the whole chat
  // under the header first; focus itself must not scroll (the browser would centre the composer
  // and push the conversation's top out of sight).
  useEffect(() => {
    const target = focusAfterOpen.current;
    if (!target || !chat.conversation.activeKey || drawerOpen) return;
    focusAfterOpen.current = null;
    const root = rootRef.current;
    if (root) {
      const margin = Number.parseFloat(getComputedStyle(root).scrollMarginTop) || 0;
      if (needsReveal(root.getBoundingClientRect(), window.innerHeight, margin))
        root.scrollIntoView({ block: "start" });
    }
    const textarea = textareaRef.current;
    if (target === "composer" && textarea && !textarea.disabled) textarea.focus({ preventScroll: true });
    else headingRef.current?.focus({ preventScroll: true });
  });

  // ?chat=user:alice or ?chat=group:12 (a notification click, a shared link) opens that chat once.
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = parseChatParam(searchParams.get("chat"));
  const groupsLoaded = chat.directory.groups.isSuccess;
  useEffect(() => {
    if (!requested) return;
    if (requested.kind === "group" && !groupsLoaded) return;
    const next = new URLSearchParams(searchParams);
    next.delete("chat");
    setSearchParams(next, { replace: true, preventScrollReset: true });
    if (requested.kind === "group" && !groupsById.has(requested.groupId)) {
      toast({ title: "That group is not available.", tone: "info" });
      return;
    }
    select(requested, "link");
    document.getElementById("internal-chat")?.scrollIntoView({ block: "start" });
  }, [requested, groupsLoaded, groupsById, searchParams, setSearchParams, select, toast]);

  // The workspace's address names the conversation (and maybe a message): open it when it changes,
  // and say so when the person opens another one here.
  const addressedConversation = address?.conversation;
  const addressed = useMemo(
    () => (addressedConversation ? parseConversationKey(addressedConversation) : null),
    [addressedConversation],
  );
  const addressedKey = addressed ? chatKey(addressed) : null;
  const addressedMessage = address?.messageId;
  const opened = useRef<string | null>(null);
  useEffect(() => {
    if (!addressed || !addressedKey) return;
    if (addressed.kind === "group" && !groupsLoaded) return;
    const wanted = `${addressedKey}#${addressedMessage ?? ""}`;
    if (opened.current === wanted) return;
    opened.current = wanted;
    if (addressed.kind === "group" && !groupsById.has(addressed.groupId)) {
      toast({ title: "That group is not available.", tone: "info" });
      return;
    }
    if (addressedMessage !== undefined) jumpToMessage(addressed, addressedMessage);
    else if (chat.conversation.activeKey !== addressedKey) select(addressed, "link");
  }, [
    addressed,
    addressedKey,
    addressedMessage,
    groupsLoaded,
    groupsById,
    chat.conversation.activeKey,
    jumpToMessage,
    select,
    toast,
  ]);
  const activeRef = chat.conversation.chat;
  const onAddressChange = address?.onChange;
  useEffect(() => {
    if (!onAddressChange || !activeRef) return;
    const key = chatKey(activeRef);
    if (key === addressedKey) return;
    opened.current = `${key}#`;
    onAddressChange(conversationKeyOf(activeRef));
  }, [activeRef, addressedKey, onAddressChange]);

  // The service worker asks an open page to show a chat instead of opening another tab.
  useEffect(() => {
    if (!("serviceWorker" in navigator)) return;
    const onMessage = (event: MessageEvent) => {
      const data = event.data as { type?: unknown; chat?: unknown } | null;
      if (data?.type !== "open-chat" || typeof data.chat !== "string") return;
      const target = parseChatParam(data.chat);
      if (!target) return;
      select(target, "link");
      // Tell the worker this page handled it (otherwise it navigates to the chat's address).
      event.ports[0]?.postMessage({ type: "opened" });
    };
    navigator.serviceWorker.addEventListener("message", onMessage);
    return () => navigator.serviceWorker.removeEventListener("message", onMessage);
  }, [select]);

  const enablePush = useCallback(async () => {
    const ok = await push.enable();
    toast(
      ok
        ? { title: "Notifications on", description: "You will be notified of messages while the chat is closed." }
        : {
            title: "Notifications are off",
            description: "They can be allowed in the browser's site settings.",
            tone: "info",
          },
    );
  }, [push, toast]);

  const pushControl = {
    show: push.availability === "default" && !push.subscribed,
    busy: push.busy,
    onEnable: () => void enablePush(),
  };
  const onCreateGroup = chat.role === "admin" ? () => setCreating(true) : undefined;

  const sidebar = (inDrawer: boolean) => (
    <ChatSidebar
      inDrawer={inDrawer}
      onSelect={(target) => select(target, inDrawer ? "drawer" : "list")}
      onCreateGroup={onCreateGroup}
      push={pushControl}
      search={search}
      onSearchChange={setSearch}
      onJump={(target, messageId) => jump(target, messageId, inDrawer ? "drawer" : "list")}
    />
  );

  return (
    <ChatContext value={chat}>
      <div
        ref={rootRef}
        className={cx(
          // Inline-size containment: long names (nowrap + truncate) must not widen the dashboard's grid.
          // scroll-mt: opening a chat scrolls it to just under the sticky header.
          "flex w-full scroll-mt-[4.5rem] overflow-hidden bg-white [contain:inline-size]",
          "h-[calc(100dvh-5rem)] max-h-[780px] min-h-[420px] md:h-[calc(100dvh-9rem)] md:min-h-[460px]",
          className,
        )}
      >
        {list === "aside" && (
          <aside ref={sidebarRef} aria-label="Chats" className="w-72 shrink-0 border-r border-steel-200 lg:w-80">
            {sidebar(false)}
          </aside>
        )}
        <section aria-label="Conversation" className="flex min-w-0 flex-1 flex-col">
          <ConversationPane
            onOpenDrawer={list === "drawer" ? () => setDrawerOpen(true) : undefined}
            showConnection={list === "none"}
            headingRef={headingRef}
            textareaRef={textareaRef}
            onGroupDeleted={() => {
              close();
              (wide ? sidebarRef.current?.querySelector<HTMLElement>("input, button") : null)?.focus();
            }}
          />
        </section>

        {list === "drawer" && (
          <Dialog.Root open={drawerOpen} onOpenChange={setDrawerOpen}>
            <Dialog.Portal>
              <Dialog.Overlay className="fixed inset-0 z-50 bg-steel-950/50 data-[state=open]:animate-[chat-fade-in_150ms_ease-out]" />
              <Dialog.Content
                onEscapeKeyDown={(event) => {
                  // Escape clears a search first; the next one closes the drawer.
                  if (!search.text) return;
                  event.preventDefault();
                  setSearch((current) => ({ ...current, text: "" }));
                }}
                onCloseAutoFocus={(event) => {
                  // Focus goes to the chat that opened, or to the message a search hit jumps to.
                  const pendingJump = jumpAfterClose.current;
                  jumpAfterClose.current = null;
                  if (!focusAfterOpen.current && !pendingJump) return;
                  event.preventDefault();
                  pendingJump?.();
                }}
                className="fixed inset-y-0 left-0 z-50 flex w-[min(22rem,88vw)] flex-col bg-white shadow-2xl focus:outline-none data-[state=open]:animate-[chat-drawer-in_200ms_ease-out]"
              >
                <div className="flex items-center justify-between gap-2 border-b border-steel-200 px-4 py-3">
                  <Dialog.Title className="text-base font-bold text-steel-950">Chats</Dialog.Title>
                  <div className="flex items-center gap-1">
                    <ConnectionBadge />
                    <Dialog.Close
                      aria-label="Close chats"
                      className="rounded-md p-1.5 text-steel-500 hover:bg-steel-100 hover:text-steel-900"
                    >
                      <X aria-hidden="true" size={18} />
                    </Dialog.Close>
                  </div>
                </div>
                <Dialog.Description className="sr-only">
                  Search messages, or choose a person or a group to chat with.
                </Dialog.Description>
                <div className="min-h-0 flex-1">{sidebar(true)}</div>
              </Dialog.Content>
            </Dialog.Portal>
          </Dialog.Root>
        )}

        {onCreateGroup && (
          <CreateGroupDialog
            open={creating}
            onOpenChange={setCreating}
            me={identity.username}
            users={users.data ?? []}
            onCreated={(group) => select({ kind: "group", groupId: group.id })}
          />
        )}

        {/* New messages are read out politely; the list itself is not live (paging would be read too). */}
        <div aria-live="polite" aria-atomic="true" className="sr-only">
          {chat.announcement}
        </div>
      </div>
    </ChatContext>
  );
}
