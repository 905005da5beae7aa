/** The chat (DESIGN §7, §10): groups, conversations, messages and what hangs off them, and web push. */
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  customType,
  index,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { users } from "./accounts.ts";
import { createdAt, timestamptz } from "./columns.ts";

/** PostgreSQL's full-text document type (chat search); only ever written by the database. */
const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/**
 * Chat groups. `createdById` is the group's admin (SPEC §5); `createdByName` is the name it had
 * when the group was made, refreshed to its last username if the account is deleted.
 */
export const chatGroups = pgTable("chat_groups", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  name: text("name").notNull(),
  createdById: bigint("created_by_id", { mode: "number" }).references(() => users.id, { onDelete: "set null" }),
  createdByName: text("created_by_name").notNull(),
  adminOnlyMessage: boolean("admin_only_message").notNull().default(false),
  createdAt: createdAt(),
});

export const groupMembers = pgTable(
  "group_members",
  {
    groupId: bigint("group_id", { mode: "number" })
      .notNull()
      .references(() => chatGroups.id, { onDelete: "cascade" }),
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    addedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.userId] }), index("group_members_user_id_idx").on(t.userId)],
);

/** SPEC §5: when a group has any, only these members (and its admin) may send. */
export const groupAllowedSenders = pgTable(
  "group_allowed_senders",
  {
    groupId: bigint("group_id", { mode: "number" })
      .notNull()
      .references(() => chatGroups.id, { onDelete: "cascade" }),
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.userId] }), index("group_allowed_senders_user_id_idx").on(t.userId)],
);

/**
 * A conversation: a group (`groupId`) or a private pair (`userLow` < `userHigh`). `lastSeq` is the
 * last `seq` given to one of its messages (DESIGN §10); writers lock the row to number the next.
 * A deleted account's side becomes null: its partner keeps the conversation, and whoever takes the
 * name next starts a new one.
 */
export const chatConversations = pgTable(
  "chat_conversations",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    groupId: bigint("group_id", { mode: "number" })
      .unique()
      .references(() => chatGroups.id, { onDelete: "cascade" }),
    userLow: bigint("user_low", { mode: "number" }).references(() => users.id, { onDelete: "set null" }),
    userHigh: bigint("user_high", { mode: "number" }).references(() => users.id, { onDelete: "set null" }),
    lastSeq: bigint("last_seq", { mode: "number" }).notNull().default(0),
  },
  (t) => [
    uniqueIndex("chat_conversations_pair_idx").on(t.userLow, t.userHigh).where(sql`${t.groupId} is null`),
    index("chat_conversations_user_high_idx").on(t.userHigh),
  ],
);

/**
 * Private and group messages. `senderName` / `recipientName` are the names at send time, refreshed
 * to the account's last username when it is deleted (the ids then become null): what the others
 * still see. Exactly one of recipientId-or-name / groupId is set.
 */
export const messages = pgTable(
  "messages",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    conversationId: bigint("conversation_id", { mode: "number" })
      .notNull()
      .references(() => chatConversations.id, { onDelete: "cascade" }),
    seq: bigint("seq", { mode: "number" }).notNull(),
    type: text("type", { enum: ["PRIVATE_MESSAGE", "GROUP_MESSAGE"] }).notNull(),
    senderId: bigint("sender_id", { mode: "number" }).references(() => users.id, { onDelete: "set null" }),
    senderName: text("sender_name").notNull(),
    recipientId: bigint("recipient_id", { mode: "number" }).references(() => users.id, { onDelete: "set null" }),
    recipientName: text("recipient_name"),
    groupId: bigint("group_id", { mode: "number" }).references(() => chatGroups.id, { onDelete: "cascade" }),
    /** The sender's own id for the message (DESIGN §10): a second SEND with it stores nothing new. */
    clientId: text("client_id"),
    content: text("content").notNull().default(""),
    fileUrl: text("file_url"),
    fileType: text("file_type"),
    fileName: text("file_name"),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
    /** DESIGN §10: when its sender last edited it. */
    editedAt: timestamptz("edited_at"),
    /** DESIGN §10: deleted (a tombstone: text and attachment erased). */
    deletedAt: timestamptz("deleted_at"),
    /** DESIGN §10: the message this one answers, in the same conversation. */
    replyToId: bigint("reply_to_id", { mode: "number" }).references((): AnyPgColumn => messages.id, {
      onDelete: "set null",
    }),
    /** The text as search reads it (decision 018): words as written, lower-cased, no stemming. */
    search: tsvector("search").generatedAlwaysAs(sql`to_tsvector('simple'::regconfig, content)`),
  },
  (t) => [
    uniqueIndex("messages_conversation_seq_idx").on(t.conversationId, t.seq),
    // fastupdate off: new entries go straight into the index, not a pending list the planner
    // shies away from until a VACUUM (which PGlite, without autovacuum, never runs): decision 018.
    index("messages_search_idx").using("gin", t.search).with({ fastupdate: false }),
    index("messages_reply_to_id_idx").on(t.replyToId).where(sql`${t.replyToId} is not null`),
    uniqueIndex("messages_sender_client_id_idx").on(t.senderId, t.clientId).where(sql`${t.clientId} is not null`),
    // The rate limit counts a sender's recent messages.
    index("messages_sender_created_at_idx").on(t.senderId, t.createdAt),
    index("messages_recipient_id_idx").on(t.recipientId),
    index("messages_group_id_idx").on(t.groupId),
    index("messages_file_url_idx").on(t.fileUrl),
  ],
);

/**
 * Chat attachments (POST /upload): stored under a random key, readable by the uploader and by the
 * participants of the messages that carry them. `sentAt` stays null until a message uses it; an
 * attachment never sent is swept after a day.
 */
export const chatAttachments = pgTable(
  "chat_attachments",
  {
    key: text("key").primaryKey(),
    uploaderId: bigint("uploader_id", { mode: "number" }).references(() => users.id, { onDelete: "set null" }),
    fileName: text("file_name").notNull(),
    contentType: text("content_type").notNull(),
    sizeBytes: bigint("size_bytes", { mode: "number" }).notNull(),
    createdAt: createdAt(),
    sentAt: timestamptz("sent_at"),
  },
  (t) => [
    index("chat_attachments_unsent_idx").on(t.createdAt).where(sql`${t.sentAt} is null`),
    index("chat_attachments_uploader_id_idx").on(t.uploaderId),
  ],
);

/** One row per (reader, message) still unread. `mentioned`: the message @mentions the reader. */
export const unreadMessages = pgTable(
  "unread_messages",
  {
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    messageId: bigint("message_id", { mode: "number" })
      .notNull()
      .references(() => messages.id, { onDelete: "cascade" }),
    mentioned: boolean("mentioned").notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.userId, t.messageId] }), index("unread_messages_message_id_idx").on(t.messageId)],
);

/** DESIGN §10: who a group message @mentions (members of the group when it was sent or edited). */
export const chatMentions = pgTable(
  "chat_mentions",
  {
    messageId: bigint("message_id", { mode: "number" })
      .notNull()
      .references(() => messages.id, { onDelete: "cascade" }),
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.messageId, t.userId] }), index("chat_mentions_user_id_idx").on(t.userId)],
);

/** DESIGN §10: one person's reaction with one emoji on one message. */
export const chatReactions = pgTable(
  "chat_reactions",
  {
    messageId: bigint("message_id", { mode: "number" })
      .notNull()
      .references(() => messages.id, { onDelete: "cascade" }),
    emoji: text("emoji").notNull(),
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.messageId, t.emoji, t.userId] }), index("chat_reactions_user_id_idx").on(t.userId)],
);

/**
 * DESIGN §10 read receipts: each time a person's read position in a conversation moves forward, a
 * row with the highest `seq` now read there and when. A message was read by someone at the first
 * of their rows that reaches its seq.
 *
 * `conversation_id` has no foreign key (decision 035): its check takes FOR KEY SHARE on the
 * conversation row, the row every message to it updates (`last_seq`), and measured 0.24 ms a
 * mark and stalls of the message path under load. A trigger on chat_conversations (migration
 * 0014) deletes the marks of a deleted conversation instead, cascades included.
 */
export const chatReadMarks = pgTable(
  "chat_read_marks",
  {
    conversationId: bigint("conversation_id", { mode: "number" }).notNull(),
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    upToSeq: bigint("up_to_seq", { mode: "number" }).notNull(),
    at: timestamptz("at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.conversationId, t.userId, t.upToSeq] }),
    index("chat_read_marks_user_id_idx").on(t.userId),
  ],
);

export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    endpoint: text("endpoint").notNull().unique(),
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("push_subscriptions_user_id_idx").on(t.userId)],
);
