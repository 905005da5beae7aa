import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from "react";
import { useToast } from "~/components/ui/toast";
import { sessionStore } from "~/features/auth/lib/session-store";
import {
  type ChatGroup,
  type ChatMessage,
  type ChatUser,
  chatDestinations,
  chatMessages,
} from "../../../../shared/chat.ts";
import type { AccountKind } from "../../../../shared/roles.ts";
import { closeAttachmentSession, openAttachmentSession } from "../api/attachment-session.ts";
import { useChatGroups } from "../api/get-groups.ts";
import { getHistoryPage } from "../api/get-history.ts";
import { getUnread } from "../api/get-unread.ts";
import { useChatUsers } from "../api/get-users.ts";
import { chatKeys } from "../api/keys.ts";
import { markChatRead, markMessageRead } from "../api/mark-read.ts";
import { uploadAttachment } from "../api/upload-attachment.ts";
import { type ChatRef, chatKey, sameChat } from "../lib/chat-ref.ts";
import { composeDraft, humanSize } from "../lib/composer.ts";
import { conversationReducer, initialConversation, type PendingMessage } from "../lib/conversation.ts";
import { classifyIncoming, messageSummary } from "../lib/messages.ts";
import { initialUnread, unreadReducer } from "../lib/unread.ts";
import { type Refusal, type StatusUpdate, useChatConnection } from "./use-chat-connection.ts";
import { usePresence } from "./use-presence.ts";

export interface ChatIdentity {
  username: string;
  role: AccountKind;
  token: string;
}

/** How long a confirmed send may wait for its stored copy before the chat is re-read. */
const ECHO_GRACE_MS = 4_000;

const warn = (what: string) => (error: unknown) => console.warn(`chat: ${what}`, error);

/**
 * Everything the chat view shows and does: lists, presence, unread counts, the open conversation
 * with its pages, the live connection, sending with receipts, and the reconnect catch-up.
 */
export function useChat(identity: ChatIdentity) {
  const { username: me, role, token } = identity;
  const queryClient = useQueryClient();
  const toast = useToast();
  const users = useChatUsers();
  const groups = useChatGroups(role);

  const [conversation, dispatch] = useReducer(conversationReducer, initialConversation);
  const [unread, dispatchUnread] = useReducer(unreadReducer, initialUnread);
  const [liveStatuses, setLiveStatuses] = useState<Record<string, string>>({});
  const [announcement, setAnnouncement] = useState("");
  const [attachmentsReady, setAttachmentsReady] = useState(false);
  const presence = usePresence();

  // The latest state, for callbacks that outlive a render (socket handlers, timers, requests).
  const conversationRef = useRef(conversation);
  conversationRef.current = conversation;
  const unreadRef = useRef(unread);
  unreadRef.current = unread;

  const usersByName = useMemo(() => {
    const map = new Map<string, ChatUser>();
    for (const user of users.data ?? []) map.set(user.username.toLowerCase(), user);
    return map;
  }, [users.data]);
  const usersRef = useRef(usersByName);
  usersRef.current = usersByName;
  const groupsById = useMemo(() => new Map((groups.data ?? []).map((group) => [group.id, group])), [groups.data]);
  const groupsRef = useRef(groupsById);
  groupsRef.current = groupsById;

  const displayName = useCallback(
    (username: string) => {
      if (username.toLowerCase() === me.toLowerCase()) return "You";
      const user = usersByName.get(username.toLowerCase());
      return user?.name || user?.username || username;
    },
    [me, usersByName],
  );

  // A fresh list already holds the current presence; live updates apply on top of it.
  useEffect(() => {
    if (users.dataUpdatedAt) setLiveStatuses({});
  }, [users.dataUpdatedAt]);

  const statusOf = useCallback(
    (username: string) =>
      liveStatuses[username.toLowerCase()] ?? usersByName.get(username.toLowerCase())?.status ?? "OFFLINE",
    [liveStatuses, usersByName],
  );

  const announce = useCallback((text: string) => {
    // Clearing first makes a repeated text be read again.
    setAnnouncement("");
    window.setTimeout(() => setAnnouncement(text), 50);
  }, []);

  // ---- attachments cookie ----
  const refreshAttachmentSession = useCallback(() => {
    openAttachmentSession()
      .catch(warn("attachment session failed"))
      .finally(() => setAttachmentsReady(true));
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new token needs a new cookie
  useEffect(() => {
    setAttachmentsReady(false);
    refreshAttachmentSession();
  }, [token, refreshAttachmentSession]);

  // Logging out removes the stored session before the chat unmounts: forget the cookie too.
  useEffect(
    () => () => {
      if (sessionStore.get() === null) void closeAttachmentSession();
    },
    [],
  );

  // ---- unread counts ----
  const loadUnread = useCallback(() => {
    getUnread(me).then(
      ({ items, requestedAt }) =>
        dispatchUnread({ type: "loaded", items, me, open: conversationRef.current.chat, requestedAt }),
      warn("unread counts failed"),
    );
  }, [me]);

  useEffect(() => loadUnread(), [loadUnread]);

  // ---- the open conversation ----
  const open = useCallback(
    (chat: ChatRef) => {
      if (sameChat(chat, conversationRef.current.chat) && conversationRef.current.status !== "error") return;
      dispatch({ type: "open", chat });
      dispatchUnread({ type: "cleared", chat });
      markChatRead(chat, me).catch(warn("mark read failed"));
    },
    [me],
  );

  const close = useCallback(() => dispatch({ type: "close" }), []);

  const { chat: activeChat, generation } = conversation;
  // Page 0 of each newly opened chat.
  useEffect(() => {
    if (!activeChat) return;
    const controller = new AbortController();
    getHistoryPage(activeChat, me, 0, controller.signal).then(
      (page) => dispatch({ type: "pageLoaded", generation, page }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        warn("history failed")(error);
        dispatch({ type: "pageFailed", generation, page: 0 });
      },
    );
    return () => controller.abort();
  }, [activeChat, generation, me]);

  const retryOpen = useCallback(() => {
    const chat = conversationRef.current.chat;
    if (chat) dispatch({ type: "open", chat });
  }, []);

  const loadOlder = useCallback(() => {
    const state = conversationRef.current;
    if (!state.chat || !state.hasMore || state.loadingOlder || state.status !== "ready") return;
    const { chat, generation: current, nextPage } = state;
    dispatch({ type: "olderRequested", generation: current });
    getHistoryPage(chat, me, nextPage).then(
      (page) => dispatch({ type: "pageLoaded", generation: current, page }),
      (error: unknown) => {
        warn("older messages failed")(error);
        dispatch({ type: "pageFailed", generation: current, page: nextPage });
      },
    );
  }, [me]);

  /** Re-reads page 0 of the open chat and merges it (after a reconnect nothing may be missing). */
  const refreshOpenChat = useCallback(() => {
    const { chat, generation: current, status } = conversationRef.current;
    if (!chat || status === "idle") return;
    getHistoryPage(chat, me, 0).then(
      (page) => dispatch({ type: "refreshed", generation: current, content: page.content, me }),
      warn("refresh failed"),
    );
  }, [me]);

  // The open group vanished (deleted, or I was removed): close it, and say so unless I deleted it.
  const deletingGroups = useRef(new Set<number>());
  useEffect(() => {
    if (activeChat?.kind !== "group" || !groups.isSuccess) return;
    if (!groupsById.has(activeChat.groupId)) {
      dispatch({ type: "close" });
      if (!deletingGroups.current.has(activeChat.groupId)) {
        toast({ title: "This group is no longer available.", tone: "info" });
      }
    }
  }, [activeChat, groups.isSuccess, groupsById, toast]);
  /** I am deleting this group: its disappearance needs no explanation. */
  const expectGroupGone = useCallback((id: number) => deletingGroups.current.add(id), []);

  // ---- live events ----
  const handleMessage = useCallback(
    (message: ChatMessage) => {
      const state = conversationRef.current;
      const incoming = classifyIncoming(message, me, state.chat);
      const shown = state.messages.some((item) => item.id === message.id);
      const counted = unreadRef.current.seen.includes(message.id);
      dispatch({ type: "received", message, me });
      dispatchUnread({ type: "received", message, me, open: state.chat, at: Date.now() });
      if (incoming.own) return;
      if (incoming.inOpenChat && !shown) {
        markMessageRead(message.id, me).catch(warn("mark message read failed"));
        announce(`${displayName(message.sender)}: ${messageSummary(message)}`);
      } else if (!incoming.inOpenChat && !counted) {
        const group = message.groupId === null ? undefined : groupsRef.current.get(message.groupId);
        announce(
          group
            ? `New message in ${group.name} from ${displayName(message.sender)}`
            : `New message from ${displayName(message.sender)}`,
        );
      }
    },
    [me, announce, displayName],
  );

  const handleStatus = useCallback((update: StatusUpdate) => {
    setLiveStatuses((previous) => ({ ...previous, [update.username.toLowerCase()]: update.status }));
  }, []);

  const handleRefusal = useCallback(
    (refusal: Refusal) => {
      toast({ title: "Not sent", description: refusal.message, tone: "error" });
      if (refusal.destination === chatDestinations.sendPrivate || refusal.destination === chatDestinations.sendGroup) {
        dispatch({
          type: "pendingFailed",
          destination: refusal.destination,
          clientId: refusal.receipt,
          error: refusal.message,
        });
        // A group's rules may have changed since the list was read: read them again.
        if (refusal.destination === chatDestinations.sendGroup) {
          void queryClient.invalidateQueries({ queryKey: chatKeys.groupLists });
        }
      } else if (refusal.destination?.startsWith("/topic/group/")) {
        // Removed from a group, or it was deleted: the list will tell.
        void queryClient.invalidateQueries({ queryKey: chatKeys.groupLists });
      }
    },
    [toast, queryClient],
  );

  const handleConnected = useCallback(
    ({ reconnect }: { reconnect: boolean }) => {
      loadUnread();
      if (!reconnect) return;
      // Catch up on what happened while the connection was down.
      refreshOpenChat();
      refreshAttachmentSession();
      void queryClient.invalidateQueries({ queryKey: chatKeys.users });
      void queryClient.invalidateQueries({ queryKey: chatKeys.groupLists });
    },
    [loadUnread, refreshOpenChat, refreshAttachmentSession, queryClient],
  );

  const handleRejected = useCallback(() => {
    // Usually an expired or revoked token: an API call answers 401 and logs out.
    void queryClient.invalidateQueries({ queryKey: chatKeys.users });
  }, [queryClient]);

  const groupIds = useMemo(() => (groups.data ?? []).map((group) => group.id), [groups.data]);
  const connection = useChatConnection({
    token,
    username: me,
    groupIds,
    presence,
    onMessage: handleMessage,
    onStatus: handleStatus,
    onRefusal: handleRefusal,
    onConnected: handleConnected,
    onDisconnected: () => dispatch({ type: "connectionLost" }),
    onRejected: handleRejected,
  });
  const { send } = connection;

  // ---- sending ----
  const publish = useCallback(
    (item: Omit<PendingMessage, "clientId" | "state" | "createdAt">): boolean => {
      const { chat } = item;
      const attachment = { fileUrl: item.fileUrl, fileType: item.fileType, fileName: item.fileName };
      const result =
        chat.kind === "user"
          ? send(chatDestinations.sendPrivate, { recipient: chat.username, content: item.content, ...attachment })
          : send(chatDestinations.sendGroup, { groupId: chat.groupId, content: item.content, ...attachment });
      if (!result) {
        // SPEC §8: sending while disconnected is only logged; the composer keeps the text.
        console.warn("chat: not connected, nothing was sent");
        return false;
      }
      dispatch({
        type: "pendingAdded",
        pending: { ...item, clientId: result.receipt, state: "sending", createdAt: new Date().toISOString() },
      });
      void result.confirmed.then(() => {
        dispatch({ type: "pendingSent", clientId: result.receipt });
        window.setTimeout(() => {
          const still = conversationRef.current.pending.some(
            (pending) => pending.clientId === result.receipt && pending.state === "sent",
          );
          if (still && sameChat(conversationRef.current.chat, chat)) refreshOpenChat();
        }, ECHO_GRACE_MS);
      });
      return true;
    },
    [send, refreshOpenChat],
  );

  /**
   * Sends the composer's text and file to the open chat: upload first (with progress), then publish.
   * Returns true when the composer may clear.
   */
  const sendMessage = useCallback(
    async (text: string, file: File | null, onProgress: (percent: number) => void): Promise<boolean> => {
      const chat = conversationRef.current.chat;
      if (!chat) {
        console.warn("chat: no conversation selected, nothing was sent");
        return false;
      }
      const draft = composeDraft(text, file);
      if (!draft.ok) {
        if (draft.reason === "too-large" && file) window.alert(chatMessages.tooLarge(humanSize(file.size)));
        return false;
      }
      let attachment = {
        fileUrl: null as string | null,
        fileType: null as string | null,
        fileName: null as string | null,
      };
      if (draft.file) {
        try {
          attachment = await uploadAttachment(draft.file, { onProgress });
        } catch (error) {
          warn("upload failed")(error);
          window.alert(chatMessages.uploadFailed);
          return false;
        }
      }
      return publish({ chat, content: draft.content, ...attachment });
    },
    [publish],
  );

  const retryPending = useCallback(
    (clientId: string) => {
      const item = conversationRef.current.pending.find((pending) => pending.clientId === clientId);
      if (!item) return;
      if (publish(item)) dispatch({ type: "pendingRemoved", clientId });
    },
    [publish],
  );

  const discardPending = useCallback((clientId: string) => dispatch({ type: "pendingRemoved", clientId }), []);

  const activeGroup: ChatGroup | undefined =
    activeChat?.kind === "group" ? groupsById.get(activeChat.groupId) : undefined;
  const activeKey = activeChat ? chatKey(activeChat) : null;

  return {
    me,
    role,
    users,
    groups,
    usersByName,
    groupsById,
    conversation,
    activeChat,
    activeKey,
    activeGroup,
    pending: conversation.pending.filter((item) => sameChat(item.chat, activeChat)),
    unread,
    statusOf,
    displayName,
    announcement,
    attachmentsReady,
    connection: connection.state,
    retryConnection: connection.retryNow,
    open,
    close,
    retryOpen,
    expectGroupGone,
    loadOlder,
    sendMessage,
    retryPending,
    discardPending,
  };
}

export type ChatController = ReturnType<typeof useChat>;
