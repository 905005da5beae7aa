import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { chatPaths } from "../../../../shared/chat.ts";
import type { ChatGroup } from "../../../../shared/chat-groups.ts";
import type { Db } from "../../../db/client.ts";
import {
  chatAttachments,
  chatConversations,
  chatGroups,
  chatReadMarks,
  groupAllowedSenders,
  groupMembers,
  messages,
  unreadMessages,
  users,
} from "../../../db/schema.ts";
import type { AccountRef } from "../../../plugins/account-events.ts";

/**
 * What a caller writes in the same transaction as a change (the audit entry of an admin's change
 * to a group, DESIGN §11): both commit or neither does. It gets the change's result.
 */
export type AlsoInTransaction<Result> = (tx: Db, result: Result) => Promise<void>;

/** Who a change of members added and removed. */
export interface MembersChanged {
  added: AccountRef[];
  removed: AccountRef[];
}

/** A group's sending rule by account id, and whether the asker is a member. */
export interface GroupRule {
  name: string;
  createdById: number | null;
  adminOnlyMessage: boolean;
  allowedSenderIds: number[];
  isMember: boolean;
}

const creatorAccount = alias(users, "creator_account");

/** Groups (SPEC §5–6): their members, sending rules and life, each with its conversation. */
export function groupStore(db: Db) {
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

  /** A change of members, inside the caller's transaction. */
  async function changeMembers(tx: Db, id: number, wantedIds: number[]): Promise<MembersChanged> {
    const [row] = await tx
      .select({ createdById: chatGroups.createdById })
      .from(chatGroups)
      .where(eq(chatGroups.id, id))
      .limit(1)
      .for("update");
    if (!row) return { added: [], removed: [] };
    const next = new Set(row.createdById === null ? wantedIds : [row.createdById, ...wantedIds]);
    const current = await tx
      .select({ id: users.id, username: users.username })
      .from(groupMembers)
      .innerJoin(users, eq(users.id, groupMembers.userId))
      .where(eq(groupMembers.groupId, id));
    const currentIds = new Set(current.map((member) => member.id));
    const addedIds = [...next].filter((userId) => !currentIds.has(userId));
    const removed = current.filter((member) => !next.has(member.id));
    const added =
      addedIds.length === 0
        ? []
        : await tx
            .select({ id: users.id, username: users.username })
            .from(users)
            .where(inArray(users.id, addedIds))
            .orderBy(asc(users.username));
    if (added.length > 0) {
      await tx
        .insert(groupMembers)
        .values(added.map((member) => ({ groupId: id, userId: member.id })))
        .onConflictDoNothing();
    }
    if (removed.length > 0) {
      const removedIds = removed.map((member) => member.id);
      await tx.delete(groupMembers).where(and(eq(groupMembers.groupId, id), inArray(groupMembers.userId, removedIds)));
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
      // Who has left is no longer among those who have seen the group's messages.
      await tx
        .delete(chatReadMarks)
        .where(
          and(
            inArray(chatReadMarks.userId, removedIds),
            inArray(
              chatReadMarks.conversationId,
              tx.select({ id: chatConversations.id }).from(chatConversations).where(eq(chatConversations.groupId, id)),
            ),
          ),
        );
    }
    return { added, removed };
  }

  /**
   * Renames a group and replaces its members in one transaction, with `also` (an audit entry, or a
   * project's own change, DESIGN §16): all commit or none does.
   */
  async function reshapeGroup(
    id: number,
    shape: { name?: string; memberIds?: number[] },
    also?: AlsoInTransaction<MembersChanged>,
  ): Promise<MembersChanged> {
    return db.transaction(async (tx) => {
      if (shape.name !== undefined) await tx.update(chatGroups).set({ name: shape.name }).where(eq(chatGroups.id, id));
      const changed = shape.memberIds ? await changeMembers(tx, id, shape.memberIds) : { added: [], removed: [] };
      await also?.(tx, changed);
      return changed;
    });
  }

  const group = async (id: number): Promise<ChatGroup | undefined> => (await groupsWhere(eq(chatGroups.id, id)))[0];

  return {
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

    /**
     * Creates a group with its conversation; its creator is always a member. A group with no
     * creating account (a project's, DESIGN §16) names its owner and has only the members given.
     */
    async createGroup(
      input: { name: string; creator: AccountRef | { id: null; username: string }; memberIds: number[] },
      also?: AlsoInTransaction<number>,
    ): Promise<ChatGroup> {
      const memberIds = [
        ...new Set(input.creator.id === null ? input.memberIds : [input.creator.id, ...input.memberIds]),
      ];
      const id = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(chatGroups)
          .values({ name: input.name, createdById: input.creator.id, createdByName: input.creator.username })
          .returning({ id: chatGroups.id });
        if (!row) throw new Error("group insert returned nothing");
        if (memberIds.length > 0) {
          await tx.insert(groupMembers).values(memberIds.map((userId) => ({ groupId: row.id, userId })));
        }
        await tx.insert(chatConversations).values({ groupId: row.id });
        await also?.(tx, row.id);
        return row.id;
      });
      const created = await group(id);
      if (!created) throw new Error("group vanished after its creation");
      return created;
    },

    async renameGroup(id: number, name: string, also?: AlsoInTransaction<void>): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.update(chatGroups).set({ name }).where(eq(chatGroups.id, id));
        await also?.(tx, undefined);
      });
    },

    /**
     * Replaces the members (the creator always stays). Removed members lose their unread state in
     * the group and their place among its allowed senders. Returns who was added and removed.
     */
    setMembers: (id: number, wantedIds: number[], also?: AlsoInTransaction<MembersChanged>) =>
      reshapeGroup(id, { memberIds: wantedIds }, also),

    reshapeGroup,

    async setPermissions(
      id: number,
      permissions: { allowedSenderIds: number[]; adminOnlyMessage: boolean },
      also?: AlsoInTransaction<void>,
    ) {
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
        await also?.(tx, undefined);
      });
    },

    /**
     * Deletes a group with its members, messages and unread state, and, in the same transaction,
     * the attachment rows no other message carries: their keys are returned, for the caller to
     * remove the files after (a crash in between leaves only files without rows, which the
     * start-up reconciliation removes).
     */
    async deleteGroup(
      id: number,
      also?: AlsoInTransaction<void>,
    ): Promise<{ members: string[]; attachmentKeys: string[] }> {
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
        await also?.(tx, undefined);
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
  };
}

export type GroupStore = ReturnType<typeof groupStore>;
