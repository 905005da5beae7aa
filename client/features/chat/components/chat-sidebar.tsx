import { AtSign, BellRing, ListFilter, Plus, UsersRound } from "lucide-react";
import { type ReactNode, useId, useMemo, useState } from "react";
import { cx } from "~/components/ui/cx";
import type { ChatUser } from "../../../../shared/chat.ts";
import type { ChatGroup } from "../../../../shared/chat-groups.ts";
import { useChatContext } from "../hooks/chat-context.ts";
import { badgeText, mentionLabel, unreadLabel } from "../lib/badge.ts";
import { type ChatRef, chatKey } from "../lib/chat-ref.ts";
import { compareByPresence, statusLook } from "../lib/presence.ts";
import { hasUnreadMention, unreadCount } from "../lib/unread.ts";
import { GroupAvatar, UserAvatar } from "./avatar.tsx";
import { ChatSearch, type MessageSearch } from "./chat-search.tsx";
import { ConnectionBadge } from "./connection-badge.tsx";

export interface ChatSidebarProps {
  onSelect: (chat: ChatRef) => void;
  onCreateGroup?: () => void;
  push: { show: boolean; busy: boolean; onEnable: () => void };
  /** In the phone drawer the header is the drawer's own. */
  inDrawer?: boolean;
  /** The message search on top (kept by the chat view: it outlives the drawer). */
  search: MessageSearch;
  onSearchChange: (next: MessageSearch) => void;
  /** A search hit was chosen: open its conversation around it. */
  onJump: (chat: ChatRef, messageId: number) => void;
}

/**
 * The chats: people with presence and unread badges, then groups, under a filter; above them the
 * message search, whose hits take the list's place while it holds a query.
 */
export function ChatSidebar({
  onSelect,
  onCreateGroup,
  push,
  inDrawer = false,
  search,
  onSearchChange,
  onJump,
}: ChatSidebarProps) {
  const { directory, unread, conversation, role } = useChatContext();
  const { activeKey } = conversation;
  const [query, setQuery] = useState("");
  const searchId = useId();
  const needle = query.trim().toLowerCase();

  const people = useMemo(() => {
    const list = (directory.users.data ?? []).map((user) => ({ ...user, status: directory.statusOf(user.username) }));
    return list
      .filter(
        (user) => !needle || user.name.toLowerCase().includes(needle) || user.username.toLowerCase().includes(needle),
      )
      .sort(compareByPresence);
  }, [directory.users.data, directory.statusOf, needle]);

  const groups = useMemo(
    () =>
      (directory.groups.data ?? [])
        .filter((group) => !needle || group.name.toLowerCase().includes(needle))
        .sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: "base" })),
    [directory.groups.data, needle],
  );

  return (
    <div className="flex h-full min-h-0 flex-col bg-steel-50/70">
      {!inDrawer && (
        <div className="flex h-16 shrink-0 items-center justify-between gap-2 border-b border-steel-200 px-4">
          <h3 className="text-base font-bold text-steel-950">Chats</h3>
          <ConnectionBadge />
        </div>
      )}
      <ChatSearch search={search} onSearchChange={onSearchChange} onJump={onJump} headingLevel={inDrawer ? 3 : 4}>
        <div className="px-3 pt-2">
          <label htmlFor={searchId} className="sr-only">
            Search people and groups
          </label>
          <div className="relative">
            <ListFilter
              aria-hidden="true"
              size={16}
              className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-steel-400"
            />
            <input
              id={searchId}
              type="search"
              value={query}
              onChange={(event) => setQuery(event.target.value)}
              placeholder="Search people and groups"
              autoComplete="off"
              className="h-9 w-full rounded-lg border border-steel-200 bg-white pr-3 pl-9 text-base text-steel-900 placeholder:text-steel-400 focus:border-steel-500 sm:text-sm"
            />
          </div>
        </div>

        <div className="min-h-0 flex-1 overflow-y-auto px-2 pt-2 pb-3">
          <ListSection
            title="People"
            headingLevel={inDrawer ? 3 : 4}
            count={directory.users.data ? people.length : undefined}
            loading={directory.users.isPending}
            failed={directory.users.isError}
            empty={needle ? "Nobody matches." : "No colleagues yet."}
          >
            {people.map((user) => (
              <PersonItem
                key={user.username}
                user={user}
                active={activeKey === chatKey({ kind: "user", username: user.username })}
                unread={unreadCount(unread, { kind: "user", username: user.username })}
                onSelect={onSelect}
              />
            ))}
          </ListSection>

          <ListSection
            title="Groups"
            headingLevel={inDrawer ? 3 : 4}
            count={directory.groups.data ? groups.length : undefined}
            loading={directory.groups.isPending}
            failed={directory.groups.isError}
            empty={
              needle
                ? "No group matches."
                : role === "admin"
                  ? "No groups yet. Create one."
                  : "You are not in any group yet."
            }
            action={
              onCreateGroup && (
                <button
                  type="button"
                  data-create-group=""
                  onClick={onCreateGroup}
                  className="inline-flex h-7 items-center gap-1 rounded-md px-2 text-xs font-semibold text-accent-700 hover:bg-accent-50 hover:text-accent-700"
                >
                  <Plus aria-hidden="true" size={14} />
                  New group
                </button>
              )
            }
          >
            {groups.map((group) => (
              <GroupItem
                key={group.id}
                group={group}
                active={activeKey === chatKey({ kind: "group", groupId: group.id })}
                unread={unreadCount(unread, { kind: "group", groupId: group.id })}
                mentioned={hasUnreadMention(unread, { kind: "group", groupId: group.id })}
                onSelect={onSelect}
              />
            ))}
          </ListSection>
        </div>
      </ChatSearch>

      {push.show && (
        <div className="border-t border-steel-200 px-3 py-2.5">
          <button
            type="button"
            onClick={push.onEnable}
            disabled={push.busy}
            className="flex w-full items-center gap-2 rounded-lg px-2 py-2 text-left text-sm font-medium text-steel-700 hover:bg-white hover:text-steel-950 disabled:opacity-60"
          >
            <BellRing aria-hidden="true" size={16} className="text-accent-600" />
            Enable notifications
          </button>
        </div>
      )}
    </div>
  );
}

function ListSection({
  title,
  headingLevel,
  count,
  loading,
  failed,
  empty,
  action,
  children,
}: {
  title: string;
  /** Under the drawer's h2, or the sidebar's h3. */
  headingLevel: 3 | 4;
  count: number | undefined;
  loading: boolean;
  failed: boolean;
  empty: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  const headingId = useId();
  const Heading = headingLevel === 3 ? "h3" : "h4";
  return (
    <section aria-labelledby={headingId} className="mt-2 first:mt-0">
      <div className="flex h-8 items-center justify-between px-2">
        <Heading id={headingId} className="text-xs font-bold tracking-wide text-steel-500 uppercase">
          {title}
          {count !== undefined && <span className="ml-1.5 font-semibold text-steel-500">{count}</span>}
        </Heading>
        {action}
      </div>
      {loading ? (
        <div aria-busy="true" className="space-y-1 px-1">
          <span className="sr-only">Loading {title.toLowerCase()}…</span>
          {[0, 1, 2].map((row) => (
            <div key={row} className="flex items-center gap-3 px-2 py-2">
              <span className="h-9 w-9 animate-pulse rounded-full bg-steel-200" />
              <span className="h-3 w-28 animate-pulse rounded bg-steel-200" />
            </div>
          ))}
        </div>
      ) : failed ? (
        <p className="px-2 py-2 text-sm text-steel-600">Could not load {title.toLowerCase()}.</p>
      ) : count === 0 ? (
        <p className="px-2 py-2 text-sm text-steel-500">{empty}</p>
      ) : (
        <ul className="space-y-0.5">{children}</ul>
      )}
    </section>
  );
}

function UnreadBadge({ count }: { count: number }) {
  const text = badgeText(count);
  if (!text) return null;
  return (
    <span className="inline-flex h-5 min-w-5 shrink-0 items-center justify-center rounded-full bg-accent-600 px-1.5 text-[11px] font-bold text-white tabular-nums">
      <span aria-hidden="true">{text}</span>
      <span className="sr-only">{unreadLabel(count)}</span>
    </span>
  );
}

const itemClass = (active: boolean) =>
  cx(
    "flex w-full items-center gap-3 rounded-lg px-2 py-2 text-left transition-colors",
    active ? "bg-white shadow-sm ring-1 ring-steel-200" : "hover:bg-white/80",
  );

function PersonItem({
  user,
  active,
  unread,
  onSelect,
}: {
  /** The live presence replaces the listed one. */
  user: Omit<ChatUser, "status"> & { status: string };
  active: boolean;
  unread: number;
  onSelect: (chat: ChatRef) => void;
}) {
  const name = user.name || user.username;
  const look = statusLook(user.status);
  return (
    <li>
      <button
        type="button"
        aria-current={active ? "true" : undefined}
        onClick={() => onSelect({ kind: "user", username: user.username })}
        className={itemClass(active)}
      >
        <UserAvatar name={name} seed={user.username} status={user.status} />
        <span className="min-w-0 flex-1">
          <span className={cx("block truncate text-sm text-steel-950", unread > 0 ? "font-bold" : "font-semibold")}>
            {name}
          </span>
          <span className="block truncate text-xs text-steel-500">
            {[look.label, user.role === "admin" ? "Admin" : null, `@${user.username}`].filter(Boolean).join(" · ")}
          </span>
        </span>
        <span className="ml-auto flex shrink-0 items-center">
          <UnreadBadge count={unread} />
        </span>
      </button>
    </li>
  );
}

/** DESIGN §10: an unread message here @mentions me. */
function MentionBadge() {
  return (
    <span
      role="img"
      aria-label={mentionLabel}
      title={mentionLabel}
      className="inline-flex h-5 w-5 shrink-0 items-center justify-center rounded-full bg-steel-900 text-white"
    >
      <AtSign aria-hidden="true" size={12} strokeWidth={2.75} />
    </span>
  );
}

function GroupItem({
  group,
  active,
  unread,
  mentioned,
  onSelect,
}: {
  group: ChatGroup;
  active: boolean;
  unread: number;
  mentioned: boolean;
  onSelect: (chat: ChatRef) => void;
}) {
  return (
    <li>
      <button
        type="button"
        aria-current={active ? "true" : undefined}
        onClick={() => onSelect({ kind: "group", groupId: group.id })}
        className={itemClass(active)}
      >
        <GroupAvatar name={group.name} />
        <span className="min-w-0 flex-1">
          <span className={cx("block truncate text-sm text-steel-950", unread > 0 ? "font-bold" : "font-semibold")}>
            {group.name}
          </span>
          <span className="flex items-center gap-1 truncate text-xs text-steel-500">
            <UsersRound aria-hidden="true" size={12} />
            {group.members.length} {group.members.length === 1 ? "member" : "members"}
            {group.adminOnlyMessage && " · Admins only"}
          </span>
        </span>
        <span className="ml-auto flex shrink-0 items-center gap-1">
          {mentioned && <MentionBadge />}
          <UnreadBadge count={unread} />
        </span>
      </button>
    </li>
  );
}
