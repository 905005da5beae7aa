import { and, asc, count, desc, eq, gt, inArray, isNull, lt, ne, or, sql } from "drizzle-orm";
import { type AnyPgColumn, alias } from "drizzle-orm/pg-core";
import {
  type CatchUpPage,
  type ChatGroup,
  type ChatMessage,
  chatPaths,
  type MessagePage,
  type UnreadItem,
} from "../../../shared/chat.ts";
import type { AccountKind } from "../../../shared/roles.ts";
import type { Db } from "../../db/client.ts";
import {
  chatAttachments,
  chatConversations,
  chatGroups,
  groupAllowedSenders,
  groupMembers,
  messages,
  pushSubscriptions,
  unreadMessages,
  users,
} from "../../db/schema.ts";
import type { AccountRef } from "../../plugins/account-events.ts";

export type MessageRow = typeof messages.$inferSelect;

/** A message with its people named as they are now (or as they were, once their account is gone). */
interface MessageView {
  id: number;
  seq: number;
  clientId: string | null;
  type: MessageRow["type"];
  senderId: number | null;
  sender: string;
  recipient: string | null;
  groupId: number | null;
  content: string;
  fileUrl: string | null;
  fileType: string | null;
  fileName: string | null;
  createdAt: Date;
}

export const toChatMessage = (row: MessageView): ChatMessage => ({
  id: row.id,
  seq: row.seq,
  clientId: row.clientId,
  type: row.type,
  sender: row.sender,
  senderRemoved: row.senderId === null,
  recipient: row.recipient,
  groupId: row.groupId,
  content: row.content,
  timestamp: row.createdAt.toISOString(),
  fileUrl: row.fileUrl,
  fileType: row.fileType,
  fileName: row.fileName,
});

/** A row just written: its names are the current ones. */
export const storedMessage = (row: MessageRow): ChatMessage =>
  toChatMessage({ ...row, sender: row.senderName, recipient: row.recipientName });

export interface ChatAccount {
  id: number;
  username: string;
  name: string;
  role: AccountKind;
}

/** Who asks, as the access rules need it. */
export interface ChatViewer {
  id: number;
  role: AccountKind;
}

/** A group's sending rule by account id, and whether the asker is a member. */
export interface GroupRule {
  name: string;
  createdById: number | null;
  adminOnlyMessage: boolean;
  allowedSenderIds: number[];
  isMember: boolean;
}

const senderAccount = alias(users, "sender_account");
const recipientAccount = alias(users, "recipient_account");
const creatorAccount = alias(users, "creator_account");

const messageView = {
  id: messages.id,
  seq: messages.seq,
  clientId: messages.clientId,
  type: messages.type,
  senderId: messages.senderId,
  sender: sql<string>`coalesce(${senderAccount.username}, ${messages.senderName})`,
  recipient: sql<string | null>`coalesce(${recipientAccount.username}, ${messages.recipientName})`,
  groupId: messages.groupId,
  content: messages.content,
  fileUrl: messages.fileUrl,
  fileType: messages.fileType,
  fileName: messages.fileName,
  createdAt: messages.createdAt,
};

const sameName = (column: AnyPgColumn, name: string) => sql`lower(${column}) = lower(${name})`;

const emptyPage = (page: number, size: number): MessagePage => ({
  content: [],
  page,
  size,
  totalElements: 0,
  last: true,
});

/**
 * Chat storage: accounts as chat users, conversations and their history, unread state, groups,
 * attachments, push subscriptions. People are account ids here; usernames are resolved at the
 * edge (REST paths, SEND bodies) and joined back in for display.
 */
export function chatRepository(db: Db) {
  const selectMessages = () =>
    db
      .select(messageView)
      .from(messages)
      .leftJoin(senderAccount, eq(senderAccount.id, messages.senderId))
      .leftJoin(recipientAccount, eq(recipientAccount.id, messages.recipientId));

  /** A page of a conversation, newest page first, ascending within the page (DESIGN §4). */
  async function pageOf(conversationId: number | undefined, page: number, size: number): Promise<MessagePage> {
    if (conversationId === undefined) return emptyPage(page, size);
    const where = eq(messages.conversationId, conversationId);
    const [rows, [total]] = await Promise.all([
      selectMessages()
        .where(where)
        .orderBy(desc(messages.seq))
        .limit(size)
        .offset(page * size),
      db.select({ n: count() }).from(messages).where(where),
    ]);
    const totalElements = total?.n ?? 0;
    return {
      content: rows.reverse().map(toChatMessage),
      page,
      size,
      totalElements,
      last: (page + 1) * size >= totalElements,
    };
  }

  async function membersOf(groupIds: number[]): Promise<Map<number, AccountRef[]>> {
    const byGroup = new Map<number, AccountRef[]>(groupIds.map((id) => [id, []]));
    if (groupIds.length === 0) return byGroup;
    const rows = await db
      .select({ groupId: groupMembers.groupId, id: users.id, username: users.username })
      .from(groupMembers)
      .innerJoin(users, eq(users.id, groupMembers.userId))
      .where(inArray(groupMembers.groupId, groupIds))
      .orderBy(asc(users.username));
    for (const row of rows) byGroup.get(row.groupId)?.push({ id: row.id, username: row.username });
    return byGroup;
  }

  async function allowedSendersOf(groupIds: number[]): Promise<Map<number, string[]>> {
    const byGroup = new Map<number, string[]>(groupIds.map((id) => [id, []]));
    if (groupIds.length === 0) return byGroup;
    const rows = await db
      .select({ groupId: groupAllowedSenders.groupId, username: users.username })
      .from(groupAllowedSenders)
      .innerJoin(users, eq(users.id, groupAllowedSenders.userId))
      .where(inArray(groupAllowedSenders.groupId, groupIds))
      .orderBy(asc(users.username));
    for (const row of rows) byGroup.get(row.groupId)?.push(row.username);
    return byGroup;
  }

  /** Groups as the API shows them: people by their current usernames. */
  async function groupsWhere(where: ReturnType<typeof and>): Promise<ChatGroup[]> {
    const rows = await db
      .select({
        id: chatGroups.id,
        name: chatGroups.name,
        createdBy: sql<string>`coalesce(${creatorAccount.username}, ${chatGroups.createdByName})`,
        adminOnlyMessage: chatGroups.adminOnlyMessage,
      })
      .from(chatGroups)
      .leftJoin(creatorAccount, eq(creatorAccount.id, chatGroups.createdById))
      .where(where)
      .orderBy(asc(chatGroups.name), asc(chatGroups.id));
    const ids = rows.map((row) => row.id);
    const [members, allowed] = await Promise.all([membersOf(ids), allowedSendersOf(ids)]);
    return rows.map((row) => ({
      ...row,
      allowedSenders: allowed.get(row.id) ?? [],
      members: (members.get(row.id) ?? []).map((member) => member.username),
    }));
  }

  const group = async (id: number): Promise<ChatGroup | undefined> => (await groupsWhere(eq(chatGroups.id, id)))[0];

  return {
    // Accounts ----------------------------------------------------------------------------------

    /** Active accounts, but one, by name. */
    async listAccounts(exceptId: number): Promise<ChatAccount[]> {
      return db
        .select({ id: users.id, username: users.username, name: users.name, role: users.kind })
        .from(users)
        .where(and(eq(users.status, "active"), ne(users.id, exceptId)))
        .orderBy(asc(users.name), asc(users.username));
    },

    /** The active accounts with these usernames (in any case), by the name as asked. */
    async activeAccounts(usernames: readonly string[]): Promise<Map<string, AccountRef>> {
      const found = new Map<string, AccountRef>();
      if (usernames.length === 0) return found;
      const rows = await db
        .select({ id: users.id, username: users.username })
        .from(users)
        .where(
          and(
            eq(users.status, "active"),
            inArray(
              sql`lower(${users.username})`,
              usernames.map((name) => name.toLowerCase()),
            ),
          ),
        );
      const byLower = new Map(rows.map((row) => [row.username.toLowerCase(), row]));
      for (const name of usernames) {
        const account = byLower.get(name.toLowerCase());
        if (account) found.set(name, account);
      }
      return found;
    },

    /** Inside an account's deletion: its rows keep the name it has now, for the others to read. */
    async keepNamesOf(tx: Db, account: AccountRef): Promise<void> {
      await tx.update(messages).set({ senderName: account.username }).where(eq(messages.senderId, account.id));
      await tx.update(messages).set({ recipientName: account.username }).where(eq(messages.recipientId, account.id));
      await tx
        .update(chatGroups)
        .set({ createdByName: account.username })
        .where(eq(chatGroups.createdById, account.id));
    },

    // Conversations and history -----------------------------------------------------------------

    /**
     * My private conversation with `name`: with the account (active or disabled) that has the
     * name; when none has, the one whose other side was deleted and last had that name (the newest
     * such), so its partner can still read it until someone takes the name.
     */
    async privateConversation(meId: number, name: string): Promise<number | undefined> {
      const [account] = await db.select({ id: users.id }).from(users).where(sameName(users.username, name)).limit(1);
      if (account) {
        const [low, high] = meId < account.id ? [meId, account.id] : [account.id, meId];
        const [row] = await db
          .select({ id: chatConversations.id })
          .from(chatConversations)
          .where(
            and(
              isNull(chatConversations.groupId),
              eq(chatConversations.userLow, low),
              eq(chatConversations.userHigh, high),
            ),
          )
          .limit(1);
        return row?.id;
      }
      const [row] = await db
        .select({ id: chatConversations.id })
        .from(chatConversations)
        .where(
          and(
            isNull(chatConversations.groupId),
            or(
              and(eq(chatConversations.userLow, meId), isNull(chatConversations.userHigh)),
              and(eq(chatConversations.userHigh, meId), isNull(chatConversations.userLow)),
            ),
            sql`exists (select 1 from ${messages} where ${messages.conversationId} = ${chatConversations.id} and (
              (${messages.senderId} is null and ${sameName(messages.senderName, name)}) or
              (${messages.type} = 'PRIVATE_MESSAGE' and ${messages.recipientId} is null and ${sameName(messages.recipientName, name)})))`,
          ),
        )
        .orderBy(desc(chatConversations.id))
        .limit(1);
      return row?.id;
    },

    async groupConversation(groupId: number): Promise<number | undefined> {
      const [row] = await db
        .select({ id: chatConversations.id })
        .from(chatConversations)
        .where(eq(chatConversations.groupId, groupId))
        .limit(1);
      return row?.id;
    },

    /** Page `page` of a conversation (none yet: an empty page). */
    history: pageOf,

    /** DESIGN §10 catch-up: the messages after `seq`, ascending, at most `size`. */
    async after(conversationId: number | undefined, seq: number, size: number): Promise<CatchUpPage> {
      if (conversationId === undefined) return { content: [], last: true };
      const rows = await selectMessages()
        .where(and(eq(messages.conversationId, conversationId), gt(messages.seq, seq)))
        .orderBy(asc(messages.seq))
        .limit(size + 1);
      return { content: rows.slice(0, size).map(toChatMessage), last: rows.length <= size };
    },

    /** The page (numbered as `page=` numbers them) that holds message `messageId`; undefined when it is not in the conversation. */
    async around(
      conversationId: number | undefined,
      messageId: number,
      size: number,
    ): Promise<MessagePage | undefined> {
      if (conversationId === undefined) return undefined;
      const [target] = await db
        .select({ seq: messages.seq })
        .from(messages)
        .where(and(eq(messages.id, messageId), eq(messages.conversationId, conversationId)))
        .limit(1);
      if (!target) return undefined;
      const newer = await db.$count(
        messages,
        and(eq(messages.conversationId, conversationId), gt(messages.seq, target.seq)),
      );
      return pageOf(conversationId, Math.floor(newer / size), size);
    },

    /** One message as the API shows it. */
    async message(messageId: number): Promise<ChatMessage | undefined> {
      const [row] = await selectMessages().where(eq(messages.id, messageId)).limit(1);
      return row && toChatMessage(row);
    },

    // Unread ------------------------------------------------------------------------------------

    /** What the account has not read yet, oldest first. */
    async unreadFor(userId: number, limit = 10_000): Promise<UnreadItem[]> {
      const rows = await db
        .select({
          id: messages.id,
          type: messages.type,
          sender: messageView.sender,
          recipient: messageView.recipient,
          groupId: messages.groupId,
        })
        .from(unreadMessages)
        .innerJoin(messages, eq(messages.id, unreadMessages.messageId))
        .leftJoin(senderAccount, eq(senderAccount.id, messages.senderId))
        .leftJoin(recipientAccount, eq(recipientAccount.id, messages.recipientId))
        .where(eq(unreadMessages.userId, userId))
        .orderBy(asc(messages.id))
        .limit(limit);
      return rows.map((row) => ({
        id: row.id,
        type: row.type,
        sender: row.sender,
        recipient: row.recipient,
        group: row.groupId === null ? null : { id: row.groupId },
      }));
    },

    /** Marks one message read for the account; false when it was not unread for it. */
    async markRead(messageId: number, userId: number): Promise<boolean> {
      const rows = await db
        .delete(unreadMessages)
        .where(and(eq(unreadMessages.messageId, messageId), eq(unreadMessages.userId, userId)))
        .returning({ id: unreadMessages.messageId });
      return rows.length > 0;
    },

    /** Marks everything of a conversation read for the account; the number marked. */
    async markConversationRead(conversationId: number | undefined, userId: number): Promise<number> {
      if (conversationId === undefined) return 0;
      const rows = await db
        .delete(unreadMessages)
        .where(
          and(
            eq(unreadMessages.userId, userId),
            inArray(
              unreadMessages.messageId,
              db.select({ id: messages.id }).from(messages).where(eq(messages.conversationId, conversationId)),
            ),
          ),
        )
        .returning({ id: unreadMessages.messageId });
      return rows.length;
    },

    /** One message by id, as stored. */
    async messageFor(messageId: number): Promise<MessageRow | undefined> {
      const [row] = await db.select().from(messages).where(eq(messages.id, messageId)).limit(1);
      return row;
    },

    // Groups ------------------------------------------------------------------------------------

    allGroups: () => groupsWhere(undefined),

    groupsOf: (userId: number) =>
      groupsWhere(
        inArray(
          chatGroups.id,
          db.select({ id: groupMembers.groupId }).from(groupMembers).where(eq(groupMembers.userId, userId)),
        ),
      ),

    group,

    /** Who manages a group (SPEC §6: its creator, and admins); undefined when there is no such group. */
    async groupCreator(id: number): Promise<{ createdById: number | null } | undefined> {
      const [row] = await db
        .select({ createdById: chatGroups.createdById })
        .from(chatGroups)
        .where(eq(chatGroups.id, id))
        .limit(1);
      return row;
    },

    /** The group's sending rule and whether the account is a member, in one round trip. */
    async groupRuleFor(id: number, userId: number): Promise<GroupRule | undefined> {
      const [row] = await db
        .select({
          name: chatGroups.name,
          createdById: chatGroups.createdById,
          adminOnlyMessage: chatGroups.adminOnlyMessage,
          allowedSenderIds: sql<
            (number | string)[]
          >`(select coalesce(json_agg(${groupAllowedSenders.userId}), '[]') from ${groupAllowedSenders} where ${groupAllowedSenders.groupId} = ${chatGroups.id})`,
          isMember: sql<boolean>`exists (select 1 from ${groupMembers} where ${groupMembers.groupId} = ${chatGroups.id} and ${groupMembers.userId} = ${userId})`,
        })
        .from(chatGroups)
        .where(eq(chatGroups.id, id))
        .limit(1);
      return row && { ...row, allowedSenderIds: row.allowedSenderIds.map(Number) };
    },

    async isMember(groupId: number, userId: number): Promise<boolean> {
      const [row] = await db
        .select({ one: sql`1` })
        .from(groupMembers)
        .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId)))
        .limit(1);
      return row !== undefined;
    },

    async members(groupId: number): Promise<AccountRef[]> {
      return (await membersOf([groupId])).get(groupId) ?? [];
    },

    /** Creates a group with its conversation; its creator is always a member. */
    async createGroup(input: { name: string; creator: AccountRef; memberIds: number[] }): Promise<ChatGroup> {
      const memberIds = [...new Set([input.creator.id, ...input.memberIds])];
      const id = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(chatGroups)
          .values({ name: input.name, createdById: input.creator.id, createdByName: input.creator.username })
          .returning({ id: chatGroups.id });
        if (!row) throw new Error("group insert returned nothing");
        await tx.insert(groupMembers).values(memberIds.map((userId) => ({ groupId: row.id, userId })));
        await tx.insert(chatConversations).values({ groupId: row.id });
        return row.id;
      });
      const created = await group(id);
      if (!created) throw new Error("group vanished after its creation");
      return created;
    },

    async renameGroup(id: number, name: string): Promise<void> {
      await db.update(chatGroups).set({ name }).where(eq(chatGroups.id, id));
    },

    /**
     * Replaces the members (the creator always stays). Removed members lose their unread state in
     * the group and their place among its allowed senders. Returns who was removed.
     */
    async setMembers(id: number, wantedIds: number[]): Promise<{ removed: AccountRef[] }> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .select({ createdById: chatGroups.createdById })
          .from(chatGroups)
          .where(eq(chatGroups.id, id))
          .limit(1)
          .for("update");
        if (!row) return { removed: [] };
        const next = new Set(row.createdById === null ? wantedIds : [row.createdById, ...wantedIds]);
        const current = await tx
          .select({ id: users.id, username: users.username })
          .from(groupMembers)
          .innerJoin(users, eq(users.id, groupMembers.userId))
          .where(eq(groupMembers.groupId, id));
        const currentIds = new Set(current.map((member) => member.id));
        const added = [...next].filter((userId) => !currentIds.has(userId));
        const removed = current.filter((member) => !next.has(member.id));
        if (added.length > 0) {
          await tx
            .insert(groupMembers)
            .values(added.map((userId) => ({ groupId: id, userId })))
            .onConflictDoNothing();
        }
        if (removed.length > 0) {
          const removedIds = removed.map((member) => member.id);
          await tx
            .delete(groupMembers)
            .where(and(eq(groupMembers.groupId, id), inArray(groupMembers.userId, removedIds)));
          await tx
            .delete(unreadMessages)
            .where(
              and(
                inArray(unreadMessages.userId, removedIds),
                inArray(
                  unreadMessages.messageId,
                  tx.select({ id: messages.id }).from(messages).where(eq(messages.groupId, id)),
                ),
              ),
            );
          await tx
            .delete(groupAllowedSenders)
            .where(and(eq(groupAllowedSenders.groupId, id), inArray(groupAllowedSenders.userId, removedIds)));
        }
        return { removed };
      });
    },

    async setPermissions(id: number, permissions: { allowedSenderIds: number[]; adminOnlyMessage: boolean }) {
      await db.transaction(async (tx) => {
        await tx
          .update(chatGroups)
          .set({ adminOnlyMessage: permissions.adminOnlyMessage })
          .where(eq(chatGroups.id, id));
        await tx.delete(groupAllowedSenders).where(eq(groupAllowedSenders.groupId, id));
        const allowed = [...new Set(permissions.allowedSenderIds)];
        if (allowed.length > 0) {
          await tx.insert(groupAllowedSenders).values(allowed.map((userId) => ({ groupId: id, userId })));
        }
      });
    },

    /**
     * Deletes a group with its members, messages and unread state, and, in the same transaction,
     * the attachment rows no other message carries: their keys are returned, for the caller to
     * remove the files after (a crash in between leaves only files without rows, which the
     * start-up reconciliation removes).
     */
    async deleteGroup(id: number): Promise<{ members: string[]; attachmentKeys: string[] }> {
      return db.transaction(async (tx) => {
        const members = (
          await tx
            .select({ username: users.username })
            .from(groupMembers)
            .innerJoin(users, eq(users.id, groupMembers.userId))
            .where(eq(groupMembers.groupId, id))
        ).map((row) => row.username);
        const files = await tx
          .selectDistinct({ fileUrl: messages.fileUrl })
          .from(messages)
          .where(and(eq(messages.groupId, id), sql`${messages.fileUrl} is not null`));
        await tx.delete(chatGroups).where(eq(chatGroups.id, id));
        const fileUrls = files.map((row) => row.fileUrl).filter((url): url is string => url !== null);
        if (fileUrls.length === 0) return { members, attachmentKeys: [] };
        const urlOf = sql`${chatPaths.chatFilesPrefix} || ${chatAttachments.key}`;
        const removed = await tx
          .delete(chatAttachments)
          .where(
            and(
              inArray(urlOf, fileUrls),
              sql`not exists (select 1 from ${messages} where ${messages.fileUrl} = ${urlOf})`,
            ),
          )
          .returning({ key: chatAttachments.key });
        return { members, attachmentKeys: removed.map((row) => row.key) };
      });
    },

    // Attachments -------------------------------------------------------------------------------

    async insertAttachment(row: typeof chatAttachments.$inferInsert) {
      await db.insert(chatAttachments).values(row);
    },

    async attachment(key: string) {
      const [row] = await db.select().from(chatAttachments).where(eq(chatAttachments.key, key)).limit(1);
      return row;
    },

    async markAttachmentSent(key: string) {
      await db
        .update(chatAttachments)
        .set({ sentAt: new Date() })
        .where(and(eq(chatAttachments.key, key), isNull(chatAttachments.sentAt)));
    },

    /**
     * May `user` read the attachment at `fileUrl`? Yes for its uploader, and for whoever may read a
     * message carrying it: the two sides of a private message; a group's members (admins: any group).
     */
    async canReadAttachment(fileUrl: string, uploaderId: number | null, user: ChatViewer) {
      if (uploaderId === user.id) return true;
      const [row] = await db
        .select({ one: sql`1` })
        .from(messages)
        .where(
          and(
            eq(messages.fileUrl, fileUrl),
            or(
              eq(messages.senderId, user.id),
              eq(messages.recipientId, user.id),
              user.role === "admin"
                ? sql`${messages.groupId} is not null`
                : inArray(
                    messages.groupId,
                    db.select({ id: groupMembers.groupId }).from(groupMembers).where(eq(groupMembers.userId, user.id)),
                  ),
            ),
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    /** Attachments uploaded before `before` and never sent: their keys, removed from the table. */
    async removeUnsentAttachments(before: Date): Promise<string[]> {
      const rows = await db
        .delete(chatAttachments)
        .where(and(isNull(chatAttachments.sentAt), lt(chatAttachments.createdAt, before)))
        .returning({ key: chatAttachments.key });
      return rows.map((row) => row.key);
    },

    // Push subscriptions ------------------------------------------------------------------------

    async savePushSubscription(sub: { userId: number; endpoint: string; p256dh: string; auth: string }) {
      await db
        .insert(pushSubscriptions)
        .values(sub)
        .onConflictDoUpdate({
          target: pushSubscriptions.endpoint,
          set: { userId: sub.userId, p256dh: sub.p256dh, auth: sub.auth },
        });
    },

    async pushSubscriptionsOf(userIds: readonly number[]) {
      if (userIds.length === 0) return [];
      return db
        .select()
        .from(pushSubscriptions)
        .where(inArray(pushSubscriptions.userId, [...userIds]));
    },

    async removePushSubscription(endpoint: string) {
      await db.delete(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));
    },
  };
}

export type ChatRepository = ReturnType<typeof chatRepository>;
