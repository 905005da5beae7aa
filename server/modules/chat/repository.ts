import { and, asc, count, desc, eq, getTableColumns, gt, inArray, isNull, lt, ne, or, sql } from "drizzle-orm";
import { type AnyPgColumn, alias } from "drizzle-orm/pg-core";
import {
  type CatchUpPage,
  type ChatGroup,
  type ChatMessage,
  chatLimits,
  chatPaths,
  type MessagePage,
  type Reactions,
  type Reader,
  type ReadMark,
  type ReplyQuote,
  type UnreadItem,
} from "../../../shared/chat.ts";
import type { AccountKind } from "../../../shared/roles.ts";
import type { Db } from "../../db/client.ts";
import {
  chatAttachments,
  chatConversations,
  chatGroups,
  chatMentions,
  chatReactions,
  chatReadMarks,
  groupAllowedSenders,
  groupMembers,
  messages,
  pushSubscriptions,
  unreadMessages,
  users,
} from "../../db/schema.ts";
import type { AccountRef } from "../../plugins/account-events.ts";

/** A message as stored (without its search document, which only the database reads). */
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

export type MessageRow = Omit<typeof messages.$inferSelect, "search">;

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
  editedAt: Date | null;
  deletedAt: Date | null;
  reply: ReplyQuote | null;
  /** [emoji, username] in the order the reactions were made. */
  reactions: readonly (readonly [string, string])[] | null;
  mentions: readonly string[] | null;
}

/** A reply's quote of its original: the start of its text on one line (empty once it is deleted). */
export function excerptOf(content: string, deleted: boolean): string {
  if (deleted) return "";
  const line = content.replace(/\s+/g, " ").trim();
  const max = chatLimits.replyExcerptChars;
  return line.length <= max ? line : `${line.slice(0, max - 1).trimEnd()}…`;
}

/** Reactions as DESIGN §10 shows them: each emoji (first used first) with who reacted, in order. */
export function reactionsFrom(pairs: readonly (readonly [string, string])[] | null): Reactions {
  const reactions: Reactions = {};
  for (const [emoji, username] of pairs ?? []) {
    const who = reactions[emoji] ?? [];
    who.push(username);
    reactions[emoji] = who;
  }
  return reactions;
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
  editedAt: row.editedAt?.toISOString() ?? null,
  deleted: row.deletedAt !== null,
  replyTo: row.reply,
  reactions: reactionsFrom(row.reactions),
  mentions: [...(row.mentions ?? [])],
});

/** A row just written: its names are the current ones; its quote and mentions as the sender resolved them. */
export const storedMessage = (
  row: MessageRow,
  extra: { reply?: ReplyQuote | null; mentions?: readonly string[] } = {},
): ChatMessage =>
  toChatMessage({
    ...row,
    sender: row.senderName,
    recipient: row.recipientName,
    reply: extra.reply ?? null,
    reactions: null,
    mentions: extra.mentions ?? null,
  });

/** A conversation's people, as the access rules need them. */
export interface ConversationRow {
  id: number;
  groupId: number | null;
  userLow: number | null;
  userHigh: number | null;
  lastSeq: number;
}

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
const replyMessage = alias(messages, "reply_message");
const replyAccount = alias(users, "reply_account");

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
  editedAt: messages.editedAt,
  deletedAt: messages.deletedAt,
  replyId: replyMessage.id,
  replySender: sql<string | null>`coalesce(${replyAccount.username}, ${replyMessage.senderName})`,
  // Enough of the original for its excerpt, not all of a long one.
  replyText: sql<string | null>`left(${replyMessage.content}, ${chatLimits.replyExcerptChars * 4})`,
  replyDeleted: sql<boolean | null>`(${replyMessage.deletedAt} is not null)`,
  reactions: sql<[string, string][] | null>`(select json_agg(json_build_array(${chatReactions.emoji}, ${users.username})
    order by ${chatReactions.createdAt}, ${chatReactions.emoji}, ${users.id})
    from ${chatReactions} join ${users} on ${users.id} = ${chatReactions.userId}
    where ${chatReactions.messageId} = ${messages.id})`,
  mentions: sql<string[] | null>`(select json_agg(${users.username} order by ${users.username})
    from ${chatMentions} join ${users} on ${users.id} = ${chatMentions.userId}
    where ${chatMentions.messageId} = ${messages.id})`,
};

/** A selected row of messageView as the API shows it. */
function viewToMessage(row: Record<string, unknown>): ChatMessage {
  const r = row as {
    replyId: number | null;
    replySender: string | null;
    replyText: string | null;
    replyDeleted: boolean | null;
  } & Omit<MessageView, "reply">;
  return toChatMessage({
    ...r,
    reply:
      r.replyId === null
        ? null
        : {
            id: r.replyId,
            sender: r.replySender ?? "",
            excerpt: excerptOf(r.replyText ?? "", r.replyDeleted === true),
          },
  });
}

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
      .leftJoin(recipientAccount, eq(recipientAccount.id, messages.recipientId))
      .leftJoin(replyMessage, eq(replyMessage.id, messages.replyToId))
      .leftJoin(replyAccount, eq(replyAccount.id, replyMessage.senderId));

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
      content: rows.reverse().map(viewToMessage),
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

  /** The conversations an account may read now: its private ones and its groups'. */
  async function readableConversations(userId: number): Promise<number[]> {
    const rows = await db
      .select({ id: chatConversations.id })
      .from(chatConversations)
      .where(
        or(
          and(
            isNull(chatConversations.groupId),
            or(eq(chatConversations.userLow, userId), eq(chatConversations.userHigh, userId)),
          ),
          inArray(
            chatConversations.groupId,
            db.select({ id: groupMembers.groupId }).from(groupMembers).where(eq(groupMembers.userId, userId)),
          ),
        ),
      );
    return rows.map((row) => row.id);
  }

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
      return { content: rows.slice(0, size).map(viewToMessage), last: rows.length <= size };
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
      return row && viewToMessage(row);
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
          mentioned: unreadMessages.mentioned,
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
        mentioned: row.mentioned,
      }));
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
      const { search: _search, ...columns } = getTableColumns(messages);
      const [row] = await db.select(columns).from(messages).where(eq(messages.id, messageId)).limit(1);
      return row;
    },

    // Actions on messages (DESIGN §10) -------------------------------------------------------------

    async conversation(id: number): Promise<ConversationRow | undefined> {
      const [row] = await db
        .select({
          id: chatConversations.id,
          groupId: chatConversations.groupId,
          userLow: chatConversations.userLow,
          userHigh: chatConversations.userHigh,
          lastSeq: chatConversations.lastSeq,
        })
        .from(chatConversations)
        .where(eq(chatConversations.id, id))
        .limit(1);
      return row;
    },

    /** The usernames of these accounts now (deleted ones are left out). */
    async usernames(ids: readonly number[]): Promise<Map<number, string>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .select({ id: users.id, username: users.username })
        .from(users)
        .where(inArray(users.id, [...ids]));
      return new Map(rows.map((row) => [row.id, row.username]));
    },

    /** Edits a message that is not deleted (its @mentions replaced); false when it is gone or deleted. */
    async editMessage(id: number, content: string, mentionIds: readonly number[] | undefined): Promise<boolean> {
      return db.transaction(async (tx) => {
        const edited = await tx
          .update(messages)
          .set({ content, editedAt: sql`now()` })
          .where(and(eq(messages.id, id), isNull(messages.deletedAt)))
          .returning({ id: messages.id });
        if (edited.length === 0) return false;
        if (mentionIds !== undefined) {
          await tx.delete(chatMentions).where(eq(chatMentions.messageId, id));
          if (mentionIds.length > 0) {
            await tx
              .insert(chatMentions)
              .values(mentionIds.map((userId) => ({ messageId: id, userId })))
              .onConflictDoNothing();
          }
          // The mention badge follows the text: an unread copy mentions its reader when the text now does.
          await tx
            .update(unreadMessages)
            .set({ mentioned: mentionIds.length > 0 ? inArray(unreadMessages.userId, [...mentionIds]) : sql`false` })
            .where(eq(unreadMessages.messageId, id));
        }
        return true;
      });
    },

    /**
     * Deletes a message (DESIGN §10): its text, attachment, reactions, mentions and unread rows are
     * erased; the row stays as a tombstone, in its place in the conversation. Returns the attachment
     * keys no other message carries, whose rows are removed here: the caller removes their files
     * after the commit (a crash in between leaves files without rows, which start-up removes).
     * Undefined when the message was already deleted (or never existed).
     */
    async deleteMessage(id: number): Promise<{ attachmentKeys: string[] } | undefined> {
      return db.transaction(async (tx) => {
        const [before] = await tx
          .select({ fileUrl: messages.fileUrl })
          .from(messages)
          .where(and(eq(messages.id, id), isNull(messages.deletedAt)))
          .for("update");
        if (!before) return undefined;
        await tx
          .update(messages)
          .set({ deletedAt: sql`now()`, content: "", fileUrl: null, fileType: null, fileName: null })
          .where(eq(messages.id, id));
        await tx.delete(chatReactions).where(eq(chatReactions.messageId, id));
        await tx.delete(chatMentions).where(eq(chatMentions.messageId, id));
        await tx.delete(unreadMessages).where(eq(unreadMessages.messageId, id));
        if (!before.fileUrl) return { attachmentKeys: [] };
        const urlOf = sql`${chatPaths.chatFilesPrefix} || ${chatAttachments.key}`;
        const removed = await tx
          .delete(chatAttachments)
          .where(
            and(
              eq(urlOf, before.fileUrl),
              sql`not exists (select 1 from ${messages} where ${messages.fileUrl} = ${before.fileUrl})`,
            ),
          )
          .returning({ key: chatAttachments.key });
        return { attachmentKeys: removed.map((row) => row.key) };
      });
    },

    /**
     * Adds a reaction, unless the message is deleted ("deleted") or already has `max` other emojis
     * ("full"); "unchanged" when the person had it already. Serialised per message by a row lock,
     * so two people adding the 20th and 21st emoji at once cannot both succeed.
     */
    async addReaction(
      messageId: number,
      userId: number,
      emoji: string,
      max: number,
    ): Promise<"added" | "unchanged" | "deleted" | "full"> {
      return db.transaction(async (tx) => {
        const [target] = await tx
          .select({ deletedAt: messages.deletedAt })
          .from(messages)
          .where(eq(messages.id, messageId))
          .for("update");
        if (!target || target.deletedAt) return "deleted";
        const emojis = await tx
          .selectDistinct({ emoji: chatReactions.emoji })
          .from(chatReactions)
          .where(eq(chatReactions.messageId, messageId));
        if (!emojis.some((row) => row.emoji === emoji) && emojis.length >= max) return "full";
        const added = await tx
          .insert(chatReactions)
          .values({ messageId, userId, emoji })
          .onConflictDoNothing()
          .returning({ emoji: chatReactions.emoji });
        return added.length > 0 ? "added" : "unchanged";
      });
    },

    /** Takes a person's reaction back; false when they had none with that emoji. */
    async removeReaction(messageId: number, userId: number, emoji: string): Promise<boolean> {
      const removed = await db
        .delete(chatReactions)
        .where(
          and(eq(chatReactions.messageId, messageId), eq(chatReactions.userId, userId), eq(chatReactions.emoji, emoji)),
        )
        .returning({ emoji: chatReactions.emoji });
      return removed.length > 0;
    },

    async reactions(messageId: number): Promise<Reactions> {
      const rows = await db
        .select({ emoji: chatReactions.emoji, username: users.username })
        .from(chatReactions)
        .innerJoin(users, eq(users.id, chatReactions.userId))
        .where(eq(chatReactions.messageId, messageId))
        .orderBy(asc(chatReactions.createdAt), asc(chatReactions.emoji), asc(users.id));
      return reactionsFrom(rows.map((row) => [row.emoji, row.username] as const));
    },

    /** Who has read the message with `seq` in a conversation, and when first, but its sender. */
    async readers(conversationId: number, seq: number, senderId: number | null): Promise<Reader[]> {
      const at = sql<Date>`min(${chatReadMarks.at})`;
      const rows = await db
        .select({ username: users.username, at })
        .from(chatReadMarks)
        .innerJoin(users, eq(users.id, chatReadMarks.userId))
        .where(
          and(
            eq(chatReadMarks.conversationId, conversationId),
            sql`${chatReadMarks.upToSeq} >= ${seq}`,
            senderId === null ? undefined : ne(chatReadMarks.userId, senderId),
          ),
        )
        .groupBy(users.id, users.username)
        .orderBy(at, asc(users.username));
      return rows.map((row) => ({ username: row.username, at: new Date(row.at).toISOString() }));
    },

    /** How far each person but `exceptId` has read a conversation: their highest mark. */
    async readMarks(conversationId: number, exceptId: number): Promise<ReadMark[]> {
      const rows = await db
        .selectDistinctOn([chatReadMarks.userId], {
          username: users.username,
          upToSeq: chatReadMarks.upToSeq,
          at: chatReadMarks.at,
        })
        .from(chatReadMarks)
        .innerJoin(users, eq(users.id, chatReadMarks.userId))
        .where(and(eq(chatReadMarks.conversationId, conversationId), ne(chatReadMarks.userId, exceptId)))
        .orderBy(chatReadMarks.userId, desc(chatReadMarks.upToSeq));
      return rows.map((row) => ({ username: row.username, upToSeq: row.upToSeq, at: row.at.toISOString() }));
    },

    /**
     * DESIGN §10 search: the messages matching a text-search query (PostgreSQL `to_tsquery` syntax,
     * built by search.ts) that the viewer may read now: their private conversations and the groups
     * they are a member of (or the one conversation asked for, checked by the caller). Newest first.
     */
    async search(
      viewerId: number,
      tsquery: string,
      conversationId: number | undefined,
      page: number,
      size: number,
    ): Promise<{ messages: ChatMessage[]; total: number }> {
      // The conversations first, as a list: joined in the same statement, the planner ran the
      // text-search index once per conversation (205 ms for a rare word over a million messages).
      const conversationIds = conversationId !== undefined ? [conversationId] : await readableConversations(viewerId);
      if (conversationIds.length === 0) return { messages: [], total: 0 };
      const readable = inArray(messages.conversationId, conversationIds);
      const where = and(
        sql`${messages.search} @@ to_tsquery('simple'::regconfig, ${tsquery})`,
        isNull(messages.deletedAt),
        readable,
      );
      const [rows, [total]] = await Promise.all([
        selectMessages()
          .where(where)
          .orderBy(desc(messages.id))
          .limit(size)
          .offset(page * size),
        db.select({ n: count() }).from(messages).where(where),
      ]);
      return { messages: rows.map(viewToMessage), total: total?.n ?? 0 };
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
    async createGroup(
      input: { name: string; creator: AccountRef; memberIds: number[] },
      also?: AlsoInTransaction<number>,
    ): Promise<ChatGroup> {
      const memberIds = [...new Set([input.creator.id, ...input.memberIds])];
      const id = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(chatGroups)
          .values({ name: input.name, createdById: input.creator.id, createdByName: input.creator.username })
          .returning({ id: chatGroups.id });
        if (!row) throw new Error("group insert returned nothing");
        await tx.insert(groupMembers).values(memberIds.map((userId) => ({ groupId: row.id, userId })));
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
    async setMembers(
      id: number,
      wantedIds: number[],
      also?: AlsoInTransaction<MembersChanged>,
    ): Promise<MembersChanged> {
      return db.transaction(async (tx) => {
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
          // Who has left is no longer among those who have seen the group's messages.
          await tx
            .delete(chatReadMarks)
            .where(
              and(
                inArray(chatReadMarks.userId, removedIds),
                inArray(
                  chatReadMarks.conversationId,
                  tx
                    .select({ id: chatConversations.id })
                    .from(chatConversations)
                    .where(eq(chatConversations.groupId, id)),
                ),
              ),
            );
        }
        const changed = { added, removed };
        await also?.(tx, changed);
        return changed;
      });
    },

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
