import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useToast } from "~/components/ui/toast";
import { sessionStore } from "~/lib/session-store";
import { type ChatEvent, type ChatMessage, type ChatUser, chatDestinations } from "../../../../shared/chat.ts";
import type { ChatGroup } from "../../../../shared/chat-groups.ts";
import type { Refusal } from "../../../../shared/realtime.ts";
import type { AccountKind } from "../../../../shared/roles.ts";
import { useChatGroups } from "../api/get-groups.ts";
import { useChatUsers } from "../api/get-users.ts";
import { chatKeys } from "../api/keys.ts";
import { Announcements } from "../lib/announcements.ts";
import { type ChatRef, chatKey } from "../lib/chat-ref.ts";
import { chatOfConversation } from "../lib/conversation-key.ts";
import { classifyIncoming, messageSummary } from "../lib/messages.ts";
import { marksIn } from "../lib/receipts.ts";
import { useAttachmentSession } from "./use-attachment-session.ts";
import { useChatConnection } from "./use-chat-connection.ts";
import { useConversation } from "./use-conversation.ts";
import { useLiveStatuses } from "./use-live-statuses.ts";
import { useMessageActions } from "./use-message-actions.ts";
import { forgetOutbox, useOutbox } from "./use-outbox.ts";
import { usePresence } from "./use-presence.ts";
import { useReadMarks } from "./use-read-marks.ts";
import { useReceipts } from "./use-receipts.ts";
import { useSendMessage } from "./use-send-message.ts";
import { useTyping } from "./use-typing.ts";
import { useUnread } from "./use-unread.ts";

export interface ChatIdentity {
  username: string;
  role: AccountKind;
  token: string;
}

const sameName = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
const isSend = (destination: string | null | undefined) =>
  destination === chatDestinations.sendPrivate || destination === chatDestinations.sendGroup;

const ANNOUNCED_LIMIT = 500;

/**
 * The live region's text (lib/announcements: a repeated text is read again, none replaces another unread). `announceOnce`
 * speaks of a message at most once, however it arrives (live, again after a resend, or first
 * through a catch-up that showed it before its live frame came).
 */
function useAnnouncer() {
  const [announcement, setAnnouncement] = useState("");
  const [region] = useState(() => new Announcements(setAnnouncement));
  useEffect(() => () => region.dispose(), [region]);
  const announced = useRef(new Set<number>());
  const announce = useCallback((text: string) => region.say(text), [region]);
  /** Marks these messages as spoken of; those not spoken of before. */
  const unspoken = useCallback(<T extends { id: number }>(messages: readonly T[]) => {
    const seen = announced.current;
    const fresh = messages.filter((message) => !seen.has(message.id));
    for (const message of fresh) seen.add(message.id);
    while (seen.size > ANNOUNCED_LIMIT) seen.delete(seen.values().next().value as number);
    return fresh;
  }, []);
  const announceOnce = useCallback(
    (messageId: number, text: string) => {
      if (unspoken([{ id: messageId }]).length > 0) announce(text);
    },
    [announce, unspoken],
  );
  /** Messages that came at once (a catch-up after a reconnect): the last read out, with how many came. */
  const announceMany = useCallback(
    (messages: readonly { id: number; text: string }[]) => {
      const fresh = unspoken(messages);
      const last = fresh.at(-1);
      if (last) announce(fresh.length === 1 ? last.text : `${fresh.length} new messages. ${last.text}`);
    },
    [announce, unspoken],
  );
  return { announcement, announce, announceOnce, announceMany };
}

/**
 * The chat's wiring: the focused hooks (connection, conversation with catch-up, outbox, unread,
 * presence) joined by the live events, grouped by what each part of the view needs.
 */
export function useChat(identity: ChatIdentity) {
  const { username: me, role, token } = identity;
  const queryClient = useQueryClient();
  const toast = useToast();
  const users = useChatUsers();
  const groups = useChatGroups(role);
  const presence = usePresence();
  const attachments = useAttachmentSession(token);
  const { announcement, announce, announceOnce, announceMany } = useAnnouncer();

  const usersByName = useMemo(() => {
    const map = new Map<string, ChatUser>();
    for (const user of users.data ?? []) map.set(user.username.toLowerCase(), user);
    return map;
  }, [users.data]);
  const groupsById = useMemo(() => new Map((groups.data ?? []).map((group) => [group.id, group])), [groups.data]);
  const statuses = useLiveStatuses(usersByName, users.dataUpdatedAt);

  const displayName = useCallback(
    (username: string) => {
      if (username.toLowerCase() === me.toLowerCase()) return "You";
      const user = usersByName.get(username.toLowerCase());
      return user?.name || user?.username || username;
    },
    [me, usersByName],
  );

  const groupIds = useMemo(() => (groups.data ?? []).map((group) => group.id), [groups.data]);
  // The handlers below run on socket events, after this render: the hooks they use exist by then.
  const connection = useChatConnection({
    token,
    username: me,
    groupIds,
    presence,
    onMessage: handleMessage,
    onEvent: handleEvent,
    onStatus: (update) => statuses.update(update),
    onRefusal: handleRefusal,
    onConnected: handleConnected,
    onDisconnected: handleDisconnected,
    // Usually an expired or revoked token: an API call answers 401 and logs out.
    onRejected: () => void queryClient.invalidateQueries({ queryKey: chatKeys.users }),
  });

  const outbox = useOutbox({ me, send: connection.send });
  // Others' messages a catch-up brings into the open chat (sent while the connection was away, so
  // no live frame will come for them) are read out as the live ones are.
  const announceCaughtUp = useCallback(
    (messages: readonly ChatMessage[]) =>
      announceMany(
        messages
          .filter((message) => message.sender.toLowerCase() !== me.toLowerCase())
          .map((message) => ({ id: message.id, text: `${displayName(message.sender)}: ${messageSummary(message)}` })),
      ),
    [announceMany, displayName, me],
  );
  const conversation = useConversation({
    me,
    liveConnection: connection.liveConnection,
    onLoaded: outbox.stored,
    onCaughtUp: announceCaughtUp,
  });
  const unread = useUnread(me, conversation.openChat);
  const receipts = useReceipts();
  const typing = useTyping(connection.publish);

  useEffect(() => unread.load(), [unread.load]);
  useEffect(
    () => () => {
      if (sessionStore.get() === null) forgetOutbox(me);
    },
    [me],
  );

  // What is shown of the open chat is read (DESIGN §10: a throttled watermark, never one call per message).
  const readMarks = useReadMarks({
    me,
    publish: connection.publish,
    chat: conversation.state.status === "ready" ? conversation.state.chat : null,
    messages: conversation.state.messages,
  });

  const open = useCallback(
    (chat: ChatRef) => {
      if (!conversation.open(chat)) return;
      unread.clear(chat);
    },
    [conversation.open, unread.clear],
  );

  // The open group vanished (deleted, or I was removed): close it, and say so unless I deleted it.
  const deletingGroups = useRef(new Set<number>());
  const activeChat = conversation.state.chat;
  const closeConversation = conversation.close;
  useEffect(() => {
    if (activeChat?.kind !== "group" || !groups.isSuccess || groupsById.has(activeChat.groupId)) return;
    closeConversation();
    if (!deletingGroups.current.has(activeChat.groupId)) {
      toast({ title: "This group is no longer available.", tone: "info" });
    }
  }, [activeChat, groups.isSuccess, groupsById, toast, closeConversation]);
  /** I am deleting this group: its disappearance needs no explanation. */
  const expectGroupGone = useCallback((id: number) => deletingGroups.current.add(id), []);

  /**
   * Shows one message (a search hit, a reply's original): opens its chat loaded around it if need be,
   * then scrolls it into view, highlights it briefly and focuses it.
   */
  const jumpToMessage = useCallback(
    (chat: ChatRef, messageId: number) => {
      if (!conversation.jump(chat, messageId)) return;
      unread.clear(chat);
    },
    [conversation.jump, unread.clear],
  );

  // Read receipts of each chat as it opens (a jump opens it again: read them again too).
  const loadReceipts = receipts.load;
  const openedGeneration = conversation.state.generation;
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per open (the generation), not per render of the same chat
  useEffect(() => {
    if (activeChat) loadReceipts(activeChat);
  }, [openedGeneration, loadReceipts]);

  // ---- live events (the connection always calls the latest of these) ----
  function handleMessage(message: ChatMessage) {
    const incoming = classifyIncoming(message, me, conversation.openChat());
    outbox.stored([message]);
    conversation.receive(message);
    const counted = unread.receive(message);
    if (incoming.own) return;
    // Their message is what they were typing.
    if (incoming.chat) typing.stopped(incoming.chat, message.sender);
    if (incoming.inOpenChat) {
      // Read by useReadMarks once on screen; a hidden tab leaves it unread (no false "Seen") until it
      // shows again. Spoken even when a catch-up showed it before this frame came.
      announceOnce(message.id, `${displayName(message.sender)}: ${messageSummary(message)}`);
    } else if (!counted) {
      const group = message.groupId === null ? undefined : groupsById.get(message.groupId);
      announce(
        group
          ? `New message in ${group.name} from ${displayName(message.sender)}`
          : `New message from ${displayName(message.sender)}`,
      );
    }
  }

  function handleEvent(event: ChatEvent) {
    switch (event.type) {
      case "MESSAGE_UPDATED":
      case "MESSAGE_DELETED":
        conversation.update(event.message);
        return;
      case "REACTIONS_UPDATED":
        conversation.setReactions(event.messageId, event.reactions);
        return;
      case "READ": {
        const chat = chatOfConversation(event.conversation);
        if (!chat || sameName(event.reader, me)) return;
        receipts.read(chat, { username: event.reader, upToSeq: event.upToSeq, at: event.at });
        return;
      }
      case "TYPING": {
        const chat = chatOfConversation(event.conversation);
        if (!chat || sameName(event.from, me)) return;
        if (event.stopped) typing.stopped(chat, event.from);
        else typing.received(chat, event.from);
        return;
      }
    }
  }

  function handleRefusal(refusal: Refusal) {
    const outcome = outbox.refused(refusal);
    // A send that names no message of mine (an older server) is still news; a repeated send of a
    // stored message, or one to be tried again, is not.
    const anonymous = refusal.clientId === undefined && refusal.receipt === undefined;
    if (outcome === "failed" || (outcome === "unknown" && anonymous && isSend(refusal.destination))) {
      toast({ title: "Not sent", description: refusal.message, tone: "error" });
    }
    if (refusal.destination === chatDestinations.sendGroup || refusal.destination?.startsWith("/topic/group/")) {
      // A group's rules or membership changed since the list was read (or it was deleted): read it again.
      void queryClient.invalidateQueries({ queryKey: chatKeys.groupLists });
    }
  }

  function handleConnected({ reconnect }: { reconnect: boolean }) {
    unread.load();
    outbox.flush();
    readMarks.flush();
    conversation.connected();
    // READ events sent while away are lost: read the marks of the open chat again.
    const open = conversation.openChat();
    if (reconnect && open) receipts.load(open);
    if (!reconnect) return;
    attachments.refresh();
    void queryClient.invalidateQueries({ queryKey: chatKeys.users });
    void queryClient.invalidateQueries({ queryKey: chatKeys.groupLists });
  }

  function handleDisconnected() {
    outbox.connectionLost();
    conversation.connectionLost();
  }

  const sendMessage = useSendMessage({ openChat: conversation.openChat, queue: outbox.queue, onSent: typing.sent });

  const messageActions = useMessageActions({
    me,
    update: conversation.update,
    setReactions: conversation.setReactions,
    announce,
  });

  /** I am typing in the open chat (not editing): the others are told, now and then. */
  const sendTyping = typing.typing;
  const typingNow = useCallback(() => {
    const chat = conversation.openChat();
    if (chat) sendTyping(chat);
  }, [conversation.openChat, sendTyping]);
  /** I emptied the open chat's draft unsent. */
  const stopTyping = typing.stop;
  const typingStopped = useCallback(() => {
    const chat = conversation.openChat();
    if (chat) stopTyping(chat);
  }, [conversation.openChat, stopTyping]);
  // Left a chat while writing in it: the others stop seeing me type (if they still may).
  useEffect(() => {
    if (!activeChat) return;
    return () => stopTyping(activeChat);
  }, [activeChat, stopTyping]);

  const openMarks = useMemo(() => marksIn(receipts.state, activeChat), [receipts.state, activeChat]);

  const activeGroup: ChatGroup | undefined =
    activeChat?.kind === "group" ? groupsById.get(activeChat.groupId) : undefined;

  return {
    me,
    role,
    /** Who and what one can chat with. */
    directory: { users, groups, usersByName, groupsById, displayName, statusOf: statuses.statusOf },
    connection: { state: connection.state, retry: connection.retryNow },
    conversation: {
      ...conversation.state,
      activeKey: activeChat ? chatKey(activeChat) : null,
      activeGroup,
      open,
      /** Opens a chat on one message (search hits, reply quotes): see jumpToMessage above. */
      jumpToMessage,
      close: conversation.close,
      retryOpen: conversation.retryOpen,
      loadOlder: conversation.loadOlder,
      expectGroupGone,
    },
    /** My messages on their way: the composer's send, and the open chat's unconfirmed ones. */
    outbox: {
      pending: outbox.pendingFor(activeChat),
      send: sendMessage,
      retry: outbox.retry,
      discard: outbox.discard,
    },
    /** What can be done to one message: edit, delete, react. */
    messageActions,
    /** The open chat's read receipts: the other people's marks. */
    receipts: openMarks,
    /** Who is typing in the open chat (usernames), and mine to report. */
    typing: { people: typing.typingIn(activeChat), typing: typingNow, stop: typingStopped },
    unread: unread.state,
    announcement,
    attachmentsReady: attachments.ready,
  };
}

export type ChatController = ReturnType<typeof useChat>;
