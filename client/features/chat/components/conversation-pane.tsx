import { Lock, MessagesSquare, PanelLeftOpen } from "lucide-react";
import { type RefObject, useCallback, useMemo, useRef, useState } from "react";
import { type ChatMessage, chatMessages } from "../../../../shared/chat.ts";
import { canManageGroup } from "../../../../shared/chat-groups.ts";
import { useChatContext } from "../hooks/chat-context.ts";
import { badgeText } from "../lib/badge.ts";
import { type ComposerMode, canSendInChat, groupRuleSummary, type MentionCandidate } from "../lib/composer.ts";
import type { MessageActions } from "../lib/messages.ts";
import { lastEditable } from "../lib/messages.ts";
import { totalUnread } from "../lib/unread.ts";
import { GroupAvatar, PresenceText, UserAvatar } from "./avatar.tsx";
import { Composer } from "./composer.tsx";
import { ConnectionBadge } from "./connection-badge.tsx";
import { DeleteMessageDialog } from "./delete-message-dialog.tsx";
import { GroupSettings } from "./group-settings.tsx";
import { MessageList } from "./message-list.tsx";
import { TypingIndicator } from "./typing-indicator.tsx";

const noNames: readonly string[] = [];

export interface ConversationPaneProps {
  /** Phones: the chats list is a drawer, opened from here. */
  onOpenDrawer?: () => void;
  headingRef: RefObject<HTMLHeadingElement | null>;
  textareaRef: RefObject<HTMLTextAreaElement | null>;
  onGroupDeleted: () => void;
  /** Show the connection's state in the header (no list beside it shows it: a project's Chat tab). */
  showConnection?: boolean;
}

/** The right side: the open chat's header, its messages and the composer, or the welcome state. */
export function ConversationPane({
  onOpenDrawer,
  headingRef,
  textareaRef,
  onGroupDeleted,
  showConnection = false,
}: ConversationPaneProps) {
  // Unsent text per chat survives switching to another chat and back.
  const drafts = useRef(new Map<string, string>());
  const chat = useChatContext();
  const { me, role, directory, conversation, outbox, connection, unread, attachmentsReady, messageActions } = chat;
  const { chat: activeChat, activeGroup, activeKey, messages, jumpToMessage } = conversation;
  const { displayName, statusOf, usersByName } = directory;
  const connected = connection.state.status === "connected";
  const drawerButton = onOpenDrawer ? <DrawerButton onClick={onOpenDrawer} unread={totalUnread(unread)} /> : null;

  // Replying to or editing a message, in this chat only; the message as the list has it now (an edit
  // or a deletion that arrives meanwhile shows in the banner).
  const [modeState, setModeState] = useState<{ key: string | null; mode: ComposerMode } | null>(null);
  const modeMessage = modeState?.key === activeKey ? modeState.mode?.message : undefined;
  const current = modeMessage && messages.find((message) => message.id === modeMessage.id);
  const mode: ComposerMode =
    modeState?.key === activeKey && modeState.mode && current ? { ...modeState.mode, message: current } : null;
  const setMode = useCallback(
    (next: ComposerMode) => setModeState(next ? { key: activeKey, mode: next } : null),
    [activeKey],
  );
  const [deleting, setDeleting] = useState<ChatMessage | null>(null);

  const members = activeGroup?.members ?? noNames;
  const actions = useMemo<MessageActions>(() => {
    const intoComposer = (next: ComposerMode) => {
      setMode(next);
      textareaRef.current?.focus({ preventScroll: true });
    };
    return {
      me,
      role,
      canReply: activeChat ? canSendInChat({ username: me, role }, activeChat, activeGroup) : false,
      displayName,
      mentionable: members,
      onReply: (message) => intoComposer({ kind: "reply", message }),
      onEdit: (message) => intoComposer({ kind: "edit", message }),
      onDelete: setDeleting,
      onReact: (message, emoji) => void messageActions.react(message, emoji),
      onJumpTo: (messageId) => {
        if (activeChat) jumpToMessage(activeChat, messageId);
      },
    };
  }, [me, role, activeChat, activeGroup, displayName, members, messageActions, jumpToMessage, setMode, textareaRef]);

  const mentionable = useMemo<MentionCandidate[]>(
    () => members.map((username) => ({ username, name: usersByName.get(username.toLowerCase())?.name || username })),
    [members, usersByName],
  );

  if (!activeChat) {
    return (
      <div className="flex h-full min-h-0 flex-col">
        {onOpenDrawer && (
          <div className="flex h-16 shrink-0 items-center justify-between gap-2 border-b border-steel-200 bg-white px-3">
            <div className="flex items-center gap-1.5">
              {drawerButton}
              <span className="text-base font-bold text-steel-950">Chats</span>
            </div>
            <ConnectionBadge />
          </div>
        )}
        <div className="flex flex-1 flex-col items-center justify-center bg-[radial-gradient(circle_at_1px_1px,var(--color-steel-200)_1px,transparent_0)] bg-[length:22px_22px] px-6 text-center">
          <span className="flex h-16 w-16 items-center justify-center rounded-2xl bg-steel-900 text-accent-400 shadow-lg">
            <MessagesSquare aria-hidden="true" size={30} />
          </span>
          <h3 className="mt-5 text-xl font-bold text-steel-950">{chatMessages.welcomeTitle}</h3>
          <p className="mt-1.5 max-w-xs text-sm text-steel-600">{chatMessages.welcomeBody}</p>
          {onOpenDrawer && (
            <button
              type="button"
              onClick={onOpenDrawer}
              className="mt-5 inline-flex h-10 items-center gap-2 rounded-lg bg-steel-900 px-4 text-sm font-semibold text-white shadow-sm hover:bg-steel-700"
            >
              <PanelLeftOpen aria-hidden="true" size={16} />
              Browse chats
            </button>
          )}
        </div>
      </div>
    );
  }

  const user = { username: me, role };
  const isGroup = activeChat.kind === "group";
  const title = isGroup ? (activeGroup?.name ?? "Group") : displayName(activeChat.username);
  const allowed = canSendInChat(user, activeChat, activeGroup);
  const rule = activeGroup ? groupRuleSummary(activeGroup) : null;
  const status = activeChat.kind === "user" ? statusOf(activeChat.username) : undefined;

  return (
    <div className="flex h-full min-h-0 flex-col">
      <div className="flex h-16 shrink-0 items-center gap-3 border-b border-steel-200 bg-white px-3 sm:px-4">
        {drawerButton}
        {activeChat.kind === "user" ? (
          <UserAvatar name={title} seed={activeChat.username} status={status} />
        ) : (
          <GroupAvatar name={title} />
        )}
        <div className="min-w-0 flex-1">
          <h3 ref={headingRef} tabIndex={-1} className="truncate text-base font-bold text-steel-950 focus:outline-none">
            {title}
          </h3>
          <p className="flex min-w-0 items-center gap-1.5 truncate text-xs text-steel-600">
            {activeChat.kind === "user" ? (
              <>
                <PresenceText status={status ?? "OFFLINE"} />
                <span aria-hidden="true">·</span>
                <span className="truncate">@{activeChat.username}</span>
              </>
            ) : activeGroup ? (
              <>
                <span>
                  {activeGroup.members.length} {activeGroup.members.length === 1 ? "member" : "members"}
                </span>
                {rule && (
                  <>
                    <span aria-hidden="true">·</span>
                    <span className="inline-flex items-center gap-1 truncate">
                      <Lock aria-hidden="true" size={11} />
                      {rule}
                    </span>
                  </>
                )}
              </>
            ) : (
              "Loading…"
            )}
          </p>
        </div>
        {(onOpenDrawer || showConnection) && <ConnectionBadge compact />}
        {activeGroup && canManageGroup(user, activeGroup) && (
          <GroupSettings
            group={activeGroup}
            me={me}
            users={directory.users.data ?? []}
            onDeleting={conversation.expectGroupGone}
            onDeleted={onGroupDeleted}
          />
        )}
      </div>

      <MessageList
        chatKey={activeKey ?? ""}
        label={`Messages with ${title}`}
        messages={conversation.messages}
        pending={outbox.pending}
        me={me}
        isGroup={isGroup}
        displayName={displayName}
        attachmentsReady={attachmentsReady}
        status={conversation.status}
        hasMore={conversation.hasMore}
        loadingOlder={conversation.loadingOlder}
        olderFailed={conversation.olderFailed}
        onLoadOlder={conversation.loadOlder}
        onRetryOpen={conversation.retryOpen}
        onRetryPending={outbox.retry}
        onDiscardPending={outbox.discard}
        canRetryPending={allowed && connected}
        actions={actions}
        readMarks={chat.receipts}
        focus={conversation.focus}
        intro={
          <ConversationStart
            title={title}
            isGroup={isGroup}
            seed={activeChat.kind === "user" ? activeChat.username : title}
          />
        }
      />

      <TypingIndicator names={chat.typing.people.map(displayName)} />

      <Composer
        key={activeKey}
        target={isGroup ? title : displayName(activeChat.kind === "user" ? activeChat.username : "")}
        allowed={allowed}
        connected={connected}
        onSend={outbox.send}
        textareaRef={textareaRef}
        draft={drafts.current.get(activeKey ?? "")}
        onDraftChange={(text) => {
          const key = activeKey ?? "";
          if (text) drafts.current.set(key, text);
          else drafts.current.delete(key);
        }}
        me={me}
        displayName={displayName}
        mode={mode}
        onModeChange={setMode}
        onSaveEdit={messageActions.edit}
        lastEditable={() => lastEditable(messages, me)}
        mentionable={isGroup ? mentionable : undefined}
        onTyping={chat.typing.typing}
        onStopTyping={chat.typing.stop}
      />

      <DeleteMessageDialog
        message={deleting}
        own={deleting?.sender.toLowerCase() === me.toLowerCase()}
        onConfirm={messageActions.remove}
        onClose={() => setDeleting(null)}
      />
    </div>
  );
}

function ConversationStart({ title, isGroup, seed }: { title: string; isGroup: boolean; seed: string }) {
  return (
    <div className="flex flex-col items-center gap-2 py-4 text-center">
      {isGroup ? <GroupAvatar name={title} size="lg" /> : <UserAvatar name={title} seed={seed} size="lg" />}
      <p className="text-sm font-semibold text-steel-800">{title}</p>
      <p className="text-xs text-steel-500">
        {isGroup ? `This is the beginning of ${title}.` : `This is the beginning of your conversation with ${title}.`}
      </p>
    </div>
  );
}

function DrawerButton({ onClick, unread }: { onClick: () => void; unread: number }) {
  const text = badgeText(unread);
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={text ? `Chats, ${text} unread` : "Chats"}
      title="Chats"
      className="relative -ml-1 flex h-10 w-10 shrink-0 items-center justify-center rounded-lg text-steel-700 hover:bg-steel-100 hover:text-steel-950"
    >
      <PanelLeftOpen aria-hidden="true" size={20} />
      {text && (
        <span
          aria-hidden="true"
          className="absolute -top-0.5 -right-0.5 inline-flex h-[18px] min-w-[18px] items-center justify-center rounded-full bg-accent-600 px-1 text-[10px] font-bold text-white ring-2 ring-white"
        >
          {text}
        </span>
      )}
    </button>
  );
}
