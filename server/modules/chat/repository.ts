import { and, asc, count, desc, eq, inArray, isNull, lt, ne, or, sql } from "drizzle-orm";
import {
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
  chatGroups,
  groupMembers,
  messages,
  pushSubscriptions,
  unreadMessages,
  users,
} from "../../db/schema.ts";

export type MessageRow = typeof messages.$inferSelect;
type GroupRow = typeof chatGroups.$inferSelect;

export const toChatMessage = (row: MessageRow): ChatMessage => ({
  id: row.id,
  type: row.type,
  sender: row.sender,
  recipient: row.recipient,
  groupId: row.groupId,
  content: row.content,
  timestamp: row.createdAt.toISOString(),
  fileUrl: row.fileUrl,
  fileType: row.fileType,
  fileName: row.fileName,
});

const toGroup = (row: GroupRow, members: string[]): ChatGroup => ({
  id: row.id,
  name: row.name,
  createdBy: row.createdBy,
  adminOnlyMessage: row.adminOnlyMessage,
  allowedSenders: row.allowedSenders,
  members,
});

export interface ChatAccount {
  id: number;
  username: string;
  name: string;
  role: AccountKind;
}

/** A page of messages, newest page first, ascending within the page (DESIGN §4). */
async function pageOf(db: Db, where: ReturnType<typeof and>, page: number, size: number): Promise<MessagePage> {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(messages)
      .where(where)
      .orderBy(desc(messages.id))
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

const privateBetween = (a: string, b: string) =>
  and(
    eq(messages.type, "PRIVATE_MESSAGE"),
    or(and(eq(messages.sender, a), eq(messages.recipient, b)), and(eq(messages.sender, b), eq(messages.recipient, a))),
  );

/** Chat storage: accounts as chat users, messages, unread state, groups, attachments, push subscriptions. */
export function chatRepository(db: Db) {
  async function membersOf(groupIds: number[]): Promise<Map<number, string[]>> {
    const byGroup = new Map<number, string[]>(groupIds.map((id) => [id, []]));
    if (groupIds.length === 0) return byGroup;
    const rows = await db
      .select({ groupId: groupMembers.groupId, username: groupMembers.username })
      .from(groupMembers)
      .where(inArray(groupMembers.groupId, groupIds))
      .orderBy(asc(groupMembers.username));
    for (const row of rows) byGroup.get(row.groupId)?.push(row.username);
    return byGroup;
  }

  async function groupsWithMembers(rows: GroupRow[]): Promise<ChatGroup[]> {
    const members = await membersOf(rows.map((row) => row.id));
    return rows.map((row) => toGroup(row, members.get(row.id) ?? []));
  }

  return {
    /** Active accounts, but one, by name. */
    async listAccounts(except: string): Promise<ChatAccount[]> {
      return db
        .select({ id: users.id, username: users.username, name: users.name, role: users.kind })
        .from(users)
        .where(and(eq(users.status, "active"), ne(users.username, except)))
        .orderBy(asc(users.name), asc(users.username));
    },

    /** Which of these usernames are active accounts. */
    async activeUsernames(usernames: readonly string[]): Promise<Set<string>> {
      if (usernames.length === 0) return new Set();
      const rows = await db
        .select({ username: users.username })
        .from(users)
        .where(and(eq(users.status, "active"), inArray(users.username, [...usernames])));
      return new Set(rows.map((row) => row.username));
    },

    privateHistory: (a: string, b: string, page: number, size: number) => pageOf(db, privateBetween(a, b), page, size),

    groupHistory: (groupId: number, page: number, size: number) =>
      pageOf(db, and(eq(messages.type, "GROUP_MESSAGE"), eq(messages.groupId, groupId)), page, size),

    /** What `username` has not read yet, oldest first. */
    async unreadFor(username: string, limit = 10_000): Promise<UnreadItem[]> {
      const rows = await db
        .select({
          id: messages.id,
          type: messages.type,
          sender: messages.sender,
          recipient: messages.recipient,
          groupId: messages.groupId,
        })
        .from(unreadMessages)
        .innerJoin(messages, eq(messages.id, unreadMessages.messageId))
        .where(eq(unreadMessages.username, username))
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

    /** Marks one message read for `username`; false when it was not unread for them. */
    async markRead(messageId: number, username: string): Promise<boolean> {
      const rows = await db
        .delete(unreadMessages)
        .where(and(eq(unreadMessages.messageId, messageId), eq(unreadMessages.username, username)))
        .returning({ id: unreadMessages.messageId });
      return rows.length > 0;
    },

    /** Marks every private message from `other` to `me` read; the number marked. */
    async markPrivateRead(other: string, me: string): Promise<number> {
      const rows = await db
        .delete(unreadMessages)
        .where(
          and(
            eq(unreadMessages.username, me),
            inArray(
              unreadMessages.messageId,
              db
                .select({ id: messages.id })
                .from(messages)
                .where(
                  and(eq(messages.type, "PRIVATE_MESSAGE"), eq(messages.sender, other), eq(messages.recipient, me)),
                ),
            ),
          ),
        )
        .returning({ id: unreadMessages.messageId });
      return rows.length;
    },

    async markGroupRead(groupId: number, me: string): Promise<number> {
      const rows = await db
        .delete(unreadMessages)
        .where(
          and(
            eq(unreadMessages.username, me),
            inArray(
              unreadMessages.messageId,
              db.select({ id: messages.id }).from(messages).where(eq(messages.groupId, groupId)),
            ),
          ),
        )
        .returning({ id: unreadMessages.messageId });
      return rows.length;
    },

    /** One message by id. */
    async messageFor(messageId: number): Promise<MessageRow | undefined> {
      const [row] = await db.select().from(messages).where(eq(messages.id, messageId)).limit(1);
      return row;
    },

    // Groups ------------------------------------------------------------------------------------

    async allGroups(): Promise<ChatGroup[]> {
      return groupsWithMembers(await db.select().from(chatGroups).orderBy(asc(chatGroups.name), asc(chatGroups.id)));
    },

    async groupsOf(username: string): Promise<ChatGroup[]> {
      const rows = await db
        .select()
        .from(chatGroups)
        .where(
          inArray(
            chatGroups.id,
            db.select({ id: groupMembers.groupId }).from(groupMembers).where(eq(groupMembers.username, username)),
          ),
        )
        .orderBy(asc(chatGroups.name), asc(chatGroups.id));
      return groupsWithMembers(rows);
    },

    async group(id: number): Promise<ChatGroup | undefined> {
      const [row] = await db.select().from(chatGroups).where(eq(chatGroups.id, id)).limit(1);
      if (!row) return undefined;
      return toGroup(row, (await membersOf([id])).get(id) ?? []);
    },

    /** The group's sending rule and whether `username` is a member, in one round trip. */
    async groupRuleFor(id: number, username: string) {
      const [row] = await db
        .select({
          name: chatGroups.name,
          createdBy: chatGroups.createdBy,
          adminOnlyMessage: chatGroups.adminOnlyMessage,
          allowedSenders: chatGroups.allowedSenders,
          isMember: sql<boolean>`exists (select 1 from ${groupMembers} where ${groupMembers.groupId} = ${chatGroups.id} and ${groupMembers.username} = ${username})`,
        })
        .from(chatGroups)
        .where(eq(chatGroups.id, id))
        .limit(1);
      return row;
    },

    async isMember(groupId: number, username: string): Promise<boolean> {
      const [row] = await db
        .select({ one: sql`1` })
        .from(groupMembers)
        .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.username, username)))
        .limit(1);
      return row !== undefined;
    },

    async memberNames(groupId: number): Promise<string[]> {
      return (await membersOf([groupId])).get(groupId) ?? [];
    },

    /** Creates a group; its creator is always a member. */
    async createGroup(input: { name: string; createdBy: string; members: string[] }): Promise<ChatGroup> {
      const members = [...new Set([input.createdBy, ...input.members])];
      return db.transaction(async (tx) => {
        const [row] = await tx.insert(chatGroups).values({ name: input.name, createdBy: input.createdBy }).returning();
        if (!row) throw new Error("group insert returned nothing");
        await tx.insert(groupMembers).values(members.map((username) => ({ groupId: row.id, username })));
        return toGroup(row, members.sort());
      });
    },

    async renameGroup(id: number, name: string): Promise<void> {
      await db.update(chatGroups).set({ name }).where(eq(chatGroups.id, id));
    },

    /**
     * Replaces the members (the creator always stays). Removed members lose their unread state in
     * the group and their place among its allowed senders. Returns who was added and removed.
     */
    async setMembers(id: number, wanted: string[]): Promise<{ added: string[]; removed: string[] }> {
      return db.transaction(async (tx) => {
        const [group] = await tx.select().from(chatGroups).where(eq(chatGroups.id, id)).limit(1).for("update");
        if (!group) return { added: [], removed: [] };
        const next = new Set([group.createdBy, ...wanted]);
        const current = new Set(
          (
            await tx.select({ username: groupMembers.username }).from(groupMembers).where(eq(groupMembers.groupId, id))
          ).map((row) => row.username),
        );
        const added = [...next].filter((name) => !current.has(name));
        const removed = [...current].filter((name) => !next.has(name));
        if (added.length > 0) {
          await tx.insert(groupMembers).values(added.map((username) => ({ groupId: id, username })));
        }
        if (removed.length > 0) {
          await tx
            .delete(groupMembers)
            .where(and(eq(groupMembers.groupId, id), inArray(groupMembers.username, removed)));
          await tx
            .delete(unreadMessages)
            .where(
              and(
                inArray(unreadMessages.username, removed),
                inArray(
                  unreadMessages.messageId,
                  tx.select({ id: messages.id }).from(messages).where(eq(messages.groupId, id)),
                ),
              ),
            );
          const allowed = group.allowedSenders.filter((name) => !removed.includes(name));
          if (allowed.length !== group.allowedSenders.length) {
            await tx.update(chatGroups).set({ allowedSenders: allowed }).where(eq(chatGroups.id, id));
          }
        }
        return { added, removed };
      });
    },

    async setPermissions(id: number, permissions: { allowedSenders: string[]; adminOnlyMessage: boolean }) {
      await db
        .update(chatGroups)
        .set({ allowedSenders: permissions.allowedSenders, adminOnlyMessage: permissions.adminOnlyMessage })
        .where(eq(chatGroups.id, id));
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
          await tx.select({ username: groupMembers.username }).from(groupMembers).where(eq(groupMembers.groupId, id))
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
    async canReadAttachment(fileUrl: string, uploader: string, user: { username: string; role: AccountKind }) {
      if (uploader === user.username) return true;
      const [row] = await db
        .select({ one: sql`1` })
        .from(messages)
        .where(
          and(
            eq(messages.fileUrl, fileUrl),
            or(
              eq(messages.sender, user.username),
              eq(messages.recipient, user.username),
              user.role === "admin"
                ? sql`${messages.groupId} is not null`
                : inArray(
                    messages.groupId,
                    db
                      .select({ id: groupMembers.groupId })
                      .from(groupMembers)
                      .where(eq(groupMembers.username, user.username)),
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

    async savePushSubscription(sub: { username: string; endpoint: string; p256dh: string; auth: string }) {
      await db
        .insert(pushSubscriptions)
        .values(sub)
        .onConflictDoUpdate({
          target: pushSubscriptions.endpoint,
          set: { username: sub.username, p256dh: sub.p256dh, auth: sub.auth },
        });
    },

    async pushSubscriptionsOf(usernames: readonly string[]) {
      if (usernames.length === 0) return [];
      return db
        .select()
        .from(pushSubscriptions)
        .where(inArray(pushSubscriptions.username, [...usernames]));
    },

    async removePushSubscription(endpoint: string) {
      await db.delete(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));
    },
  };
}

export type ChatRepository = ReturnType<typeof chatRepository>;

/**
 * A renamed account keeps its conversations, groups and subscriptions: every chat row that names
 * it follows. Runs inside the rename's transaction.
 */
export async function renameChatUser(db: Db, from: string, to: string): Promise<void> {
  if (from === to) return;
  await db.update(messages).set({ sender: to }).where(eq(messages.sender, from));
  await db.update(messages).set({ recipient: to }).where(eq(messages.recipient, from));
  await db.update(groupMembers).set({ username: to }).where(eq(groupMembers.username, from));
  await db.update(chatGroups).set({ createdBy: to }).where(eq(chatGroups.createdBy, from));
  await db
    .update(chatGroups)
    .set({
      allowedSenders: sql`(select coalesce(jsonb_agg(case when value = to_jsonb(${from}::text) then to_jsonb(${to}::text) else value end), '[]'::jsonb) from jsonb_array_elements(${chatGroups.allowedSenders}))`,
    })
    .where(sql`${chatGroups.allowedSenders} @> to_jsonb(array[${from}::text])`);
  await db.update(unreadMessages).set({ username: to }).where(eq(unreadMessages.username, from));
  await db.update(pushSubscriptions).set({ username: to }).where(eq(pushSubscriptions.username, from));
  await db.update(chatAttachments).set({ uploader: to }).where(eq(chatAttachments.uploader, from));
}

/** A deleted account leaves its messages (others' history) but not its memberships, unread state or subscriptions. */
export async function forgetChatUser(db: Db, username: string): Promise<void> {
  await db.delete(groupMembers).where(eq(groupMembers.username, username));
  await db.delete(unreadMessages).where(eq(unreadMessages.username, username));
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.username, username));
}
